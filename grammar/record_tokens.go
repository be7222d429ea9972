package grammar

import (
	"sync"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
)

// participle reads tokens through a lexer.PeekingLexer, which its only
// constructor, lexer.Upgrade, fills by appending every token to a slice of
// its own: for a file of records that copying (and the slice's regrowth)
// was a third of the memory a review allocated. peekingView instead lets
// a PeekingLexer read a slice of ours, filled once by the splitter and
// reused from batch to batch.
//
// peekingLayout mirrors the fields of lexer.PeekingLexer (participle
// v2.1.4); the array below stops the build if its size changes, and
// TestPeekingView checks that the view reads the tokens as Upgrade would.
type peekingLayout struct {
	lexer.Checkpoint
	tokens []lexer.Token
	elide  map[lexer.TokenType]bool
}

var _ = [1]struct{}{}[unsafe.Sizeof(lexer.PeekingLexer{})-unsafe.Sizeof(peekingLayout{})]

// peekingView makes a PeekingLexer that reads toks, which must end with an
// EOF token, from the start. No token type is elided.
func peekingView(toks []lexer.Token) *lexer.PeekingLexer {
	pl := new(lexer.PeekingLexer)
	(*peekingLayout)(unsafe.Pointer(pl)).tokens = toks
	return pl
}

// tokenSlices are the token slices of batches done with, to be reused.
var tokenSlices = sync.Pool{New: func() any { s := make([]lexer.Token, 0, 4096); return &s }}
