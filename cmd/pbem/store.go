package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"

	"pbem/db"
)

// dataFlag adds --data to a command that uses the store: the folder of the
// database and secrets, ./pbem-data unless PBEM_DATA says otherwise.
func dataFlag(fs *flag.FlagSet) *string {
	def := os.Getenv("PBEM_DATA")
	if def == "" {
		def = "pbem-data"
	}
	return fs.String("data", def, "folder of the database and secrets (env PBEM_DATA)")
}

// openStore opens the database in the data folder, making both if needed
// and keeping both to their owner (see privateDataDir). It takes no
// instance lock: import and export may run beside serve, as SQLite
// serializes their transactions with the daemon's.
func openStore(ctx context.Context, dir string, log *slog.Logger) (*db.Store, error) {
	if err := privateDataDir(dir, log); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "pbem.db")
	if err := createPrivate(path); err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	return db.Open(ctx, path)
}

// toolLog is the log of the commands other than serve: warnings and
// errors on stderr.
func toolLog(stderr io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}
