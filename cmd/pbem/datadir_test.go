package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// secretFiles are the files of the data folder that must be the owner's
// alone once pbem serve runs.
var secretFiles = []string{"pbem.db", "pbem.db-wal", "pbem.db-shm", "mail-service-password", "pbem.lock"}

// checkPrivate fails the test unless dir is 0700, every name in want is
// there, and no file directly in dir has a group or other bit.
func checkPrivate(t *testing.T, dir string, want []string) {
	t.Helper()
	info, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if mode := info.Mode().Perm(); mode != 0o700 {
		t.Errorf("data folder mode %04o, want 0700", mode)
	}
	for _, name := range want {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("the data folder lacks %s: %v", name, err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			t.Fatal(err)
		}
		if mode := info.Mode().Perm(); mode != 0o600 {
			t.Errorf("%s mode %04o, want 0600", e.Name(), mode)
		}
	}
}

// openToAll makes path's mode exactly mode, whatever the umask.
func openToAll(t *testing.T, path string, mode fs.FileMode) {
	t.Helper()
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// TestServeMakesTheDataFolderPrivate starts pbem serve on a data folder
// made by an operator's mkdir (0755) that holds a database and a mail
// password readable by everyone, as an earlier version left them, and on
// a folder that does not exist yet. While it serves, the folder is 0700
// and the database, its -wal and -shm, the password and the lock are
// 0600; the open folder is warned about.
func TestServeMakesTheDataFolderPrivate(t *testing.T) {
	for _, tc := range []struct {
		name     string
		existing bool
	}{{"existing open folder", true}, {"new folder", false}} {
		t.Run(tc.name, func(t *testing.T) {
			data := filepath.Join(t.TempDir(), "data")
			if tc.existing {
				if err := os.Mkdir(data, 0o755); err != nil {
					t.Fatal(err)
				}
				openToAll(t, data, 0o755)
				// An empty file is a new database to SQLite.
				for name, content := range map[string]string{"pbem.db": "", "mail-password": "secret\n"} {
					path := filepath.Join(data, name)
					if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
						t.Fatal(err)
					}
					openToAll(t, path, 0o644)
				}
			}
			d := startServe(t, "--data", data, "--imap-port", "0", "--smtp-port", "0", "--log", "warn")
			d.embedded(t)
			checkPrivate(t, data, secretFiles)
			log := d.stderr.String()
			if warned := strings.Contains(log, "the data folder was open to other users"); warned != tc.existing {
				t.Errorf("warned about the folder: %v, want %v; log:\n%s", warned, tc.existing, log)
			}
			if tc.existing && (!strings.Contains(log, "was=0755") || !strings.Contains(log, "pbem.db was 0644") ||
				!strings.Contains(log, "mail-password was 0644")) {
				t.Errorf("the warnings do not say what was changed; log:\n%s", log)
			}
		})
	}
}

// TestImportMakesTheDataFolderPrivate: import, which opens the same
// store, closes an open data folder too.
func TestImportMakesTheDataFolderPrivate(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(data, 0o755); err != nil {
		t.Fatal(err)
	}
	openToAll(t, data, 0o755)
	code, out, errOut := runPbem(t, "[Game \"Pente\"]\n\n1. K10 *\n", "import", "--data", data, "-")
	if code != exitOK {
		t.Fatalf("import: exit %d\n%s%s", code, out, errOut)
	}
	checkPrivate(t, data, []string{"pbem.db"})
	if !strings.Contains(errOut, "the data folder was open to other users") {
		t.Errorf("import did not warn about the open folder:\n%s", errOut)
	}
}

// TestPrivateFilesPassesOverVanishedFiles: a file listed and then removed
// (SQLite's -shm when another process's last connection closes) neither
// stops the start nor hides the files that need their bits taken off.
func TestPrivateFilesPassesOverVanishedFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"pbem.db-shm", "pbem.db"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "pbem.db-shm")); err != nil {
		t.Fatal(err)
	}
	changed, err := privateFiles(dir, entries)
	if err != nil {
		t.Fatalf("a vanished file stopped it: %v", err)
	}
	if len(changed) != 1 || !strings.HasPrefix(changed[0], "pbem.db was") {
		t.Errorf("changed %q, want pbem.db alone", changed)
	}
	if info, err := os.Stat(filepath.Join(dir, "pbem.db")); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("pbem.db: %v, %v; want 0600", info.Mode().Perm(), err)
	}
}
