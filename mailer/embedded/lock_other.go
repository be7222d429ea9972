//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package embedded

import "os"

// lockFile only makes sure path exists where flock(2) is missing: there,
// writers in one process are still ordered by accounts.mu, but `pbem
// account` should not run while `pbem serve` does.
func lockFile(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	return func() { f.Close() }, nil
}
