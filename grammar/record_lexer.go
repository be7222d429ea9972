package grammar

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"

	"pbem/rules"
)

// The token types of records. One ply is one Ply token, whatever the game:
// the rules engine reads it. The lexer reads a tag pair's brackets itself
// and skips move numbers (12. or 12...), which say nothing the rules do not:
// participle copies every token of a game, and these are a third of them.
const (
	TokTagName  lexer.TokenType = -(iota + 2) // [Player 1 Name, at the [
	TokString                                 // "value", unescaped
	TokPly                                    // K10, b1-c2xc1, 213:c2-c4:d2-e3:e2-e3
	TokSuffix                                 // ! ? !! ?? !? ?!
	TokNAG                                    // $3
	TokComment                                // {text} or ;text, without the delimiters
	TokVarOpen                                // (
	TokVarClose                               // )
	TokResult                                 // 1-0 0-1 1/2-1/2 * ? 0-0 0-1-0-0 ...
	TokGiveUp                                 // Resign or Forfeit
	TokInvalid                                // text that is no token; its Error says why
)

// recordLexer is the participle lexer of records. It is hand-written: the
// tag state (names with spaces), the column-1 rule of % lines and the
// splitting of "1.K10" or "K10!" into tokens are awkward as regular
// expressions, and it lexes a construct at a time as Records needs them.
type recordLexer struct{}

// Symbols names the token types for the grammar. It makes the map anew
// (participle asks while building the parser): a package variable could be
// initialised after the parser that needs it.
func (recordLexer) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF": lexer.EOF, "TagName": TokTagName, "String": TokString,
		"Ply": TokPly, "Suffix": TokSuffix, "NAG": TokNAG, "Comment": TokComment,
		"VarOpen": TokVarOpen, "VarClose": TokVarClose,
		"Result": TokResult, "GiveUp": TokGiveUp, "Invalid": TokInvalid,
	}
}

// Lex implements lexer.Definition. Records feeds the parser game by game
// and does not use it; participle's own entry points would.
func (recordLexer) Lex(name string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return newRecordScanner(NewSource(name, src)), nil
}

// recordScanner is the lexer of records: scan writes the tokens of one
// construct at a time into the batch being built, and Next hands out one
// token at a time, so a file is never held as tokens all at once. Text that is no
// token becomes an Invalid token, and errs holds, by the token's offset,
// the fault that says why; lexing goes on after it.
//
// It reads either a whole text or a stream. A stream is read in blocks
// into a window of text: before each construct the window holds at least
// the rest of its line (a brace comment, to its }), and text before keep
// (the start of the line the current game starts on) is dropped when the
// window is refilled. Offsets are counted in the decoded text from its
// start, whatever the window.
type recordScanner struct {
	name string
	r    io.Reader // nil when s is the whole text
	s    string    // the window
	base int       // offset of s[0] in the text
	i    int       // offset in the window
	// nl is the window offset of the first line end at or after i, when
	// known (nl >= i); scanned is how far the window was searched for it.
	nl, scanned int
	keep        int // text offset before which the window may be dropped
	eof         bool
	err         error // a read error; it ends the text
	pending     []byte
	started     bool // the first block was read: the byte-order mark is handled
	line, col   int
	// out is where the tokens scanned go (scan); queue holds those Next
	// has yet to hand out, head the next.
	out   []lexer.Token
	queue []lexer.Token
	head  int
	errs  map[int]lexFault
	// windows, when not nil, gives the blocks of a stream and takes them
	// back (window.go); cur is the one s is.
	windows *windowPool
	cur     *window
}

// lexFault is why a text is no token, at its line and column.
type lexFault struct {
	line, col int
	why       rules.Msg
}

// newRecordScanner lexes a whole decoded text.
func newRecordScanner(src *Source) *recordScanner {
	return &recordScanner{name: src.Name, s: src.Text, eof: true, nl: -1, line: 1, col: 1}
}

