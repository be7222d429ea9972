package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"pbem/i18n"
)

func TestPages(t *testing.T) {
	f := newFixture(t)
	game := func(id int64, rest string) string { return fmt.Sprintf("/games/%d%s", id, rest) }
	tests := []struct {
		name, target string
		status       int
		want         []string // in the body
		not          []string // never in the body
	}{
		{"index", "/", 200, []string{game(f.dobbal, ""), game(f.pente, ""), game(f.mailGame, ""), "Alice Liddell", "bob.b"},
			[]string{game(f.private, `"`), game(f.invited, `"`)}},
		{"index by game", "/?game=dobbal", 200, []string{game(f.dobbal, "")}, []string{game(f.pente, `"`)}},
		{"index by game alias", "/?game=Pinuid+Dobbal", 200, []string{game(f.dobbal, "")}, []string{game(f.pente, `"`)}},
		{"index by state", "/?state=active", 200, []string{game(f.mailGame, ""), game(f.pente2, "")}, []string{game(f.dobbal, `"`)}},
		{"index by player", "/?player=Carla", 200, []string{game(f.pente, ""), game(f.pente2, "")}, []string{game(f.dobbal, `"`), game(f.mailGame, `"`)}},
		{"index by unknown player", "/?player=nobody", 200, []string{"No games here."}, []string{"/games/"}},
		{"index by every filter", "/?game=pente&state=finished&player=Dan", 200, []string{game(f.pente, "")}, []string{game(f.pente2, `"`)}},
		{"index of an unknown game", "/?game=chess", 404, []string{"There is no game &#34;chess&#34;"}, nil},
		{"index of an unknown state", "/?state=invited", 404, []string{"There is no state"}, nil},
		{"game", game(f.dobbal, ""), 200, []string{"Pinuid Dobbal", "ply 19 of 19", `id="board-text"`, "<svg", `aria-current="step"`, "Ana", "Ben", "/games/1.pgn"}, nil},
		{"game at a ply", game(f.dobbal, "?ply=3"), 200, []string{"ply 3 of 19", `href="/games/1?ply=2"`, `href="/games/1?ply=4"`}, nil},
		{"game before its first ply", game(f.dobbal, "?ply=0"), 200, []string{"ply 0 of 19", `<span class="off">◀</span>`}, []string{`aria-current`}},
		{"game past its end", game(f.dobbal, "?ply=99"), 200, []string{"ply 19 of 19"}, nil},
		{"game by mail", game(f.mailGame, ""), 200, []string{"Alice Liddell", "bob.b", "ply 2 of 2", "to move, by", "K10", "L9"}, nil},
		{"game svg", game(f.pente, ".svg?ply=2"), 200, []string{"<svg"}, nil},
		{"game png", game(f.pente, ".png"), 200, []string{"\x89PNG"}, nil},
		{"game record", game(f.pente, ".pgn"), 200, []string{`[White "Carla"]`, "1. K10 A1", `[Annotator "carla"]`}, []string{"example.net"}},
		{"private game", game(f.private, ""), 404, []string{"There is no game"}, nil},
		{"private game svg", game(f.private, ".svg"), 404, nil, []string{"<svg"}},
		{"private game png", game(f.private, ".png"), 404, nil, nil},
		{"private game record", game(f.private, ".pgn"), 404, nil, []string{"[Event"}},
		{"invited game", game(f.invited, ""), 404, []string{"There is no game"}, nil},
		{"missing game", "/games/9999", 404, []string{"There is no game 9999"}, nil},
		{"bad game number", "/games/abc", 404, []string{"There is no page"}, nil},
		{"bad game file", game(f.pente, ".gif"), 404, nil, nil},
		{"player", "/players/Carla", 200, []string{game(f.pente, ""), game(f.pente2, "")}, nil},
		{"player by local part", "/players/bob.b", 200, []string{game(f.mailGame, "")}, nil},
		{"player in a private game only", "/players/carol", 404, []string{"There is no player"}, nil},
		{"player by address", "/players/bob.b@example.com", 404, nil, nil},
		{"missing player", "/players/nobody", 404, []string{"There is no player &#34;nobody&#34;"}, nil},
		{"ratings index", "/ratings/", 200, []string{`/ratings/pente"`, `/ratings/dobbal"`}, nil},
		{"ladder", "/ratings/pente", 200, []string{"Ratings in Pente"}, nil},
		{"ladder of an unknown game", "/ratings/chess", 404, nil, nil},
		{"challenges", "/challenges", 200, []string{fmt.Sprintf(`id="challenge-%d"`, f.aliceChallenge), "Keryo-Pente", "days=5",
			"Alice Liddell (1500, not rated yet)", "rating 1400 to 1800", fmt.Sprintf(`id="challenge-%d"`, f.carolChallenge), "carol", "any rating",
			"Mon 11 May 2026 10:00 UTC", "accept challenge N"},
			[]string{fmt.Sprintf(`id="challenge-%d"`, f.privateChallenge), fmt.Sprintf(`id="challenge-%d"`, f.expiredChallenge),
				"private=", "rated=", "variant=", "tournament=", "first=", "dave", "bob.b"}},
		{"challenges linked from the index", "/", 200, []string{`href="/challenges"`}, nil},
		{"rules index", "/rules/", 200, []string{`/rules/keryo-pente"`}, nil},
		{"rules", "/rules/dobbal", 200, []string{"<h1", "Pinuid Dobbal"}, nil},
		{"rules of a variant", "/rules/keryo-pente", 200, []string{"Keryo"}, nil},
		{"rules linking rules", "/rules/quatro", 200, []string{`href="/rules/pinuid/en"`}, []string{`.md"`}},
		{"rules of an unknown game", "/rules/chess", 404, nil, nil},
		{"stylesheet", "/static/style.css", 200, []string{"@media"}, nil},
		{"script", "/static/game.js", 200, []string{"ArrowRight"}, nil},
		{"unknown page", "/wp-admin", 404, []string{"There is no page at this address."}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := f.get(t, tc.target)
			body := rec.Body.String()
			if rec.Code != tc.status {
				t.Fatalf("GET %s: status %d, want %d\n%s", tc.target, rec.Code, tc.status, body)
			}
			bodyHas(t, "GET "+tc.target, body, tc.want, tc.not)
			if rec.Code == http.StatusNotFound && !strings.Contains(body, `href="/"`) {
				t.Errorf("GET %s: the 404 page has no way back to the games", tc.target)
			}
		})
	}
}

