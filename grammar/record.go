package grammar

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"pbem/i18n"
	"pbem/rules"
)

// Record is one game of a record file as written: the tag section, the
// movetext and how it ends. Tokens keep their positions.
type Record struct {
	Pos  lexer.Position
	Tags []RecordTag
	// Notes are the comments among the tags.
	Notes []lexer.Token
	Moves []RecordElement
	// GiveUp is Resign or Forfeit (pente.org): the side to move gave up.
	GiveUp lexer.Token
	Result lexer.Token
	// Trailer are comments after the result.
	Trailer []lexer.Token

	// err is the syntax error that stopped reading the game, and tokens
	// the game's tokens, to explain it.
	err    error
	tokens []lexer.Token
}

// Release hands the record back for reuse by the games parsed after it;
// the record must not be read after.
func (r *Record) Release() {
	r.reset()
	recordPool.Put(r)
}

// reset empties the record, keeping the room of its slices.
func (r *Record) reset() {
	// Clearing lets go of the text the tokens point into.
	*r = Record{Tags: clearSlice(r.Tags), Notes: clearSlice(r.Notes),
		Moves: clearSlice(r.Moves), Trailer: clearSlice(r.Trailer)}
}

func clearSlice[S ~[]E, E any](s S) S {
	clear(s)
	return s[:0]
}

// extend adds an element to s, empty (the room past a slice's length is
// cleared: clearSlice), and returns where it is, for its fields to be set
// in place: an element built apart and appended was copied in 16-byte
// moves from the stores just made, a stall the processor pays for every
// ply a game is read with.
func extend[S ~[]E, E any](s S) (S, *E) {
	n := len(s)
	if n < cap(s) {
		s = s[:n+1]
	} else {
		var zero E
		s = append(s, zero)
	}
	return s, &s[n]
}

// recordPool holds the records released, to be reused: a file's games are much
// alike, so their slices fit the next games.
var recordPool = sync.Pool{New: func() any { return new(Record) }}

// RecordTag is a tag pair: [Name "value"]. Name stands at the [; the value
// is unescaped.
type RecordTag struct {
	Name, Value lexer.Token
}

// RecordElement is one item of movetext: Token is a ply (with its Suffix,
// ! ? !! ?? !? ?!, if any), a move number, a NAG or a comment, as its Type
// tells; or Variation is set.
type RecordElement struct {
	Token     lexer.Token
	Suffix    string
	Variation *RecordVariation
}

// RecordVariation is an alternative to the ply before it: ( ... ).
type RecordVariation struct {
	Pos   lexer.Position
	Moves []RecordElement
}

// batchSyntax is the grammar of a batch of games: a run of games, each
// closed by an end-of-game token. The run of games is a production written
// by hand (parseGames, given to participle with ParseTypeWith), as are a
// game's tag section and movetext. participle's generic machinery costs
// about a microsecond a token, several times the price of replaying a ply
// through the rules engine, which made a review of the real Pente set five
// times slower than a plain scanner; and its set-up and reflective calls
// for a production cost about as much as reading a game of ours (a branch,
// a deferred field set and a reflective call a game were 9% of a review).
// So participle parses a batch of 64 games at a time, in one call of
// parseGames, which marks where each game starts; each game is then read
// by parseGame as it is handed out, so that a batch holds one game's
// record at a time rather than 64 (their memory, fresh in a short run, was
// a quarter of the pages a review faulted in). A game's syntax error does
// not stop the batch: parseGame keeps it with the game and goes on after
// the game's end.
type batchSyntax struct {
	Games gamesProduction `parser:"@@"`
}

// gamesProduction is the games of a batch; participle wants an interface
// for a production parsed by a function of ours.
type gamesProduction interface{ starts() []lexer.Checkpoint }

// gameStarts are where the games of a batch start.
type gameStarts []lexer.Checkpoint

func (l *gameStarts) starts() []lexer.Checkpoint { return *l }

// startSlices are the gameStarts of batches read, for the batches after
// them: made afresh, they were a fifteenth of what a review allocated.
var startSlices = sync.Pool{New: func() any { s := make(gameStarts, 0, defaultBatch); return &s }}

