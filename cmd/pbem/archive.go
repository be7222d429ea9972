package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"strconv"
	"strings"

	"pbem/db"
	"pbem/web"
)

// defaultHTTP is where the web archive listens unless told otherwise.
const defaultHTTP = "127.0.0.1:8080"

// httpValue is --http: host:port, or off. It checks the form only; the
// port is tried when the archive starts.
type httpValue struct{ p *string }

func (h httpValue) String() string {
	if h.p == nil {
		return ""
	}
	return *h.p
}

func (h httpValue) Set(s string) error {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "off") {
		*h.p = "off"
		return nil
	}
	host, port, err := net.SplitHostPort(s)
	if n, perr := strconv.Atoi(port); err != nil || perr != nil || n < 0 || n > 65535 || strings.ContainsAny(host, "/ ") {
		return errors.New("want host:port, such as 127.0.0.1:8080 or :8080, or off")
	}
	*h.p = s
	return nil
}

// runArchive serves the web archive of the store in dataDir on addr until
// ctx ends. It reads through its own read-only connections, so a busy
// page never delays the mail loop. ready is told the address listened on.
func runArchive(ctx context.Context, dataDir, addr, site string, log *slog.Logger, ready func(net.Addr)) error {
	archive, err := db.OpenArchive(ctx, filepath.Join(dataDir, "pbem.db"))
	if err != nil {
		return fmt.Errorf("web archive: %w", err)
	}
	defer archive.Close()
	h, err := web.New(web.Config{Archive: archive, Site: site, Log: log})
	if err != nil {
		return err
	}
	return web.Serve(ctx, addr, h, log, ready)
}

// announceArchive prints where the archive is to be read.
func announceArchive(stdout io.Writer) func(net.Addr) {
	return func(a net.Addr) {
		host, port, _ := net.SplitHostPort(a.String())
		if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
			host = "127.0.0.1"
		}
		fmt.Fprintf(stdout, "The web archive of games is at http://%s/\n", net.JoinHostPort(host, port))
	}
}
