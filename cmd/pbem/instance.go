package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// lockName is the file in the data folder that one running `pbem serve`
// holds locked. Two daemons on one store would each read the same mail and
// send the same replies, so a second one is refused at its start.
const lockName = "pbem.lock"

// instance is the lock of the running daemon on its data folder. The
// kernel drops the lock when the process ends, however it ends (SIGKILL
// too), so a start after a crash finds it free. The file stays: it names
// the last holder, and removing it would let a second start lock a fresh
// file while the first still holds the old one.
type instance struct {
	f *os.File
}

// errInUse is why a start is refused: another daemon holds the lock.
type errInUse struct {
	dir    string
	holder string // what the lock file says of the running daemon
}

func (e *errInUse) Error() string {
	return fmt.Sprintf("the data folder %s is in use by another pbem serve (%s): stop it first, or give this one another --data", e.dir, e.holder)
}

// lockInstance takes the data folder's lock and writes into it who holds
// it: pid, host and start time.
func lockInstance(dir string, now time.Time) (*instance, error) {
	path := filepath.Join(dir, lockName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("instance lock: %w", err)
	}
	if err := tryLock(f); err != nil {
		f.Close()
		if errors.Is(err, errLocked) {
			return nil, &errInUse{dir: dir, holder: describeHolder(path)}
		}
		return nil, fmt.Errorf("instance lock %s: %w", path, err)
	}
	host, _ := os.Hostname()
	info := fmt.Sprintf("pid %d\nhost %s\nsince %s\n", os.Getpid(), host, now.UTC().Format(time.RFC3339))
	if err := f.Truncate(0); err != nil {
		f.Close()
		return nil, fmt.Errorf("instance lock %s: %w", path, err)
	}
	if _, err := f.WriteAt([]byte(info), 0); err != nil {
		f.Close()
		return nil, fmt.Errorf("instance lock %s: %w", path, err)
	}
	return &instance{f: f}, nil
}

// release gives the lock back.
func (i *instance) release() error { return i.f.Close() }

// describeHolder reads the lock file of a running daemon: "pid 1234 on
// host h, running since 2026-01-02T15:04:05Z".
func describeHolder(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "its pid is unknown: " + err.Error()
	}
	fields := map[string]string{}
	for line := range strings.Lines(string(b)) {
		k, v, _ := strings.Cut(strings.TrimSpace(line), " ")
		fields[k] = v
	}
	pid, err := strconv.Atoi(fields["pid"])
	if err != nil {
		// It has the lock but has not written yet, or the file was edited.
		return "its pid is not written in " + path + " yet"
	}
	s := fmt.Sprintf("pid %d", pid)
	if h := fields["host"]; h != "" {
		s += " on host " + h
	}
	if t := fields["since"]; t != "" {
		s += ", running since " + t
	}
	return s
}
