package grammar

import (
	"errors"
	"fmt"
	"iter"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
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
}

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

// recordSyntax is the grammar of one game. The tag section and the movetext
// are productions written by hand (parseHeader, parseMovetext) and given to
// participle with ParseTypeWith: they hold nearly every token of a game,
// and participle's generic machinery costs about a microsecond a token,
// several times the price of replaying a ply through the rules engine, which
// made a review of the real Pente set five times slower than a plain
// scanner.
type recordSyntax struct {
	Pos     lexer.Position
	Header  headerProduction   `parser:"@@"`
	Moves   movetextProduction `parser:"@@"`
	GiveUp  lexer.Token        `parser:"@GiveUp?"`
	Result  lexer.Token        `parser:"@Result?"`
	Trailer []lexer.Token      `parser:"@Comment*"`
}

// headerProduction is the tag section; participle wants an interface for a
// production parsed by a function of ours.
type headerProduction interface {
	header() ([]RecordTag, []lexer.Token)
}

// movetextProduction is the movetext of a game.
type movetextProduction interface{ moves() []RecordElement }

type header struct {
	tags  []RecordTag
	notes []lexer.Token
}

func (h *header) header() ([]RecordTag, []lexer.Token) { return h.tags, h.notes }

type elementList []RecordElement

func (m elementList) moves() []RecordElement { return m }

// recordParser is built once; participle parsers are safe for concurrent use.
var recordParser = participle.MustBuild[recordSyntax](
	participle.Lexer(recordLexer{}),
	participle.ParseTypeWith(parseHeader),
	participle.ParseTypeWith(parseMovetext),
)

// syntaxError is a fault found by a production of ours, already said in a
// player's words. It implements participle.Error so participle passes it on.
type syntaxError struct {
	pos lexer.Position
	msg string
}

func (e *syntaxError) Error() string            { return e.msg }
func (e *syntaxError) Message() string          { return e.msg }
func (e *syntaxError) Position() lexer.Position { return e.pos }

func syntaxErrorf(pos lexer.Position, format string, args ...any) *syntaxError {
	return &syntaxError{pos: pos, msg: fmt.Sprintf(format, args...)}
}

// parseHeader reads the tag pairs, and comments among them. The lexer has
// checked each pair: a TagName token is always followed by its String.
func parseHeader(lex *lexer.PeekingLexer) (headerProduction, error) {
	h := &header{tags: make([]RecordTag, 0, countAhead(lex, headerToken))}
	for {
		switch t := lex.Peek(); t.Type {
		case TokComment:
			h.notes = append(h.notes, *lex.Next())
		case TokTagName:
			name := *lex.Next()
			h.tags = append(h.tags, RecordTag{Name: name, Value: *lex.Next()})
		default:
			return h, nil
		}
	}
}

// parseMovetext reads the movetext up to Resign, the result or the end.
func parseMovetext(lex *lexer.PeekingLexer) (movetextProduction, error) {
	els, err := parseElements(lex, nil)
	return elementList(els), err
}

// parseElements reads movetext items; inside a variation (open is its "(")
// up to the ")" that closes it, which it leaves to the caller.
func parseElements(lex *lexer.PeekingLexer, open *lexer.Token) ([]RecordElement, error) {
	els := make([]RecordElement, 0, countAhead(lex, movetextToken))
	for {
		t := lex.Peek()
		switch t.Type {
		case TokPly:
			e := RecordElement{Token: *lex.Next()}
			if lex.Peek().Type == TokSuffix {
				e.Suffix = lex.Next().Value
			}
			els = append(els, e)
		case TokNAG, TokComment:
			els = append(els, RecordElement{Token: *lex.Next()})
		case TokVarOpen:
			o := *lex.Next()
			moves, err := parseElements(lex, &o)
			if err != nil {
				return els, err
			}
			lex.Next() // the )
			els = append(els, RecordElement{Variation: &RecordVariation{Pos: o.Pos, Moves: moves}})
		case TokVarClose:
			if open != nil {
				return els, nil
			}
			return els, syntaxErrorf(t.Pos, "this ) closes no variation")
		case TokSuffix:
			return els, syntaxErrorf(t.Pos, "a move suffix such as %s belongs right after a ply, as in K10%s", t.Value, t.Value)
		case TokString:
			return els, syntaxErrorf(t.Pos, `found %s outside a tag: tags come before the moves, as in [Event "Club match"]`, describeToken(*t))
		default: // Resign, the result, the end
			if open != nil {
				return els, syntaxErrorf(open.Pos, "this variation is not closed before %s: end it with )", describeToken(*t))
			}
			return els, nil
		}
	}
}

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
// stopped reading it.
type ParsedRecord struct {
	Record *Record
	Err    *Error
}