// batchParser is built once; participle parsers are safe for concurrent use.
var batchParser = participle.MustBuild[batchSyntax](
	participle.Lexer(recordLexer{}),
	participle.ParseTypeWith(parseGames),
)

// parseGames reads the games of a batch, up to its end, marking where
// each starts; every game ends with its end-of-game token.
func parseGames(lex *lexer.PeekingLexer) (gamesProduction, error) {
	games := startSlices.Get().(*gameStarts)
	*games = (*games)[:0]
	for lex.Peek().Type != lexer.EOF {
		*games = append(*games, lex.MakeCheckpoint())
		for lex.Next().Type != tokGameEnd {
		}
	}
	return games, nil
}

// syntaxError is a fault found by a production of ours, already said in a
// player's words. It implements participle.Error so participle passes it on.
type syntaxError struct {
	pos lexer.Position
	why rules.Msg
}

func (e *syntaxError) Error() string            { return e.Message() }
func (e *syntaxError) Message() string          { return i18n.Render(i18n.English, e.why) }
func (e *syntaxError) Position() lexer.Position { return e.pos }

func newSyntaxError(pos lexer.Position, code string, args rules.Args) *syntaxError {
	return &syntaxError{pos: pos, why: syntaxMsg(code, args)}
}

// parseGame reads one game of a batch, up to and with its end-of-game
// token. A syntax error is kept with the game, whose tokens are skipped to
// its end.
func parseGame(lex *lexer.PeekingLexer) *Record {
	first := lex.Peek()
	start := lex.MakeCheckpoint().RawCursor()
	r := recordPool.Get().(*Record)
	r.Pos = first.Pos
	parseHeader(lex, r)
	err := parseMovetext(lex, r)
	if err == nil && lex.Peek().Type != tokGameEnd {
		err = &participle.UnexpectedTokenError{Unexpected: *lex.Peek()}
	}
	if err != nil {
		for lex.Peek().Type != tokGameEnd {
			lex.Next()
		}
		r.reset()
		r.err, r.tokens = err, lex.Range(start, lex.MakeCheckpoint().RawCursor())
	}
	lex.Next() // the end of the game
	return r
}

// parseHeader reads the tag pairs, and comments among them, into r. The
// lexer has checked each pair: a TagName token is always followed by its
// String.
func parseHeader(lex *lexer.PeekingLexer, r *Record) {
	if cap(r.Tags) < roomyTags {
		if n := countAhead(lex, headerToken); cap(r.Tags) < n {
			r.Tags = make([]RecordTag, 0, max(n, roomyTags))
		}
	}
	for {
		switch t := lex.Peek(); t.Type {
		case TokComment:
			r.Notes = append(r.Notes, *lex.Next())
		case TokTagName:
			var tag *RecordTag
			r.Tags, tag = extend(r.Tags)
			tag.Name, tag.Value = *lex.Next(), *lex.Next()
		default:
			return
		}
	}
}

// parseMovetext reads the movetext into r, up to Resign, the result or the
// end, and then those and the comments after them.
func parseMovetext(lex *lexer.PeekingLexer, r *Record) error {
	var err error
	if r.Moves, err = parseElements(lex, nil, r.Moves[:0]); err != nil {
		return err
	}
	if lex.Peek().Type == TokGiveUp {
		r.GiveUp = *lex.Next()
	}
	if lex.Peek().Type == TokResult {
		r.Result = *lex.Next()
	}
	for lex.Peek().Type == TokComment {
		r.Trailer = append(r.Trailer, *lex.Next())
	}
	return nil
}

