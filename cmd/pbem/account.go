package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"pbem/mailer/embedded"
)

// runAccount makes the account of an address on the embedded mail server,
// or gives it a new password, and prints the password: the only time it is
// shown. It works while `pbem serve` runs; the new password counts at once.
func runAccount(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("account", "[--data DIR] ADDRESS", stderr)
	data := dataFlag(fs)
	rest, err := parseArgs(fs, args)
	if err != nil {
		return exitUsage
	}
	if len(rest) != 1 {
		fs.Usage()
		return exitUsage
	}
	dir := filepath.Join(*data, "mail")
	account, password, err := embedded.NewPassword(dir, "", rest[0])
	if err != nil {
		fmt.Fprintf(stderr, "pbem account: %v\n", err)
		return exitInvalid
	}
	fmt.Fprintf(stdout, "%s: password %s\n", account, password)
	fmt.Fprintf(stdout, "It replaces any earlier password of %s at once, also while pbem serve runs.\n", account)
	fmt.Fprintf(stdout, "It is shown only this once and kept as a hash in %s.\n", dir)
	return exitOK
}
