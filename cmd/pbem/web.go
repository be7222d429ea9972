package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// runWeb serves the web archive of a store alone, without mail: for an
// archive of imported records, or beside a running `pbem serve` (which
// may be writing the store: SQLite's WAL lets the archive read meanwhile).
func runWeb(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("web", "[--data DIR] [--http ADDR]", stderr)
	data := dataFlag(fs)
	addr := defaultHTTP
	if v := os.Getenv("PBEM_HTTP"); v != "" {
		if err := (httpValue{&addr}).Set(v); err != nil {
			fmt.Fprintf(stderr, "pbem web: PBEM_HTTP=%q: %v\n", v, err)
			return exitUsage
		}
	}
	fs.Var(httpValue{&addr}, "http", "`address` to serve on, host:port (env PBEM_HTTP; default "+defaultHTTP+")")
	site := fs.String("address", "pbem@localhost", "the service's address, for the Site tag of records")
	if rest, err := parseArgs(fs, args); err != nil || len(rest) > 0 {
		if err == nil {
			fs.Usage()
		}
		return exitUsage
	}
	if addr == "off" {
		fmt.Fprintln(stderr, "pbem web: --http off leaves nothing to do: give an address such as 127.0.0.1:8080")
		return exitUsage
	}
	if _, err := os.Stat(filepath.Join(*data, "pbem.db")); err != nil {
		fmt.Fprintf(stderr, "pbem web: there is no store in %s: give the data folder of pbem serve or pbem import (--data or PBEM_DATA)\n", *data)
		return exitInvalid
	}
	log := toolLog(stderr)
	// Opened once for writing first: a store of an older version gets its
	// schema brought up to date, which the read-only archive cannot do.
	store, err := openStore(ctx, *data, log)
	if err != nil {
		fmt.Fprintf(stderr, "pbem web: %v\n", err)
		return exitInvalid
	}
	store.Close()
	if err := runArchive(ctx, *data, addr, *site, log, announceArchive(stdout)); err != nil {
		fmt.Fprintf(stderr, "pbem web: %v\n", err)
		return exitInvalid
	}
	return exitOK
}
