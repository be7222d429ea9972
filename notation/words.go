package notation

import (
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/puzpuzpuz/xsync/v4"

	"pbem/i18n"
	"pbem/rules"
)

// Words puts the reports of a review into one language. It remembers the
// sentences it made: the games of a file end in few different ways and
// have few different lengths, and putting a message into words costs more
// than reading a game, so a review of many games keeps one Words for all
// of them. It is safe for concurrent use.
type Words struct {
	lang      i18n.Lang
	memo      *memo[string, string]
	memoCount atomic.Int32 // the sentences memo holds
	endings   endings
}

// memo remembers values by key, up to memoMax of them counted in count,
// which memos may share; it is safe for concurrent use once made by
// newMemo. Finding a value writes nothing the workers
// share: with a lock, the two cores of a review passed its line between
// them for every game. The map is xsync's, whose keys are typed: sync.Map
// boxed each key in an interface and hashed it through its type, and was
// most of what putting a game's end into words cost.
type memo[K comparable, V any] struct {
	m     *xsync.Map[K, V]
	count *atomic.Int32
}

func newMemo[K comparable, V any](count *atomic.Int32) *memo[K, V] {
	return &memo[K, V]{m: xsync.NewMap[K, V](), count: count}
}

// get is the value remembered under key, made with say the first time.
func (m *memo[K, V]) get(key K, say func() V) V {
	if v, ok := m.m.Load(key); ok {
		return v
	}
	v := say()
	if n := m.count; n.Load() < memoMax && n.Add(1) <= memoMax {
		m.m.Store(key, v)
	}
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

// endings are the ending sentences made so far. A file's games end in a
// few ways, so they are a list, copied when one is added and read without
// a lock: a map under a lock, its keys hashed for each game, was most of
// what putting a game's end into words cost in a review.
type endings struct {
	list atomic.Pointer[[]*ending]
	mu   sync.Mutex // held to add
	// wholes counts the whole sentences the endings remember, which
	// memoMax bounds together.
	wholes atomic.Int32
}

// maxEndings bounds the endings a Words lists; past it, sentences are made
// anew.
const maxEndings = 64

// ending is an ending's sentence, cut where its particulars go, and the
// whole sentences made with particulars: a line of five or a count of
// pairs recurs across the games of a file.
type ending struct {
	key   endingKey
	words endingWords
	whole *memo[detailKey, string]
}

// get is the ending of key, made with say the first time.
func (e *endings) get(key endingKey, say func() endingWords) *ending {
	if l := e.list.Load(); l != nil {
		for _, x := range *l {
			if x.key == key {
				return x
			}
		}
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	var list []*ending
	if l := e.list.Load(); l != nil {
		list = *l
	}
	for _, x := range list {
		if x.key == key { // added while this one waited for the lock
			return x
		}
	}
	x := &ending{key: key, words: say()}
	if len(list) < maxEndings {
		x.whole = newMemo[detailKey, string](&e.wholes)
		list = append(list[:len(list):len(list)], x)
		e.list.Store(&list)
	}
	return x
}

// detailKey is an ending's particulars by identity: their code and their
// arguments' map. An engine makes the details of a line of five or of a
// count of pairs once and gives them to every game that ends so (as
// rules/pente does), and a detail is never written once made, so that
// the map stands for what it holds; the key holds the map, and while the
// memo keeps it no other map is made at its address. Details made afresh
// for each game are remembered to no use, up to the bound. Hashing the
// particulars themselves, after reading the map, cost as much as putting
// them into words again.
type detailKey struct {
	code rules.Code
	args unsafe.Pointer
}

// keyOfDetail is m's detailKey.
func keyOfDetail(m rules.Msg) detailKey {
	k := detailKey{code: m.Code}
	if m.Args != nil {
		k.args = reflect.ValueOf(m.Args).UnsafePointer()
	}
	return k
}

// endingWords is an ending's sentence, cut where its particulars go.
type endingWords struct {
	before, after string
	cut           bool
}

// memoMax bounds what a Words remembers; past it, sentences are made anew.
const memoMax = 1 << 12

// NewWords gives the words of lang (English when lang is none of i18n.All).
func NewWords(lang i18n.Lang) *Words {
	w := &Words{lang: lang.Or(i18n.English)}
	w.memo = newMemo[string, string](&w.memoCount)
	return w
}

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
	say := func() (e endingWords) {
		var detail any
		if k.detail {
			detail = detailMark
		}
		e.before, e.after, e.cut = strings.Cut(i18n.Render(w.lang, outcomeMsg(state, o, detail)), detailMark)
		return e
	}
	var e *ending
	if len(o.Winners) > len(k.winners) {
		e = &ending{words: say()} // not listed: its key cannot hold them
	} else {
		for i, s := range o.Winners {
			k.winners[i] = state.SeatName(s)
		}
		e = w.endings.get(k, say)
	}
	if !e.words.cut {
		return e.words.before
	}
	whole := func() string { return e.words.before + i18n.Render(w.lang, o.Detail) + e.words.after }
	if e.whole == nil { // not listed, or past maxEndings
		return whole()
	}
	return e.whole.get(keyOfDetail(o.Detail), whole)
}

// detailMark stands for the particulars of an ending in a remembered
// sentence.
const detailMark = "\x00detail\x00"

// plies is the summary's "9 plies, result 1-0, by rule 1-0".
func (w *Words) plies(n int, result, outcome string) string {
	return w.tr("plies\x00"+strconv.Itoa(n)+"\x00"+result+"\x00"+outcome, "notation.summary.plies",
		map[string]any{i18n.CountArg: n, "Result": result, "Outcome": outcome})
}
