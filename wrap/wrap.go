// Package wrap reads one candidate wrapper, as the scanner found it, the
// way RFC 1738's Appendix says people write URLs in context: its form
// (<URL:...> or bare <...>), its URL text with all whitespace removed, and
// the readings that the hyphens at line breaks allow. It also undoes what
// the layout of real documents puts inside wrappers: page breaks, line
// number gutters and typesetters' characters (the quote prefixes of mail
// replies are found by the scanner, which they affect).
//
//	var w wrap.Wrapper
//	if !w.Read(c) { // c from scanner.Scanner.Candidate
//		// not a URL: "<p>", "<port>", "<uri@bunyip.com>"
//	}
//	for _, s := range w.Readings() { ... } // reading 0 first
//
// A Wrapper is reused from one Read to the next; the slices it holds are
// overwritten by the next Read.
package wrap

import (
	"bytes"
	"encoding/binary"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/width"

	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/scanner"
)

// Form is the form of a wrapper.
type Form uint8

const (
	Bare       Form = iota // <http://h/>
	URL                    // <URL:http://h/>
	Unwrapped              // http://h/ in prose (a scanner.Unwrapped candidate)
	Quoted                 // "http://h/" in prose
	Schemeless             // www.h.example or h.example, read with http:// or ftp://
	Email                  // a@h.example, read as mailto:a@h.example
)

var formNames = [...]string{Bare: "bare", URL: "url", Unwrapped: "unwrapped", Quoted: "quoted",
	Schemeless: "schemeless", Email: "email"}

func (f Form) String() string {
	if int(f) < len(formNames) {
		return formNames[f]
	}
	return "Form(" + strconv.Itoa(int(f)) + ")"
}

// Mode names the layout rules of a Wrapper; all are on unless turned off
// in Wrapper.Off.
type Mode uint

const (
	// PageFurniture skips, inside a wrapper, the page breaks of paged
	// documents: a line with a form feed, a footer line ending in
	// "[Page N]", a header line starting with "RFC NNNN" or
	// "Internet-Draft".
	PageFurniture Mode = 1 << iota
	// LineNumbers removes the line number gutter of a continuation line
	// when the line that opens the wrapper has one ("  845. <URL:...")
	// and the continuation line has the next number in the same shape.
	LineNumbers
	// Typography removes soft hyphens (U+00AD), drops a hyphen U+2010 or
	// U+2011 just before a line break, and folds fullwidth forms
	// ("ＵＲＬ：", fullwidth ASCII) to ASCII.
	Typography
)

// The warnings a Wrapper gives, for readings a person should look at.
const (
	WarnSpace       = "space inside a line"
	WarnScheme      = "a continuation line starts with a scheme"
	WarnPageBreak   = "page break skipped"
	WarnQuote       = "quote prefix removed"
	WarnQuoteClosed = "closed at a quote marker"
	WarnUnquoted    = "closed on a line without the quote prefix"
	WarnLineNumber  = "line number removed"
	WarnTypoHyphen  = "typographic hyphen dropped"
	WarnJoined      = "joined with the next line after a hyphen"
)

// MaxHyphens is the number of ambiguous hyphens up to which every reading
// is considered; with more, only reading 0 (all kept) and the reading
// with all of them dropped are.
const MaxHyphens = 4

// Wrapper is a candidate read as a wrapper.
type Wrapper struct {
	// Off turns rules off; the zero value keeps them all.
	Off Mode
	// Known says whether a bare wrapper's scheme, compared without
	// case, is one to take: the grammar's. Nil means RFC 1738's table
	// (rfc1738.KnownScheme).
	Known func(scheme string) bool

	Form Form
	// Text is the URL text: the content after the "URL:" prefix, with
	// every whitespace character removed.
	Text []byte
	// Hyphens holds the offsets in Text of the ambiguous hyphens, left
	// to right: a "-" whose next non-whitespace character lies on a
	// later line, or that is followed only by whitespace and a line
	// break before the end of the content.
	Hyphens []int
	// Warnings are the Warn... strings that apply, each once.
	Warnings []string

	st    state  // the reading in progress
	clean []byte // a line after the Typography rule
	own   []byte // the buffer Text is built in, when it is not the input's
}

