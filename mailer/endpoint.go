package mailer

import (
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"
)

// security is how a connection is protected.
type security int

const (
	plainText         security = iota // no TLS
	implicitTLS                       // TLS from the first byte (imaps, smtps)
	startTLS                          // STARTTLS required (imap+starttls, smtp+starttls)
	startTLSIfOffered                 // STARTTLS when the server offers it (smtp)
)

// endpoint is a mail server account as a URL names it.
type endpoint struct {
	security security
	host     string // without port
	addr     string // host:port
	user     string
	pass     string
	mailbox  string // IMAP only
	redacted string // the URL without its password, for logs and errors
}

// scheme is what a URL scheme means: its security and default port.
type scheme struct {
	sec  security
	port string
}

// The URL schemes of each protocol.
var (
	imapSchemes = map[string]scheme{
		"imap":          {plainText, "143"},
		"imap+starttls": {startTLS, "143"},
		"imaps":         {implicitTLS, "993"},
	}
	smtpSchemes = map[string]scheme{
		"smtp":          {startTLSIfOffered, "25"},
		"smtp+starttls": {startTLS, "587"},
		"smtps":         {implicitTLS, "465"},
	}
)

// parseIMAPURL reads imap[s]://user:pass@host[:port]/MAILBOX (or
// imap+starttls://). The mailbox defaults to INBOX.
func parseIMAPURL(raw string) (endpoint, error) {
	e, u, err := parseEndpoint(raw, "IMAP", imapSchemes)
	if err != nil {
		return endpoint{}, err
	}
	e.mailbox = strings.Trim(u.Path, "/")
	if e.mailbox == "" {
		e.mailbox = "INBOX"
	}
	if e.user == "" {
		return endpoint{}, fmt.Errorf("IMAP URL %s: no user name (imap://user:password@host/INBOX)", e.redacted)
	}
	if err := e.checkClearPassword(); err != nil {
		return endpoint{}, err
	}
	return e, nil
}

// parseSMTPURL reads smtp[s]://[user:pass@]host[:port] (or
// smtp+starttls://). Without a user no AUTH is done.
func parseSMTPURL(raw string) (endpoint, error) {
	e, u, err := parseEndpoint(raw, "SMTP", smtpSchemes)
	if err != nil {
		return endpoint{}, err
	}
	if p := strings.Trim(u.Path, "/"); p != "" {
		return endpoint{}, fmt.Errorf("SMTP URL %s: unexpected path %q", e.redacted, p)
	}
	return e, nil
}

func parseEndpoint(raw, proto string, schemes map[string]scheme) (endpoint, *url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		// url's error repeats the URL, password included.
		return endpoint{}, nil, fmt.Errorf("%s URL: cannot read it (is a special character in the password not %%-escaped?)", proto)
	}
	e := endpoint{redacted: u.Redacted()}
	s, ok := schemes[strings.ToLower(u.Scheme)]
	if !ok {
		names := make([]string, 0, len(schemes))
		for n := range schemes {
			names = append(names, n+"://")
		}
		slices.Sort(names)
		return endpoint{}, nil, fmt.Errorf("%s URL %s: scheme %q is not one of %s", proto, e.redacted, u.Scheme, strings.Join(names, ", "))
	}
	if u.Opaque != "" || u.Host == "" {
		return endpoint{}, nil, fmt.Errorf("%s URL %s: no host (want %s://host:port)", proto, e.redacted, u.Scheme)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return endpoint{}, nil, fmt.Errorf("%s URL %s: no query or fragment expected", proto, e.redacted)
	}
	e.security = s.sec
	e.host = u.Hostname()
	port := u.Port()
	if port == "" {
		port = s.port
	}
	e.addr = net.JoinHostPort(e.host, port)
	if u.User != nil {
		e.user = u.User.Username()
		e.pass, _ = u.User.Password()
	}
	return e, u, nil
}

// checkClearPassword refuses a password that would cross a network in
// clear: plain text is for loopback only.
func (e endpoint) checkClearPassword() error {
	if e.security == plainText && e.user != "" && !isLoopback(e.host) {
		return fmt.Errorf("URL %s would send the password in clear to %s: use TLS (imaps://, imap+starttls://, smtps://, smtp+starttls://) or a loopback address", e.redacted, e.host)
	}
	return nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
