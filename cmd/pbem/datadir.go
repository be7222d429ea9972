package main

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
)

// privateDataDir makes the data folder if needed and keeps it and the
// files directly in it to their owner: the folder 0700, each file without
// any group or other bits (0600). pbem.db holds the secret every player's
// reply key is computed from, mail-password the embedded server's
// password; the rest (the database's -wal and -shm, pbem.lock) is no one
// else's business either. Whatever the modes were before, an earlier
// version or an operator's mkdir, they are changed here, with a warning
// saying what was open. Folders inside (the embedded mail) keep their own
// modes: the data folder's 0700 already closes them to others.
func privateDataDir(dir string, log *slog.Logger) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("data folder: %w", err)
	}
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("data folder: %w", err)
	}
	if mode := info.Mode().Perm(); mode != 0o700 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("data folder %s: making it private (0700): %w", dir, err)
		}
		if mode&0o077 != 0 {
			log.Warn("the data folder was open to other users; it is now 0700", slog.String("data", dir),
				slog.String("was", fmt.Sprintf("%04o", mode)))
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("data folder: %w", err)
	}
	changed, err := privateFiles(dir, entries)
	if err != nil {
		return err
	}
	if len(changed) > 0 {
		log.Warn("files in the data folder were open to other users; only their owner can read them now", slog.String("data", dir),
			slog.String("changed", strings.Join(changed, ", ")))
	}
	return nil
}

// privateFiles takes the group and other bits off the regular files among
// entries, listed from dir, and says which it changed. A file gone since
// the listing is passed over: SQLite removes its -shm and -wal files when
// the last connection of another process (pbem web, a reader) closes.
func privateFiles(dir string, entries []os.DirEntry) (changed []string, err error) {
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue // folders have their own owners; a link may point outside
		}
		info, err := e.Info()
		if errors.Is(err, fs.ErrNotExist) {
			continue // gone since the listing: SQLite drops its -shm and -wal when another reader closes
		}
		if err != nil {
			return nil, fmt.Errorf("data folder: %w", err)
		}
		mode := info.Mode().Perm()
		if mode&0o077 == 0 {
			continue
		}
		path := filepath.Join(dir, e.Name())
		if err := os.Chmod(path, mode&^0o077); errors.Is(err, fs.ErrNotExist) {
			continue
		} else if err != nil {
			return nil, fmt.Errorf("data folder: making %s private: %w", path, err)
		}
		changed = append(changed, fmt.Sprintf("%s was %04o", e.Name(), mode))
	}
	return changed, nil
}

// createPrivate creates path with mode 0600 when it is missing, so that
// SQLite, which opens an existing file and gives its -wal and -shm the
// database's mode, never makes one with the umask's 0644.
func createPrivate(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	return f.Close()
}
