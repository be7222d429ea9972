// Package docs carries the players' rules pages (rules/*.md, with their
// translations rules/KIND.LANG.md) into the binary, for the web archive's
// /rules pages. It lives beside the documents because go:embed reaches
// only files below its own package: the documents stay where readers of
// the repository find them, and the binary serves exactly the text that
// is committed.
package docs

import "embed"

// Rules holds rules/*.md, one page per game family in English and one
// per translation (pente.de.md).
//
//go:embed rules/*.md
var Rules embed.FS