// newStreamScanner lexes the text r gives, decoding it as NewSource does.
func newStreamScanner(name string, r io.Reader) *recordScanner {
	return &recordScanner{name: name, r: r, nl: -1, line: 1, col: 1}
}

// blockSize is how much of a stream is read at a time.
const blockSize = 64 << 10

// fill reads the next block of the stream into the window, dropping the
// text before keep. The new window is made in one allocation, the text
// kept and then the block read straight into it, and never written after:
// tokens point into it.
func (sc *recordScanner) fill() {
	if drop := sc.keep - sc.base; drop > 0 {
		sc.s = sc.s[drop:]
		sc.base += drop
		sc.i -= drop
		sc.nl -= drop
		sc.scanned = max(sc.scanned-drop, 0)
	}
	kept := len(sc.s)
	need := kept + len(sc.pending) + blockSize + utf8.UTFMax
	var win *window
	var w []byte
	if sc.windows != nil {
		win = sc.windows.get(need)
		w = win.buf[:kept]
	} else {
		w = make([]byte, kept, need)
	}
	copy(w, sc.s)
	w = append(w, sc.pending...)
	for len(w) == kept+len(sc.pending) && !sc.eof {
		n, err := sc.r.Read(w[len(w):cap(w)])
		w = w[:len(w)+n]
		if err == io.EOF {
			sc.eof = true
		} else if err != nil {
			sc.eof, sc.err = true, err
		}
	}
	sc.pending = sc.pending[:0]
	if !sc.started {
		if len(w)-kept < 3 && !sc.eof {
			sc.pending = append(sc.pending, w[kept:]...)
			return
		}
		sc.started = true
		if bom := "\uFEFF"; bytes.HasPrefix(w[kept:], []byte(bom)) {
			w = append(w[:kept], w[kept+len(bom):]...)
		}
	}
	if !sc.eof {
		// A character cut by the block's end waits for the next block.
		for k := 1; k <= utf8.UTFMax-1 && k <= len(w)-kept; k++ {
			if c := w[len(w)-k]; c >= 0xC0 {
				if !utf8.FullRune(w[len(w)-k:]) {
					sc.pending = append(sc.pending, w[len(w)-k:]...)
					w = w[:len(w)-k]
				}
				break
			} else if c < utf8.RuneSelf {
				break
			}
		}
	}
	if block := w[kept:]; !utf8.Valid(block) {
		w = append(w[:kept], decode(string(block))...)
	}
	sc.s = unsafe.String(unsafe.SliceData(w), len(w))
	if win != nil {
		win.buf = w
		if sc.cur != nil {
			sc.cur.release()
		}
		sc.cur = win
	}
}

// readLine makes sure the window holds the rest of the current line.
func (sc *recordScanner) readLine() {
	if sc.nl >= sc.i {
		return
	}
	for {
		from := max(sc.i, sc.scanned)
		if j := strings.IndexByte(sc.s[from:], '\n'); j >= 0 {
			sc.nl, sc.scanned = from+j, from+j
			return
		}
		sc.scanned = len(sc.s)
		if sc.eof {
			sc.nl = len(sc.s)
			return
		}
		sc.fill()
	}
}

// Next implements lexer.Lexer; at the end it returns EOF tokens.
func (sc *recordScanner) Next() (lexer.Token, error) {
	if sc.head == len(sc.queue) {
		sc.queue, sc.head = sc.scan(sc.queue[:0]), 0
	}
	sc.head++
	return sc.queue[sc.head-1], nil
}

// scan appends to toks the tokens of the next construct that makes any
// ("1.K10" makes one, "K10!" two), or an EOF token at the end, and
// returns it. The tokens are written in place, field by field: a token
// built whole and then copied was read back in 16-byte moves from the
// 8-byte stores just made, a stall the processor pays for every token
// (most of what appending a ply's token cost).
func (sc *recordScanner) scan(toks []lexer.Token) []lexer.Token {
	sc.out = toks
	n := len(toks)
	for len(sc.out) == n {
		if !sc.eof {
			sc.readLine()
		}
		// The single spaces between plies, without a step each; the
		// window holds the line's end, so they stop before it.
		for sc.i < len(sc.s) && sc.s[sc.i] == ' ' {
			sc.i++
			sc.col++
		}
		if sc.i >= len(sc.s) {
			sc.push(lexer.EOF, "", sc.base+sc.i, sc.line, sc.col)
			break
		}
		sc.step()
	}
	toks, sc.out = sc.out, nil
	return toks
}

