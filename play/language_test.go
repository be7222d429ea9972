package play

import (
	"strings"
	"testing"
)

// TestGameInGermanWords plays a game with the German command words.
func TestGameInGermanWords(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("alice@example.org", "neues Spiel", "Neue pente mit bob@example.org tournament=off")
	inv := w.last("bob@example.org")
	// Bob never wrote: he reads the invitation in Alice's German.
	mustContain(t, inv, "alice <alice@example.org> lädt dich zu einer Partie Pente per Mail ein")
	if !strings.HasSuffix(inv.Subject, " - Einladung") {
		t.Errorf("invitation subject %q, want it in German", inv.Subject)
	}
	w.reply("bob@example.org", inv, "Annehmen")
	id := inv.GameID
	if g := w.game(id); g.row.State != "active" {
		t.Fatalf("state %s after annehmen, want active", g.row.State)
	}
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "zug K10")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "Zug A1")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "brett")
	mustContain(t, w.last("bob@example.org"), "Gelesen: board")
	// Bob's German words made German his language: a near miss is told
	// in German, with the German word it was near.
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "Brtt")
	mustContain(t, w.last("bob@example.org"), "Nicht verstanden: \"Brtt\"; meintest du brett?")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "partien")
	mustContain(t, w.last("bob@example.org"), "Gelesen: games")
	// Bob answers Alice's L10 in advance.
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "wenn L10 dann A2")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "L10")
	if g := w.game(id); g.game.Plies() != 4 {
		t.Errorf("%d plies after L10, want 4 (wenn L10 dann A2 answered it)", g.game.Plies())
	}
	w.send("carol@example.org", "", "beobachten "+itoa(id)+"\nabbestellen "+itoa(id))
	mustContain(t, w.last("carol@example.org"), "Gelesen: watch "+itoa(id), "Gelesen: unwatch "+itoa(id))
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "benachrichtigen dran\nbilder aus\nurlaub 2 Tage\nurlaubsende")
	mustContain(t, w.last("bob@example.org"), "Gelesen: notify myturn", "Gelesen: pictures off",
		"Deine Partie-Mails sind nur Text", "Gelesen: vacation 2", "Gelesen: back")
	if s := w.player("bob@example.org").Settings; s["notify"] != "myturn" || s["pictures"] != picturesOff {
		t.Errorf("Bob's settings %v after benachrichtigen dran and bilder aus", s)
	}
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "benachrichtigen tglich")
	mustContain(t, w.last("bob@example.org"), "Nicht verstanden: \"benachrichtigen tglich\"; meintest du benachrichtigen täglich?")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "AUFGEBEN")
	if g := w.game(id); g.row.State != "finished" || g.row.Result != "1-0" {
		t.Fatalf("game %d: state %s result %s after aufgeben, want finished 1-0", id, g.row.State, g.row.Result)
	}
}

// TestGameInSpanishWords plays a game with the Spanish command words, and
// a player who set Spanish reads the rules' refusal in Spanish.
func TestGameInSpanishWords(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("bob@example.org", "", "idioma es")
	mustContain(t, w.last("bob@example.org"), "A partir de ahora tu correo está en español.")
	w.send("alice@example.org", "", "nueva pente con bob@example.org tournament=off")
	inv := w.last("bob@example.org")
	w.reply("bob@example.org", inv, "Aceptar")
	id := inv.GameID
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "jugada K10")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "K10")
	refused := w.last("bob@example.org")
	mustContain(t, refused, "K10 está ocupado: hay una piedra de Blancas", "Menos correos:")
	if !strings.HasSuffix(refused.Subject, " - te toca") {
		t.Errorf("subject %q, want it to end in te toca", refused.Subject)
	}
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "jugada L9")
	// Bob answers Alice's M10 in advance.
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "Si M10 entonces A2")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "M10")
	if g := w.game(id); g.game.Plies() != 4 {
		t.Errorf("%d plies after M10, want 4 (si M10 entonces A2 answered it)", g.game.Plies())
	}
	w.send("carol@example.org", "", "observar "+itoa(id)+"\nignorar "+itoa(id))
	mustContain(t, w.last("carol@example.org"), "watch "+itoa(id), "unwatch "+itoa(id))
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "avisar turno\nimágenes desactivar\nvacaciones 2 días\nvolver")
	mustContain(t, w.last("bob@example.org"), "Leído: notify myturn", "Leído: pictures off",
		"Los correos de tus partidas son solo texto", "Leído: vacation 2", "Leído: back")
	if s := w.player("bob@example.org").Settings; s["notify"] != "myturn" || s["pictures"] != picturesOff {
		t.Errorf("Bob's settings %v after avisar turno and imágenes desactivar", s)
	}
	// An open challenge, taken with the Spanish words.
	w.send("dan@example.org", "", "nueva pente con alguien")
	w.send("erin@example.org", "", "idioma es\ndesafíos\naceptar desafío 1")
	mustContain(t, w.last("erin@example.org"), "Leído: challenges", "Leído: accept challenge 1")
	if g := w.game(id + 1); g.row.State != "active" {
		t.Errorf("game %d after aceptar desafío: state %s, want active", id+1, g.row.State)
	}
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "tablas")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "Tablas")
	if g := w.game(id); g.row.State != "finished" || g.row.Result != "1/2-1/2" {
		t.Fatalf("game %d: state %s result %q after tablas, want finished 1/2-1/2", id, g.row.State, g.row.Result)
	}
}

