package embedded

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
)

// printfLogger hands the error logs of imapserver and go-smtp, which speak
// Printf, to slog. An error of a connection the server itself closed (a
// client in IDLE when the daemon stops) is routine: it goes to Debug, not
// Warn, so that every clean stop of `pbem serve` does not warn.
type printfLogger struct{ log *slog.Logger }

func (l printfLogger) Printf(format string, args ...any) {
	l.logf(strings.TrimSuffix(fmt.Sprintf(format, args...), "\n"), args)
}

func (l printfLogger) Println(args ...any) {
	l.logf(strings.TrimSuffix(fmt.Sprintln(args...), "\n"), args)
}

func (l printfLogger) logf(msg string, args []any) {
	for _, a := range args {
		if err, ok := a.(error); ok && errors.Is(err, net.ErrClosed) {
			l.log.Debug(msg)
			return
		}
	}
	l.log.Warn(msg)
}
