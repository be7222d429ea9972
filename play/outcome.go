package play

// Outcome is what became of an incoming mail. The store keeps its String.
type Outcome int

// The outcomes.
const (
	// Answered: read, acted on, answered.
	Answered Outcome = iota + 1
	// Ignored: never answered: auto-replies, bounces, lists, our own mail.
	Ignored
	// Limited: over a limit; nothing was done and nothing answered.
	Limited
	// Rejected: unreadable or too large; answered with why.
	Rejected
	// Refused: it needed proof of its sender and had none; answered with
	// one short mail.
	Refused
	// Told: proven mail over the hourly limit; told once when to retry.
	Told
	// Failed: a bug was met while handling it; kept and not acted on.
	Failed
	// Played: read and acted on, not answered: the reply would only have
	// echoed the sender's own plies, which notify myturn asks to skip.
	Played
)

func (o Outcome) String() string {
	switch o {
	case Answered:
		return "answered"
	case Ignored:
		return "ignored"
	case Limited:
		return "limited"
	case Rejected:
		return "rejected"
	case Refused:
		return "refused"
	case Told:
		return "told"
	case Failed:
		return "failed"
	case Played:
		return "played"
	}
	return ""
}
