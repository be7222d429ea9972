package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"testing"
	"unicode/utf8"

	"github.com/emersion/go-msgauth/dkim"

	"pbem/db"
	"pbem/internal/dovecot"
	"pbem/internal/mailtest"
)

// provider is a mail provider that DKIM-signs its users' mail, as the
// attacker's and the victim's common provider does.
type provider struct {
	domain string
	priv   ed25519.PrivateKey
	record string // its DNS TXT record at sel._domainkey.domain
}

func newProvider(t *testing.T, domain string) *provider {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return &provider{domain: domain, priv: priv, record: "v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(pub)}
}

// lookup is the daemon's DNS for DKIM keys: it knows the provider's key.
func (p *provider) lookup(_ context.Context, name string) ([]string, error) {
	if name == "sel._domainkey."+p.domain {
		return []string{p.record}, nil
	}
	return nil, errors.New("no such record")
}

// sign signs a mail as the provider does on the way out.
func (p *provider) sign(t *testing.T, raw []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := dkim.Sign(&b, bytes.NewReader(raw), &dkim.SignOptions{Domain: p.domain, Selector: "sel", Signer: p.priv}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pliesOf reads the plies stored for a game.
func (r *rig) pliesOf(id int64) []db.Ply {
	r.t.Helper()
	var plies []db.Ply
	r.view(func(tx *db.Tx) (err error) {
		plies, err = tx.Plies(id)
		return err
	})
	return plies
}

// TestDaemonDKIMTrustsOnlyTheSignedFrom runs `pbem serve --trust-dkim`.
// Mallory, at the same provider as Bob, signs a mail with her own account
// and puts "From: bob" above her own From: the service must not play it
// for Bob, and answers Bob that the mail carried no key. Bob's own signed
// mail, with no key, still plays.
func TestDaemonDKIMTrustsOnlyTheSignedFrom(t *testing.T) {
	prov := newProvider(t, "provider.example")
	r := newRig(t, dovecot.Config{}, nil)
	r.start(func(c *serveConfig) { c.dkimLookup = prov.lookup }, "--trust-dkim")
	alice, bob := r.player("alice@example.org"), r.player("bob@provider.example")
	id := invite(t, alice, bob, "pente", "tournament=off")
	alice.answer(alice.reply(alice.last[id], "K10"), fmt.Sprintf("You played K10 in game %d (ply 1)", id))
	mustSay(t, bob.next("the news of ply 1"), "your move")

	attack := mailtest.Compose("Mallory <mallory@provider.example>", serviceAddress, "move", "attack@provider.example", "",
		fmt.Sprintf("move %d L9", id))
	r.deliver(append([]byte("From: Bob <bob@provider.example>\r\n"), prov.sign(t, attack)...))
	bob.answer("attack@provider.example", fmt.Sprintf("This mail carries no key for game %d, so nothing was changed", id))
	if plies := r.pliesOf(id); len(plies) != 1 {
		t.Fatalf("game %d has %d plies after the forged mail, want 1: %+v", id, len(plies), plies)
	}

	own := mailtest.Compose("Bob <bob@provider.example>", serviceAddress, "move", "own@provider.example", "",
		fmt.Sprintf("move %d L9", id))
	r.deliver(prov.sign(t, own))
	bob.answer("own@provider.example", fmt.Sprintf("You played L9 in game %d (ply 2)", id))
	mustSay(t, alice.next("the news of ply 2"), fmt.Sprintf("played L9 in game %d (ply 2)", id))
	if plies := r.pliesOf(id); len(plies) != 2 || plies[1].Token != "L9" {
		t.Fatalf("game %d plies after Bob's signed mail: %+v, want K10 L9", id, plies)
	}
	r.waitFiled(alice.n+bob.n+2, 0)
	for _, m := range r.out.update(t) {
		if m.To == "mallory@provider.example" {
			t.Errorf("the service mailed the attacker %q:\n%s", m.Subject, m.Text)
		}
	}
}

// TestDaemonAnswersRaw8BitFrom sends a mail whose From display name and
// Subject are raw Latin-1 bytes, as some old clients write them: the
// service answers it, and keeps the Subject and the name as valid UTF-8.
func TestDaemonAnswersRaw8BitFrom(t *testing.T) {
	r := newRig(t, dovecot.Config{}, nil)
	r.start(nil)
	joerg := r.player("joerg@example.de")
	r.deliver([]byte("From: J\xf6rg M\xfcller <joerg@example.de>\r\nTo: " + serviceAddress + "\r\n" +
		"Subject: Z\xfcge\r\nMessage-ID: <raw8bit@example.de>\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: text/plain; charset=ISO-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n\r\nhelp\r\n"))
	m := joerg.answer("raw8bit@example.de")
	if m.Subject != "[pbem] Re: Züge" {
		t.Errorf("the answer's subject is %q, want %q", m.Subject, "[pbem] Re: Züge")
	}
	// A display name is taken from proven mail only: the same From again,
	// now in a reply that carries Jörg's key.
	r.deliver([]byte("From: J\xf6rg M\xfcller <joerg@example.de>\r\nTo: " + m.ReplyTo + "\r\n" +
		"Subject: Re: Z\xfcge\r\nMessage-ID: <raw8bit-2@example.de>\r\nIn-Reply-To: <" + m.MessageID + ">\r\n" +
		"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=ISO-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n\r\ngames\r\n"))
	joerg.answer("raw8bit-2@example.de")
	r.waitFiled(2, 0)
	var msg db.Message
	var player db.Player
	r.view(func(tx *db.Tx) (err error) {
		if msg, err = tx.MessageByID(1); err != nil {
			return err
		}
		player, err = tx.PlayerByAddress("joerg@example.de")
		return err
	})
	if !utf8.ValidString(msg.Subject) || msg.Subject != "Züge" {
		t.Errorf("stored subject %q, want %q", msg.Subject, "Züge")
	}
	if player.Name != "Jörg Müller" {
		t.Errorf("stored name %q, want %q", player.Name, "Jörg Müller")
	}
}
