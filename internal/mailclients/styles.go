package mailclients

import (
	"fmt"
	"html"
	"strings"
	"time"
)

var clients = []Client{
	{"thunderbird-plain-bottom", thunderbirdPlain("en", false)},
	{"thunderbird-plain-top", thunderbirdPlain("en", true)},
	{"thunderbird-plain-de", thunderbirdPlain("de", false)},
	{"thunderbird-html", thunderbirdHTML},
	{"gmail-web-en", gmail("en", "web")},
	{"gmail-web-de", gmail("de", "web")},
	{"gmail-android-es", gmail("es", "android")},
	{"gmail-web-pt", gmail("pt", "web")},
	{"gmail-web-fr", gmail("fr", "web")},
	{"gmail-web-nl", gmail("nl", "web")},
	{"gmail-forward", gmailForward},
	{"outlook-desktop-en", outlookDesktop("en", false)},
	{"outlook-desktop-de-tnef", outlookDesktop("de", true)},
	{"outlook-desktop-es-tnef", outlookDesktop("es", true)},
	{"outlook-desktop-ptbr", outlookDesktop("pt", false)},
	{"outlook-desktop-fr", outlookDesktop("fr", false)},
	{"outlook-web-en", outlookWeb("en", "")},
	{"outlook-com-ptbr", outlookWeb("pt", "")},
	{"outlook-ios-en", outlookWeb("en", "Get Outlook for iOS<https://aka.ms/o0ukef>")},
	{"apple-mail", appleMail},
	{"ios-mail", iosMail(false)},
	{"ios-mail-html", iosMail(true)},
	{"k9", k9},
	{"fairemail", fairEmail},
	{"mutt-bottom", mutt(false)},
	{"mutt-interleaved", mutt(true)},
	{"mutt-pgp", muttPGP},
	{"aerc", aerc},
	{"evolution", evolution},
	{"roundcube-plain", roundcubePlain},
	{"roundcube-html", roundcubeHTML},
	{"proton", proton},
	{"yahoo", yahoo},
	{"samsung", samsung},
	{"lotus-notes", lotusNotes},
}

// cte is the transfer encoding a client picks for text: 7bit for ASCII,
// else its choice.
func cte(s, nonASCII string) string {
	for _, r := range s {
		if r >= 0x80 {
			return nonASCII
		}
	}
	return "7bit"
}

// boundary makes a boundary in a client's style from the reply's id.
func boundary(prefix string, r Reply) string {
	sum := 0
	for _, c := range r.MessageID {
		sum = sum*31 + int(c)
	}
	return fmt.Sprintf("%s%016x", prefix, uint64(sum))
}

func orAddr(o Original) string {
	if o.FromName != "" {
		return o.FromName
	}
	return o.FromAddr
}

// --- Thunderbird ---------------------------------------------------------

func tbAttribution(lang string, o Original) string {
	d := o.Date
	if lang == "de" {
		return fmt.Sprintf("Am %s um %s schrieb %s:", d.Format("02.01.06"), hm(d), orAddr(o))
	}
	return fmt.Sprintf("On %s %s, %s wrote:", d.Format("1/2/06"), hm(d), orAddr(o))
}

const tbSignature = "-- \nBob Example\n+1 555 0100 | bob.example.org"

func tbHeader(o Original, r Reply, prefix string) []string {
	return head(o, r, prefix, "User-Agent: Mozilla Thunderbird", "Content-Language: en-US", "MIME-Version: 1.0")
}

func thunderbirdPlain(lang string, top bool) func(Original, Reply) []byte {
	return func(o Original, r Reply) []byte {
		q := tbAttribution(lang, o) + "\n" + quote(withoutSignature(o.Body), "> ")
		var body string
		if top {
			body = r.Text + "\n\n" + tbSignature + "\n\n" + q + "\n"
		} else {
			body = q + "\n\n" + r.Text + "\n\n" + tbSignature + "\n"
		}
		body = flowed(body)
		return message(tbHeader(o, r, "Re: "), text("text/plain; format=flowed", "UTF-8", cte(body, "8bit"), body))
	}
}

