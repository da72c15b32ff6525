package wrap

import (
	"bytes"
	"unicode/utf8"

	"github.com/urlsift/urlsift/scanner"
)

// joinLines appends to r.segs the lines that go on with the URL in prose
// of c, whose first line's run r.segs holds.
func (r *Reader) joinLines(c *scanner.Candidate) {
	raw := c.Raw
	g := r.gutterOf(c.Layout.Lead)
	n := 0 // the lines read after the URL's
	for len(r.segs) <= maxJoins {
		last := r.segs[len(r.segs)-1]
		next, ok := nextLine(raw, last.b)
		if !ok {
			return
		}
		text, skipped, ok := r.lineText(c, g, n+1, next)
		if !ok {
			return
		}
		t := text + scanner.Run(raw[text:], r.Rules)
		how := r.joins(c, raw[last.a:last.b], raw[text:t], raw[text:lineEnd0(raw, text)], skipped)
		if how == firstLine {
			return
		}
		r.segs = append(r.segs, seg{text, t, how})
		n += 1 + skipped.lines
		if c.Layout.Quote != "" {
			r.warn(warnQuote)
		}
		if skipped.gutter {
			r.warn(warnLineNumber)
		}
		if skipped.pageBreak {
			r.warn(warnPageBreak)
		}
	}
}

// nextLine returns where the line after the one whose run ends at raw
// offset e starts, when only spaces and tabs come between e and its
// line break.
func nextLine(raw []byte, e int) (int, bool) {
	for e < len(raw) && (raw[e] == ' ' || raw[e] == '\t') {
		e++
	}
	if e >= len(raw) || raw[e] != '\n' && raw[e] != '\r' {
		return 0, false
	}
	if raw[e] == '\r' && e+1 < len(raw) && raw[e+1] == '\n' {
		e++
	}
	return e + 1, e+1 < len(raw)
}

// lineEnd0 returns the raw offset of the end of the line that holds raw
// offset i.
func lineEnd0(raw []byte, i int) int { return i + lineEnd(raw[i:]) }

// skipped is what lineText passed over before a line's text.
type skipped struct {
	lines     int  // whole lines: those of a page break
	gutter    bool // a line number
	pageBreak bool
	unquoted  bool // the line has no quote prefix, where the URL's has one
}

// lineText returns where the text of the n-th line after the URL's, which
// starts at raw offset b, starts: after its indentation, the quote prefix
// of the URL's line, and the line number that follows the URL's line's;
// or, past a page break, where the text of the first line after it does.
// ok is false when no line of text can go on with the URL: one with
// another quote prefix or a line number out of sequence, a blank line.
func (r *Reader) lineText(c *scanner.Candidate, g gutter, n, b int) (text int, sk skipped, ok bool) {
	raw := c.Raw
	for {
		line := raw[b:lineEnd0(raw, b)]
		k := indent(line)
		if r.Rules&scanner.QuotePrefixes != 0 {
			switch q := c.Layout.QuoteLen(line[k:]); {
			case q > 0:
				k += q
				k += indent(line[k:])
			case q < 0 && (k < len(line) && (line[k] == '>' || line[k] == '|')):
				return 0, sk, false // another quote prefix
			case q < 0:
				sk.unquoted = true // a quoted line re-wrapped by a mailer
			}
		}
		if m := g.at(line, n+sk.lines); g.ok && m > 0 {
			k = max(k, m+indent(line[m:]))
			sk.gutter = true
		}
		furn := r.Rules&scanner.PageBreaks != 0 && furniture(line)
		switch {
		case k < len(line) && !furn:
			if sk.lines > 0 && !sk.pageBreak {
				return 0, sk, false // a blank line: the paragraph ends
			}
			return b + k, sk, true
		case furn:
			sk.pageBreak = true
		}
		next, ok := nextLine(raw, b+len(line))
		if !ok || sk.lines == 8 {
			return 0, sk, false
		}
		b, sk.lines = next, sk.lines+1
	}
}

// indent returns the length of the spaces and tabs that start b.
func indent(b []byte) int {
	k := 0
	for k < len(b) && (b[k] == ' ' || b[k] == '\t') {
		k++
	}
	return k
}

// joins decides whether the run t, which starts the next line of text
// (all of which is line), goes on with the URL whose run on its own line
// is h: after a hyphen, a soft hyphen, or by the evidence of the two
// lines; firstLine when it does not.
func (r *Reader) joins(c *scanner.Candidate, h, t, line []byte, sk skipped) join {
	tt := t[:trimEnd(t)]
	if len(tt) == 0 || len(h) == 0 || r.anotherURL(tt) {
		return firstLine
	}
	last, _ := utf8.DecodeLastRune(h)
	switch {
	case last == '-':
		return afterHyphen
	case last == '\u00AD' && r.Rules&scanner.Typography != 0:
		return afterSoft
	case r.evident(c, tt, line, sk.unquoted):
		return byEvidence
	}
	return firstLine
}

// anotherURL reports whether t starts what is a URL of its own: a known
// scheme and ":", "www." or "ftp.", or holds "://" or an e-mail address
// (an "@", and no "/").
func (r *Reader) anotherURL(t []byte) bool {
	return r.startsWithScheme(t) || www(t) || bytes.Contains(t, []byte("://")) ||
		bytes.IndexByte(t, '@') >= 0 && bytes.IndexByte(t, '/') < 0
}
