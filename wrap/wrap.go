package wrap

import (
	"bytes"
	"encoding/binary"
	"strings"

	"github.com/urlsift/urlsift/scanner"
)

// The warnings a Reader gives, for readings a person should look at.
const (
	warnSpace       = "space inside a line"
	warnScheme      = "a continuation line starts with a scheme"
	warnPageBreak   = "page break skipped"
	warnQuote       = "quote prefix removed"
	warnQuoteClosed = "closed at a quote marker"
	warnUnquoted    = "closed on a line without the quote prefix"
	warnLineNumber  = "line number removed"
	warnTypoHyphen  = "typographic hyphen dropped"
	warnHyphen      = "joined with the next line after a hyphen"
	warnJoined      = "joined with the next line"
)

// maxHyphens is the number of ambiguous hyphens up to which every reading
// is considered; with more, only reading 0 (all kept) and the reading
// with all of them dropped are.
const maxHyphens = 4

// Reader reads candidates. Set Rules and Schemes, then call Read for
// each candidate; the other fields are what it read.
type Reader struct {
	// Rules are the rules in force (the zero value: none).
	Rules scanner.Rule
	// Schemes are the known schemes: a bare wrapper is read only when
	// its text starts with one of them and ":". No line that starts with
	// one goes on with a URL in prose.
	Schemes *scanner.Schemes

	// Kind is how the URL was written: URL or Bare for a wrapper, the
	// candidate's own for a URL in prose (a Quoted one whose closing
	// quote does not follow it is Unwrapped).
	Kind scanner.Kind
	// Text is the URL text: a wrapper's content after the "URL:" prefix
	// with every white space character removed; a URL in prose as read,
	// after "http://", "ftp://" or "mailto:" when it has no scheme of its
	// own.
	Text []byte
	// Hyphens holds the offsets in Text of the ambiguous hyphens, left
	// to right: a "-" whose next non-whitespace character lies on a
	// later line, or that is followed only by whitespace and a line
	// break before the end of the content.
	Hyphens []int
	// Warnings say what a person should look at, each once: "quote
	// prefix removed", "joined with the next line", and the like.
	Warnings []string
	// End is the length of the candidate's Raw that the URL takes: all
	// of it for a wrapper, up to its last character for a URL in prose.
	End int
	// Joined is, for a URL in prose that goes on over lines for a reason
	// other than a hyphen, the length of Raw that its unjoined reading
	// takes (the last of Readings); 0 for any other.
	Joined int

	st          state  // the reading in progress
	clean       []byte // a line after the Typography rule
	own         []byte // the buffer Text is built in, when it is not the input's
	head        []byte // the unjoined reading, when Joined, and its Hyphens
	headHyphens []int
	segs        []seg  // the parts of Raw that a URL in prose takes
	trim        []byte // the parts of segs, joined, for trimEnd
}

// Read reads a candidate and says whether it is reported: every
// <URL:...> wrapper, a bare one whose scheme is known, and a URL in prose
// that has text after its scheme. A bare wrapper of another scheme is
// read only as far as its scheme, so its Text may be cut short.
//
// Text may be a part of c.Raw, which the next Read does not change.
func (r *Reader) Read(c *scanner.Candidate) bool {
	r.Joined = 0
	if c.Kind != scanner.Bare {
		// build keeps the buffer it grew (own); Text may be left over
		// from an earlier Read, a view of the input that must never
		// become own: a URL in prose built in it wrote into the input.
		return r.readProse(c)
	}
	r.End = len(c.Raw)
	l := &c.Layout
	if len(l.Prefixes) == 0 && !l.Unquoted {
		// One printable line, or one and its break before the ">" that
		// starts the next line (a quoted line cut before its ">", closed
		// by the quote marker of the next).
		if line, ok := printableLine(c.Raw[c.Body.Start:c.Body.End]); ok {
			ok = r.readPrintable(line)
			if l.QuoteClosed {
				r.warn(warnQuoteClosed)
			}
			return ok
		}
	}
	ok := r.read(c)
	r.own = r.Text[:0]
	return ok
}

// printableLine returns b without the line break that may end it, when
// the rest is one printable line (printable), which does not end in a
// hyphen if a break follows it (the break would make it a hyphen rule's):
// what read gives for b is then readPrintable's for the line.
func printableLine(b []byte) ([]byte, bool) {
	n := len(b)
	if n > 0 && b[n-1] == '\n' {
		n--
	}
	if n > 0 && b[n-1] == '\r' {
		n--
	}
	if n == 0 || n < len(b) && b[n-1] == '-' || !printable(b[:n]) {
		return nil, false
	}
	return b[:n], true
}

// printable reports whether b holds only printable US-ASCII characters
// (0x21 to 0x7E): no white space, no line break, nothing a layout rule
// removes.
func printable(b []byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for len(b) >= 8 {
		x := binary.LittleEndian.Uint64(b)
		// A byte is below 0x21 when x-0x21 borrows into its high bit,
		// 0x7F or above when x+1 carries into it (or it has it already).
		if ((x-0x21*ones)|x|(x+ones))&highs != 0 {
			break
		}
		b = b[8:]
	}
	for _, c := range b {
		if c < 0x21 || c > 0x7e {
			return false
		}
	}
	return true
}

