package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"pbem/i18n"
)

// TestAcceptedLang: the best of our languages in Accept-Language, by
// q-values, region tags and all.
func TestAcceptedLang(t *testing.T) {
	for _, tc := range []struct {
		headers []string
		want    i18n.Lang
		ok      bool
	}{
		{[]string{"de"}, i18n.German, true},
		{[]string{"de;q=0.5, es;q=0.9"}, i18n.Spanish, true},
		{[]string{"pt-BR"}, i18n.Portuguese, true},
		{[]string{"pt-PT,pt;q=0.9"}, i18n.Portuguese, true},
		{[]string{"de-AT"}, i18n.German, true},
		{[]string{"es-419"}, i18n.Spanish, true},
		{[]string{"en-US,en;q=0.9"}, i18n.English, true},
		{[]string{"fr, de;q=0.8"}, i18n.German, true}, // French is not ours: the next one is
		{[]string{"fr-CH, fr;q=0.9"}, "", false},
		{[]string{"de;q=0"}, "", false}, // q=0: not acceptable
		{[]string{"*"}, "", false},
		{[]string{""}, "", false},
		{nil, "", false},
		{[]string{"#!*&"}, "", false},
		{[]string{"fr", "es"}, i18n.Spanish, true}, // two header lines
	} {
		got, ok := acceptedLang(tc.headers)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Accept-Language %q: %q %v, want %q %v", tc.headers, got, ok, tc.want, tc.ok)
		}
	}
}

// TestLanguageChoice: ?lang= comes first, then the cookie, then
// Accept-Language, then English; a value that names no language of ours
// is passed over.
func TestLanguageChoice(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name, query, cookie, accept string
		want                        i18n.Lang
	}{
		{"nothing", "", "", "", i18n.English},
		{"header", "", "", "de-AT, en;q=0.5", i18n.German},
		{"q-values", "", "", "de;q=0.5, es;q=0.9", i18n.Spanish},
		{"region tag", "", "", "pt-BR", i18n.Portuguese},
		{"a header of none of ours", "", "", "fr, ja", i18n.English},
		{"cookie over header", "", "es", "de", i18n.Spanish},
		{"query over cookie", "lang=pt", "es", "de", i18n.Portuguese},
		{"query by name", "lang=Deutsch", "", "", i18n.German},
		{"query by name with accents", "lang=espa%C3%B1ol", "", "", i18n.Spanish},
		{"query by region tag", "lang=pt-BR", "", "", i18n.Portuguese},
		{"unknown query: the cookie", "lang=xx", "es", "de", i18n.Spanish},
		{"unknown query: the header", "lang=klingon", "", "de", i18n.German},
		{"unknown cookie: the header", "", "xx", "pt", i18n.Portuguese},
		{"empty query", "lang=", "", "es", i18n.Spanish},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/?"+tc.query, nil)
			if tc.cookie != "" {
				req.AddCookie(&http.Cookie{Name: "lang", Value: tc.cookie})
			}
			if tc.accept != "" {
				req.Header.Set("Accept-Language", tc.accept)
			}
			rec := httptest.NewRecorder()
			f.srv.ServeHTTP(rec, req)
			if want := `<html lang="` + string(tc.want) + `">`; !strings.Contains(rec.Body.String(), want) {
				t.Errorf("the page lacks %s", want)
			}
			if got := rec.Header().Get("Content-Language"); got != string(tc.want) {
				t.Errorf("Content-Language %q, want %q", got, tc.want)
			}
		})
	}
}

// TestLanguageCookie: ?lang= naming a language of ours sets the cookie
// that keeps it, for a year, for the whole archive; any other request
// leaves it alone.
func TestLanguageCookie(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		target string
		want   string // the cookie's value; "" for none set
	}{
		{"/?lang=de", "de"},
		{"/?lang=Portugu%C3%AAs", "pt"},
		{"/ratings/?lang=es", "es"},
		{"/wp-admin?lang=de", "de"}, // a 404 page is a page too
		{"/rules/pente?lang=de", "de"},
		{"/?lang=xx", ""},
		{"/", ""},
		{fmt.Sprintf("/games/%d.pgn?lang=de", f.pente), ""}, // no page, no choice
		{fmt.Sprintf("/games/%d.svg?lang=de", f.pente), ""},
	} {
		t.Run(tc.target, func(t *testing.T) {
			rec := f.get(t, tc.target)
			cookies := rec.Result().Cookies()
			if tc.want == "" {
				if len(cookies) > 0 {
					t.Fatalf("sets %v", cookies)
				}
				return
			}
			if len(cookies) != 1 {
				t.Fatalf("sets the cookies %v, want one", cookies)
			}
			c := cookies[0]
			if c.Name != "lang" || c.Value != tc.want || c.Path != "/" || c.MaxAge != 365*24*3600 || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode {
				t.Errorf("sets %s, want lang=%s; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax", c, tc.want)
			}
		})
	}
}