func thunderbirdHTML(o Original, r Reply) []byte {
	orig := withoutSignature(o.Body)
	plain := flowed(tbAttribution("en", o) + "\n" + quote(orig, "> ") + "\n\n" + r.Text + "\n")
	h := "<!DOCTYPE html>\n<html>\n  <head>\n    <meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\">\n  </head>\n  <body>\n" +
		"    <div class=\"moz-cite-prefix\">" + html.EscapeString(tbAttribution("en", o)) + "<br>\n    </div>\n" +
		"    <blockquote type=\"cite\" cite=\"mid:" + o.MessageID + "\">\n      <pre class=\"moz-quote-pre\" wrap=\"\">" +
		html.EscapeString(orig) + "</pre>\n    </blockquote>\n    <p>" + strings.ReplaceAll(html.EscapeString(r.Text), "\n", "<br>\n") +
		"</p>\n  </body>\n</html>\n"
	return message(tbHeader(o, r, "Re: "), multipart("alternative", boundary("------------", r), "",
		text("text/plain; format=flowed", "UTF-8", cte(plain, "8bit"), plain),
		text("text/html", "UTF-8", cte(h, "8bit"), h)))
}

// --- Gmail ---------------------------------------------------------------

// gmailSender is how Gmail names the sender: "pbem <p@x>", or "<p@x>".
func gmailSender(o Original) string {
	if o.FromName != "" {
		return sender(o)
	}
	return "<" + o.FromAddr + ">"
}

func gmailAttribution(lang string, o Original) string {
	d, s := o.Date, gmailSender(o)
	switch lang {
	case "de":
		return fmt.Sprintf("Am %s schrieb %s:", deShort(d), s)
	case "es":
		if o.FromName != "" {
			s = fmt.Sprintf("%s (<%s>)", o.FromName, o.FromAddr)
		}
		return fmt.Sprintf("El %s, %s escribió:", esShort(d), s)
	case "pt":
		return fmt.Sprintf("Em %s, %s escreveu:", ptShort(d), s)
	case "fr":
		return fmt.Sprintf("Le %s %d %s %d à %s, %s a écrit :", []string{"dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."}[d.Weekday()],
			d.Day(), []string{"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."}[d.Month()-1], d.Year(), hm(d), s)
	case "nl":
		return fmt.Sprintf("Op %s schreef %s:", nlShort(d), s)
	}
	return fmt.Sprintf("On %s at %s, %s wrote:", d.Format("Mon, 2 Jan 2006"), hm(d), s)
}

func gmailQuote(attr, body string) string {
	return `<div class="gmail_quote"><div dir="ltr" class="gmail_attr">` + html.EscapeString(attr) +
		"<br></div><blockquote class=\"gmail_quote\" style=\"margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex\">" +
		htmlBody(body) + "</blockquote></div>\r\n"
}

func gmail(lang, kind string) func(Original, Reply) []byte {
	return func(o Original, r Reply) []byte {
		attr := gmailAttribution(lang, o)
		plain := r.Text + "\n\n" + wrapAt(attr, 76) + "\n\n" + quote(o.Body, "> ") + "\n"
		h := `<div dir="ltr">` + htmlDivs(r.Text, "") + "</div><br>" + gmailQuote(attr, o.Body)
		if kind == "android" {
			h = `<div dir="auto">` + strings.ReplaceAll(html.EscapeString(r.Text), "\n", "<br>") + "</div><br>" + gmailQuote(attr, o.Body)
		}
		return message(head(o, r, "Re: ", "MIME-Version: 1.0"), multipart("alternative", boundary("0000000000", r), "",
			text("text/plain", `"UTF-8"`, cte(plain, "quoted-printable"), plain),
			text("text/html", `"UTF-8"`, "quoted-printable", h)))
	}
}