// parseElements reads movetext items; inside a variation (open is its "(")
// up to the ")" that closes it, which it leaves to the caller.
func parseElements(lex *lexer.PeekingLexer, open *lexer.Token, els []RecordElement) ([]RecordElement, error) {
	// A variation's slice is new: made the right size. The main line's is
	// the record's, made roomy.
	if open != nil || cap(els) < roomyMoves {
		if n := countAhead(lex, movetextToken); cap(els) < n {
			if open == nil {
				n = max(n, roomyMoves)
			}
			els = make([]RecordElement, 0, n)
		}
	}
	for {
		t := lex.Peek()
		switch t.Type {
		case TokPly:
			var e *RecordElement
			els, e = extend(els)
			e.Token = *lex.Next()
			if lex.Peek().Type == TokSuffix {
				e.Suffix = lex.Next().Value
			}
		case TokNAG, TokComment:
			var e *RecordElement
			els, e = extend(els)
			e.Token = *lex.Next()
		case TokVarOpen:
			o := *lex.Next()
			moves, err := parseElements(lex, &o, nil)
			if err != nil {
				return els, err
			}
			lex.Next() // the )
			els = append(els, RecordElement{Variation: &RecordVariation{Pos: o.Pos, Moves: moves}})
		case TokVarClose:
			if open != nil {
				return els, nil
			}
			return els, newSyntaxError(t.Pos, "close_no_variation", nil)
		case TokSuffix:
			return els, newSyntaxError(t.Pos, "suffix_alone", rules.Args{"Suffix": t.Value})
		case TokString:
			return els, newSyntaxError(t.Pos, "outside_tag", rules.Args{"Found": describeToken(*t)})
		default: // Resign, the result, the end
			if open != nil {
				return els, newSyntaxError(open.Pos, "variation_open", rules.Args{"Found": describeToken(*t)})
			}
			return els, nil
		}
	}
}

// Records are reused (recordPool): once a record's slices have room for
// what most games hold, its later games are not counted ahead (a tenth of
// parsing a game) but grow the slice in the rare game that needs more.
const (
	roomyTags  = 16
	roomyMoves = 96
)

// countAhead counts the items from the cursor on, without moving: the
// tokens kind reports as items, up to the first it does not take. It bounds
// the items to come, so that their slice is made once rather than grown.
func countAhead(lex *lexer.PeekingLexer, kind func(lexer.TokenType) (take, item bool)) int {
	cp := lex.MakeCheckpoint()
	n := 0
	for {
		take, item := kind(lex.Peek().Type)
		if !take {
			break
		}
		if item {
			n++
		}
		lex.Next()
	}
	lex.LoadCheckpoint(cp)
	return n
}

func headerToken(t lexer.TokenType) (take, item bool) {
	switch t {
	case TokTagName:
		return true, true
	case TokString, TokComment:
		return true, false
	}
	return false, false
}

func movetextToken(t lexer.TokenType) (take, item bool) {
	switch t {
	case TokPly, TokNAG, TokComment, TokVarOpen, TokVarClose:
		return true, true
	case TokSuffix:
		return true, false
	}
	return false, false
}

// ParsedRecord is one game of a file: its syntax tree, or the error that
// stopped reading it, and the lines of the file it stands on.
type ParsedRecord struct {
	Record *Record
	Err    *Error
	// Source holds the lines of the game, for errors about it; its Name is
	// the file's.
	Source *Source
}

// Records reads the games of a whole text one by one. The tokens are
// split into games as they are lexed (a result outside variations ends a
// game, a tag after movetext starts one), so an error in one game leaves
// the others readable. Text holding no game (only comments, or nothing)
// gives none.
func Records(src *Source) iter.Seq[ParsedRecord] {
	return records(newRecordScanner(src))
}

func records(sc *recordScanner) iter.Seq[ParsedRecord] {
	return func(yield func(ParsedRecord) bool) {
		sp := newBatchSplitter(sc, defaultBatch)
		for {
			b := sp.next()
			if b == nil {
				return
			}
			for p := range b.Records() {
				if !yield(p) {
					return
				}
			}
			b.Release()
		}
	}
}

// defaultBatch is how many games a batch holds: enough that participle's
// token slice is grown rarely, few enough that a batch is small.
const defaultBatch = 64

