package play

import (
	"crypto/hmac"
	"crypto/sha256"
	"strconv"
	"strings"
)

// The envelope sender of every mail the service sends names that mail, so
// that a delivery report, which mail systems send to the envelope sender,
// can be matched to the one mail it answers (VERP):
// pbem+bounce-ID-MAC@domain, ID the mail's outbox id and MAC the first 80
// bits of HMAC-SHA256(secret, "bounce" NUL ID NUL recipient) in lower-case
// base32, under a secret of its own kept in the store. Nobody can make one
// for a mail without the secret; only the recipient's mail system (and the
// recipient, in the Return-Path of the mail) ever sees one.

// bounceKey is the name of the envelope senders' HMAC secret in the store.
const bounceKey = "bounce-address"

// bounceTag starts the +tag of an envelope sender; reply tokens start with
// a game number, so the two never mix.
const bounceTag = "bounce-"

// envelopes makes and checks envelope senders under one secret.
type envelopes struct {
	secret        []byte
	local, domain string // the service's address
}

// envelopes reads the secret from the store, making it the first time.
func (h *handling) envelopes() (envelopes, error) {
	secret, err := h.tx.Secret(bounceKey, 32)
	if err != nil {
		return envelopes{}, err
	}
	return envelopes{secret: secret, local: h.s.local, domain: h.s.domain}, nil
}

func (e envelopes) mac(id int64, recipient string) string {
	m := hmac.New(sha256.New, e.secret)
	m.Write([]byte("bounce"))
	m.Write([]byte{0})
	m.Write([]byte(strconv.FormatInt(id, 10)))
	m.Write([]byte{0})
	m.Write([]byte(strings.ToLower(recipient)))
	return strings.ToLower(b32.EncodeToString(m.Sum(nil)[:10]))
}

// address is the envelope sender of outbox mail id to recipient.
func (e envelopes) address(id int64, recipient string) string {
	return e.local + "+" + bounceTag + strconv.FormatInt(id, 10) + "-" + e.mac(id, recipient) + "@" + e.domain
}

// parse reads an address of the envelope senders' form: the mail id and
// the mac it claims. ok is false for any other address.
func (e envelopes) parse(addr string) (id int64, mac string, ok bool) {
	local, domain, found := strings.Cut(strings.ToLower(strings.Trim(strings.TrimSpace(addr), "<>")), "@")
	if !found || domain != e.domain {
		return 0, "", false
	}
	tag, found := strings.CutPrefix(local, e.local+"+"+bounceTag)
	if !found {
		return 0, "", false
	}
	num, mac, found := strings.Cut(tag, "-")
	id, err := strconv.ParseInt(num, 10, 64)
	if !found || err != nil || id <= 0 || mac == "" {
		return 0, "", false
	}
	return id, mac, true
}

// valid reports whether mac is the one of mail id to recipient.
func (e envelopes) valid(id int64, mac, recipient string) bool {
	return hmac.Equal([]byte(mac), []byte(e.mac(id, recipient)))
}
