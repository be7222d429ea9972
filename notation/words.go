package notation

import (
	"reflect"
	"strconv"
	"strings"
	"sync"

	"pbem/i18n"
	"pbem/rules"
)

// Words puts the reports of a review into one language. It remembers the
// sentences it made: the games of a file end in few different ways and
// have few different lengths, and putting a message into words costs more
// than reading a game, so a review of many games keeps one Words for all
// of them. It is safe for concurrent use.
type Words struct {
	lang    i18n.Lang
	memo    memo[string, string]
	endings memo[endingKey, endingWords]
	// ended holds whole ending sentences, particulars included: a line
	// of five or a count of pairs recurs across the games of a file.
	ended memo[endedKey, string]
}

// memo remembers values by key, up to memoMax of them; it is safe for
// concurrent use.
type memo[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

// get is the value remembered under key, made with say the first time.
func (m *memo[K, V]) get(key K, say func() V) V {
	m.mu.Lock()
	v, ok := m.m[key]
	m.mu.Unlock()
	if ok {
		return v
	}
	v = say()
	m.mu.Lock()
	if m.m == nil {
		m.m = map[K]V{}
	}
	if len(m.m) < memoMax {
		m.m[key] = v
	}
	m.mu.Unlock()
	return v
}

// endingKey is what an ending's sentence depends on, but its particulars:
// the reason, whether particulars are given, and the winners' seat names
// (a game has at most four seats).
type endingKey struct {
	reason  rules.Reason
	detail  bool
	winners [4]string
}

// endedKey is what a whole ending sentence depends on.
type endedKey struct {
	ending endingKey
	detail detailKey
}

// detailKey is an ending's particulars as a map key: the code and up to
// two arguments of comparable types ("From" K10 and "To" O10; "Pairs" 5).
type detailKey struct {
	code   rules.Code
	names  [2]string
	values [2]any
}

// keyOfDetail is m's detailKey; ok is false when m has more arguments or
// one that cannot be compared (a message).
func keyOfDetail(m rules.Msg) (k detailKey, ok bool) {
	k.code = m.Code
	if len(m.Args) > len(k.names) {
		return k, false
	}
	i := 0
	for name, v := range m.Args {
		if v == nil || !reflect.TypeOf(v).Comparable() {
			return k, false
		}
		k.names[i], k.values[i] = name, v
		i++
	}
	if i == 2 && k.names[0] > k.names[1] {
		k.names[0], k.names[1] = k.names[1], k.names[0]
		k.values[0], k.values[1] = k.values[1], k.values[0]
	}
	return k, true
}

// endingWords is an ending's sentence, cut where its particulars go.
type endingWords struct {
	before, after string
	cut           bool
}

// memoMax bounds what a Words remembers; past it, sentences are made anew.
const memoMax = 1 << 12

// NewWords gives the words of lang (English when lang is none of i18n.All).
func NewWords(lang i18n.Lang) *Words { return &Words{lang: lang.Or(i18n.English)} }

// Lang is the language of the words.
func (w *Words) Lang() i18n.Lang { return w.lang }

// remembered is the sentence made under key, making it with say the first
// time.
func (w *Words) remembered(key string, say func() string) string {
	return w.memo.get(key, say)
}

// tr is message id with args, remembered under key.
func (w *Words) tr(key, id string, args map[string]any) string {
	return w.remembered(key, func() string { return i18n.Tr(w.lang, id, args) })
}

// ending says how the rules ended a game, o being its outcome: "White won
// by five in a row, K10 to O10". The sentence is remembered by the seats
// and the reason, cut where the particulars go.
func (w *Words) ending(state rules.Game, o rules.Outcome) string {
	k := endingKey{reason: o.Reason, detail: o.Detail.Code != ""}
	remember := len(o.Winners) <= len(k.winners)
	if remember {
		for i, s := range o.Winners {
			k.winners[i] = state.SeatName(s)
		}
	}
	say := func() (e endingWords) {
		var detail any
		if k.detail {
			detail = detailMark
		}
		e.before, e.after, e.cut = strings.Cut(i18n.Render(w.lang, outcomeMsg(state, o, detail)), detailMark)
		return e
	}
	var e endingWords
	if remember {
		e = w.endings.get(k, say)
	} else {
		e = say()
	}
	if !e.cut {
		return e.before
	}
	whole := func() string { return e.before + i18n.Render(w.lang, o.Detail) + e.after }
	if d, ok := keyOfDetail(o.Detail); ok && remember {
		return w.ended.get(endedKey{k, d}, whole)
	}
	return whole()
}

// detailMark stands for the particulars of an ending in a remembered
// sentence.
const detailMark = "\x00detail\x00"

// plies is the summary's "9 plies, result 1-0, by rule 1-0".
func (w *Words) plies(n int, result, outcome string) string {
	return w.tr("plies\x00"+strconv.Itoa(n)+"\x00"+result+"\x00"+outcome, "notation.summary.plies",
		map[string]any{i18n.CountArg: n, "Result": result, "Outcome": outcome})
}
