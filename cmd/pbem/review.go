package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"

	"pbem/i18n"
	"pbem/notation"
)

// runReview checks every game of every file against the rules: one line
// per game, or one JSON object per game with --json.
func runReview(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("review", "[--json] [--language LANG] FILE... (- for standard input)", stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per game per line")
	langName := fs.String("language", "en", "the language of the report: en, de, es or pt")
	files, err := parseArgs(fs, args)
	if err != nil {
		return exitUsage
	}
	lang, ok := i18n.Parse(*langName)
	if !ok {
		fmt.Fprintf(stderr, "pbem review: --language %q: want en, de, es or pt\n", *langName)
		return exitUsage
	}
	if len(files) == 0 {
		fs.Usage()
		return exitUsage
	}
	defer tuneRecords()()
	out := bufio.NewWriterSize(stdout, reportBuffer)
	defer out.Flush()
	code := exitOK
	words := notation.NewWords(lang)
	var bufs lineBufs
	for _, name := range files {
		in, err := openInput(ctx, name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "pbem review: %v\n", errText(err))
			code = exitInvalid
			continue
		}
		err = notation.EachDetached(ctx, name, in, runtime.GOMAXPROCS(0), func(g *notation.Game) reviewed {
			return review(g, words, *asJSON, &bufs)
		}, func(r reviewed) error {
			if !r.valid {
				code = exitInvalid
			}
			_, err := out.Write(*r.line)
			bufs.put(r.line)
			if err != nil {
				return err
			}
			if r.detail != "" {
				out.Flush() // keep the report and the detail in order on a terminal
				fmt.Fprintln(stderr, r.detail)
			}
			return nil
		})
		in.Close()
		var rerr *readError
		if errors.As(err, &rerr) {
			fmt.Fprintf(stderr, "pbem review: %v\n", errText(err))
			code = exitInvalid
			continue
		}
		if err != nil && ctx.Err() != nil {
			fmt.Fprintf(stderr, "pbem review: %v\n", errText(err))
			return exitInvalid
		}
		if err != nil {
			fmt.Fprintf(stderr, "pbem review: writing the report: %v\n", errText(err))
			return exitInvalid
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "pbem review: writing the report: %v\n", errText(err))
		return exitInvalid
	}
	return code
}

// reportBuffer is the output buffer of review and export: a report of
// thousands of games goes out in writes of 64 KB rather than 4 KB, a
// sixteenth of the system calls.
const reportBuffer = 64 << 10

// lineBufs keeps the buffers of report lines once they are written, for
// the next games' lines: a review of 9,370 games allocated 2.4 MB of lines,
// which set the collector going once more. A buffer goes about with its
// box, the pointer the pool holds: boxed afresh at each put, the boxes
// were 220 KB of a review's allocations.
type lineBufs struct{ pool sync.Pool }

// get is an empty buffer.
func (l *lineBufs) get() *[]byte {
	if b, ok := l.pool.Get().(*[]byte); ok {
		*b = (*b)[:0]
		return b
	}
	b := make([]byte, 0, 512)
	return &b
}

// put gives back a buffer from get, once it is written.
func (l *lineBufs) put(b *[]byte) { l.pool.Put(b) }

// reviewed is the report of one game: its line, and for the text form the
// problem in detail.
type reviewed struct {
	line   *[]byte
	detail string
	valid  bool
}

// review reports one game; it runs on the workers, so that formatting is
// done in parallel too. The workers share words, which remember the
// sentences made.
func review(g *notation.Game, words *notation.Words, asJSON bool, bufs *lineBufs) reviewed {
	s := words.Summary(g)
	r := reviewed{valid: s.Valid, line: bufs.get()}
	if asJSON {
		*r.line = append(s.AppendJSON(*r.line), '\n')
		return r
	}
	*r.line = append(append(*r.line, s.Text()...), '\n')
	if g.Problem != nil {
		r.detail = g.Problem.In(words.Lang()).Error()
	}
	return r
}

// readError is a failure to read a file of records, as opposed to one to
// write the report.
type readError struct{ err error }

func (e *readError) Error() string { return e.err.Error() }
func (e *readError) Unwrap() error { return e.err }

// openInput opens a file of records, or standard input for "-", to be read
// as a stream. Closing it leaves standard input open.
func openInput(ctx context.Context, name string, stdin io.Reader) (io.ReadCloser, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if name == "-" {
		return io.NopCloser(&readErrors{r: stdin, what: "reading standard input"}), nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("reading records: %w", err)
	}
	return struct {
		io.Reader
		io.Closer
	}{&readErrors{r: f, what: "reading records"}, f}, nil
}

// readErrors marks the errors of r as read errors.
type readErrors struct {
	r    io.Reader
	what string
}

func (r *readErrors) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if err != nil && err != io.EOF {
		err = &readError{fmt.Errorf("%s: %w", r.what, err)}
	}
	return n, err
}