// push appends a token to the output.
func (sc *recordScanner) push(t lexer.TokenType, v string, offset, line, col int) {
	n := len(sc.out)
	if n == cap(sc.out) {
		sc.out = append(sc.out, lexer.Token{})
	} else {
		sc.out = sc.out[:n+1]
	}
	tok := &sc.out[n]
	tok.Type, tok.Value = t, v
	tok.Pos.Filename, tok.Pos.Offset, tok.Pos.Line, tok.Pos.Column = sc.name, offset, line, col
}

func (sc *recordScanner) pos() lexer.Position { return sc.position(sc.base+sc.i, sc.line, sc.col) }

// position is the file's position at offset, line and column.
func (sc *recordScanner) position(offset, line, col int) lexer.Position {
	return lexer.Position{Filename: sc.name, Offset: offset, Line: line, Column: col}
}

func (sc *recordScanner) emit(t lexer.TokenType, v string, p lexer.Position) {
	sc.push(t, v, p.Offset, p.Line, p.Column)
}

// invalid emits an Invalid token and files its fault; of two faults at
// one place the first is the one reported.
func (sc *recordScanner) invalid(v string, p lexer.Position, code string, args rules.Args) {
	sc.emit(TokInvalid, v, p)
	if sc.errs == nil {
		sc.errs = map[int]lexFault{}
	}
	if _, dup := sc.errs[p.Offset]; !dup {
		sc.errs[p.Offset] = lexFault{line: p.Line, col: p.Column, why: syntaxMsg(code, args)}
	}
}

// advance moves past n bytes, counting lines and characters (the window
// is valid UTF-8: decode made it so).
func (sc *recordScanner) advance(n int) {
	seg := sc.s[sc.i : sc.i+n]
	for {
		k := strings.IndexByte(seg, '\n')
		if k < 0 {
			break
		}
		sc.line++
		sc.col = 1
		seg = seg[k+1:]
	}
	sc.col += runeCount(seg)
	sc.i += n
}

// runeCount is utf8.RuneCountInString, quicker for the ASCII text that
// records mostly are.
func runeCount(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return i + utf8.RuneCountInString(s[i:])
		}
	}
	return len(s)
}

// advanceWord moves past w, which holds no line end.
func (sc *recordScanner) advanceWord(w string) {
	sc.i += len(w)
	sc.col += runeCount(w)
}

// toLineEnd is the length of the text from the offset up to the next LF.
func (sc *recordScanner) toLineEnd() int {
	if j := strings.IndexByte(sc.s[sc.i:], '\n'); j >= 0 {
		return j
	}
	return len(sc.s) - sc.i
}

// step scans the construct at the offset: white space, a hidden line, a
// tag, a comment, a delimiter or a word of movetext.
func (sc *recordScanner) step() {
	c := sc.s[sc.i]
	switch {
	case c == '%' && sc.col == 1:
		sc.advance(sc.toLineEnd()) // an escaped line: hidden
	case c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v':
		sc.skipSpace()
	case c >= utf8.RuneSelf && startsSpace(sc.s[sc.i:]):
		sc.advance(1)
	case c == '[':
		sc.tag()
	case c == '{':
		sc.braceComment()
	case c == ';':
		p := sc.pos()
		sc.advance(1)
		n := sc.toLineEnd()
		sc.emit(TokComment, strings.TrimSuffix(sc.s[sc.i:sc.i+n], "\r"), p)
		sc.advance(n)
	case c == '(':
		sc.emit(TokVarOpen, "(", sc.pos())
		sc.advance(1)
	case c == ')':
		sc.emit(TokVarClose, ")", sc.pos())
		sc.advance(1)
	case c == ']':
		sc.invalid("]", sc.pos(), "bracket_outside_tag", nil)
		sc.advance(1)
	case c == '"':
		sc.str()
	default:
		sc.word()
	}
}

