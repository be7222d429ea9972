// Package docs carries the players' rules pages (rules/*.md) into the
// binary, for the web archive's /rules pages. It lives beside the
// documents because go:embed reaches only files below its own package:
// the documents stay where readers of the repository find them, and the
// binary serves exactly the text that is committed.
package docs

import "embed"

// Rules holds rules/*.md, one page per game family.
//
//go:embed rules/*.md
var Rules embed.FS
