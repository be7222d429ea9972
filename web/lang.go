package web

import (
	"net/http"
	"net/url"
	"time"

	"golang.org/x/text/language"

	"pbem/i18n"
)

// langParam and langCookie carry a reader's choice of language: ?lang=de
// chooses, and the cookie keeps the choice while they browse.
const (
	langParam  = "lang"
	langCookie = "lang"
)

// langCookieAge is how long a chosen language is remembered.
const langCookieAge = 365 * 24 * time.Hour

// langMatcher picks the best of i18n.All for an Accept-Language header:
// it reads region tags (de-AT is German, pt-BR Portuguese) and knows
// languages close to one of ours. It is read-only once built.
var langMatcher = language.NewMatcher(langTags())

// langTags are the tags of i18n.All, in its order: the matcher's index of
// a tag is the language's index in All, and English, first, is what it
// offers when nothing matches.
func langTags() []language.Tag {
	tags := make([]language.Tag, len(i18n.All))
	for i, l := range i18n.All {
		tags[i] = language.Make(string(l))
	}
	return tags
}

// askedLang is the language a request names in ?lang=, by code or name
// ("de", "Deutsch"); ok is false when it names none of ours.
func askedLang(r *http.Request) (i18n.Lang, bool) {
	v := r.URL.Query().Get(langParam)
	if v == "" {
		return "", false
	}
	return i18n.Parse(v)
}

// readerLang is the language a page is written in for r: the one ?lang=
// asks for, else the one the reader chose before (the cookie), else the
// best the browser accepts, else English. A value that names no language
// of ours is passed over, never refused: a stale link or an old cookie
// still gets a page.
func readerLang(r *http.Request) i18n.Lang {
	if l, ok := askedLang(r); ok {
		return l
	}
	if c, err := r.Cookie(langCookie); err == nil {
		if l, ok := i18n.Parse(c.Value); ok {
			return l
		}
	}
	if l, ok := acceptedLang(r.Header.Values("Accept-Language")); ok {
		return l
	}
	return i18n.Default
}

// acceptedLang is the best language of ours in Accept-Language headers,
// by their q-values; ok is false when they accept none of ours.
func acceptedLang(headers []string) (i18n.Lang, bool) {
	var tags []language.Tag
	for _, h := range headers {
		t, _, err := language.ParseAcceptLanguage(h)
		if err != nil {
			continue // a malformed header says nothing we could follow
		}
		tags = append(tags, t...)
	}
	if len(tags) == 0 {
		return "", false
	}
	_, i, conf := langMatcher.Match(tags...)
	if conf == language.No {
		return "", false
	}
	return i18n.All[i], true
}

// rememberLang keeps the language ?lang= chose in a cookie, so that the
// pages the reader goes on to are in it too. A request that chose none
// leaves the cookie as it was.
func rememberLang(w http.ResponseWriter, r *http.Request) {
	l, ok := askedLang(r)
	if !ok {
		return
	}
	http.SetCookie(w, &http.Cookie{Name: langCookie, Value: string(l), Path: "/",
		MaxAge: int(langCookieAge.Seconds()), HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

// speaksLang marks a page as written in l: the headers say which language
// it is in, and that another reader's cookie or Accept-Language may get
// another page at the same address.
func speaksLang(h http.Header, l i18n.Lang) {
	h.Set("Content-Language", string(l))
	h.Set("Vary", "Accept-Language, Cookie")
}

// langLink is a link to the page in another language, named in that
// language ("Deutsch", "Español").
type langLink struct {
	Lang i18n.Lang
	Name string
	Href string
}

// langLinks link the page at u in each language but current: the same
// path and query with ?lang= set. path, when not nil, gives a language's
// page another path (a rules page whose document is not written in it).
func langLinks(u *url.URL, current i18n.Lang, path func(i18n.Lang) string) []langLink {
	var out []langLink
	for _, l := range i18n.All {
		if l == current {
			continue
		}
		q := u.Query()
		q.Set(langParam, string(l))
		p := u.Path
		if path != nil {
			p = path(l)
		}
		out = append(out, langLink{Lang: l, Name: langName(l), Href: p + "?" + q.Encode()})
	}
	return out
}

// langName is a language's name in itself, capitalised as a link or a
// heading begins: "Español", "Português".
func langName(l i18n.Lang) string { return upperFirst(l.Name()) }
