// Package grammar holds the participle grammars of the texts pbem reads, each
// in files of its own: the game records of records.md (record.go, with its
// lexer in record_lexer.go) and the mail commands (command.go). Source and
// Error (source.go, error.go) are decoded text and the faults found in it,
// named by file, line and column with the line quoted. A grammar only sees
// the shape of the text; what a ply means is the rules engine's business, so
// a ply is one opaque token here.
package grammar
