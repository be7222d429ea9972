//go:build unix

package main

import (
	"errors"
	"os"
	"syscall"
)

// errLocked is tryLock's answer when another process holds the lock.
var errLocked = errors.New("locked by another process")

// tryLock takes an exclusive flock on f without waiting. A flock belongs
// to the open file, not the process: a second open of the same file, even
// in the same process, is refused too.
func tryLock(f *os.File) error {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errLocked
		default:
			return err
		}
	}
}