// gmailForward forwards the mail to the service with a note above.
func gmailForward(o Original, r Reply) []byte {
	fwd := fmt.Sprintf("---------- Forwarded message ---------\nFrom: %s\nDate: %s\nSubject: %s\nTo: <%s>\n\n",
		gmailSender(o), o.Date.Format("Mon, 2 Jan 2006 at 15:04"), o.Subject, o.To)
	plain := r.Text + "\n\n" + fwd + o.Body
	h := `<div dir="ltr">` + html.EscapeString(r.Text) + `<br><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">` +
		strings.ReplaceAll(html.EscapeString(strings.TrimRight(fwd, "\n")), "\n", "<br>") + "<br></div><br><br>" + htmlBody(o.Body) + "</div></div>\r\n"
	hd := head(o, r, "Fwd: ", "MIME-Version: 1.0")
	hd = append(hd[:2], append([]string{"To: " + o.FromAddr}, hd[3:]...)...)
	return message(hd, multipart("alternative", boundary("0000000000", r), "",
		text("text/plain", `"UTF-8"`, cte(plain, "quoted-printable"), plain),
		text("text/html", `"UTF-8"`, "quoted-printable", h)))
}

// --- Outlook -------------------------------------------------------------

// outlookLabels are the header block's labels and the reply prefix.
var outlookLabels = map[string][5]string{
	"en": {"From", "Sent", "To", "Subject", "RE: "},
	"de": {"Von", "Gesendet", "An", "Betreff", "AW: "},
	"es": {"De", "Enviado el", "Para", "Asunto", "RE: "},
	"pt": {"De", "Enviada em", "Para", "Assunto", "RE: "},
	"fr": {"De ", "Envoyé ", "À ", "Objet ", "RE : "},
}

func outlookDate(lang string, d time.Time) string {
	switch lang {
	case "de":
		return deFull(d)
	case "es":
		return esFull(d)
	case "pt":
		return ptFull(d)
	case "fr":
		return frFull(d)
	}
	return d.Format("Monday, January 2, 2006 3:04 PM")
}

// outlookBlock is the header block Outlook puts above the original.
func outlookBlock(lang string, o Original, from string) []string {
	l := outlookLabels[lang]
	return []string{l[0] + ": " + from, l[1] + ": " + outlookDate(lang, o.Date), l[2] + ": " + o.To, l[3] + ": " + o.Subject}
}

func outlookHeader(o Original, r Reply, lang string, tnef bool) []string {
	more := []string{"Thread-Topic: " + o.Subject, "Thread-Index: AQHZ0m3kQk9n7v1L0Uu9p8Jv4n0QWg==",
		"Accept-Language: " + map[string]string{"en": "en-US", "de": "de-DE", "es": "es-ES", "pt": "pt-BR", "fr": "fr-FR"}[lang],
		"Content-Language: " + map[string]string{"en": "en-US", "de": "de-DE", "es": "es-ES", "pt": "pt-BR", "fr": "fr-FR"}[lang],
		"X-MS-Has-Attach:", "X-Mailer: Microsoft Outlook 16.0"}
	if tnef {
		more = append(more, "X-MS-TNEF-Correlator: <"+r.MessageID+">")
	}
	return head(o, r, outlookLabels[lang][4], append(more, "MIME-Version: 1.0")...)
}

// tnefData is the start of a winmail.dat: the TNEF signature, a key and
// some attributes (Outlook sends the rich-text body in it).
var tnefData = []byte{0x78, 0x9f, 0x3e, 0x22, 0x4e, 0x2c, 0x01, 0x06, 0x90, 0x08, 0x00, 0x04, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x01, 0x07, 0x90, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00, 0xe4, 0x04, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0xe8, 0x00, 0x01, 0x08, 0x80, 0x07, 0x00, 0x18, 0x00, 0x00, 0x00, 0x49, 0x50,
	0x4d, 0x2e, 0x4d, 0x69, 0x63, 0x72, 0x6f, 0x73, 0x6f, 0x66, 0x74, 0x20, 0x4d, 0x61, 0x69, 0x6c, 0x2e, 0x4e,
	0x6f, 0x74, 0x65, 0x00, 0x31, 0x08}

