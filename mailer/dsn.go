package mailer

import (
	"strings"
)

// DeliveryStatus is what a delivery status notification (RFC 3464, the
// message/delivery-status part of a bounce) says of each recipient.
type DeliveryStatus struct {
	Recipients []RecipientStatus
}

// RecipientStatus is one recipient's block of a delivery status.
type RecipientStatus struct {
	// Final and Original are the Final-Recipient and Original-Recipient
	// addresses, in lower case; "" when absent.
	Final, Original string
	// Action is failed, delayed, delivered, relayed or expanded, in lower
	// case; "" when absent.
	Action string
	// Status is the status code, such as 5.1.1.
	Status string
	// Diagnostic is the remote server's answer (Diagnostic-Code), without
	// its type.
	Diagnostic string
}

// Failed reports whether the block says delivery failed for good.
func (r RecipientStatus) Failed() bool { return r.Action == "failed" }

// IsDeliveryStatus reports whether a part of this MIME type is a delivery
// status: message/delivery-status, or its UTF-8 form
// message/global-delivery-status (RFC 6533).
func IsDeliveryStatus(mimeType string) bool {
	t := strings.ToLower(strings.TrimSpace(mimeType))
	return t == "message/delivery-status" || t == "message/global-delivery-status"
}

// maxStatusBlocks bounds the recipient blocks read from one delivery status.
const maxStatusBlocks = 100

// ParseDeliveryStatus reads the body of a delivery status part: blocks of
// header-like fields parted by blank lines, the first about the message and
// each further one about a recipient. It is lenient, as bounces are written
// by many programs: lines that are not fields are skipped, folded lines are
// unfolded, and a block with no recipient field is not a recipient's.
func ParseDeliveryStatus(body []byte) DeliveryStatus {
	var ds DeliveryStatus
	// A lone CR ends a line too: it must never end up inside a value.
	lines := strings.Split(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(string(body)), "\n")
	var block []string // the unfolded fields of the block being read
	flush := func() {
		if r, ok := recipientBlock(block); ok && len(ds.Recipients) < maxStatusBlocks {
			ds.Recipients = append(ds.Recipients, r)
		}
		block = block[:0]
	}
	for _, l := range lines {
		switch {
		case strings.TrimSpace(l) == "":
			flush()
		case (l[0] == ' ' || l[0] == '\t') && len(block) > 0:
			block[len(block)-1] += " " + strings.TrimSpace(l)
		default:
			block = append(block, l)
		}
	}
	flush()
	return ds
}

// recipientBlock reads one block's fields; ok is false when it names no
// recipient (the per-message block).
func recipientBlock(fields []string) (RecipientStatus, bool) {
	var r RecipientStatus
	named := false
	for _, f := range fields {
		name, value, ok := strings.Cut(f, ":")
		if !ok {
			continue
		}
		value = strings.TrimSpace(value)
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "final-recipient":
			r.Final, named = typedAddress(value), true
		case "original-recipient":
			r.Original, named = typedAddress(value), true
		case "action":
			r.Action = strings.ToLower(firstWord(value))
		case "status":
			r.Status = firstWord(value)
		case "diagnostic-code":
			_, d, found := strings.Cut(value, ";")
			if !found {
				d = value
			}
			r.Diagnostic = strings.TrimSpace(d)
		}
	}
	return r, named
}

// typedAddress reads an address field's value, "rfc822; bob@example.org"
// (the type may be missing, the address in angle brackets).
func typedAddress(v string) string {
	if _, a, ok := strings.Cut(v, ";"); ok {
		v = a
	}
	return strings.ToLower(strings.Trim(strings.TrimSpace(v), "<>"))
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}
