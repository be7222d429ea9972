package embedded

import (
	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
)

// view is a session's selected mailbox. Its tracker holds the updates this
// session has not been told yet and maps sequence numbers between the
// session's view and the mailbox.
type view struct {
	mbox     *mailbox
	tracker  *imapserver.SessionTracker
	readOnly bool
}

// msgRef is a message found by a number set: its index in the mailbox state
// and its sequence number as the client knows it.
type msgRef struct {
	i   int
	seq uint32
}

var errSearchRes = &imap.Error{
	Type: imap.StatusResponseTypeBad,
	Code: imap.ResponseCodeClientBug,
	Text: "The $ search result reference is not supported: this server does not offer SEARCHRES",
}

var errReadOnly = noError(imap.ResponseCodeCannot, "The mailbox was opened read-only with EXAMINE")

// resolveLocked finds the messages of numSet that the client knows of, in
// mailbox order; "*" stands for the last one. The caller holds mbox.mu.
// lockResolve locks the view's mailbox and resolves numSet in it. On
// success the mailbox stays locked and the caller unlocks it; on an error
// (the mailbox is gone, a bad set) it is unlocked.
func (v *view) lockResolve(numSet imap.NumSet) ([]msgRef, error) {
	m := v.mbox
	m.mu.Lock()
	if m.gone {
		m.mu.Unlock()
		return nil, errGone
	}
	refs, err := v.resolveLocked(numSet)
	if err != nil {
		m.mu.Unlock()
		return nil, err
	}
	return refs, nil
}

func (v *view) resolveLocked(numSet imap.NumSet) ([]msgRef, error) {
	if imap.IsSearchRes(numSet) {
		return nil, errSearchRes
	}
	msgs := v.mbox.st.Messages
	seqs := make([]uint32, len(msgs))
	var maxSeq uint32
	var maxUID imap.UID
	for i, msg := range msgs {
		seqs[i] = v.tracker.EncodeSeqNum(uint32(i + 1))
		if seqs[i] != 0 {
			maxSeq = max(maxSeq, seqs[i])
			maxUID = msg.UID
		}
	}
	var refs []msgRef
	switch set := numSet.(type) {
	case imap.SeqSet:
		set = staticSeqSet(set, maxSeq)
		for i, seq := range seqs {
			if seq != 0 && set.Contains(seq) {
				refs = append(refs, msgRef{i, seq})
			}
		}
	case imap.UIDSet:
		set = staticUIDSet(set, maxUID)
		for i, seq := range seqs {
			if seq != 0 && set.Contains(msgs[i].UID) {
				refs = append(refs, msgRef{i, seq})
			}
		}
	}
	return refs, nil
}

// staticSeqSet replaces "*" (stored as 0) by the highest sequence number.
func staticSeqSet(set imap.SeqSet, last uint32) imap.SeqSet {
	out := make(imap.SeqSet, len(set))
	for i, r := range set {
		out[i].Start, out[i].Stop = staticRange(r.Start, r.Stop, last)
	}
	return out
}

// staticUIDSet replaces "*" (stored as 0) by the highest UID.
func staticUIDSet(set imap.UIDSet, last imap.UID) imap.UIDSet {
	out := make(imap.UIDSet, len(set))
	for i, r := range set {
		start, stop := staticRange(uint32(r.Start), uint32(r.Stop), uint32(last))
		out[i].Start, out[i].Stop = imap.UID(start), imap.UID(stop)
	}
	return out
}

// staticRange orders a range once "*" is known: 5:* with 3 messages is 3:5.
func staticRange(start, stop, last uint32) (uint32, uint32) {
	if start == 0 {
		start = last
	}
	if stop == 0 {
		stop = last
	}
	if start > stop {
		start, stop = stop, start
	}
	return start, stop
}