func outlookDesktop(lang string, tnef bool) func(Original, Reply) []byte {
	return func(o Original, r Reply) []byte {
		block := outlookBlock(lang, o, o.FromAddr)
		sig := "\nBob Example\nSenior Engineer | Example Corp\nTel. +1 555 0100\n"
		if lang == "de" {
			sig = "\nMit freundlichen Grüßen\nBob Example\n"
		}
		plain := r.Text + "\n" + sig + "\n" + strings.Join(block, "\n") + "\n\n" + o.Body
		hd := outlookHeader(o, r, lang, tnef)
		if tnef {
			return message(hd, multipart("mixed", "_000_"+boundary("", r)+"_", "",
				text("text/plain", `"windows-1252"`, "quoted-printable", plain),
				binary("application/ms-tnef", "winmail.dat", tnefData)))
		}
		var hb strings.Builder
		hb.WriteString(`<div class=WordSection1>`)
		for _, l := range strings.Split(r.Text+"\n"+sig, "\n") {
			if l == "" {
				hb.WriteString("<p class=MsoNormal><o:p>&nbsp;</o:p></p>\r\n")
				continue
			}
			hb.WriteString("<p class=MsoNormal>" + html.EscapeString(l) + "<o:p></o:p></p>\r\n")
		}
		hb.WriteString(`<div><div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0in 0in 0in'><p class=MsoNormal>`)
		for i, l := range block {
			k, v, _ := strings.Cut(l, ":")
			if i > 0 {
				hb.WriteString("<br>")
			}
			hb.WriteString("<b>" + html.EscapeString(k) + ":</b>" + html.EscapeString(v))
		}
		hb.WriteString("<o:p></o:p></p></div></div><p class=MsoNormal><o:p>&nbsp;</o:p></p>\r\n")
		for _, l := range strings.Split(strings.TrimRight(o.Body, "\n"), "\n") {
			hb.WriteString("<p class=MsoPlainText>" + strings.ReplaceAll(html.EscapeString(l), " ", "&nbsp;") + "<o:p></o:p></p>\r\n")
		}
		hb.WriteString("</div>")
		h := htmlDoc(`<meta name=Generator content="Microsoft Word 15 (filtered medium)"><style><!-- p.MsoNormal {margin:0in;} --></style>`, hb.String())
		return message(hd, multipart("alternative", "_000_"+boundary("", r)+"_", "",
			text("text/plain", `"windows-1252"`, "quoted-printable", plain),
			text("text/html", `"windows-1252"`, "quoted-printable", h)))
	}
}

// outlookWeb is Outlook on the web, Outlook.com and the mobile apps: the
// original below a line of underscores and the header block; in HTML, the
// divRplyFwdMsg division after an <hr>.
func outlookWeb(lang, tagline string) func(Original, Reply) []byte {
	return func(o Original, r Reply) []byte {
		from := fmt.Sprintf("%s <%s>", o.FromAddr, o.FromAddr)
		if o.FromName != "" {
			from = sender(o)
		}
		l := outlookLabels[lang]
		date := outlookDate(lang, o.Date)
		if lang == "pt" {
			l[1] = "Enviado"
		}
		block := []string{l[0] + ": " + from, l[1] + ": " + date, l[2] + ": " + o.To + " <" + o.To + ">", l[3] + ": " + o.Subject}
		typed := r.Text
		if tagline != "" {
			typed += "\n\n" + tagline
		}
		plain := typed + "\n" + strings.Repeat("_", 32) + "\n" + strings.Join(block, "\n") + "\n\n" + o.Body
		var hb strings.Builder
		hb.WriteString(htmlDivs(typed, ` style="font-family: Aptos, Calibri, Helvetica, sans-serif; font-size: 12pt; color: rgb(0, 0, 0);"`))
		hb.WriteString("<div id=\"appendonsend\"></div>\r\n<hr style=\"display:inline-block;width:98%\" tabindex=\"-1\">\r\n")
		hb.WriteString(`<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt" color="#000000">`)
		for i, line := range block {
			k, v, _ := strings.Cut(line, ":")
			if i > 0 {
				hb.WriteString("<br>\r\n")
			}
			hb.WriteString("<b>" + html.EscapeString(k) + ":</b>" + html.EscapeString(v))
		}
		hb.WriteString("</font>\r\n<div>&nbsp;</div>\r\n</div>\r\n<div class=\"BodyFragment\"><font size=\"2\"><span style=\"font-size:11pt;\">\r\n<div class=\"PlainText\">")
		hb.WriteString(htmlBody(o.Body) + "</div>\r\n</span></font></div>")
		h := htmlDoc(`<style type="text/css" style="display:none;"> P {margin-top:0;margin-bottom:0;} </style>`, hb.String())
		hd := head(o, r, l[4], "Thread-Topic: "+o.Subject, "Thread-Index: AQHZ0m3kQk9n7v1L0Uu9p8Jv4n0QWg==",
			"X-MS-Has-Attach:", "X-MS-TNEF-Correlator:", "msip_labels:", "MIME-Version: 1.0")
		return message(hd, multipart("alternative", "_000_"+boundary("", r)+"_", "",
			text("text/plain", `"us-ascii"`, cte(plain, "quoted-printable"), plain),
			text("text/html", `"us-ascii"`, "quoted-printable", h)))
	}
}

