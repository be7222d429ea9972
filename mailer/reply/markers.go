package reply

import (
	"regexp"
	"strings"
	"sync"
)

// The shapes mail clients give to what they add around a reply: the quote
// mark, the attribution line before a quote, the separator before an
// original or forwarded mail, and the header block that starts one. The
// words are those of the clients' English, German, Spanish, Portuguese,
// French, Dutch and Italian forms, and a few more.

// quoted reports whether a cleaned line is quoted text ("> ...").
func quoted(line string) bool { return strings.HasPrefix(line, ">") }

// attribVerbs are the verbs of "X wrote:" in the clients' languages.
const attribVerbs = `(wrote|writes|schrieb|escribió|escribio|escreveu|a écrit|a ecrit|schreef|ha scritto|skrev|kirjoitti|napisał|napisal|napsal|написал|написала|írta)`

// attribution is an attribution as a whole: it starts with the clients'
// opening word ("On ...", "Am ...", "El ...", "Em ...", "Le ...", "Op ...",
// "Il giorno ...") and ends with the verb and perhaps the writer, then a
// colon: "On Tue, 1 Dec 2026 at 10:00, pbem <p@x> wrote:", "Am 01.12.26 um
// 10:00 schrieb pbem <p@x>:", "Le 1 déc. 2026 à 10:00, pbem a écrit :".
var attribution = compiled(`(?i)^(on|am|el|em|le|op|il|il giorno|den|dne|w dniu)\s.*\s` + attribVerbs + `(\s[^:]*)?\s?:$`)

// openers are the first words of whole attributions, lower case.
var openers = []string{"on ", "am ", "el ", "em ", "le ", "op ", "il ", "den ", "dne ", "w dniu "}

// opensAttribution is the cheap test for a line that may start one.
func opensAttribution(line string) bool {
	if len(line) < 3 {
		return false
	}
	head := strings.ToLower(line[:min(len(line), 8)])
	for _, o := range openers {
		if strings.HasPrefix(head, o) {
			return true
		}
	}
	return false
}

// attributionTail is the end of an attribution, whatever comes first:
// enough right before a quote ("pbem <p@x> wrote:", "Bob writes:").
var attributionTail = compiled(`(?i)(^|\s)` + attribVerbs + `(\s[^:]*)?\s?:$`)

// addressAttribution is an attribution without a verb, as mutt's
// "* pbem <p@x> [2026-12-01 10:00]:": an address and a final colon.
var addressAttribution = compiled(`[^\s<>@]+@[^\s<>@]+.*:$`)

// maxAttribution is the longest text taken for an attribution.
const maxAttribution = 400

// separator is a line that starts an original or forwarded mail:
// "-----Original Message-----", "---------- Forwarded message ---------",
// "Begin forwarded message:", their translations, and Outlook's line of
// underscores (Outlook puts one above the header block of the original,
// and the HTML reader writes one for <hr> and Outlook's reply divisions).
var separator = compiled(`(?i)^(` +
	`[-=_]{2,}\s*(original message|forwarded message|ursprüngliche nachricht|original-nachricht|weitergeleitete nachricht|` +
	`mensaje original|mensaje reenviado|mensagem original|mensagem encaminhada|mensagem reencaminhada|` +
	`message d'origine|message original|message transféré|oorspronkelijk bericht|doorgestuurd bericht|` +
	`messaggio originale|messaggio inoltrato|original meddelelse|ursprungligt meddelande|videresendt melding)\s*[-=_]*` +
	`|begin forwarded message\s?:|anfang der weitergeleiteten nachricht\s?:|inicio del mensaje reenviado\s?:|` +
	`início da mensagem (reencaminhada|encaminhada)\s?:|début du message réexpédié\s?:|begin doorgestuurd bericht\s?:` +
	`|_{10,})$`)

