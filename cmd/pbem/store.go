package main

import (
	"context"
	"flag"
	"fmt"
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

// openStore opens the database in the data folder, making both if needed.
func openStore(ctx context.Context, dir string) (*db.Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("data folder: %w", err)
	}
	return db.Open(ctx, filepath.Join(dir, "pbem.db"))
}