// --- Apple ---------------------------------------------------------------

func appleMail(o Original, r Reply) []byte {
	attr := fmt.Sprintf("On %s, at %s, %s wrote:", o.Date.Format("2 Jan 2006"), hm(o.Date), orAddr(o))
	body := r.Text + "\n\n" + quote(attr+"\n\n"+o.Body, "> ") + "\n\n"
	hd := head(o, r, "Re: ", "X-Mailer: Apple Mail (2.3774.600.62)",
		`Mime-Version: 1.0 (Mac OS X Mail 16.0 \(3774.600.62\))`)
	return message(hd, text("text/plain", "us-ascii", "quoted-printable", body))
}

func iosMail(rich bool) func(Original, Reply) []byte {
	return func(o Original, r Reply) []byte {
		// iOS writes a narrow no-break space before AM/PM.
		attr := fmt.Sprintf("On %s, at %s\u202fAM, %s wrote:", o.Date.Format("Jan 2, 2006"), o.Date.Format("3:04"), orAddr(o))
		plain := r.Text + "\n\nSent from my iPhone\n\n" + quote(attr+"\n\n"+o.Body, "> ") + "\n"
		hd := head(o, r, "Re: ", "X-Mailer: iPhone Mail (21G93)", "Mime-Version: 1.0 (1.0)")
		if !rich {
			return message(hd, text("text/plain", "utf-8", "quoted-printable", plain))
		}
		h := `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body dir="auto">` +
			strings.ReplaceAll(html.EscapeString(r.Text), "\n", "<br>") + `<br><br><div dir="ltr">Sent from my iPhone</div><div dir="ltr"><br>` +
			`<blockquote type="cite">` + html.EscapeString(attr) + "<br><br></blockquote></div><blockquote type=\"cite\"><div dir=\"ltr\">" +
			htmlBody(o.Body) + "</div></blockquote></body></html>\r\n"
		return message(hd, multipart("alternative", "Apple-Mail-"+boundary("", r), "",
			text("text/plain", "utf-8", "quoted-printable", plain),
			text("text/html", "utf-8", "quoted-printable", h)))
	}
}

// --- Android -------------------------------------------------------------

func k9(o Original, r Reply) []byte {
	attr := fmt.Sprintf("On %s, %s wrote:", o.Date.Format("January 2, 2006 3:04:05 PM MST"), orAddr(o))
	body := r.Text + "\n-- \nSent from my Android device with K-9 Mail. Please excuse my brevity.\n\n" + attr + "\n" + quote(o.Body, ">") + "\n"
	hd := head(o, r, "Re: ", "User-Agent: K-9 Mail for Android", "MIME-Version: 1.0")
	return message(hd, text("text/plain", "utf-8", cte(body, "quoted-printable"), body))
}