// Read reads a candidate and says whether it is reported: every
// <URL:...> wrapper, and a bare one whose scheme is known. A bare wrapper
// of another scheme is read only as far as its scheme, so its Text may
// be cut short.
//
// A candidate found in prose (c.Kind is not scanner.Wrapper) is always
// read: its Text is its text, with "http://", "ftp://" or "mailto:" before
// it when it has no scheme of its own, and its Prefixes (indentation,
// quote prefix, line number) and white space removed.
//
// Text may be a part of c.Raw, which the next Read does not change.
func (w *Wrapper) Read(c *scanner.Candidate) bool {
	if c.Kind == scanner.Wrapper && len(c.Prefixes) == 0 && !c.QuoteClosed && !c.Unquoted {
		if body := c.Raw[c.Body.Start:c.Body.End]; printable(body) {
			return w.readPrintable(body)
		}
	}
	ok := w.read(c)
	w.own = w.Text[:0]
	return ok
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
func (w *Wrapper) readPrintable(body []byte) bool {
	body = body[:len(body):len(body)] // an append to Text must not write into the input
	w.Hyphens, w.Warnings = w.Hyphens[:0], w.Warnings[:0]
	if len(body) >= 4 && body[0]|0x20 == 'u' && body[1]|0x20 == 'r' && body[2]|0x20 == 'l' && body[3] == ':' {
		w.Form, w.Text = URL, body[4:]
		return true
	}
	w.Form, w.Text = Bare, body
	for k, c := range body {
		if known, possible := w.schemeStep(body[:k], c); known || !possible {
			return known
		}
	}
	return false // no ":"
}

// schemeChar reports whether c may be part of a scheme.
func schemeChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'
}

// read is Read's general path.
func (w *Wrapper) read(c *scanner.Candidate) bool {
	w.Form = Bare
	w.Text, w.Hyphens, w.Warnings = w.own[:0], w.Hyphens[:0], w.Warnings[:0]
	w.st = state{hyphen: -1, lineStart: true}
	if c.Kind != scanner.Wrapper {
		w.readProse(c)
		if len(c.Prefixes) > 0 {
			w.warn(WarnJoined)
		}
	}
	if len(c.Prefixes) > 0 && (c.Kind == scanner.Wrapper || c.Quote != "") {
		w.warn(WarnQuote)
	}
	if c.QuoteClosed {
		w.warn(WarnQuoteClosed)
	}
	if c.Unquoted {
		w.warn(WarnUnquoted)
	}
	raw := c.Raw
	gutter := gutterOf(c.Lead)
	if w.Off&LineNumbers != 0 {
		gutter.ok = false
	}
	prefixes := c.Prefixes
	for k, i := 0, c.Body.Start; ; k++ {
		// The line from i to its break at e (or the end of the body).
		e := i + lineEnd(raw[i:c.Body.End])
		line := raw[i:e]
		if len(prefixes) > 0 && prefixes[0].Start == i {
			line = raw[prefixes[0].End:e]
			prefixes = prefixes[1:]
		}
		last := e == c.Body.End
		if k > 0 && gutter.ok {
			if n := gutter.at(line, k); n > 0 {
				line = line[n:]
				w.warn(WarnLineNumber)
			}
		}
		if k > 0 && !last && w.Off&PageFurniture == 0 && furniture(line) {
			w.warn(WarnPageBreak)
			line = nil
		}
		if !w.readLine(w.typography(line, !last)) {
			return false
		}
		if last {
			break
		}
		w.st.broke, w.st.lineStart, w.st.spaced = true, true, false
		i = e + 1
		if raw[e] == '\r' && i < c.Body.End && raw[i] == '\n' {
			i++
		}
	}
	if w.st.hyphen >= 0 && w.st.broke {
		w.Hyphens = append(w.Hyphens, w.st.hyphen)
	}
	return w.Form == URL || w.st.scheme > 0
}

