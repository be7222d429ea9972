package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/http/httpguts"

	"pbem/i18n"
)

func TestWithoutAddresses(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Ana <ana@example.org>", "Ana <ana>"},
		{"pbem+k7m2p@example.org", "pbem"},
		{"a@b@c.org", "a"},
		{"no address here", "no address here"},
		{"two: x@y.z, w@v.u", "two: x, w"},
	} {
		if got := withoutAddresses(tc.in); got != tc.want {
			t.Errorf("withoutAddresses(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzWithoutAddresses: whatever the text, what is left holds no address.
func FuzzWithoutAddresses(f *testing.F) {
	for _, s := range []string{"ana@example.org", "a@b@c.org", "x+key@y.z and q@r", "@@@", "a.@-.-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := withoutAddresses(s)
		if mailAddress().MatchString(out) || addressLike.MatchString(out) {
			t.Errorf("withoutAddresses(%q) = %q, which still holds an address", s, out)
		}
		if len(out) > len(s) {
			t.Errorf("withoutAddresses(%q) = %q grew", s, out)
		}
	})
}

// FuzzGameFile: the name after /games/ is read without a panic, and what
// is taken writes back as it was read.
func FuzzGameFile(f *testing.F) {
	for _, s := range []string{"12", "12.svg", "1.png", "7.pgn", "0", "-1", "1.gif", "99999999999999999999", "1.svg.png"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, ext, ok := gameFile(s)
		if !ok {
			return
		}
		if id <= 0 {
			t.Errorf("gameFile(%q) took game %d", s, id)
		}
		back := strings.TrimSuffix(strings.Join([]string{itoa(id), ext}, "."), ".")
		if back != s {
			t.Errorf("gameFile(%q) = %d, %q: reads back as %q", s, id, ext, back)
		}
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// FuzzRequest asks the archive for any address, query, Accept-Language
// and language cookie, as a stranger's browser may: it answers a page, a
// picture, a record or a redirect, never a failure, and a page says the
// language it is in, one of ours. The store is the fixture's, read only.
func FuzzRequest(f *testing.F) {
	fx := newFixture(f)
	for _, s := range []struct{ path, query, accept, cookie string }{
		{"", "", "", ""},
		{"games/" + itoa(fx.pente), "ply=3", "de-AT,de;q=0.9,en;q=0.5", ""},
		{"games/" + itoa(fx.dobbal) + ".svg", "ply=2&lang=pt", "", ""},
		{"games/" + itoa(fx.dobbal) + ".png", "", "es", ""},
		{"games/" + itoa(fx.pente) + ".pgn", "lang=de", "", "es"},
		{"rules/pente", "lang=es", "", ""},
		{"rules/pinuid-classic/de", "", "pt-BR;q=0.1, es", "de"},
		{"players/alice", "page=2", "*", "xx"},
		{"challenges", "page=-1", "en;q=0", ""},
		{"ratings/pente", "", "de;q=abc", ""},
		{"", "game=pente&state=finished&player=bob&page=50", "zz-Latn-ZZ", ""},
		{"nowhere", "lang=%ff", "de;q=1.5,,,;", "pt"},
	} {
		f.Add(s.path, s.query, s.accept, s.cookie)
	}
	f.Fuzz(func(t *testing.T, path, query, accept, cookie string) {
		target := "/" + path
		if query != "" {
			target += "?" + query
		}
		u, err := url.ParseRequestURI(target)
		if err != nil {
			return // no browser sends it: the server refuses it before the archive
		}
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL, req.RequestURI = u, u.RequestURI()
		if httpguts.ValidHeaderFieldValue(accept) {
			req.Header.Set("Accept-Language", accept)
		}
		req.AddCookie(&http.Cookie{Name: "lang", Value: cookie})
		rec := httptest.NewRecorder()
		fx.srv.ServeHTTP(rec, req)
		switch rec.Code {
		case http.StatusOK, http.StatusNotFound, http.StatusMovedPermanently, http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		default:
			t.Fatalf("GET %s (Accept-Language %q, cookie %q): status %d", target, accept, cookie, rec.Code)
		}
		// A redirect is the router's (an unclean path), not a page.
		if rec.Code >= 300 && rec.Code < 400 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			return
		}
		lang := rec.Header().Get("Content-Language")
		if l, ok := i18n.Parse(lang); !ok || string(l) != lang || !strings.Contains(rec.Body.String(), `<html lang="`+lang+`">`) {
			t.Fatalf("GET %s (Accept-Language %q, cookie %q): a page in %q", target, accept, cookie, lang)
		}
	})
}
