package embedded

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-message/textproto"
)

// fetchItem is what a FETCH response needs of one message, taken under the
// mailbox lock so the responses can be written without it.
type fetchItem struct {
	seq       uint32
	meta      messageMeta
	showFlags bool // \Seen was just set: RFC 3501 wants the new FLAGS sent
}

// fetch answers FETCH. Reading a body section without PEEK sets \Seen,
// except in a mailbox opened with EXAMINE.
func (v *view) fetch(w *imapserver.FetchWriter, numSet imap.NumSet, options *imap.FetchOptions) error {
	markSeen := false
	for _, bs := range options.BodySection {
		markSeen = markSeen || !bs.Peek
	}
	markSeen = markSeen && !v.readOnly

	m := v.mbox
	refs, err := v.lockResolve(numSet)
	if err != nil {
		return err
	}
	items := make([]fetchItem, len(refs))
	var changes []flagChange
	for j, r := range refs {
		items[j] = fetchItem{seq: r.seq, meta: m.st.Messages[r.i]}
		if markSeen && !hasFlag(items[j].meta.Flags, imap.FlagSeen) {
			flags := storeFlags(items[j].meta.Flags, imap.StoreFlagsAdd, []imap.Flag{imap.FlagSeen})
			changes = append(changes, flagChange{r.i, flags})
			items[j].meta.Flags = flags
			items[j].showFlags = true
		}
	}
	err = m.setFlagsLocked(changes, v.tracker)
	dir := m.dir
	m.mu.Unlock()
	if err != nil {
		return err
	}

	for _, item := range items {
		if err := writeFetch(w, dir, item, options); err != nil {
			return err
		}
	}
	return nil
}

// needsBody reports whether the options need the message itself.
func needsBody(o *imap.FetchOptions) bool {
	return o.Envelope || o.BodyStructure != nil || len(o.BodySection) > 0 || len(o.BinarySection) > 0 || len(o.BinarySectionSize) > 0
}

// writeFetch writes one FETCH response. A message expunged by another
// session since the lock was released has lost its file; it is skipped, the
// client learns of the expunge right after.
func writeFetch(w *imapserver.FetchWriter, dir string, item fetchItem, o *imap.FetchOptions) error {
	var body []byte
	if needsBody(o) {
		var err error
		body, err = os.ReadFile(filepath.Join(dir, messageFile(item.meta.UID)))
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading message %d: %w", item.meta.UID, err)
		}
	}
	r := w.CreateMessage(item.seq)
	r.WriteUID(item.meta.UID)
	if o.Flags || item.showFlags {
		r.WriteFlags(item.meta.Flags)
	}
	if o.InternalDate {
		r.WriteInternalDate(item.meta.Date)
	}
	if o.RFC822Size {
		r.WriteRFC822Size(item.meta.Size)
	}
	if o.Envelope {
		header, err := textproto.ReadHeader(bufio.NewReader(bytes.NewReader(body)))
		if err != nil {
			// A message without a readable header still gets an envelope.
			header = textproto.Header{}
		}
		r.WriteEnvelope(imapserver.ExtractEnvelope(header))
	}
	if o.BodyStructure != nil {
		r.WriteBodyStructure(imapserver.ExtractBodyStructure(bytes.NewReader(body)))
	}
	// The response must be closed even after a failed write: it holds the
	// connection's writer until then.
	var err error
	for _, bs := range o.BodySection {
		if err == nil {
			data := imapserver.ExtractBodySection(bytes.NewReader(body), bs)
			err = writeSection(r.WriteBodySection(bs, int64(len(data))), data)
		}
	}
	for _, bs := range o.BinarySection {
		if err == nil {
			data := imapserver.ExtractBinarySection(bytes.NewReader(body), bs)
			err = writeSection(r.WriteBinarySection(bs, int64(len(data))), data)
		}
	}
	for _, bss := range o.BinarySectionSize {
		r.WriteBinarySectionSize(bss, imapserver.ExtractBinarySectionSize(bytes.NewReader(body), bss))
	}
	if cerr := r.Close(); err == nil {
		err = cerr
	}
	return err
}

func writeSection(wc io.WriteCloser, data []byte) error {
	_, err := wc.Write(data)
	if cerr := wc.Close(); err == nil {
		err = cerr
	}
	return err
}