// TestLanguageLinks: the footer links the page in each other language,
// named in that language, keeping the page's query.
func TestLanguageLinks(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		target string
		want   []string
		not    []string
	}{
		{"/", []string{
			`href="/?lang=de" hreflang="de" lang="de">Deutsch</a>`,
			`href="/?lang=es" hreflang="es" lang="es">Español</a>`,
			`href="/?lang=pt" hreflang="pt" lang="pt">Português</a>`},
			[]string{`lang="en">English</a>`}},
		{"/?state=active&player=Carla&lang=de", []string{
			`href="/?lang=en&amp;player=Carla&amp;state=active" hreflang="en" lang="en">English</a>`,
			`href="/?lang=pt&amp;player=Carla&amp;state=active" hreflang="pt" lang="pt">Português</a>`},
			[]string{`lang="de">Deutsch</a>`}},
		{fmt.Sprintf("/games/%d?ply=3&lang=es", f.dobbal), []string{
			fmt.Sprintf(`href="/games/%d?lang=de&amp;ply=3" hreflang="de" lang="de">Deutsch</a>`, f.dobbal)}, nil},
		// Pente's rules are in English and German: the Spanish link keeps
		// the English document in the path, as ?lang=es alone asks for
		// Spanish rules, which are not written.
		{"/rules/pente", []string{
			`href="/rules/pente?lang=de" hreflang="de" lang="de">Deutsch</a>`,
			`href="/rules/pente/en?lang=es" hreflang="es" lang="es">Español</a>`}, nil},
		{"/rules/pente/de?lang=es", []string{
			`href="/rules/pente/de?lang=pt" hreflang="pt" lang="pt">Português</a>`}, nil},
	} {
		bodyHas(t, "GET "+tc.target, f.get(t, tc.target).Body.String(), tc.want, tc.not)
	}
}

// TestNotPagesStayAsTheyAre: records and static files are the same in
// every language, and do not say they vary by it.
func TestNotPagesStayAsTheyAre(t *testing.T) {
	f := newFixture(t)
	for _, target := range []string{
		fmt.Sprintf("/games/%d.pgn", f.dobbal),
		fmt.Sprintf("/games/%d.pgn", f.mailGame),
		"/static/style.css",
	} {
		english := f.get(t, target)
		for _, lang := range i18n.All[1:] {
			req := httptest.NewRequest(http.MethodGet, target, nil)
			req.Header.Set("Accept-Language", string(lang))
			req.AddCookie(&http.Cookie{Name: "lang", Value: string(lang)})
			rec := httptest.NewRecorder()
			f.srv.ServeHTTP(rec, req)
			if rec.Code != 200 || rec.Body.String() != english.Body.String() {
				t.Errorf("GET %s in %s: status %d, and the body differs from English's: %v", target, lang, rec.Code, rec.Body.String() != english.Body.String())
			}
			for _, h := range []string{"Content-Language", "Vary", "Set-Cookie"} {
				if v := rec.Header().Get(h); v != "" {
					t.Errorf("GET %s in %s: %s: %s", target, lang, h, v)
				}
			}
		}
	}
}

// TestPicturesFollowTheReader: a board picture, alone (SVG, PNG) or in
// its game's page, writes its words in the reader's language, says so,
// and sets no cookie.
func TestPicturesFollowTheReader(t *testing.T) {
	f := newFixture(t)
	get := func(target string, lang i18n.Lang) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, target, nil)
		req.Header.Set("Accept-Language", string(lang))
		rec := httptest.NewRecorder()
		f.srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s in %s: status %d", target, lang, rec.Code)
		}
		return rec
	}
	png := fmt.Sprintf("/games/%d.png?ply=3", f.dobbal)
	english, german := get(png, i18n.English), get(png, i18n.German)
	if english.Body.String() == german.Body.String() {
		t.Errorf("GET %s: the German picture is the English one", png)
	}
	for _, tc := range []struct {
		target    string
		lang      i18n.Lang
		want, not string
	}{
		{fmt.Sprintf("/games/%d.svg?ply=3", f.dobbal), i18n.German, "Letzter Wurf", "Last roll"},
		{fmt.Sprintf("/games/%d.svg?ply=3", f.dobbal), i18n.English, "Last roll", "Letzter Wurf"},
		{fmt.Sprintf("/games/%d?ply=3", f.dobbal), i18n.Spanish, "Última tirada", "Last roll"},
	} {
		rec := get(tc.target, tc.lang)
		body := rec.Body.String()
		if !strings.Contains(body, tc.want) || strings.Contains(body, tc.not) {
			t.Errorf("GET %s in %s: want %q and not %q", tc.target, tc.lang, tc.want, tc.not)
		}
		if got := rec.Header().Get("Content-Language"); got != string(tc.lang) {
			t.Errorf("GET %s in %s: Content-Language %q", tc.target, tc.lang, got)
		}
	}
	for _, rec := range []*httptest.ResponseRecorder{german, get(fmt.Sprintf("/games/%d.svg?lang=de", f.pente), i18n.German)} {
		if v := rec.Header().Get("Vary"); v != "Accept-Language, Cookie" {
			t.Errorf("a picture's Vary is %q", v)
		}
		if c := rec.Result().Cookies(); len(c) > 0 {
			t.Errorf("a picture sets %v", c)
		}
	}
}
