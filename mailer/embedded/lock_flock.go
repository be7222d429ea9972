//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package embedded

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive lock on path, creating it, and returns what
// releases it. The lock is flock(2): it is the process's, so `pbem account`
// and `pbem serve` exclude each other, and the kernel drops it when a
// holder dies.
func lockFile(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