// skipSpace moves past a run of ASCII white space, up to the end of the
// line: the window holds no more for sure.
func (sc *recordScanner) skipSpace() {
	for sc.i < len(sc.s) {
		switch sc.s[sc.i] {
		case '\n':
			sc.line++
			sc.col = 1
			sc.i++
			return
		case ' ', '\r', '\t', '\f', '\v':
			sc.col++
			sc.i++
		default:
			return
		}
	}
}

func startsSpace(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsSpace(r)
}

func (sc *recordScanner) skipBlanks() {
	for sc.i < len(sc.s) && (sc.s[sc.i] == ' ' || sc.s[sc.i] == '\t') {
		sc.i++
		sc.col++
	}
}

// tag lexes a tag pair [Name "value"] as a TagName token (at the [) and a
// String token. The name may hold spaces, apostrophes and ?. A tag that is
// not whole is an error; lexing goes on after its ] or at the end of its
// line, or right after the value when only the ] is missing.
func (sc *recordScanner) tag() {
	// The position is kept as numbers, and made whole only for a fault: a
	// Position built and then copied was read back in 16-byte moves from
	// the stores just made (see scan), in every tag.
	off, line, col := sc.base+sc.i, sc.line, sc.col
	sc.advance(1)
	sc.skipBlanks()
	n := 0
	for rest := sc.s[sc.i:]; n < len(rest) && charClass[rest[n]]&classTagEnd == 0; n++ {
	}
	name := sc.s[sc.i : sc.i+n]
	for k := len(name); k > 0; k-- {
		if c := name[k-1]; c != ' ' && c != '\t' && c != '\r' {
			break
		}
		name = name[:k-1]
	}
	if name == "" {
		sc.badTag(sc.position(off, line, col), "tag_no_name", nil)
		return
	}
	sc.advance(n)
	if sc.i >= len(sc.s) || sc.s[sc.i] != '"' {
		sc.badTag(sc.pos(), "tag_no_value", rules.Args{"Name": strconv.Quote(name), "Found": sc.found()})
		return
	}
	sc.push(TokTagName, name, off, line, col)
	if !sc.str() {
		return
	}
	sc.skipBlanks()
	if sc.i >= len(sc.s) || sc.s[sc.i] != ']' {
		// Nothing is skipped: what follows may well be the moves.
		sc.invalid("", sc.pos(), "tag_not_closed", rules.Args{"Name": name, "Found": sc.found()})
		return
	}
	sc.advance(1)
}

// badTag reports a tag that is not whole and skips to its ] or the end of
// its line.
func (sc *recordScanner) badTag(p lexer.Position, code string, args rules.Args) {
	n := sc.toLineEnd()
	if j := strings.IndexByte(sc.s[sc.i:sc.i+n], ']'); j >= 0 {
		n = j + 1
	}
	sc.invalid(sc.s[sc.i:sc.i+n], p, code, args)
	sc.advance(n)
}

// found names what stands at the offset, for an error: a message of the
// catalogs, or the text quoted.
func (sc *recordScanner) found() any {
	rest := sc.s[sc.i:]
	if n := strings.IndexAny(rest, " \t\r\n"); n >= 0 {
		rest = rest[:n]
	}
	if rest == "" {
		return foundMsg("line_end", nil)
	}
	return strconv.Quote(rest)
}