// TestChallenges: /challenges lists the challenges open at the archive's
// time, and only those.
func TestChallenges(t *testing.T) {
	f := newFixture(t)
	row := func(id int64) string { return fmt.Sprintf(`id="challenge-%d"`, id) }
	tests := []struct {
		name      string
		now       time.Time
		want, not []string
	}{
		{"open ones", fixtureNow, []string{row(f.aliceChallenge), row(f.carolChallenge)},
			[]string{row(f.privateChallenge), "No challenge is open"}},
		// Dave's expired an hour before the fixture's now, though no tick
		// has closed it: absent then, listed before.
		{"an expired one absent", fixtureNow, nil, []string{row(f.expiredChallenge), "dave"}},
		{"the same before it expired", fixtureNow.Add(-2 * time.Hour), []string{row(f.expiredChallenge), "dave", "Pinuid Dobbal"}, nil},
		{"empty list", fixtureNow.Add(30 * 24 * time.Hour), []string{"No challenge is open", "new GAME with anyone"},
			[]string{`id="challenge-`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv, err := New(Config{Archive: f.archive, Now: func() time.Time { return tc.now }})
			if err != nil {
				t.Fatal(err)
			}
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/challenges", nil))
			body := rec.Body.String()
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d\n%s", rec.Code, body)
			}
			bodyHas(t, "GET /challenges", body, tc.want, tc.not)
		})
	}
}