// Records reads the games of a record file one by one. The tokens are
// split into games as they are lexed (a result outside variations ends a
// game, a tag after movetext starts one), so an error in one game leaves
// the others readable, and a file is never held as tokens or trees all at
// once. Text holding no game (only comments, or nothing) gives none.
func Records(src *Source) iter.Seq[ParsedRecord] {
	return func(yield func(ParsedRecord) bool) {
		sc := newRecordScanner(src)
		var game []lexer.Token // reused: participle copies the tokens
		var sp splitter
		for {
			t, _ := sc.Next()
			if t.Type == lexer.EOF {
				if sp.content() {
					yield(parseRecord(src, game, sc.errs))
				}
				return
			}
			if sp.starts(t) {
				if !yield(parseRecord(src, game, sc.errs)) {
					return
				}
				game = game[:0]
			}
			game = append(game, t)
		}
	}
}

// splitter finds where games begin in a stream of tokens.
type splitter struct {
	moves, tags, ended bool
	depth              int
}

func (s *splitter) content() bool { return s.moves || s.tags }

// starts reports whether t begins a new game, after the tokens before it.
// Comments never do: they stay with the game before them.
func (s *splitter) starts(t lexer.Token) bool {
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

// parseRecord parses the tokens of one game.
func parseRecord(src *Source, game []lexer.Token, lexErrs map[int]*Error) ParsedRecord {
	for _, t := range game {
		if t.Type == TokInvalid {
			return ParsedRecord{Err: lexErrs[t.Pos.Offset]}
		}
	}
	peek, _ := lexer.Upgrade(&recordTokens{toks: game, eof: game[len(game)-1].Pos}) // never fails
	syn, err := recordParser.ParseFromLexer(peek)
	if err != nil {
		return ParsedRecord{Err: explainRecord(src, game, err)}
	}
	tags, notes := syn.Header.header()
	return ParsedRecord{Record: &Record{Pos: syn.Pos, Tags: tags, Notes: notes,
		Moves: syn.Moves.moves(), GiveUp: syn.GiveUp, Result: syn.Result, Trailer: syn.Trailer}}
}

// explainRecord turns a parse error into one a player understands.
func explainRecord(src *Source, game []lexer.Token, err error) *Error {
	var own *syntaxError
	if errors.As(err, &own) {
		return src.Errorf(own.pos.Line, own.pos.Column, "%s", own.msg)
	}
	pos, msg := game[0].Pos, "this game cannot be read from here on"
	var unexpected *participle.UnexpectedTokenError
	if errors.As(err, &unexpected) {
		pos = unexpected.Unexpected.Pos
		msg = "expected the end of the game, found " + describeToken(unexpected.Unexpected)
		for _, t := range game {
			if t.Pos.Offset >= pos.Offset {
				break
			}
			if t.Type == TokGiveUp || t.Type == TokResult {
				msg = fmt.Sprintf("expected the end of the game after %s, found %s", t.Value, describeToken(unexpected.Unexpected))
			}
		}
	}
	return src.Errorf(pos.Line, pos.Column, "%s", msg)
}

// describeToken names a token as the player wrote it.
func describeToken(t lexer.Token) string {
	switch t.Type {
	case lexer.EOF:
		return "the end of the game"
	case TokResult:
		return "the result " + t.Value
	case TokComment:
		return "a comment"
	case TokString:
		return fmt.Sprintf("the quoted value %q", t.Value)
	}
	return fmt.Sprintf("%q", t.Value)
}