// readProse sets the form and the start of the text of a candidate
// found in prose.
func (w *Wrapper) readProse(c *scanner.Candidate) {
	w.st.started, w.st.scheme = true, 1
	switch c.Kind {
	case scanner.Unwrapped:
		w.Form = Unwrapped
	case scanner.Quoted:
		w.Form = Quoted
	case scanner.WWW:
		w.Form = Schemeless
		if c.Raw[0]|0x20 == 'f' {
			w.Text = append(w.Text, "ftp://"...)
		} else {
			w.Text = append(w.Text, "http://"...)
		}
	case scanner.Host:
		w.Form = Schemeless
		w.Text = append(w.Text, "http://"...)
	case scanner.Email:
		w.Form = Email
		w.Text = append(w.Text, "mailto:"...)
	}
}

// state is where the reading of a wrapper stands between its lines.
type state struct {
	started   bool // a non-space came, so the form is known
	scheme    int8 // bare form: 1 a known scheme, -1 another, 0 not known yet
	hyphen    int  // offset in Text of a "-" not yet followed by a non-space
	broke     bool // a line break came after that "-"
	lineStart bool // no non-space yet on this line
	spaced    bool // a space came after a non-space on this line
}

func (w *Wrapper) warn(s string) {
	for _, t := range w.Warnings {
		if t == s {
			return
		}
	}
	w.Warnings = append(w.Warnings, s)
}

// lineEnd returns the index of the first line break in b, or len(b).
func lineEnd(b []byte) int {
	for i, c := range b {
		if c == '\n' || c == '\r' {
			return i
		}
	}
	return len(b)
}

