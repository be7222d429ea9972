package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"

	"pbem/ai"
	"pbem/ai/computers"
	"pbem/i18n"
	"pbem/notation"
	"pbem/play"
)

// runAnalyze analyses one game of a record file with the computer player:
// the record again with a comment after every ply (its value, and for a
// mistake the better ply and its line), or with --json the figures of each
// ply, one JSON object a line.
func runAnalyze(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("analyze", "FILE [--game N] [--json] [--level N] [--language LANG] (- for standard input)", stderr)
	number := fs.Int("game", 1, "the game of the file, counted from 1")
	asJSON := fs.Bool("json", false, "print each ply's figures as one JSON object a line")
	level := fs.Int("level", play.AnalysisLevel, fmt.Sprintf("how hard the computer thinks, %d to %d", ai.MinLevel, ai.MaxLevel))
	nodes := fs.Int64("nodes", 0, "cap on the positions each search visits (0: the level's own budget)")
	langName := fs.String("language", "en", "the language of the comments: en, de, es or pt")
	files, err := parseArgs(fs, args)
	if err != nil {
		return exitUsage
	}
	lang, ok := i18n.Parse(*langName)
	if !ok {
		fmt.Fprintf(stderr, "pbem analyze: --language %q: want en, de, es or pt\n", *langName)
		return exitUsage
	}
	settings := ai.Settings{Level: *level, Nodes: *nodes}
	if len(files) != 1 || *number < 1 || settings.Check() != nil || *level == 0 || *nodes < 0 {
		fs.Usage()
		return exitUsage
	}
	name := files[0]
	g, code := gameOfFile(ctx, "analyze", name, *number, stdin, stderr, exitUsage)
	if g == nil {
		return code
	}
	if g.Problem != nil {
		fmt.Fprintln(stderr, g.Problem.In(lang).Error())
		fmt.Fprintln(stderr, "pbem analyze: only a valid game can be analysed")
		return exitInvalid
	}
	plies, err := play.Analyze(ctx, lang, g, computers.For(g.Entry.Kind), settings)
	if err != nil {
		fmt.Fprintf(stderr, "pbem analyze: %v\n", errText(err))
		return exitInvalid
	}
	out := bufio.NewWriter(stdout)
	if *asJSON {
		enc := json.NewEncoder(out)
		for _, p := range plies {
			if err := enc.Encode(p); err != nil {
				break
			}
		}
	} else {
		_, _ = out.Write(notation.AppendExport(nil, g))
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "pbem analyze: writing: %v\n", errText(err))
		return exitInvalid
	}
	return exitOK
}
