package play

import (
	"testing"

	"pbem/i18n"
)

// TestReviewInTheSendersLanguage: the mail command "review" says each
// game's line and its problem in the sender's language, at the same place.
func TestReviewInTheSendersLanguage(t *testing.T) {
	record := "review\n\n[Game \"Pente\"]\n[Options \"tournament=off\"]\n\n1. K10 L9 2. K11 K10 *\n"
	cases := []struct {
		lang i18n.Lang
		want []string
	}{
		{i18n.English, []string{"pasted #1: ? vs ?, Pente, 4 plies, result *, by rule *:", "INVALID at 4:18 ply 4 K10:",
			"pasted:4:18: ply 4 (K10): K10 is taken"}},
		{i18n.German, []string{"pasted #1: ? gegen ?, Pente, 4 Züge, Ergebnis *, nach den Regeln *:", "UNGÜLTIG bei 4:18 Zug 4 K10:",
			"pasted:4:18: Zug 4 (K10): K10 ist besetzt"}},
		{i18n.Spanish, []string{"pasted #1: ? contra ?, Pente, 4 jugadas, resultado *, según las reglas *:", "NO VÁLIDA en 4:18 jugada 4 K10:",
			"pasted:4:18: jugada 4 (K10): K10 está ocupado"}},
		{i18n.Portuguese, []string{"pasted #1: ? contra ?, Pente, 4 lances, resultado *, pelas regras *:", "INVÁLIDA em 4:18 lance 4 K10:",
			"pasted:4:18: lance 4 (K10): K10 está ocupado"}},
	}
	for _, c := range cases {
		t.Run(string(c.lang), func(t *testing.T) {
			w := newWorld(t, Config{})
			w.send("carol@example.org", "", "language "+string(c.lang))
			w.send("carol@example.org", "", record)
			mustContain(t, w.last("carol@example.org"), c.want...)
		})
	}
}

// TestReviewSyntaxInTheSendersLanguage: a fault of a record's syntax (a
// character no ply has) is said in the sender's language too.
func TestReviewSyntaxInTheSendersLanguage(t *testing.T) {
	record := "review\n\n[Game \"Pente\"]\n\n1. K10 L9& *\n"
	cases := []struct {
		lang i18n.Lang
		want string
	}{
		{i18n.English, "pasted:3:8: L9&: the character '&' has no place in the moves"},
		{i18n.German, "pasted:3:8: L9&: das Zeichen '&' hat in den Zügen keinen Platz"},
		{i18n.Spanish, "pasted:3:8: L9&: el carácter '&' no tiene cabida en las jugadas"},
		{i18n.Portuguese, "pasted:3:8: L9&: o carácter '&' não tem lugar nos lances"},
	}
	for _, c := range cases {
		t.Run(string(c.lang), func(t *testing.T) {
			w := newWorld(t, Config{})
			w.send("carol@example.org", "", "language "+string(c.lang))
			w.send("carol@example.org", "", record)
			mustContain(t, w.last("carol@example.org"), c.want)
		})
	}
}
