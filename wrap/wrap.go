// Package wrap reads one candidate wrapper, as the scanner found it, the
// way RFC 1738's Appendix says people write URLs in context: its form
// (<URL:...> or bare <...>), its URL text with all whitespace removed, and
// the readings that the hyphens at line breaks allow.
//
//	var w wrap.Wrapper
//	w.Read(c.Raw, c.Err == nil)
//	if w.Form == wrap.Bare && !wrap.KnownScheme(w.Scheme()) {
//		// not a URL: "<p>", "<port>", "<uri@bunyip.com>"
//	}
//	for _, s := range w.Readings() { ... } // reading 0 first
//
// A Wrapper is reused from one Read to the next; the slices it holds are
// overwritten by the next Read.
package wrap

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Form is the form of a wrapper.
type Form uint8

const (
	Bare Form = iota // <http://h/>
	URL              // <URL:http://h/>
)

func (f Form) String() string {
	if f == URL {
		return "url"
	}
	return "bare"
}

// MaxHyphens is the number of ambiguous hyphens up to which every reading
// is considered; with more, only reading 0 (all kept) and the reading
// with all of them dropped are.
const MaxHyphens = 4

// Wrapper is a candidate read as a wrapper.
type Wrapper struct {
	Form Form
	// Text is the URL text: the content after the "URL:" prefix, with
	// every whitespace character removed.
	Text []byte
	// Hyphens holds the offsets in Text of the ambiguous hyphens, left
	// to right: a "-" whose next non-whitespace character lies on a
	// later line, or that is followed only by whitespace and a line
	// break before the end of the content.
	Hyphens []int
}

// Read reads raw, a candidate from its "<" up to its ">" (closed) or to
// where it was abandoned.
func (w *Wrapper) Read(raw []byte, closed bool) {
	content := raw[1:]
	if closed {
		content = content[:len(content)-1]
	}
	content = trimLeftSpace(content)
	w.Form = Bare
	if len(content) >= 4 && content[0]|0x20 == 'u' && content[1]|0x20 == 'r' &&
		content[2]|0x20 == 'l' && content[3] == ':' {
		w.Form = URL
		content = content[4:]
	}
	w.Text, w.Hyphens = w.Text[:0], w.Hyphens[:0]
	hyphen := -1   // offset in Text of a "-" not yet followed by a non-space
	broke := false // a line break came after that "-"
	for i := 0; i < len(content); {
		c := content[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case c == '\n' || c == '\r':
				broke = true
				continue
			case asciiSpace[c]:
				continue
			}
			w.take(hyphen, broke)
			hyphen, broke = -1, false
			if c == '-' {
				hyphen = len(w.Text)
			}
			w.Text = append(w.Text, c)
			continue
		}
		r, n := utf8.DecodeRune(content[i:])
		if r != utf8.RuneError && unicode.IsSpace(r) {
			i += n
			continue
		}
		w.take(hyphen, broke)
		hyphen, broke = -1, false
		w.Text = append(w.Text, content[i:i+n]...)
		i += n
	}
	w.take(hyphen, broke)
}

// take records the pending hyphen when a line break followed it.
func (w *Wrapper) take(hyphen int, broke bool) {
	if hyphen >= 0 && broke {
		w.Hyphens = append(w.Hyphens, hyphen)
	}
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

// Scheme returns what comes before the first ":" of the URL text, or nil
// when it has no ":".
func (w *Wrapper) Scheme() []byte {
	for i, c := range w.Text {
		if c == ':' {
			return w.Text[:i]
		}
	}
	return nil
}

// Readings returns the readings of the URL text in the order of the
// hyphen rule: reading k drops hyphen i when bit i of k is set,
// so reading 0 keeps them all. With more than MaxHyphens hyphens only
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

// knownSchemes are the schemes for which a bare wrapper is taken as a
// URL: the ten of RFC 1738 section 3, the names its section 4 reserves,
// rlogin, https and urn. Any scheme that starts with "x-" is known too.
var knownSchemes = map[string]bool{
	"ftp": true, "http": true, "gopher": true, "mailto": true, "news": true,
	"nntp": true, "telnet": true, "wais": true, "file": true, "prospero": true,
	"afs": true, "mid": true, "cid": true, "nfs": true, "tn3270": true,
	"mailserver": true, "z39.50": true,
	"rlogin": true, "https": true, "urn": true,
}

// KnownScheme reports whether scheme, compared without case, is one for
// which a bare wrapper is reported.
func KnownScheme(scheme []byte) bool {
	if len(scheme) >= 2 && scheme[0]|0x20 == 'x' && scheme[1] == '-' {
		return true
	}
	if len(scheme) > 16 {
		return false
	}
	var lower [16]byte
	for i, c := range scheme {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[i] = c
	}
	return knownSchemes[string(lower[:len(scheme)])]
}
