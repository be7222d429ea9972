package play

import (
	"context"
	"strings"
	"testing"

	"pbem/db"
	"pbem/i18n"
)

// TestInviteTextsByLanguage: rita reads German, Spanish or Portuguese,
// otto and paul English. Each reads an invitation, a decline, a challenge
// taken and a refusal for lack of authority in their own language,
// whoever's command made it.
func TestInviteTextsByLanguage(t *testing.T) {
	const rita, otto, paul = "rita@example.org", "otto@example.org", "paul@example.org"
	cases := []struct {
		lang string
		// what rita reads: the invitation otto sends her, her reply to
		// her own invitation, otto's no to it, her challenge posted and
		// taken, and the refusals: a ply out of turn, a resignation in a
		// game not hers.
		invitation, setUp, declined, posted, taken, notYourMove, notAPlayer string
	}{
		{"de",
			"otto <otto@example.org> lädt dich zu einer Partie Pente per Mail ein (Partie 1).",
			"Partie 2 ist angelegt: Pente: rita vs otto. Die Einladung ging an otto@example.org;",
			"otto hat Partie 2 abgelehnt, also wird sie nicht gespielt.",
			"Herausforderung 1 ist veröffentlicht: Pente, days=3 rated=yes tournament=on, für einen Spieler mit beliebiger Wertung",
			"otto <otto@example.org> hat deine Herausforderung 1 angenommen: Partie 3 beginnt.",
			"Du bist in Partie 3 nicht am Zug: Zug 2 macht otto (Schwarz). Es wurde nichts gespielt.",
			"Du spielst nicht in Partie 4 mit, also kannst du nicht aufgeben. Es wurde nichts geändert."},
		{"es",
			"otto <otto@example.org> te invita a una partida de Pente por correo (partida 1).",
			"La partida 2 está preparada: Pente: rita vs otto. La invitación se envió a otto@example.org;",
			"otto rechazó la partida 2, así que no se jugará.",
			"El desafío 1 está publicado: Pente, days=3 rated=yes tournament=on, para un jugador de cualquier puntuación",
			"otto <otto@example.org> aceptó tu desafío 1: empieza la partida 3.",
			"No es tu turno en la partida 3: la jugada 2 le toca a otto (Negras). No se jugó nada.",
			"No juegas en la partida 4, así que no puedes abandonar. No se cambió nada."},
		{"pt",
			"otto <otto@example.org> convida-te para uma partida de Pente por correio (partida 1).",
			"A partida 2 está preparada: Pente: rita vs otto. O convite foi para otto@example.org;",
			"otto recusou a partida 2, por isso não será jogada.",
			"O desafio 1 está publicado: Pente, days=3 rated=yes tournament=on, para um jogador com qualquer classificação",
			"otto <otto@example.org> aceitou o teu desafio 1: a partida 3 começa.",
			"Não é a tua vez na partida 3: o lance 2 cabe a otto (Pretas). Nada foi jogado.",
			"Não jogas na partida 4, por isso não podes desistir. Nada foi alterado."},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			w := newWorld(t, Config{})
			w.send(rita, "", "language "+c.lang)

			w.send(otto, "", "new pente with rita@example.org")
			mustContain(t, w.last(rita), c.invitation)

			w.send(rita, "", "new pente with otto@example.org")
			mustContain(t, w.last(rita), c.setUp)
			w.reply(otto, w.lastAbout(otto, 2), "decline")
			mustContain(t, w.last(otto), "You declined game 2.")
			mustContain(t, w.lastAbout(rita, 2), c.declined)

			w.send(rita, "", "new pente with anyone days=3")
			mustContain(t, w.last(rita), c.posted)
			w.send(otto, "", "accept challenge 1")
			mustContain(t, w.last(otto), "You took challenge 1 of rita: game 3 begins")
			mustContain(t, w.lastAbout(rita, 3), c.taken)

			// Rita, White, plays first; a second ply is out of turn.
			w.reply(rita, w.lastAbout(rita, 3), "K10")
			w.reply(rita, w.lastAbout(rita, 3), "L10")
			mustContain(t, w.last(rita), c.notYourMove)

			w.send(otto, "", "new pente with paul@example.org")
			w.reply(paul, w.last(paul), "accept")
			w.send(rita, "", "resign 4")
			mustContain(t, w.last(rita), c.notAPlayer)
			if g := w.game(4); g.row.State != db.Active {
				t.Errorf("game 4 is %s after rita's resign, want it active still", g.row.State)
			}
		})
	}
}

