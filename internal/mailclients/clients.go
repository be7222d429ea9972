// Package mailclients writes replies as everyday mail clients write them:
// their headers, MIME structure, charsets and transfer encodings, and
// their ways of quoting the mail answered (above or below the quote, an
// attribution in the client's language, Outlook's unquoted original below
// a header block). Tests use it to answer the service's real mail as
// players do.
package mailclients

import (
	"fmt"
	"html"
	"strings"
	"time"
)

// Original is the mail being answered, as the client received it.
type Original struct {
	FromName   string // "pbem"
	FromAddr   string // "pbem@example.org"
	ReplyTo    string // where replies go: "pbem+1-k3j5...@example.org"
	To         string // the player's address
	Subject    string
	MessageID  string   // without angle brackets
	References []string // without angle brackets
	Date       time.Time
	Body       string
}

// Reply is what the player writes.
type Reply struct {
	Name, Addr string
	// Text is what the player typed, lines separated by "\n". An
	// interleaving client puts its first line after the first quoted
	// paragraph and the rest at the end.
	Text      string
	MessageID string // without angle brackets
	Date      time.Time
}

// Client is one client's way of replying.
type Client struct {
	Name    string
	compose func(o Original, r Reply) []byte
}

// Compose writes the raw reply.
func (c Client) Compose(o Original, r Reply) []byte { return c.compose(o, r) }

// All lists the clients, in a fixed order.
func All() []Client { return clients }

// Find finds a client by name.
func Find(name string) (Client, bool) {
	for _, c := range clients {
		if c.Name == name {
			return c, true
		}
	}
	return Client{}, false
}

// head is the common header of a reply; more goes after it.
func head(o Original, r Reply, prefix string, more ...string) []string {
	refs := append(append([]string{}, o.References...), o.MessageID)
	for i, id := range refs {
		refs[i] = "<" + id + ">"
	}
	from := r.Addr
	if r.Name != "" {
		from = fmt.Sprintf("%s <%s>", r.Name, r.Addr)
	}
	h := []string{
		"Date: " + r.Date.Format(time.RFC1123Z),
		"From: " + from,
		"To: " + o.ReplyTo,
		"Subject: " + prefix + o.Subject,
		"Message-ID: <" + r.MessageID + ">",
		"In-Reply-To: <" + o.MessageID + ">",
		"References: " + strings.Join(refs, "\r\n "),
	}
	return append(h, more...)
}

// sender is the original's sender as clients name it: "pbem <p@x>".
func sender(o Original) string { return fmt.Sprintf("%s <%s>", o.FromName, o.FromAddr) }

// quote marks every line of the body with prefix; an empty line gets the
// prefix without its trailing space, as most clients write it.
func quote(body, prefix string) string {
	lines := strings.Split(strings.TrimRight(body, "\n"), "\n")
	for i, l := range lines {
		if l == "" {
			lines[i] = strings.TrimRight(prefix, " ")
		} else {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n")
}

// withoutSignature is the body without its signature, as clients quote it
// when they strip signatures on reply.
func withoutSignature(body string) string {
	if i := strings.Index(body, "\n-- \n"); i >= 0 {
		return body[:i+1]
	}
	return body
}

// wrapAt breaks a line at spaces (and after "<", as Gmail does) so that
// no line is longer than width.
func wrapAt(s string, width int) string {
	var words []string
	for _, w := range strings.Fields(s) {
		if i := strings.Index(w, "<"); i >= 0 && len(w) > 2 {
			words = append(words, w[:i+1], "\x00"+w[i+1:]) // "\x00": no space before it
			continue
		}
		words = append(words, w)
	}
	var lines []string
	cur := ""
	for _, w := range words {
		glue := " "
		if strings.HasPrefix(w, "\x00") {
			w, glue = w[1:], ""
		}
		switch {
		case cur == "":
			cur = w
		case len(cur)+len(glue)+len(w) <= width:
			cur += glue + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	return strings.Join(append(lines, cur), "\n")
}

// htmlBody renders plain text as the clients show it in HTML: escaped,
// runs of spaces kept with no-break spaces, lines ended by <br>.
func htmlBody(body string) string {
	lines := strings.Split(strings.TrimRight(body, "\n"), "\n")
	for i, l := range lines {
		l = html.EscapeString(l)
		l = strings.ReplaceAll(l, "  ", "&nbsp; ")
		if strings.HasPrefix(l, " ") {
			l = "&nbsp;" + l[1:]
		}
		lines[i] = l
	}
	return strings.Join(lines, "<br>\r\n")
}

// htmlDivs renders typed lines as one <div> each, an empty one as <br>.
func htmlDivs(text, attrs string) string {
	var b strings.Builder
	for _, l := range strings.Split(text, "\n") {
		if l == "" {
			l = "<br>"
		} else {
			l = html.EscapeString(l)
		}
		fmt.Fprintf(&b, "<div%s>%s</div>\r\n", attrs, l)
	}
	return b.String()
}

// htmlDoc wraps a body in the document the clients send.
func htmlDoc(headExtra, body string) string {
	return "<html><head>\r\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">" + headExtra +
		"</head>\r\n<body>\r\n" + body + "\r\n</body></html>\r\n"
}

// interleave puts the first typed line after the quote's first paragraph
// and the rest after the whole quote.
func interleave(quoted, typed string) string {
	first, rest, _ := strings.Cut(typed, "\n")
	paras := strings.SplitN(quoted, "\n>\n", 2)
	if len(paras) < 2 {
		return quoted + "\n\n" + typed + "\n"
	}
	return paras[0] + "\n\n" + first + "\n\n" + paras[1] + "\n\n" + rest + "\n"
}
