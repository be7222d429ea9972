package embedded

import (
	"fmt"
	"log/slog"
	"strings"
)

// printfLogger hands the error logs of imapserver and go-smtp, which speak
// Printf, to slog.
type printfLogger struct{ log *slog.Logger }

func (l printfLogger) Printf(format string, args ...any) {
	l.log.Warn(strings.TrimSuffix(fmt.Sprintf(format, args...), "\n"))
}

func (l printfLogger) Println(args ...any) {
	l.log.Warn(strings.TrimSuffix(fmt.Sprintln(args...), "\n"))
}