// isSeparator reports whether a line is a separator; the cheap test first,
// since most lines are none.
func isSeparator(line string) bool {
	if len(line) > 80 || !strings.HasPrefix(line, "--") && !strings.HasPrefix(line, "==") &&
		!strings.HasPrefix(line, "__") && !strings.HasSuffix(line, ":") {
		return false
	}
	return separator().MatchString(line)
}

// field is what a header line of an original is about.
type field int

const (
	noField field = iota
	fromField
	dateField
	toField
	subjectField
	otherField
	stopField // a blank or quoted line: no header block goes on over it
)

// headerLine is a line of the header block of an original as the clients
// write it: "From: ...", "*Sent:* ...", "Von: ...", "De : ...", "Enviado
// el: ...", "Enviada em: ...", "Betreff: ...". The value may be empty.
var headerLine = compiled(`(?i)^\*?(from|von|de|van|da|från|fra|od|sent|date|datum|gesendet|enviado el|enviado|enviada em|enviada|data|fecha|envoyé|envoyé le|verzonden|verstuurd|inviato|sendt|skickat|wysłano|to|an|para|à|a|aan|til|till|do|cc|bcc|kopie|cco|cópia|subject|betreff|asunto|assunto|objet|onderwerp|oggetto|ämne|emne|temat|reply-to|antwort an|responder a|importance|wichtigkeit|importancia|priority)\*?\s?:\*?(\s|$)`)

var fieldOf = map[string]field{
	"from": fromField, "von": fromField, "de": fromField, "van": fromField, "da": fromField,
	"från": fromField, "fra": fromField, "od": fromField,
	"sent": dateField, "date": dateField, "datum": dateField, "gesendet": dateField, "enviado el": dateField,
	"enviado": dateField, "enviada em": dateField, "enviada": dateField, "data": dateField, "fecha": dateField,
	"envoyé": dateField, "envoyé le": dateField, "verzonden": dateField, "verstuurd": dateField,
	"inviato": dateField, "sendt": dateField, "skickat": dateField, "wysłano": dateField,
	"to": toField, "an": toField, "para": toField, "à": toField, "a": toField, "aan": toField,
	"til": toField, "till": toField, "do": toField,
	"subject": subjectField, "betreff": subjectField, "asunto": subjectField, "assunto": subjectField,
	"objet": subjectField, "onderwerp": subjectField, "oggetto": subjectField, "ämne": subjectField,
	"emne": subjectField, "temat": subjectField,
}

// headerField is the field a line names, noField if it is no header line.
func headerField(line string) field {
	// The cheap test first: a key is a short word or two, then a colon.
	colon := strings.IndexByte(line, ':')
	if colon < 1 || colon > 24 {
		return noField
	}
	m := headerLine().FindStringSubmatch(line)
	if m == nil {
		return noField
	}
	if f, ok := fieldOf[strings.ToLower(m[1])]; ok {
		return f
	}
	return otherField
}

// maxHeaderLines is the most lines a header block is looked for in.
const maxHeaderLines = 12

// headerBlock reports whether a header block of an original starts at
// line i, given the field of every line (-1 for a blank or quoted line):
// consecutive lines, at least three of them header lines (a long To: may
// wrap onto two more lines), among them the sender and the subject or
// date. A single "From:" or "To:" line a player writes is no header block.
func headerBlock(fields []field, i int) bool {
	if fields[i] == noField || fields[i] == stopField {
		return false
	}
	var seen [stopField]bool
	keys, wrapped := 0, 0
	for j := i; j < len(fields) && j < i+maxHeaderLines && fields[j] != stopField; j++ {
		if fields[j] == noField {
			if wrapped++; wrapped > 2 {
				break
			}
			continue
		}
		keys++
		seen[fields[j]] = true
	}
	return keys >= 3 && seen[fromField] && (seen[subjectField] || seen[dateField])
}

// compiled compiles expr on first use: these expressions took 1.6 ms to
// compile at every start of pbem, and most commands read no reply.
func compiled(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
