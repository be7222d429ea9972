package embedded

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	gomessage "github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-message/textproto"
)

var errModSeq = &imap.Error{
	Type: imap.StatusResponseTypeBad,
	Code: imap.ResponseCodeClientBug,
	Text: "MODSEQ searches are not supported: this server does not offer CONDSTORE",
}

// candidate is a message under test; its body is read on first need.
type candidate struct {
	seq  uint32
	meta messageMeta
	dir  string
	body []byte
	read bool
}

func (c *candidate) content() []byte {
	if !c.read {
		// A message expunged meanwhile matches no text: it is gone anyway.
		c.body, _ = os.ReadFile(filepath.Join(c.dir, messageFile(c.meta.UID)))
		c.read = true
	}
	return c.body
}

func (c *candidate) header() mail.Header {
	h, _ := textproto.ReadHeader(bufio.NewReader(bytes.NewReader(c.content())))
	return mail.Header{Header: gomessage.Header{Header: h}}
}

// search answers SEARCH and UID SEARCH.
func (v *view) search(kind imapserver.NumKind, criteria *imap.SearchCriteria) (*imap.SearchData, error) {
	m := v.mbox
	refs, err := v.lockResolve(imap.SeqSet{{Start: 1, Stop: 0}})
	if err != nil {
		return nil, err
	}
	cands := make([]*candidate, len(refs))
	for j, r := range refs {
		cands[j] = &candidate{seq: r.seq, meta: m.st.Messages[r.i], dir: m.dir}
	}
	m.mu.Unlock()

	var lastSeq uint32
	var lastUID imap.UID
	if n := len(cands); n > 0 {
		lastSeq, lastUID = cands[n-1].seq, cands[n-1].meta.UID
	}
	if err := staticCriteria(criteria, lastSeq, lastUID); err != nil {
		return nil, err
	}

	data := &imap.SearchData{}
	var seqs imap.SeqSet
	var uids imap.UIDSet
	for _, c := range cands {
		if !matches(c, criteria) {
			continue
		}
		num := c.seq
		if kind == imapserver.NumKindUID {
			num = uint32(c.meta.UID)
		}
		seqs.AddNum(c.seq)
		uids.AddNum(c.meta.UID)
		if data.Count == 0 {
			data.Min = num
		}
		data.Max = num
		data.Count++
	}
	data.All = seqs
	if kind == imapserver.NumKindUID {
		data.All = uids
	}
	return data, nil
}

// staticCriteria replaces "*" in the number sets of the criteria.
func staticCriteria(c *imap.SearchCriteria, lastSeq uint32, lastUID imap.UID) error {
	if c.ModSeq != nil {
		return errModSeq
	}
	for i, set := range c.SeqNum {
		if imap.IsSearchRes(set) {
			return errSearchRes
		}
		c.SeqNum[i] = staticSeqSet(set, lastSeq)
	}
	for i, set := range c.UID {
		if imap.IsSearchRes(set) {
			return errSearchRes
		}
		c.UID[i] = staticUIDSet(set, lastUID)
	}
	for i := range c.Not {
		if err := staticCriteria(&c.Not[i], lastSeq, lastUID); err != nil {
			return err
		}
	}
	for i := range c.Or {
		for j := range c.Or[i] {
			if err := staticCriteria(&c.Or[i][j], lastSeq, lastUID); err != nil {
				return err
			}
		}
	}
	return nil
}

// matches applies every search key of RFC 3501 that the parser yields.
func matches(c *candidate, k *imap.SearchCriteria) bool {
	for _, set := range k.SeqNum {
		if !set.Contains(c.seq) {
			return false
		}
	}
	for _, set := range k.UID {
		if !set.Contains(c.meta.UID) {
			return false
		}
	}
	if !inDateRange(c.meta.Date, k.Since, k.Before) {
		return false
	}
	for _, f := range k.Flag {
		if !hasFlag(c.meta.Flags, f) {
			return false
		}
	}
	for _, f := range k.NotFlag {
		if hasFlag(c.meta.Flags, f) {
			return false
		}
	}
	if k.Larger != 0 && c.meta.Size <= k.Larger || k.Smaller != 0 && c.meta.Size >= k.Smaller {
		return false
	}
	if len(k.Header) > 0 || !k.SentSince.IsZero() || !k.SentBefore.IsZero() {
		h := c.header()
		for _, hk := range k.Header {
			if !headerContains(h.FieldsByKey(hk.Key), hk.Value) {
				return false
			}
		}
		if !k.SentSince.IsZero() || !k.SentBefore.IsZero() {
			sent, err := h.Date()
			if err != nil || !inDateRange(sent, k.SentSince, k.SentBefore) {
				return false
			}
		}
	}
	for _, s := range k.Text {
		if !entityContains(c.content(), s, true) {
			return false
		}
	}
	for _, s := range k.Body {
		if !entityContains(c.content(), s, false) {
			return false
		}
	}
	for i := range k.Not {
		if matches(c, &k.Not[i]) {
			return false
		}
	}
	for _, or := range k.Or {
		if !matches(c, &or[0]) && !matches(c, &or[1]) {
			return false
		}
	}
	return true
}

// inDateRange compares dates only, ignoring time and zone, as RFC 3501 asks.
func inDateRange(t, since, before time.Time) bool {
	t = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return (since.IsZero() || !t.Before(since)) && (before.IsZero() || t.Before(before))
}

// headerContains matches HEADER keys: an empty value asks only that the
// field exists.
func headerContains(fields gomessage.HeaderFields, value string) bool {
	if value == "" {
		return fields.Len() > 0
	}
	for fields.Next() {
		text, err := fields.Text()
		if err != nil {
			text = fields.Value()
		}
		if containsFold(text, value) {
			return true
		}
	}
	return false
}

// entityContains matches BODY (and TEXT, with the headers) against the
// decoded text parts of a message.
func entityContains(raw []byte, s string, withHeader bool) bool {
	e, err := gomessage.Read(bytes.NewReader(raw))
	if err != nil && !gomessage.IsUnknownCharset(err) && !gomessage.IsUnknownEncoding(err) {
		return false
	}
	return partContains(e, s, withHeader)
}

func partContains(e *gomessage.Entity, s string, withHeader bool) bool {
	if withHeader && headerContains(e.Header.Fields(), s) {
		return true
	}
	if mr := e.MultipartReader(); mr != nil {
		for {
			part, err := mr.NextPart()
			if err != nil {
				return false
			}
			if partContains(part, s, withHeader) {
				return true
			}
		}
	}
	t, _, _ := e.Header.ContentType()
	if t != "" && !strings.HasPrefix(t, "text/") && !strings.HasPrefix(t, "message/") {
		return false
	}
	body, err := io.ReadAll(e.Body)
	return err == nil && containsFold(string(body), s)
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}