// str lexes a quoted value with its \" and \\ escapes; other backslashes
// stand for themselves. A value must close on its line. It reports whether
// the value was closed.
func (sc *recordScanner) str() bool {
	at, atLine, atCol := sc.base+sc.i, sc.line, sc.col // as in tag
	start := sc.i + 1
	// Most values hold no escape: they end at the next " of the line.
	line := sc.s[start:]
	if k := strings.IndexByte(line, '\n'); k >= 0 {
		line = line[:k]
	}
	if j := strings.IndexByte(line, '"'); j >= 0 {
		v := line[:j]
		if strings.IndexByte(v, '\\') < 0 {
			sc.push(TokString, v, at, atLine, atCol)
			sc.i = start + j + 1
			sc.col += 2 + runeCount(v)
			return true
		}
	}
	var b strings.Builder
	escaped := false
	for j := start; j < len(sc.s); j++ {
		switch c := sc.s[j]; {
		case c == '\\' && j+1 < len(sc.s) && (sc.s[j+1] == '"' || sc.s[j+1] == '\\'):
			b.WriteString(sc.s[start:j])
			b.WriteByte(sc.s[j+1])
			escaped = true
			j++
			start = j + 1
		case c == '"':
			v := sc.s[start:j]
			if escaped {
				b.WriteString(sc.s[start:j])
				v = b.String()
			}
			sc.push(TokString, v, at, atLine, atCol)
			sc.advance(j + 1 - sc.i)
			return true
		case c == '\n':
			j = len(sc.s)
		}
	}
	n := sc.toLineEnd()
	sc.invalid(sc.s[sc.i:sc.i+n], sc.position(at, atLine, atCol), "value_not_closed", nil)
	sc.advance(n)
	return false
}

// braceComment lexes {text}. An unclosed comment is an error at its { and
// lexing goes on at the next line, so that one slip does not swallow the
// games after it.
func (sc *recordScanner) braceComment() {
	p := sc.pos()
	end := strings.IndexByte(sc.s[sc.i:], '}')
	for end < 0 && !sc.eof {
		from := len(sc.s) - sc.i
		sc.fill()
		if j := strings.IndexByte(sc.s[sc.i+from:], '}'); j >= 0 {
			end = from + j
		}
	}
	if end < 0 {
		n := sc.toLineEnd()
		sc.invalid(sc.s[sc.i:sc.i+n], p, "comment_not_closed", nil)
		sc.advance(n)
		return
	}
	sc.emit(TokComment, sc.s[sc.i+1:sc.i+end], p)
	sc.advance(end + 1)
}

// The classes of ASCII characters the lexer asks about, in a table: a
// lookup is cheaper than a switch for every byte of the text.
const (
	classDelimiter byte = 1 << iota // ends a word of movetext
	classSymbol                     // may stand in a ply
	classTagEnd                     // ends a tag's name: " ] [ or a line end
)

var charClass = func() (t [256]byte) {
	for _, c := range []byte(" \n\r\t\f\v[]{}();\"") {
		t[c] |= classDelimiter
	}
	for c := range 256 {
		if isSymbol(byte(c)) {
			t[c] |= classSymbol
		}
	}
	for _, c := range []byte("\"][\n") {
		t[c] |= classTagEnd
	}
	return t
}()

// isDelimiter reports the characters that end a word of movetext.
func isDelimiter(c byte) bool { return charClass[c]&classDelimiter != 0 }

// word lexes one run of movetext up to a space or a delimiter, which may
// hold more than one token ("1.K10", "K10!", "$1").
func (sc *recordScanner) word() {
	if sc.plainWord() {
		return
	}
	j := sc.i
	for j < len(sc.s) && !isDelimiter(sc.s[j]) {
		if sc.s[j] >= utf8.RuneSelf {
			if startsSpace(sc.s[j:]) {
				break
			}
			_, n := utf8.DecodeRuneInString(sc.s[j:])
			j += n
			continue
		}
		j++
	}
	if j == sc.i { // a lone } outside a comment
		j++
	}
	sc.classify(sc.s[sc.i:j])
}