func fairEmail(o Original, r Reply) []byte {
	attr := fmt.Sprintf("%s, %s:", o.Date.Format("Jan 2, 2006 15:04:05"), o.FromAddr)
	plain := r.Text + "\n\n" + attr + "\n\n" + quote(o.Body, "> ") + "\n"
	h := htmlDoc("", `<p dir="auto">`+strings.ReplaceAll(html.EscapeString(r.Text), "\n", "<br>")+`</p>`+"\r\n"+
		`<p class="fairemail_reply" dir="auto">`+html.EscapeString(attr)+`</p>`+"\r\n"+
		`<blockquote style="margin:0 0 0 3px;border-left:3px solid #3498db;padding-left:6px;">`+htmlBody(o.Body)+`</blockquote>`)
	hd := head(o, r, "Re: ", "User-Agent: FairEmail", "MIME-Version: 1.0")
	return message(hd, multipart("alternative", "----="+boundary("_Part_", r), "",
		text("text/plain", "utf-8", cte(plain, "quoted-printable"), plain),
		text("text/html", "utf-8", "quoted-printable", h)))
}

func samsung(o Original, r Reply) []byte {
	block := fmt.Sprintf("-------- Original message --------\nFrom: %s \nDate: %s (GMT+00:00) \nTo: %s \nSubject: %s \n\n",
		o.FromAddr, o.Date.Format("1/2/06 15:04"), o.To, o.Subject)
	plain := r.Text + "\n\n\n\nSent from my Galaxy\n\n\n" + block + o.Body
	var hb strings.Builder
	hb.WriteString(htmlDivs(r.Text, ` dir="auto"`))
	hb.WriteString(`<div dir="auto"><br></div><div id="composer_signature" dir="auto"><div style="font-size:12px;color:#575757" dir="auto">Sent from my Galaxy</div></div>`)
	hb.WriteString(`<div dir="auto"><br></div><div><br></div><div align="left" dir="auto" style="font-size:100%;color:#000000"><div>-------- Original message --------</div>`)
	for _, l := range strings.Split(strings.TrimSpace(strings.SplitN(block, "\n", 2)[1]), "\n") {
		hb.WriteString("<div>" + html.EscapeString(l) + "</div>")
	}
	hb.WriteString("<div><br></div></div>" + htmlBody(o.Body))
	hd := head(o, r, "Re: ", "MIME-Version: 1.0")
	return message(hd, multipart("alternative", "--_com.samsung.android.email_"+boundary("", r), "",
		text("text/plain", "UTF-8", "base64", plain),
		text("text/html", "UTF-8", "base64", htmlDoc("", hb.String()))))
}

// --- Unix and the web ----------------------------------------------------

func mutt(interleaved bool) func(Original, Reply) []byte {
	return func(o Original, r Reply) []byte {
		attr := fmt.Sprintf("On %s, %s wrote:", o.Date.Format("Mon, Jan 02, 2006 at 03:04:05PM -0700"), o.FromAddr)
		q := quote(o.Body, "> ")
		var body string
		if interleaved {
			body = attr + "\n" + interleave(q, r.Text) + "\n-- \nbob\n"
		} else {
			body = attr + "\n" + q + "\n\n" + r.Text + "\n\n-- \nbob\n"
		}
		hd := head(o, r, "Re: ", "MIME-Version: 1.0", "User-Agent: Mutt/2.2.12 (2023-09-09)")
		return message(hd, text("text/plain; format=flowed", "us-ascii", "7bit", flowed(body)))
	}
}