// TestBounceNoticeByLanguage: an invitation the mail server refuses
// cancels the game, and the inviter reads why in their language.
func TestBounceNoticeByLanguage(t *testing.T) {
	cases := []struct{ lang, want string }{
		{"de", "Die Einladung an bob@example.net zu Partie 1 konnte nicht zugestellt werden, darum ist die Partie abgesagt. " +
			"Der Mailserver meldete: „RCPT TO: 550 5.1.1 no such user“. Bitte prüfe die Adresse; du kannst mit „neu“ erneut einladen."},
		{"es", "La invitación a bob@example.net para la partida 1 no se pudo entregar, así que la partida se cancela. " +
			"El servidor de correo dijo: «RCPT TO: 550 5.1.1 no such user». Comprueba la dirección; puedes volver a invitar con «nueva»."},
		{"pt", "O convite enviado a bob@example.net para a partida 1 não pôde ser entregue, por isso a partida foi cancelada. " +
			"O servidor de correio disse: «RCPT TO: 550 5.1.1 no such user». Verifica o endereço; podes convidar de novo com «nova»."},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			w := newWorld(t, Config{})
			w.send("alice@example.org", "", "language "+c.lang)
			w.send("alice@example.org", "", "new pente with bob@example.net")
			inv := w.last("bob@example.net")
			err := w.store.Update(context.Background(), func(tx *db.Tx) error {
				return w.svc.Undeliverable(tx, inv, "RCPT TO: 550 5.1.1 no such user")
			})
			if err != nil {
				t.Fatal(err)
			}
			w.collect()
			mustContain(t, w.last("alice@example.org"), c.want)
		})
	}
}

// TestCommandWhatsInCatalogs: what every command does, which refusals
// name, has its words in every language.
func TestCommandWhatsInCatalogs(t *testing.T) {
	specs := append(commandTable(), commandSpec{Form: "new GAME with anyone", what: "post_challenge"})
	for _, spec := range specs {
		for _, lang := range i18n.All {
			if got := spec.whatIn(lang); got == "" || strings.HasPrefix(got, "invite.what.") {
				t.Errorf("%s: %q has no words in the catalog (%q)", lang, spec.Form, got)
			}
		}
	}
}

// TestMailExamplesInvitationsByLanguage keeps, in docs/mails/LANG, the
// mails of invitations and challenges whose texts are in the catalogs: the
// reply to an invitation sent, the notice of a decline, the notice of a
// challenge taken.
func TestMailExamplesInvitationsByLanguage(t *testing.T) {
	for _, lang := range []string{"de", "es", "pt"} {
		t.Run(lang, func(t *testing.T) {
			w := newWorld(t, Config{})
			got := map[string]db.Mail{}
			w.send("alice@example.org", "", "language "+lang)
			w.send("alice@example.org", "", "new pente with bob@example.org")
			got["02-invitation-sent"] = w.last("alice@example.org")
			w.reply("bob@example.org", w.last("bob@example.org"), "decline")
			got["26-declined"] = w.last("alice@example.org")
			w.send("alice@example.org", "", "new pente with anyone tournament=off")
			w.send("bob@example.org", "", "accept challenge 1")
			got["63-challenge-taken"] = w.last("alice@example.org")
			keepLanguageExtras(t, lang, got, "MailExamplesInvitationsByLanguage")
		})
	}
}

// TestChallengeOfNoGame: a challenge for a game that does not exist is
// refused in words, in the poster's language, and nothing is posted.
func TestChallengeOfNoGame(t *testing.T) {
	cases := []struct{ lang, want string }{
		{"en", `There is no game "pentx"; did you mean pente? Nothing was posted.`},
		{"de", `Es gibt kein Spiel „pentx“; meintest du pente? Es wurde nichts veröffentlicht.`},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			w := newWorld(t, Config{})
			w.send("alice@example.org", "", "language "+c.lang)
			w.send("alice@example.org", "", "new pentx with anyone")
			mustContain(t, w.last("alice@example.org"), c.want)
			w.send("bob@example.org", "", "challenges")
			mustContain(t, w.last("bob@example.org"), "No challenge is open.")
		})
	}
}