// readPrintable is Read for the body of a wrapper on one line that
// printable takes, as Read's general path reads it: no rule applies to
// it, no hyphen can be ambiguous, and Text is the body itself after the
// "URL:" prefix.
func (r *Reader) readPrintable(body []byte) bool {
	body = body[:len(body):len(body)] // an append to Text must not write into the input
	r.Hyphens, r.Warnings = r.Hyphens[:0], r.Warnings[:0]
	if len(body) >= 4 && body[0]|0x20 == 'u' && body[1]|0x20 == 'r' && body[2]|0x20 == 'l' && body[3] == ':' {
		r.Kind, r.Text = scanner.URL, body[4:]
		return true
	}
	r.Kind, r.Text = scanner.Bare, body
	for k, c := range body {
		if known, possible := r.schemeStep(body[:k], c); known || !possible {
			return known
		}
	}
	return false // no ":"
}

// read is Read's general path for a wrapper.
func (r *Reader) read(c *scanner.Candidate) bool {
	r.Kind = scanner.Bare
	r.Text, r.Hyphens, r.Warnings = r.own[:0], r.Hyphens[:0], r.Warnings[:0]
	r.st = state{hyphen: -1, lineStart: true}
	l := &c.Layout
	if len(l.Prefixes) > 0 {
		r.warn(warnQuote)
	}
	if l.QuoteClosed {
		r.warn(warnQuoteClosed)
	}
	if l.Unquoted {
		r.warn(warnUnquoted)
	}
	raw := c.Raw
	g := r.gutterOf(l.Lead)
	prefixes := l.Prefixes
	for k, i := 0, c.Body.Start; ; k++ {
		// The line from i to its break at e (or the end of the body).
		e := i + lineEnd(raw[i:c.Body.End])
		line := raw[i:e]
		if len(prefixes) > 0 && prefixes[0].Start == i {
			line = raw[prefixes[0].End:e]
			prefixes = prefixes[1:]
		}
		last := e == c.Body.End
		if k > 0 && g.ok {
			if n := g.at(line, k); n > 0 {
				line = line[n:]
				r.warn(warnLineNumber)
			}
		}
		if k > 0 && !last && r.Rules&scanner.PageBreaks != 0 && furniture(line) {
			r.warn(warnPageBreak)
			line = nil
		}
		if !r.readLine(r.typography(line, !last)) {
			return false
		}
		if last {
			break
		}
		r.st.broke, r.st.lineStart, r.st.spaced = true, true, false
		i = e + 1
		if raw[e] == '\r' && i < c.Body.End && raw[i] == '\n' {
			i++
		}
	}
	if r.st.hyphen >= 0 && r.st.broke {
		r.Hyphens = append(r.Hyphens, r.st.hyphen)
	}
	return r.Kind == scanner.URL || r.st.scheme > 0
}

func (r *Reader) warn(s string) {
	for _, t := range r.Warnings {
		if t == s {
			return
		}
	}
	r.Warnings = append(r.Warnings, s)
}

// schemeChar reports whether c may be part of a scheme.
func schemeChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'
}

// schemeSoFar decides, for a bare wrapper, what the next character c of
// its text says of its scheme: it returns false once the scheme cannot be
// a known one, and sets r.st.scheme once it is one.
func (r *Reader) schemeSoFar(c byte) bool {
	known, possible := r.schemeStep(r.Text, c)
	if known {
		r.st.scheme = 1
	}
	return possible
}

// schemeStep tells what the character c after t, the start of a bare
// wrapper's text, says of its scheme: known once t is a known scheme and
// c its ":" (or t starts with "x-", any scheme that does), possible while
// the scheme may still become a known one.
func (r *Reader) schemeStep(t []byte, c byte) (known, possible bool) {
	switch {
	case len(t) >= 2 && t[0]|0x20 == 'x' && t[1] == '-':
		return true, true // any scheme that starts with "x-"
	case c == ':':
		known = r.Schemes.Known(t)
		return known, known
	case len(t) > maxScheme:
		return false, false // longer than any known scheme
	}
	return false, schemeChar(c)
}

// maxScheme is longer than any scheme a grammar knows: the longest of
// the IANA registry has 36 characters.
const maxScheme = 64

// startsWithScheme reports whether b starts with a known scheme and ":".
func (r *Reader) startsWithScheme(b []byte) bool {
	for i, c := range b {
		if c == ':' {
			return i > 0 && r.Schemes.Known(b[:i])
		}
		if !schemeChar(c) {
			return false
		}
	}
	return false
}

// Scheme returns what comes before the first ":" of the URL text, or nil
// when it has no ":".
func (r *Reader) Scheme() []byte {
	if i := bytes.IndexByte(r.Text, ':'); i >= 0 {
		return r.Text[:i]
	}
	return nil
}

// Readings returns the readings of the URL text in the order of the
// hyphen rule: reading k drops hyphen i when bit i of k is set, so
// reading 0 keeps them all. With more than four hyphens only reading 0
// and the reading that drops them all are returned. A URL in prose joined
// over lines (Joined) has one more reading, last: its unjoined one.
func (r *Reader) Readings() []string {
	n := len(r.Hyphens)
	masks := []uint{0}
	switch {
	case n > maxHyphens:
		masks = append(masks, 1<<n-1)
	case n > 0:
		for k := uint(1); k < 1<<n; k++ {
			masks = append(masks, k)
		}
	}
	out := make([]string, len(masks), len(masks)+1)
	var b strings.Builder
	for j, k := range masks {
		b.Reset()
		last := 0
		for i, h := range r.Hyphens {
			if k&(1<<i) != 0 {
				b.Write(r.Text[last:h])
				last = h + 1
			}
		}
		b.Write(r.Text[last:])
		out[j] = b.String()
	}
	if r.Joined > 0 {
		out = append(out, string(r.head))
	}
	return out
}
