package main

import (
	"errors"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"

	"pbem/i18n"
)

// Flag values that check what they are given, so a flag and its
// environment variable are read by the same parser and a bad value is
// refused with what is wanted. Each one's String works on its zero value,
// as the flag package calls it on one.

// boolValue is a boolean that also takes yes/no and on/off.
type boolValue struct{ p *bool }

func (b boolValue) IsBoolFlag() bool { return true }

func (b boolValue) String() string {
	if b.p == nil {
		return "false"
	}
	return strconv.FormatBool(*b.p)
}

func (b boolValue) Set(s string) error {
	v, err := parseBool(s)
	if err != nil {
		return err
	}
	*b.p = v
	return nil
}

// parseBool reads yes/no, on/off and true/false in any case, and what
// strconv.ParseBool reads (1/0, t/f).
func parseBool(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "yes", "y", "on", "true":
		return true, nil
	case "no", "n", "off", "false":
		return false, nil
	}
	if v, err := strconv.ParseBool(s); err == nil {
		return v, nil
	}
	return false, errors.New("want yes or no (or true/false, on/off, 1/0)")
}

// durationValue is a positive duration; example shows the form in the
// error.
type durationValue struct {
	p       *time.Duration
	example string
}

func (d durationValue) String() string {
	if d.p == nil {
		return "0s"
	}
	return d.p.String()
}

func (d durationValue) Set(s string) error {
	v, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil || v <= 0 {
		return errors.New("want a positive duration such as " + d.example)
	}
	*d.p = v
	return nil
}

// countValue is a positive whole number.
type countValue struct{ p *int }

func (v countValue) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.Itoa(*v.p)
}

func (v countValue) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 1 {
		return errors.New("want a whole number of 1 or more")
	}
	*v.p = n
	return nil
}

// portValue is a TCP port, 0 meaning any free port.
type portValue struct{ p *int }

func (v portValue) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.Itoa(*v.p)
}

func (v portValue) Set(s string) error {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n < 0 || n > 65535 {
		return errors.New("want a port number from 0 (any free port) to 65535")
	}
	*v.p = n
	return nil
}

// levelValue is a log level.
type levelValue struct{ p *slog.Level }

func (l levelValue) String() string {
	if l.p == nil {
		return "info"
	}
	return strings.ToLower(l.p.String())
}

func (l levelValue) Set(s string) error {
	var v slog.Level
	if err := v.UnmarshalText([]byte(strings.TrimSpace(s))); err != nil {
		return errors.New("want debug, info, warn or error")
	}
	*l.p = v
	return nil
}

// urlValue is an absolute http or https address, kept without a closing
// slash so that paths can be added to it.
type urlValue struct{ p *string }

func (u urlValue) String() string {
	if u.p == nil {
		return ""
	}
	return *u.p
}

func (u urlValue) Set(s string) error {
	v, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (v.Scheme != "http" && v.Scheme != "https") || v.Host == "" || v.RawQuery != "" || v.Fragment != "" {
		return errors.New("want an http or https address such as https://pbem.example.org")
	}
	*u.p = strings.TrimRight(v.String(), "/")
	return nil
}

// langValue is a language of the catalogs: en, de, es or pt (or its name).
type langValue struct{ p *i18n.Lang }

func (l langValue) String() string {
	if l.p == nil || *l.p == "" {
		return string(i18n.Default)
	}
	return string(*l.p)
}

func (l langValue) Set(s string) error {
	v, ok := i18n.Parse(s)
	if !ok {
		return errors.New("want en, de, es or pt")
	}
	*l.p = v
	return nil
}