// TestLanguageSetting shows, sets and refuses a language.
func TestLanguageSetting(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("carol@example.org", "", "language")
	mustContain(t, w.last("carol@example.org"), "Your mail is in English.")
	w.send("carol@example.org", "", "Sprache Deutsch")
	got := w.last("carol@example.org")
	mustContain(t, got, "Deine Mails sind ab jetzt auf Deutsch.", "pbem: Brettspiele per Mail.", "Einstellungen:")
	if got.Subject != "[pbem] deine Mail" {
		t.Errorf("subject %q, want [pbem] deine Mail", got.Subject)
	}
	w.send("carol@example.org", "", "language")
	mustContain(t, w.last("carol@example.org"), "Deine Mails sind auf Deutsch.")
	w.send("carol@example.org", "", "hilfe")
	mustContain(t, w.last("carol@example.org"), "Befehle, einer pro Zeile", "zurück [PARTIE]", "Spiele (schicke „hilfe SPIEL“")
	w.send("carol@example.org", "", "language klingon")
	mustContain(t, w.last("carol@example.org"), "Die Sprache „klingon“ gibt es hier nicht")
}

// TestOperatorLanguage is the service's default for players with none.
func TestOperatorLanguage(t *testing.T) {
	w := newWorld(t, Config{Language: "pt"})
	// "idioma" is Spanish and Portuguese: it tells neither.
	w.send("dan@example.org", "", "idioma")
	mustContain(t, w.last("dan@example.org"), "O teu correio está em português.")
}

// TestLanguageGuessed reads the sender's language from the command words,
// then Content-Language, then the client's attribution line; a choice
// beats every guess, and an invitee who never wrote reads the inviter's.
func TestLanguageGuessed(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("erik@example.org", "", "partien")
	if got := w.player("erik@example.org").Settings[languageGuess]; got != "de" {
		t.Errorf("guess after partien: %q, want de", got)
	}
	w.deliver(Message{From: "fia@example.org", To: []string{"pbem+" + w.key("fia@example.org", 0) + "@example.org"},
		Text: "games", Headers: map[string]string{"Content-Language": "pt-BR"}})
	if got := w.player("fia@example.org").Settings[languageGuess]; got != "en" {
		t.Errorf("guess after English words: %q, want en (words beat the header)", got)
	}
	w.deliver(Message{From: "gil@example.org", To: []string{"pbem+" + w.key("gil@example.org", 0) + "@example.org"},
		Text: "K10", Headers: map[string]string{"Content-Language": "es-ES"}})
	if got := w.player("gil@example.org").Settings[languageGuess]; got != "es" {
		t.Errorf("guess from Content-Language: %q, want es", got)
	}
	w.send("hal@example.org", "", "K10\n\nEm 1 dez 2026, pbem <pbem@example.org> escreveu:\n> Your move")
	if got := w.player("hal@example.org").Settings[languageGuess]; got != "pt" {
		t.Errorf("guess from the attribution: %q, want pt", got)
	}
	// "idioma es" from a stranger waits for a confirmation, and the
	// answer asking for it is in Spanish already.
	w.deliver(Message{From: "jon@example.org", To: []string{"pbem@example.org"}, Text: "idioma es"})
	if got := w.player("jon@example.org").Settings[languageGuess]; got != "es" {
		t.Errorf("guess from an unconfirmed language command: %q, want es", got)
	}
	if got := w.last("jon@example.org"); !strings.HasSuffix(got.Subject, "tu correo") {
		t.Errorf("subject %q of the request to confirm, want it in Spanish", got.Subject)
	}
	// An invitee inherits the inviter's language until they write, and
	// reads the invitation in it.
	w.send("erik@example.org", "", "neue pente mit ida@example.org")
	mustContain(t, w.last("ida@example.org"), "erik <erik@example.org> lädt dich zu einer Partie Pente per Mail ein")
	if got := w.player("ida@example.org").Settings[languageGuess]; got != "de" {
		t.Errorf("invitee's language %q, want de (the inviter's)", got)
	}
	// A chosen language is kept whatever the mail shows.
	w.send("erik@example.org", "", "language es")
	w.send("erik@example.org", "", "partien")
	mustContain(t, w.last("erik@example.org"), "Leído: games")
	if p := w.player("erik@example.org"); p.Settings[languageSetting] != "es" {
		t.Errorf("setting %q after more German words, want es", p.Settings[languageSetting])
	}
}