// Batch is a run of consecutive games of a file, lexed once into one token
// stream for participle, each game closed by an end-of-game token. Batches
// of one file can be parsed on different goroutines.
type Batch struct {
	lex    *lexer.PeekingLexer
	tokens *[]lexer.Token
	// windows are the blocks of text the batch's tokens and sources
	// point into, when they are reused (window.go).
	windows []*window
	parts   *batchParts // its games, and their sources
}

// batchParts are the games of a batch and their sources, reused once the
// batch is released as its tokens are: made afresh, they were a fifth of
// what a review allocated.
type batchParts struct {
	games   []batchGame
	sources []Source
}

var batchPartsPool = sync.Pool{New: func() any { return new(batchParts) }}

// Release hands the batch's tokens back for reuse, and its text when the
// split reuses it; the batch must not be read after.
func (b *Batch) Release() {
	if b.tokens != nil {
		clear(*b.tokens) // let go of the text they point into
		*b.tokens = (*b.tokens)[:0]
		tokenSlices.Put(b.tokens)
		b.tokens, b.lex = nil, nil
	}
	for _, w := range b.windows {
		w.release()
	}
	b.windows = nil
	if p := b.parts; p != nil {
		clear(p.games)
		clear(p.sources)
		p.games, p.sources = p.games[:0], p.sources[:0]
		batchPartsPool.Put(p)
		b.parts = nil
	}
}

type batchGame struct {
	src *Source
	err *Error // the first text of the game that is no token
}

// Len is the number of games of the batch.
func (b *Batch) Len() int { return len(b.parts.games) }

// Split reads the record file r gives in batches of up to n games, reading
// it as it goes: the memory it takes is that of the batches not yet
// dropped, whatever the file's size. A read error ends the batches; err
// then returns it as r gave it.
//
// With reuse, the blocks the text is read in are reused once the batches
// whose games stand on them are released: nothing read from a batch, its
// tokens' strings included, may be kept past its Release.
func Split(name string, r io.Reader, n int, reuse bool) (batches iter.Seq[*Batch], err func() error) {
	sc := newStreamScanner(name, r)
	if reuse {
		sc.windows = &windowPool{}
	}
	return func(yield func(*Batch) bool) {
			sp := newBatchSplitter(sc, n)
			for {
				b := sp.next()
				if b == nil || !yield(b) {
					return
				}
			}
		}, func() error {
			return sc.err
		}
}

// Records parses the games of the batch and hands them out one by one,
// each read as it is handed out.
func (b *Batch) Records() iter.Seq[ParsedRecord] {
	return func(yield func(ParsedRecord) bool) {
		syn, err := batchParser.ParseFromLexer(b.lex)
		var starts []lexer.Checkpoint
		if syn != nil && syn.Games != nil {
			starts = syn.Games.starts()
			if s, ok := syn.Games.(*gameStarts); ok {
				defer startSlices.Put(s)
			}
		}
		for i, g := range b.parts.games {
			p := ParsedRecord{Err: g.err, Source: g.src}
			switch {
			case i >= len(starts):
				// Not reached: parseGames takes every game whole.
				p.Err = g.src.fault(max(g.src.first, 1), 1, syntaxMsg("unreadable", rules.Args{"Error": fmt.Sprint(err)}))
			case g.err != nil: // its tokens were dropped
			default:
				b.lex.LoadCheckpoint(starts[i])
				r := parseGame(b.lex)
				if r.err != nil {
					p.Err = explainRecord(g.src, r.tokens, r.err)
					r.Release()
				} else {
					p.Record = r
				}
			}
			if !yield(p) {
				return
			}
		}
	}
}

// tokGameEnd closes each game of a batch; the grammar knows no such token,
// so participle stops there as at the end of the text.
const tokGameEnd = TokInvalid - 1