// plainWord lexes the words most movetext is made of, if the offset holds
// one: a move number (12. or 12...) and a ply starting with a letter (K10,
// b1-c2), each ended by a delimiter. They are what classify would make of
// them, found without its tests.
func (sc *recordScanner) plainWord() bool {
	s, i := sc.s, sc.i
	j := i
	for j < len(s) && charClass[s[j]]&classSymbol != 0 {
		j++
	}
	if j == i {
		return false
	}
	c := s[i]
	if c >= '0' && c <= '9' {
		d := i + recordDigits(s[i:j])
		if d != j || j == len(s) || s[j] != '.' {
			return false
		}
		for j < len(s) && s[j] == '.' {
			j++
		}
		if j < len(s) && !isDelimiter(s[j]) {
			return false // 1.K10: classify splits it
		}
		sc.col += j - i // a move number: skipped
		sc.i = j
		return true
	}
	if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') || j < len(s) && !isDelimiter(s[j]) {
		return false
	}
	w := s[i:j]
	if isGiveUp(w) {
		return false
	}
	sc.push(TokPly, w, sc.base+i, sc.line, sc.col)
	sc.col += j - i
	sc.i = j
	return true
}

// classify emits the tokens of word w, which starts at the offset, and
// moves past it.
func (sc *recordScanner) classify(w string) {
	p := sc.pos()
	switch {
	case isResult(w):
		sc.emit(TokResult, w, p)
		sc.advanceWord(w)
		return
	case isGiveUp(w):
		sc.emit(TokGiveUp, w, p)
		sc.advanceWord(w)
		return
	}
	if d := recordDigits(w); d > 0 && d < len(w) && w[d] == '.' {
		k := d
		for k < len(w) && w[k] == '.' {
			k++
		}
		sc.advanceWord(w[:k]) // a move number: skipped
		if k < len(w) {
			sc.classify(w[k:])
		}
		return
	}
	if w[0] == '$' {
		d := recordDigits(w[1:])
		if d == 0 {
			sc.invalid(w, p, "nag_form", rules.Args{"Word": w})
			sc.advanceWord(w)
			return
		}
		sc.emit(TokNAG, w[:1+d], p)
		sc.advanceWord(w[:1+d])
		if 1+d < len(w) {
			sc.classify(w[1+d:])
		}
		return
	}
	k := 0
	for k < len(w) && isSymbol(w[k]) {
		k++
	}
	ply, suffix := w[:k], w[k:]
	if strings.Trim(suffix, "!?") != "" {
		r, _ := utf8.DecodeRuneInString(suffix[strings.IndexFunc(suffix, func(r rune) bool { return r != '!' && r != '?' }):])
		sc.invalid(w, p, "stray_character", rules.Args{"Word": w, "Char": strconv.QuoteRune(r)})
		sc.advanceWord(w)
		return
	}
	if ply != "" {
		sc.emit(TokPly, ply, p)
		sc.advanceWord(ply)
	}
	if suffix != "" {
		sp := sc.pos()
		if !isSuffix(suffix) {
			sc.invalid(suffix, sp, "bad_suffix", rules.Args{"Suffix": suffix})
		} else {
			sc.emit(TokSuffix, suffix, sp)
		}
		sc.advanceWord(suffix)
	}
}

func isGiveUp(w string) bool {
	return len(w) == 6 && strings.EqualFold(w, "resign") || len(w) == 7 && strings.EqualFold(w, "forfeit")
}

func recordDigits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// isSymbol reports the characters of a ply: PGN's symbol characters, and /.
func isSymbol(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-' || c == '/'
}

func isSuffix(s string) bool {
	switch s {
	case "!", "?", "!!", "??", "!?", "?!":
		return true
	}
	return false
}

// isResult reports a result token: *, ? (standing alone; attached to a ply
// it is a suffix), or two or more scores (0, 1 or
// 1/2) joined by -. Whether it fits the game is the reader's business.
func isResult(w string) bool {
	if w == "*" || w == "?" {
		return true
	}
	if w[0] != '0' && w[0] != '1' {
		return false
	}
	n := 0
	for {
		switch {
		case strings.HasPrefix(w, "1/2"):
			w = w[3:]
		case w != "" && (w[0] == '0' || w[0] == '1'):
			w = w[1:]
		default:
			return false
		}
		n++
		if w == "" {
			return n >= 2
		}
		if w[0] != '-' {
			return false
		}
		w = w[1:]
	}
}