func muttPGP(o Original, r Reply) []byte {
	attr := fmt.Sprintf("* %s <%s> [%s]:", orAddr(o), o.FromAddr, o.Date.Format("2006-01-02 15:04"))
	body := attr + "\n" + quote(withoutSignature(o.Body), "> ") + "\n\n" + r.Text + "\n\n-- \nbob\n"
	sig := "-----BEGIN PGP SIGNATURE-----\n\niHUEARYKAB0WIQTZbMwC8lx7s3Fw6Kq1dGHTJmHtJgUCZ2xq7gAKCRC1dGHTJmHt\nJv3xAP9Yb0Q7uT7yBq5wW4mQ4f6nJ9c8J5Pp0e3t5L3G8hXH1wD/Sv8c1m0kQzXk\nV0d3c8xY2dA7Q2dJ9tP8n5bL1w0qJQA=\n=ab12\n-----END PGP SIGNATURE-----\n"
	signed := multipart("signed", "a8J3kB9cX2mN5pQ7", `micalg=pgp-sha256; protocol="application/pgp-signature"`,
		text("text/plain", "utf-8", "quoted-printable", body),
		part{header: []string{`Content-Type: application/pgp-signature; name="signature.asc"`, "Content-Description: signature",
			"Content-Disposition: attachment; filename=\"signature.asc\""}, body: []byte(crlf(sig))})
	hd := head(o, r, "Re: ", "MIME-Version: 1.0", "User-Agent: NeoMutt/20240425")
	return message(hd, signed)
}

func aerc(o Original, r Reply) []byte {
	attr := fmt.Sprintf("On %s, %s wrote:", o.Date.Format("Mon Jan 2, 2006 at 3:04 PM MST"), o.FromAddr)
	body := attr + "\n" + quote(o.Body, "> ") + "\n\n" + r.Text + "\n"
	hd := head(o, r, "Re: ", "MIME-Version: 1.0", "User-Agent: aerc 0.18.2")
	return message(hd, text("text/plain; format=flowed", "utf-8", cte(body, "quoted-printable"), flowed(body)))
}

func evolution(o Original, r Reply) []byte {
	attr := fmt.Sprintf("On %s, %s wrote:", o.Date.Format("Mon, 2006-01-02 at 15:04 -0700"), o.FromAddr)
	body := attr + "\n" + quote(o.Body, "> ") + "\n" + r.Text + "\n-- \nBob Example <" + r.Addr + ">\n"
	hd := head(o, r, "Re: ", "User-Agent: Evolution 3.50.3-1", "MIME-Version: 1.0")
	return message(hd, text("text/plain", `"UTF-8"`, cte(body, "8bit"), body))
}

func roundcubeAttribution(o Original) string {
	return fmt.Sprintf("On %s, %s wrote:", o.Date.Format("2006-01-02 15:04"), o.FromAddr)
}

func roundcubePlain(o Original, r Reply) []byte {
	body := roundcubeAttribution(o) + "\n" + quote(o.Body, "> ") + "\n\n" + r.Text + "\n"
	hd := head(o, r, "Re: ", "MIME-Version: 1.0", "User-Agent: Roundcube Webmail/1.6.7")
	return message(hd, text("text/plain; format=flowed", "US-ASCII", "7bit", flowed(body)))
}

func roundcubeHTML(o Original, r Reply) []byte {
	plain := roundcubeAttribution(o) + "\n\n" + quote(o.Body, "> ") + "\n\n" + r.Text + "\n"
	h := htmlDoc(``, `<p id="reply-intro">`+html.EscapeString(roundcubeAttribution(o))+`</p>`+"\r\n"+
		`<blockquote type="cite" style="padding: 0 0.4em; border-left: #1010ff 2px solid; margin: 0"><!-- html ignored --><!-- head ignored --><!-- meta ignored -->`+"\r\n"+
		`<div class="pre" style="margin: 0; padding: 0; font-family: monospace">`+htmlBody(o.Body)+`</div>`+"\r\n"+`</blockquote>`+"\r\n"+
		`<p>`+strings.ReplaceAll(html.EscapeString(r.Text), "\n", "<br />")+`</p>`)
	hd := head(o, r, "Re: ", "MIME-Version: 1.0", "User-Agent: Roundcube Webmail/1.6.7")
	return message(hd, multipart("alternative", "=_"+boundary("", r), "",
		text("text/plain; format=flowed", "US-ASCII", "7bit", flowed(plain)),
		text("text/html", "UTF-8", "quoted-printable", h)))
}

