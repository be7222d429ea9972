package mailer

import "testing"

// TestHTMLKeepsReplyStructure turns the HTML of the clients' replies into
// text and checks that what the reply reader needs survives: the quote
// parts marked "> ", the start of an original as a line of underscores,
// the lines of <pre>, paragraphs as blank lines.
func TestHTMLKeepsReplyStructure(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"gmail",
			`<div dir="ltr">K10</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">Am Di., 1. Dez. 2026 um 10:00 Uhr schrieb pbem &lt;<a href="mailto:pbem+1-a@example.org">pbem+1-a@example.org</a>&gt;:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex">Game 1<br>It is your move</blockquote></div>`,
			"K10\n\n> Am Di., 1. Dez. 2026 um 10:00 Uhr schrieb pbem <pbem+1-a@example.org>:\n> Game 1\n> It is your move\n"},
		{"apple",
			`<html><body dir="auto">K10<br><br><div dir="ltr">Sent from my iPhone</div><div dir="ltr"><br><blockquote type="cite">On 1 Dec 2026, at 10:00, pbem &lt;pbem@example.org&gt; wrote:<br><br></blockquote></div><blockquote type="cite"><div dir="ltr"><pre>Game 1` + "\n 19  .  .\n" + `</pre></div></blockquote></body></html>`,
			"K10\n\nSent from my iPhone\n\n> On 1 Dec 2026, at 10:00, pbem <pbem@example.org> wrote:\n\n> Game 1\n> 19 . .\n"},
		{"outlook on the web",
			`<div style="font-family:Calibri">K10</div><div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri"><b>From:</b> pbem &lt;pbem@example.org&gt;<br><b>Sent:</b> Tuesday, December 1, 2026 10:00 AM<br><b>To:</b> bob@example.org<br><b>Subject:</b> [pbem 1] Pente</font><div>&nbsp;</div></div><div>resign</div>`,
			"K10\n" + originalLine + "\nFrom: pbem <pbem@example.org>\nSent: Tuesday, December 1, 2026 10:00 AM\nTo: bob@example.org\nSubject: [pbem 1] Pente\nresign\n"},
		{"outlook desktop",
			`<div class=WordSection1><p class=MsoNormal>K10<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><div><div style='border:none;border-top:solid #E1E1E1 1.0pt'><p class=MsoNormal><b>From:</b> pbem<br><b>Sent:</b> Tuesday<br><b>To:</b> bob<br><b>Subject:</b> Pente<o:p></o:p></p></div></div></div>`,
			"K10\n\nFrom: pbem\nSent: Tuesday\nTo: bob\nSubject: Pente\n"},
		{"thunderbird bottom",
			`<div class="moz-cite-prefix">On 12/1/26 10:00, pbem wrote:<br></div><blockquote type="cite" cite="mid:x"><pre class="moz-quote-pre" wrap="">Game 1
It is your move</pre></blockquote><p>K10</p>`,
			"> On 12/1/26 10:00, pbem wrote:\n> Game 1\n> It is your move\nK10\n"},
		{"yahoo",
			`<div>K10</div><div class="yahoo_quoted"><div>On Tuesday, December 1, 2026, 10:00:00 AM GMT+1, pbem &lt;pbem@example.org&gt; wrote:</div><div><div>Game 1</div></div></div>`,
			"K10\n> On Tuesday, December 1, 2026, 10:00:00 AM GMT+1, pbem <pbem@example.org> wrote:\n> Game 1\n"},
		{"proton",
			`<div>K10</div><div class="protonmail_quote">On Tuesday, December 1st, 2026 at 10:00, pbem wrote:<br><blockquote class="protonmail_quote" type="cite">Game 1</blockquote></div>`,
			"K10\n> On Tuesday, December 1st, 2026 at 10:00, pbem wrote:\n> > Game 1\n"},
		{"outlook prefix on a quoted reply", `<div id="x_divRplyFwdMsg">From: a</div>`, originalLine + "\nFrom: a\n"},
		{"pre lines", "<pre>K10\nL9\n\nM8</pre>", "K10\nL9\n\nM8\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := htmlToText(tc.in); got != tc.want {
				t.Errorf("htmlToText:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}