// batchSplitter turns the tokens of a scanner into batches, each game
// closed by an end-of-game token and the batch by EOF, and notes where each
// game starts and what text it stands on.
type batchSplitter struct {
	sc   *recordScanner
	size int
	sp   splitter
	// carry are the tokens read past the end of the last batch: the first
	// starts the next game (starts has seen it), the others are the rest
	// of its construct.
	carry []lexer.Token
	done  bool
	games []batchGame
	// sources are the games' Sources, made once a batch: the games
	// point into it, so it is never grown.
	sources []Source
	n       int // tokens of the open game
	// first is where the open game's first token is, and last where the
	// last game closed ended.
	first, last lexer.Position
	invalid     int // offset of the first Invalid token of the open game, or -1
	start       int // where the open game's tokens start in the batch
	// windows are those the open batch holds, the newest last.
	windows []*window
}

func newBatchSplitter(sc *recordScanner, size int) *batchSplitter {
	return &batchSplitter{sc: sc, size: size, invalid: -1}
}

// next lexes the next batch; nil when the text holds no more games. The
// scanner writes each token straight into the batch's slice.
func (s *batchSplitter) next() *Batch {
	if s.done {
		return nil
	}
	parts := batchPartsPool.Get().(*batchParts)
	if cap(parts.games) < s.size || cap(parts.sources) < s.size {
		parts.games, parts.sources = make([]batchGame, 0, s.size), make([]Source, 0, s.size)
	}
	s.games, s.sources = parts.games[:0], parts.sources[:0]
	s.windows = nil
	toks := tokenSlices.Get().(*[]lexer.Token)
	t := *toks
	from := 0 // the first token not looked at
	if len(s.carry) > 0 {
		t = append(t, s.carry...)
		clear(s.carry)
		s.carry = s.carry[:0]
		s.take(t, 0) // it starts a game: starts said so
		from = 1
	}
	for !s.done {
		if from == len(t) {
			t = s.sc.scan(t)
		}
		for ; from < len(t); from++ {
			tok := &t[from]
			if tok.Type == lexer.EOF {
				s.done = true
				end := tok.Pos.Offset + 1
				t = t[:from]
				if s.n > 0 && s.sp.content() {
					t = s.close(t, end)
				}
				break
			}
			if s.sp.starts(tok) && s.n > 0 {
				// The open game ends before tok: its end-of-game token
				// goes in tok's place, tok and the rest of its construct
				// after it, or to the next batch when this one is full.
				next := tok.Pos.Offset
				s.carry = append(s.carry, t[from:]...)
				clear(t[from:])
				t = s.close(t[:from], next)
				if len(s.games) == s.size {
					goto full
				}
				from = len(t)
				t = append(t, s.carry...)
				clear(s.carry)
				s.carry = s.carry[:0]
			}
			s.take(t, from)
		}
	}
full:
	*toks = append(t, lexer.EOFToken(s.last))
	parts.games, parts.sources = s.games, s.sources
	b := &Batch{lex: peekingView(*toks), tokens: toks, windows: s.windows, parts: parts}
	if len(s.games) == 0 {
		b.Release()
		return nil
	}
	return b
}

// take notes toks[i], the last token looked at, in the open game. It
// reads single fields of the token only (see scan).
func (s *batchSplitter) take(toks []lexer.Token, i int) {
	t := &toks[i]
	s.holdWindow()
	if s.n == 0 {
		s.start = i
		s.first = t.Pos
		s.sc.keep = lineStart(s.sc, t.Pos.Offset)
	}
	if t.Type == TokInvalid && s.invalid < 0 {
		s.invalid = t.Pos.Offset
	}
	s.n++
}

// holdWindow makes the open batch hold the scanner's current window, when
// windows are reused.
func (s *batchSplitter) holdWindow() {
	w := s.sc.cur
	if w == nil || len(s.windows) > 0 && s.windows[len(s.windows)-1] == w {
		return
	}
	w.refs.Add(1)
	s.windows = append(s.windows, w)
}