// TestPagination walks the index page by page: each game once, in order.
func TestPagination(t *testing.T) {
	f := newFixture(t)
	f.importFile(t, repeat("testdata/pente.pgn", 30)...)
	link := regexp.MustCompile(`<a href="/games/(\d+)">`)
	seen := map[string]bool{}
	target, pages := "/?game=pente", 0
	for target != "" {
		pages++
		rec := f.get(t, target)
		if rec.Code != 200 {
			t.Fatalf("GET %s: %d", target, rec.Code)
		}
		body := rec.Body.String()
		for _, m := range link.FindAllStringSubmatch(body, -1) {
			if seen[m[1]] {
				t.Errorf("game %s on two pages", m[1])
			}
			seen[m[1]] = true
		}
		target = ""
		if m := regexp.MustCompile(`rel="next" href="([^"]+)"`).FindStringSubmatch(body); m != nil {
			target = strings.ReplaceAll(m[1], "&amp;", "&")
		}
	}
	// 2 imported Pente games at first, 60 more, and the one by mail.
	if want := 63; len(seen) != want || pages != 3 {
		t.Errorf("%d games on %d pages, want %d on 3", len(seen), pages, want)
	}
	if rec := f.get(t, "/?game=pente&page=2"); !strings.Contains(rec.Body.String(), `rel="prev" href="/?game=pente"`) {
		t.Errorf("page 2 has no link back to page 1")
	}
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// TestPagesInEveryLanguage: every page is written in the reader's
// language, whether the browser's Accept-Language, ?lang= or the cookie
// ?lang= left chooses it, and says so in <html lang>, Content-Language
// and Vary.
func TestPagesInEveryLanguage(t *testing.T) {
	f := newFixture(t)
	dobbal := fmt.Sprintf("/games/%d", f.dobbal)
	pages := []struct {
		name, target string
		status       int
		want         map[i18n.Lang][]string // in the body
	}{
		{"index", "/", 200, map[i18n.Lang][]string{
			i18n.English:    {"<title>Games · pbem</title>", "Last change", "all games", "in play", "Carla</a> vs <a", "open challenges</a>: anyone"},
			i18n.German:     {"<title>Partien · pbem</title>", "Zuletzt geändert", "alle Spiele", "läuft", "Carla</a> gegen <a", "offenen Herausforderungen</a> an"},
			i18n.Spanish:    {"<title>Partidas · pbem</title>", "Último cambio", "todos los juegos", "en juego", "Carla</a> contra <a", "desafíos abiertos</a>: cualquiera"},
			i18n.Portuguese: {"<title>Partidas · pbem</title>", "Última alteração", "todos os jogos", "em curso", "Carla</a> contra <a", "desafios abertos</a>: qualquer"},
		}},
		{"game", dobbal + "?ply=3", 200, map[i18n.Lang][]string{
			i18n.English:    {"Game 1: Pinuid Dobbal", "ply 3 of 19", `title="previous ply (←)"`, `title="first ply (Home)"`, "<li>White: <a", "Download the record (PGN)"},
			i18n.German:     {"Partie 1: Pinuid Dobbal", "Zug 3 von 19", `title="vorheriger Zug (←)"`, `title="erster Zug (Pos1)"`, "<li>Weiß: <a", "Protokoll herunterladen (PGN)"},
			i18n.Spanish:    {"Partida 1: Pinuid Dobbal", "jugada 3 de 19", `title="jugada anterior (←)"`, `title="primera jugada (Inicio)"`, "<li>Blancas: <a", "Descargar el registro (PGN)"},
			i18n.Portuguese: {"Partida 1: Pinuid Dobbal", "lance 3 de 19", `title="lance anterior (←)"`, `title="primeiro lance (Início)"`, "<li>Brancas: <a", "Descarregar o registo (PGN)"},
		}},
		{"game's dates", dobbal, 200, map[i18n.Lang][]string{
			i18n.English:    {"<dt>Started</dt><dd>4 May 2026</dd>", "Finished: 1-0"},
			i18n.German:     {"<dt>Begonnen</dt><dd>4. Mai 2026</dd>", "Beendet: 1-0"},
			i18n.Spanish:    {"<dt>Empezada</dt><dd>4 may 2026</dd>", "Terminada: 1-0"},
			i18n.Portuguese: {"<dt>Começada</dt><dd>4 mai. 2026</dd>", "Terminada: 1-0"},
		}},
		{"game in play", fmt.Sprintf("/games/%d", f.mailGame), 200, map[i18n.Lang][]string{
			i18n.English:    {"Alice Liddell (White) to move, by Thu 7 May 2026 10:00 UTC.", "In play"},
			i18n.German:     {"Alice Liddell (Weiß) ist am Zug, bis Do., 7. Mai 2026, 10:00 UTC.", "Läuft"},
			i18n.Spanish:    {"Le toca a Alice Liddell (Blancas), hasta el jue 7 may 2026, 10:00 UTC.", "En juego"},
			i18n.Portuguese: {"É a vez de Alice Liddell (Brancas), até qui., 7 mai. 2026, 10:00 UTC.", "Em curso"},
		}},
		{"player", "/players/Carla", 200, map[i18n.Lang][]string{
			i18n.English:    {"No rating yet.", "<h3>Games</h3>"},
			i18n.German:     {"Noch keine Wertung.", "<h3>Partien</h3>"},
			i18n.Spanish:    {"Todavía sin puntuación.", "<h3>Partidas</h3>"},
			i18n.Portuguese: {"Ainda sem classificação.", "<h3>Partidas</h3>"},
		}},
		{"ratings", "/ratings/", 200, map[i18n.Lang][]string{
			i18n.English:    {"<h1>Ratings</h1>"},
			i18n.German:     {"<h1>Wertungen</h1>"},
			i18n.Spanish:    {"<h1>Puntuaciones</h1>"},
			i18n.Portuguese: {"<h1>Classificações</h1>"},
		}},
		{"ladder", "/ratings/pente", 200, map[i18n.Lang][]string{
			i18n.English:    {"<h1>Ratings in Pente</h1>", "Nobody has a rating in Pente yet"},
			i18n.German:     {"<h1>Wertungen in Pente</h1>", "In Pente hat noch niemand eine Wertung"},
			i18n.Spanish:    {"<h1>Puntuaciones en Pente</h1>", "Nadie tiene aún puntuación en Pente"},
			i18n.Portuguese: {"<h1>Classificações em Pente</h1>", "Ainda ninguém tem classificação em Pente"},
		}},
		{"challenges", "/challenges", 200, map[i18n.Lang][]string{
			i18n.English:    {"<h1>Open challenges</h1>", "<code>accept challenge N</code>", "Mon 11 May 2026 10:00 UTC", "rating 1400 to 1800", "any rating", "1500, not rated yet"},
			i18n.German:     {"<h1>Offene Herausforderungen</h1>", "<code>annehmen herausforderung N</code>", "Mo., 11. Mai 2026, 10:00 UTC", "Wertung 1400 bis 1800", "beliebiger Wertung", "1500, noch ohne Wertung"},
			i18n.Spanish:    {"<h1>Desafíos abiertos</h1>", "<code>aceptar desafío N</code>", "lun 11 may 2026, 10:00 UTC", "puntuación de 1400 a 1800", "cualquier puntuación", "1500, aún sin puntuación"},
			i18n.Portuguese: {"<h1>Desafios abertos</h1>", "<code>aceitar desafio N</code>", "seg., 11 mai. 2026, 10:00 UTC", "classificação de 1400 a 1800", "qualquer classificação", "1500, ainda sem classificação"},
		}},
		{"rules index", "/rules/", 200, map[i18n.Lang][]string{
			i18n.English:    {"<h1>Rules</h1>"},
			i18n.German:     {"<h1>Regeln</h1>"},
			i18n.Spanish:    {"<h1>Reglas</h1>"},
			i18n.Portuguese: {"<h1>Regras</h1>"},
		}},
		// Pinuid's rules are written in English, German and Spanish:
		// a Portuguese reader gets the English ones.
		{"rules", "/rules/pinuid", 200, map[i18n.Lang][]string{
			i18n.English:    {`<article class="rules" lang="en">`},
			i18n.German:     {`<article class="rules" lang="de">`},
			i18n.Spanish:    {`<article class="rules" lang="es">`},
			i18n.Portuguese: {`<article class="rules" lang="en">`, `<a href="/rules/">Regras</a>`},
		}},
		{"missing page", "/wp-admin", 404, map[i18n.Lang][]string{
			i18n.English:    {"<h1>Not found</h1>", "There is no page at this address.", "See the games"},
			i18n.German:     {"<h1>Nicht gefunden</h1>", "Unter dieser Adresse gibt es keine Seite.", "Zu den Partien"},
			i18n.Spanish:    {"<h1>Página no encontrada</h1>", "No hay ninguna página en esta dirección.", "Ver las partidas"},
			i18n.Portuguese: {"<h1>Página não encontrada</h1>", "Não há nenhuma página neste endereço.", "Ver as partidas"},
		}},
		{"missing game", "/games/9999", 404, map[i18n.Lang][]string{
			i18n.English:    {"There is no game 9999 in the archive."},
			i18n.German:     {"Im Archiv gibt es keine Partie 9999."},
			i18n.Spanish:    {"No hay ninguna partida 9999 en el archivo."},
			i18n.Portuguese: {"Não há nenhuma partida 9999 no arquivo."},
		}},
		{"unknown game", "/ratings/chess", 404, map[i18n.Lang][]string{
			i18n.English:    {"There is no game &#34;chess&#34;"},
			i18n.German:     {"Es gibt kein Spiel „chess“"},
			i18n.Spanish:    {"No existe el juego «chess»"},
			i18n.Portuguese: {"Não existe o jogo «chess»"},
		}},
	}
	// The ways a reader chooses a language.
	ways := []struct {
		name string
		ask  func(*http.Request, i18n.Lang)
	}{
		{"Accept-Language", func(r *http.Request, l i18n.Lang) { r.Header.Set("Accept-Language", string(l)+";q=0.8, fr") }},
		{"?lang=", func(r *http.Request, l i18n.Lang) { r.URL.RawQuery = withQuery(r.URL.RawQuery, "lang="+string(l)) }},
		{"cookie", func(r *http.Request, l i18n.Lang) { r.AddCookie(&http.Cookie{Name: "lang", Value: string(l)}) }},
	}
	for _, pg := range pages {
		for _, way := range ways {
			if pg.name == "rules" && way.name == "?lang=" {
				continue // on a rules page it also chooses the document: TestRulesLanguages
			}
			for _, lang := range i18n.All {
				t.Run(pg.name+"/"+way.name+"/"+string(lang), func(t *testing.T) {
					req := httptest.NewRequest(http.MethodGet, pg.target, nil)
					way.ask(req, lang)
					rec := httptest.NewRecorder()
					f.srv.ServeHTTP(rec, req)
					body := rec.Body.String()
					if rec.Code != pg.status {
						t.Fatalf("status %d, want %d\n%s", rec.Code, pg.status, body)
					}
					for _, w := range append([]string{`<html lang="` + string(lang) + `">`}, pg.want[lang]...) {
						if !strings.Contains(body, w) {
							t.Errorf("lacks %q", w)
						}
					}
					if got := rec.Header().Get("Content-Language"); got != string(lang) {
						t.Errorf("Content-Language %q, want %q", got, lang)
					}
					if got := rec.Header().Get("Vary"); got != "Accept-Language, Cookie" {
						t.Errorf("Vary %q", got)
					}
				})
			}
		}
	}
}

func withQuery(raw, pair string) string {
	if raw == "" {
		return pair
	}
	return raw + "&" + pair
}