func proton(o Original, r Reply) []byte {
	attr := fmt.Sprintf("On %s at %s, %s wrote:", o.Date.Format("Monday, January 2nd, 2006"), hm(o.Date), gmailSender(o))
	plain := r.Text + "\n\n\n\n\nSent with Proton Mail secure email.\n\n------- Original Message -------\n" + attr + "\n\n\n" + quote(o.Body, "> ") + "\n"
	h := `<div style="font-family: Arial, sans-serif; font-size: 14px;">` + strings.ReplaceAll(html.EscapeString(r.Text), "\n", "<br>") + "</div>" +
		`<div class="protonmail_signature_block"><div class="protonmail_signature_block-proton">Sent with <a target="_blank" href="https://proton.me/">Proton Mail</a> secure email.</div></div>` +
		`<div class="protonmail_quote">` + "\r\n" + "------- Original Message -------<br>\r\n" + html.EscapeString(attr) + "<br><br>\r\n" +
		`<blockquote class="protonmail_quote" type="cite">` + htmlBody(o.Body) + "</blockquote><br>\r\n</div>"
	hd := head(o, r, "Re: ", "MIME-Version: 1.0", "X-Pm-Origin: internal", "X-Pm-Content-Encryption: end-to-end")
	return message(hd, multipart("alternative", "b1_"+boundary("", r), "",
		text("text/plain", "utf-8", "base64", plain),
		text("text/html", "utf-8", "base64", h)))
}

// yahoo writes its plain text with the original unquoted, indented by a
// space below an indented attribution.
func yahoo(o Original, r Reply) []byte {
	attr := fmt.Sprintf("On %s, %s, %s wrote:", o.Date.Format("Monday, January 2, 2006"), o.Date.Format("03:04:05 PM MST"), gmailSender(o))
	plain := " " + r.Text + "\n\n    " + attr + "  \n \n " + strings.ReplaceAll(strings.TrimRight(o.Body, "\n"), "\n", "\n ") + "\n  \n"
	h := htmlDoc("", `<div class="yahoo-style-wrap" style="font-family:Helvetica Neue, Helvetica, Arial, sans-serif;font-size:13px;">`+
		htmlDivs(r.Text, ` dir="ltr" data-setdir="false"`)+`</div><div><br></div><div id="yahoo_quoted_1234567890" class="yahoo_quoted">`+
		`<div style="font-family:'Helvetica Neue', Helvetica, Arial, sans-serif;font-size:13px;color:#26282a;"><div>`+html.EscapeString(attr)+
		`</div><div><br></div><div><br></div><div><div dir="ltr">`+htmlBody(o.Body)+`</div></div></div></div>`)
	hd := head(o, r, "Re: ", "MIME-Version: 1.0", "X-Mailer: WebService/1.1.22645 YMailNorrin")
	return message(hd, multipart("alternative", "----="+boundary("_Part_", r), "",
		text("text/plain", "UTF-8", "7bit", plain),
		text("text/html", "UTF-8", "quoted-printable", h)))
}

// lotusNotes writes its header block with tabs and sends ISO-8859-1.
func lotusNotes(o Original, r Reply) []byte {
	block := fmt.Sprintf("From:\t%s\nTo:\t%s\nDate:\t%s\nSubject:\t%s\n", o.FromAddr, o.To, o.Date.Format("02.01.2006 15:04"), o.Subject)
	body := r.Text + "\n\nMit freundlichen Grüßen / Kind regards\nBob Example\n\n\n\n" + block + "\n\n\n" + o.Body
	hd := head(o, r, "Re: ", "MIME-Version: 1.0", "X-Mailer: IBM Notes Release 9.0.1FP10 SHF383 October 11, 2018",
		"X-MIMETrack: Serialize by Router on notes01/Example at 01.12.2026 10:05:00")
	return message(hd, text("text/plain", "ISO-8859-1", "quoted-printable", body))
}
