package mailer

import (
	"strings"

	"golang.org/x/net/html"
)

// blocks are the elements that start a new line of text.
var blocks = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "br": true, "dd": true, "div": true,
	"dl": true, "dt": true, "fieldset": true, "figure": true, "footer": true, "form": true, "h1": true,
	"h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "header": true, "hr": true, "li": true,
	"main": true, "nav": true, "ol": true, "p": true, "pre": true, "section": true, "table": true,
	"tr": true, "ul": true,
}

// quoteClasses mark the parts of an HTML reply that hold the quoted mail
// or its attribution, besides <blockquote>: Gmail's attribution, Yahoo's
// quote, Thunderbird's attribution, Proton Mail's quote.
var quoteClasses = []string{"gmail_attr", "yahoo_quoted", "moz-cite-prefix", "protonmail_quote"}

// originalIDs and originalClasses mark where Outlook puts the original
// mail, unquoted, after its header block ("From: ... Sent: ..."): the
// division of the header (Outlook on the web, Outlook.com, Outlook for
// iOS and Android), the place the original is appended at, the newer
// Outlook's container, and older Outlook's header class.
var (
	originalIDs     = []string{"divrplyfwdmsg", "appendonsend", "mail-editor-reference-message-container"}
	originalClasses = []string{"outlookmessageheader"}
)

// originalLine is what marks an original in the text: the line of
// underscores Outlook writes above it in its own plain text, which the
// reply reader (mailer/reply) takes for the start of an original.
const originalLine = "________________________________"

// htmlToText turns an HTML body into plain text that keeps what a reply
// reader needs: block elements on lines of their own, an empty paragraph
// or line break as a blank line, the lines of <pre> as they are, quoted
// text (<blockquote> and the quote parts of the clients' replies) marked
// "> ", and a line of underscores where an original starts (<hr>,
// Outlook's reply division). Scripts, styles and the head are left out.
// The parsing is x/net/html's, which reads HTML as browsers do, broken
// HTML included.
func htmlToText(src string) string {
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		return src
	}
	var b strings.Builder
	var line strings.Builder
	depth, pre := 0, 0 // blockquote and <pre> nesting
	blank := true      // the last line written was blank (or none was)
	write := func(s string) {
		b.WriteString(s + "\n")
		blank = s == ""
	}
	// flush ends the line; an empty line is written as a blank line only
	// when it was asked for (a <br> or an empty paragraph).
	flush := func(keepEmpty bool) {
		text := strings.Join(strings.Fields(line.String()), " ")
		line.Reset()
		switch {
		case text != "":
			write(strings.Repeat("> ", depth) + text)
		case keepEmpty && !blank:
			write("")
		}
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			if pre == 0 {
				line.WriteString(n.Data)
				return
			}
			parts := strings.Split(n.Data, "\n")
			for i, p := range parts {
				if i > 0 {
					flush(true)
				}
				line.WriteString(p)
			}
			return
		case html.ElementNode:
			switch n.Data {
			case "script", "style", "head", "title":
				return
			}
		}
		el := n.Type == html.ElementNode
		if el && (n.Data == "hr" || marked(n, "id", originalIDs) || marked(n, "class", originalClasses)) {
			flush(false)
			if !strings.HasSuffix(b.String(), originalLine+"\n") {
				write(originalLine)
			}
		}
		isBlock := el && blocks[n.Data]
		if isBlock {
			flush(n.Data == "br")
		}
		quote := el && (n.Data == "blockquote" || marked(n, "class", quoteClasses))
		if quote {
			depth++
		}
		if el && n.Data == "pre" {
			pre++
		}
		start := b.Len()
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if isBlock {
			// A paragraph with no text at all (<p>&nbsp;</p>) is a blank line.
			flush(n.Data == "p" && b.Len() == start)
		}
		if quote {
			depth--
		}
		if el && n.Data == "pre" {
			pre--
		}
	}
	walk(doc)
	flush(false)
	return b.String()
}

// marked reports whether an element's attribute (id or class) holds one
// of names, without regard to case or Outlook's "x_" prefix (Outlook
// prefixes the ids and classes of a mail it quotes).
func marked(n *html.Node, attr string, names []string) bool {
	for _, a := range n.Attr {
		if a.Key != attr {
			continue
		}
		for _, v := range strings.Fields(strings.ToLower(a.Val)) {
			v = strings.TrimPrefix(v, "x_")
			for _, name := range names {
				if v == name {
					return true
				}
			}
		}
	}
	return false
}

// HTMLText is the text the service reads in an HTML body (htmlToText).
func HTMLText(src string) string { return htmlToText(src) }
