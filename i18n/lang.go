// Package i18n puts messages into the reader's language: a message is an
// id with named arguments, its sentences live in the catalogs under
// catalog/ (one TOML file per area and language), and plural forms follow
// the CLDR rules of each language. It imports nothing of pbem's, so every
// stage can hand it a message: rules errors reach it through the Message
// interface.
package i18n

import (
	"strings"

	"golang.org/x/text/language"
)

// Lang is a language pbem writes in.
type Lang string

// The languages with a complete catalog.
const (
	English    Lang = "en"
	German     Lang = "de"
	Spanish    Lang = "es"
	Portuguese Lang = "pt"
)

// All lists the languages, English (the default and the fallback) first.
var All = []Lang{English, German, Spanish, Portuguese}

// Default is the language of a reader nobody knows anything about.
const Default = English

// names are the words a player or an operator may use for a language,
// lower case and without accents.
var names = map[string]Lang{
	"en": English, "english": English, "englisch": English, "ingles": English,
	"de": German, "german": German, "deutsch": German, "aleman": German, "alemao": German,
	"es": Spanish, "spanish": Spanish, "spanisch": Spanish, "espanol": Spanish, "castellano": Spanish, "espanhol": Spanish,
	"pt": Portuguese, "portuguese": Portuguese, "portugiesisch": Portuguese, "portugues": Portuguese,
}

// Parse reads a language: a code ("de", "pt-BR", "es_419") or a name in one
// of the four languages ("Deutsch", "español"), in any case, with or
// without accents.
func Parse(s string) (Lang, bool) {
	s = Fold(strings.TrimSpace(s))
	if l, ok := names[s]; ok {
		return l, true
	}
	if t, err := language.Parse(strings.ReplaceAll(s, "_", "-")); err == nil {
		base, _ := t.Base()
		if l, ok := names[base.String()]; ok {
			return l, true
		}
	}
	return "", false
}

// Valid reports whether l is one of All.
func (l Lang) Valid() bool {
	for _, k := range All {
		if l == k {
			return true
		}
	}
	return false
}

// Or is l when it is valid, else fallback.
func (l Lang) Or(fallback Lang) Lang {
	if l.Valid() {
		return l
	}
	return fallback
}

// Name is the language's name in itself: "Deutsch", "español".
func (l Lang) Name() string {
	return Tr(l, "language.name", nil)
}
