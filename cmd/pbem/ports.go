package main

import (
	"errors"
	"fmt"
	"net"
	"syscall"
)

// withPortHint adds to an error of the embedded server's start the way
// out when a port is taken or needs privileges: the flag and variable
// that choose another.
func withPortHint(err error, c *serveConfig) error {
	var why string
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		why = "another program (perhaps another pbem serve) listens there"
	case errors.Is(err, syscall.EACCES):
		why = "ports below 1024 need privileges"
	default:
		return err
	}
	var op *net.OpError
	if !errors.As(err, &op) {
		return err
	}
	addr, ok := op.Addr.(*net.TCPAddr)
	if !ok {
		return err
	}
	var flag, env string
	switch addr.Port {
	case c.imapPort:
		flag, env = "--imap-port", "PBEM_IMAP_PORT"
	case c.smtpPort:
		flag, env = "--smtp-port", "PBEM_SMTP_PORT"
	default:
		return err
	}
	return fmt.Errorf("%w: %s; choose another port with %s or %s (0: any free port)", err, why, flag, env)
}