// typography applies the Typography rule to a line, which ends with a
// line break when broken: it returns the line, or a cleaned copy of it.
func (w *Wrapper) typography(line []byte, broken bool) []byte {
	if w.Off&Typography != 0 {
		return line
	}
	if isASCII(line) {
		return line
	}
	w.clean = w.clean[:0]
	for i := 0; i < len(line); {
		c := line[i]
		if c < utf8.RuneSelf {
			w.clean = append(w.clean, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(line[i:])
		switch {
		case r == '\u00AD': // soft hyphen
		case r == utf8.RuneError && n == 1:
			w.clean = append(w.clean, c)
		default:
			if p := width.LookupRune(r); p.Kind() == width.EastAsianFullwidth && p.Folded() != 0 {
				r = p.Folded()
			}
			w.clean = utf8.AppendRune(w.clean, r)
		}
		i += n
	}
	if broken {
		// A hyphen U+2010 or U+2011, then only spaces or tabs.
		t := bytes.TrimRight(w.clean, " \t")
		if bytes.HasSuffix(t, []byte("\u2010")) || bytes.HasSuffix(t, []byte("\u2011")) {
			w.clean = append(w.clean[:len(t)-3], w.clean[len(t):]...)
			w.warn(WarnTypoHyphen)
		}
	}
	return w.clean
}

// isASCII reports whether b holds only US-ASCII bytes, eight at a time.
func isASCII(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// plain marks the ASCII bytes that are read as they are: neither white
// space nor "-".
var plain = func() (t [256]bool) {
	for c := '!'; c < utf8.RuneSelf; c++ {
		t[c] = c != '-' && c != 0x7f
	}
	return t
}()

// readLine reads one line of the content (without its line break). It
// returns false as soon as a bare wrapper's scheme is known to be none
// of the known ones.
func (w *Wrapper) readLine(line []byte) bool {
	st := &w.st
	for i := 0; i < len(line); {
		if st.scheme != 0 && st.hyphen < 0 && !st.lineStart && !st.spaced {
			// The common case: a run of ordinary characters.
			j := i
			for j < len(line) && plain[line[j]] {
				j++
			}
			if j > i {
				w.Text = append(w.Text, line[i:j]...)
				i = j
				continue
			}
		}
		c, n, space := line[i], 1, false
		if c < utf8.RuneSelf {
			space = asciiSpace[c]
		} else {
			var r rune
			r, n = utf8.DecodeRune(line[i:])
			space = r != utf8.RuneError && unicode.IsSpace(r)
		}
		if space {
			st.spaced = !st.lineStart
			i += n
			continue
		}
		if !st.started {
			st.started = true
			if len(line)-i >= 4 && line[i]|0x20 == 'u' && line[i+1]|0x20 == 'r' &&
				line[i+2]|0x20 == 'l' && line[i+3] == ':' {
				// The prefix, and the white space after it.
				w.Form, st.scheme = URL, 1
				i += 4
				continue
			}
		}
		if st.scheme == 0 && !w.schemeSoFar(c) {
			st.scheme = -1
			return false
		}
		if st.spaced {
			w.warn(WarnSpace)
		}
		if st.lineStart && len(w.Text) > 0 && w.startsWithScheme(line[i:]) {
			w.warn(WarnScheme)
		}
		if st.hyphen >= 0 && st.broke {
			w.Hyphens = append(w.Hyphens, st.hyphen)
		}
		st.hyphen, st.broke, st.lineStart, st.spaced = -1, false, false, false
		if c == '-' {
			st.hyphen = len(w.Text)
		}
		w.Text = append(w.Text, line[i:i+n]...)
		i += n
	}
	return true
}

// schemeSoFar decides, for a bare wrapper, what the next character c of
// its text says of its scheme: it returns false once the scheme cannot be
// a known one, and sets w.st.scheme once it is one.
func (w *Wrapper) schemeSoFar(c byte) bool {
	known, possible := w.schemeStep(w.Text, c)
	if known {
		w.st.scheme = 1
	}
	return possible
}

// schemeStep tells what the character c after t, the start of a bare
// wrapper's text, says of its scheme: known once t is a known scheme and
// c its ":" (or t starts with "x-", any scheme that does), possible while
// the scheme may still become a known one.
func (w *Wrapper) schemeStep(t []byte, c byte) (known, possible bool) {
	switch {
	case len(t) >= 2 && t[0]|0x20 == 'x' && t[1] == '-':
		return true, true // any scheme that starts with "x-"
	case c == ':':
		known = w.known(t)
		return known, known
	case len(t) > maxScheme:
		return false, false // longer than any known scheme
	}
	return false, schemeChar(c)
}

// maxScheme is longer than any scheme a grammar knows: the longest of
// the IANA registry has 36 characters.
const maxScheme = 64

// known reports whether the grammar knows a scheme, compared without case.
func (w *Wrapper) known(scheme []byte) bool {
	if len(scheme) == 0 {
		return false
	}
	name := unsafe.String(&scheme[0], len(scheme)) // the grammar keeps nothing of it
	if w.Known == nil {
		return rfc1738.KnownScheme(name)
	}
	return w.Known(name)
}

// startsWithScheme reports whether b starts with a known scheme and ":".
func (w *Wrapper) startsWithScheme(b []byte) bool {
	for i, c := range b {
		if c == ':' {
			return i > 0 && w.known(b[:i])
		}
		if !schemeChar(c) {
			return false
		}
	}
	return false
}

var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

func trimLeftSpace(b []byte) []byte {
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError || !unicode.IsSpace(r) {
			break
		}
		b = b[n:]
	}
	return b
}

// furniture reports whether a continuation line is part of a page break:
// it starts with a form feed, is a header line starting with "RFC NNNN"
// or "Internet-Draft", or a footer line ending in "[Page N]".
func furniture(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	if len(t) > 0 && t[0] == '\f' {
		return true
	}
	t = trimLeftSpace(t)
	if rest, ok := bytes.CutPrefix(t, []byte("RFC ")); ok && digits(rest) > 0 {
		return true
	}
	if bytes.HasPrefix(t, []byte("Internet-Draft")) {
		return true
	}
	t = bytes.TrimRightFunc(t, unicode.IsSpace)
	if rest, ok := bytes.CutSuffix(t, []byte("]")); ok {
		n := trailingDigits(rest)
		return n > 0 && bytes.HasSuffix(rest[:len(rest)-n], []byte("[Page "))
	}
	return false
}

// digits returns the number of ASCII digits that start b.
func digits(b []byte) int {
	n := 0
	for n < len(b) && b[n] >= '0' && b[n] <= '9' {
		n++
	}
	return n
}

// trailingDigits returns the number of ASCII digits that end b.
func trailingDigits(b []byte) int {
	n := 0
	for n < len(b) && b[len(b)-1-n] >= '0' && b[len(b)-1-n] <= '9' {
		n++
	}
	return n
}

// gutter is the line number gutter of a wrapper's opening line.
type gutter struct {
	ok  bool
	num int  // its number
	sep byte // ".", ":", "|" or 0
}

// gutterOf reads the gutter that starts lead.
func gutterOf(lead []byte) gutter {
	g, _ := readGutter(lead)
	return g
}

// readGutter reads a gutter at the start of line: optional spaces,
// digits, an optional ".", ":" or "|", then white space. It returns the
// gutter and its length, white space after it left out.
func readGutter(line []byte) (gutter, int) {
	i := len(line) - len(bytes.TrimLeft(line, " \t"))
	n := digits(line[i:])
	if n == 0 || n > 9 {
		return gutter{}, 0
	}
	g := gutter{ok: true}
	for _, c := range line[i : i+n] {
		g.num = g.num*10 + int(c-'0')
	}
	i += n
	if i < len(line) && (line[i] == '.' || line[i] == ':' || line[i] == '|') {
		g.sep = line[i]
		i++
	}
	if r, _ := utf8.DecodeRune(line[i:]); !unicode.IsSpace(r) {
		return gutter{}, 0
	}
	return g, i
}

// at returns the length of the gutter that starts the k-th continuation
// line, 0 when that line does not start with number num+k in the same
// shape.
func (g gutter) at(line []byte, k int) int {
	if h, n := readGutter(line); h.ok && h.num == g.num+k && h.sep == g.sep {
		return n
	}
	return 0
}

// Scheme returns what comes before the first ":" of the URL text, or nil
// when it has no ":".
func (w *Wrapper) Scheme() []byte {
	if i := bytes.IndexByte(w.Text, ':'); i >= 0 {
		return w.Text[:i]
	}
	return nil
}

// Readings returns the readings of the URL text in the order of the
// hyphen rule: reading k drops hyphen i when bit i of k is set, so
// reading 0 keeps them all. With more than MaxHyphens hyphens only
// reading 0 and the reading that drops them all are returned.
func (w *Wrapper) Readings() []string {
	n := len(w.Hyphens)
	if n == 0 {
		return []string{string(w.Text)}
	}
	masks := []uint{0, 1<<n - 1}
	if n <= MaxHyphens {
		masks = masks[:0]
		for k := uint(0); k < 1<<n; k++ {
			masks = append(masks, k)
		}
	}
	out := make([]string, len(masks))
	var b strings.Builder
	for j, k := range masks {
		b.Reset()
		last := 0
		for i, h := range w.Hyphens {
			if k&(1<<i) != 0 {
				b.Write(w.Text[last:h])
				last = h + 1
			}
		}
		b.Write(w.Text[last:])
		out[j] = b.String()
	}
	return out
}