// close notes the open game: the lines from its first token to its last,
// and the first fault of its text; and ends its tokens, the batch's so far,
// with an end-of-game token. A game with a fault of its text is not
// parsed: its tokens are dropped. next is the offset of the next game.
func (s *batchSplitter) close(toks []lexer.Token, next int) []lexer.Token {
	sc := s.sc
	s.last = toks[len(toks)-1].Pos
	s.holdWindow() // the game's source is taken from the current window
	from := lineStart(sc, s.first.Offset) - sc.base
	to := s.last.Offset - sc.base
	if j := strings.IndexByte(sc.s[to:], '\n'); j >= 0 {
		to += j
	} else {
		to = len(sc.s)
	}
	var g batchGame
	if n := len(s.sources); n < cap(s.sources) {
		s.sources = s.sources[:n+1]
		g.src = &s.sources[n]
	} else {
		g.src = new(Source)
	}
	// Set in place (see scan): a Source built and copied stalled once a game.
	g.src.Name, g.src.Text, g.src.first, g.src.lines = sc.name, sc.s[from:to], s.first.Line, nil
	if s.invalid >= 0 {
		f := sc.errs[s.invalid]
		g.err = g.src.fault(f.line, f.col, f.why)
		clear(toks[s.start:])
		toks = toks[:s.start]
	}
	for off := range sc.errs {
		if off < next {
			delete(sc.errs, off) // not those of the next game, lexed with its first token
		}
	}
	s.games = append(s.games, g)
	s.n, s.invalid = 0, -1
	return append(toks, lexer.Token{Type: tokGameEnd, Pos: s.last})
}

// lineStart is the offset of the start of the line holding offset off,
// which is in the window.
func lineStart(sc *recordScanner, off int) int {
	return sc.base + strings.LastIndexByte(sc.s[:off-sc.base], '\n') + 1
}

// splitter finds where games begin in a stream of tokens.
type splitter struct {
	moves, tags, ended bool
	depth              int
}

func (s *splitter) content() bool { return s.moves || s.tags }

// starts reports whether t begins a new game, after the tokens before it.
// Comments never do: they stay with the game before them.
func (s *splitter) starts(t *lexer.Token) bool {
	if t.Type == TokComment {
		return false
	}
	begins := s.ended || t.Type == TokTagName && s.moves
	if begins {
		*s = splitter{}
	}
	switch t.Type {
	case TokTagName:
		s.tags = true
	case TokString, TokInvalid: // a bad tag stays in the tag section
		s.tags = s.tags || !s.moves
	case TokVarOpen:
		s.depth++
		s.moves = true
	case TokVarClose:
		s.depth = max(s.depth-1, 0)
		s.moves = true
	case TokResult:
		s.moves = true
		s.ended = s.depth == 0
	default:
		s.moves = true
	}
	return begins
}

// explainRecord turns a parse error into one a player understands.
func explainRecord(src *Source, game []lexer.Token, err error) *Error {
	var own *syntaxError
	if errors.As(err, &own) {
		return src.fault(own.pos.Line, own.pos.Column, own.why)
	}
	pos, why := game[0].Pos, syntaxMsg("unreadable_here", nil)
	var unexpected *participle.UnexpectedTokenError
	if errors.As(err, &unexpected) {
		pos = unexpected.Unexpected.Pos
		found := describeToken(unexpected.Unexpected)
		why = syntaxMsg("expected_end", rules.Args{"Found": found})
		for _, t := range game {
			if t.Pos.Offset >= pos.Offset {
				break
			}
			if t.Type == TokGiveUp || t.Type == TokResult {
				why = syntaxMsg("expected_end_after", rules.Args{"After": t.Value, "Found": found})
			}
		}
	}
	return src.fault(pos.Line, pos.Column, why)
}

// describeToken names a token as the player wrote it: a message of the
// catalogs, or the token's text quoted.
func describeToken(t lexer.Token) any {
	switch t.Type {
	case lexer.EOF, tokGameEnd:
		return foundMsg("game_end", nil)
	case TokResult:
		return foundMsg("result", rules.Args{"Result": t.Value})
	case TokComment:
		return foundMsg("comment", nil)
	case TokString:
		return foundMsg("value", rules.Args{"Value": strconv.Quote(t.Value)})
	}
	return strconv.Quote(t.Value)
}

// foundMsg names what was found where something else was expected.
func foundMsg(code string, args rules.Args) rules.Msg {
	return rules.M(rules.Code("notation.syntax.found."+code), args)
}
