package embedded

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"testing"
)

// TestPrintfLoggerLevels: a library's error about a connection the server
// closed is logged at Debug; any other at Warn.
func TestPrintfLoggerLevels(t *testing.T) {
	closed := &net.OpError{Op: "read", Net: "tcp", Err: fmt.Errorf("poll: %w", net.ErrClosed)}
	tests := []struct {
		log  func(printfLogger)
		want string
	}{
		{func(l printfLogger) { l.Printf("handling IDLE command: %v", closed) }, "level=DEBUG"},
		{func(l printfLogger) { l.Println("accept:", closed) }, "level=DEBUG"},
		{func(l printfLogger) { l.Printf("handling IDLE command: %v", errors.New("connection reset by peer")) }, "level=WARN"},
		{func(l printfLogger) { l.Printf("bad line %q", "x") }, "level=WARN"},
	}
	for i, tt := range tests {
		var buf bytes.Buffer
		tt.log(printfLogger{slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))})
		if !strings.Contains(buf.String(), tt.want) {
			t.Errorf("case %d logged %q, want %s", i, buf.String(), tt.want)
		}
	}
}
