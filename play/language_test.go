package play

import (
	"testing"
)

// TestGameInGermanWords plays a game with the German command words.
func TestGameInGermanWords(t *testing.T) {
	w := newWorld(t, Config{})
	w.send("alice@example.org", "neues Spiel", "Neue pente mit bob@example.org tournament=off")
	inv := w.last("bob@example.org")
	mustContain(t, inv, "invites you to a game of Pente")
	w.reply("bob@example.org", inv, "Annehmen")
	id := inv.GameID
	if g := w.game(id); g.row.State != "active" {
		t.Fatalf("state %s after annehmen, want active", g.row.State)
	}
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "zug K10")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "Zug A1")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "brett")
	mustContain(t, w.last("bob@example.org"), "Read: board")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "partien")
	mustContain(t, w.last("bob@example.org"), "Read: games")
	w.reply("alice@example.org", w.lastAbout("alice@example.org", id), "L10")
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
	mustContain(t, w.last("bob@example.org"), "K10 está ocupado: hay una piedra de White")
	w.reply("bob@example.org", w.lastAbout("bob@example.org", id), "jugada L9")
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
	mustContain(t, w.last("carol@example.org"), "Deine Mails sind ab jetzt auf Deutsch.")
	w.send("carol@example.org", "", "language")
	mustContain(t, w.last("carol@example.org"), "Deine Mails sind auf Deutsch.")
	w.send("carol@example.org", "", "language klingon")
	mustContain(t, w.last("carol@example.org"), "Die Sprache „klingon“ gibt es hier nicht")
}

// TestOperatorLanguage is the service's default for players with none.
func TestOperatorLanguage(t *testing.T) {
	w := newWorld(t, Config{Language: "pt"})
	w.send("dan@example.org", "", "language")
	mustContain(t, w.last("dan@example.org"), "O teu correio está em português.")
}
