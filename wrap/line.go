package wrap

import (
	"bytes"
	"encoding/binary"
	"unicode"
	"unicode/utf8"

	"github.com/urlsift/urlsift/scanner"
	"golang.org/x/text/width"
)

// state is where the reading of a wrapper stands between its lines.
type state struct {
	started   bool // a non-space came, so the form is known
	scheme    int8 // bare form: 1 a known scheme, -1 another, 0 not known yet
	hyphen    int  // offset in Text of a "-" not yet followed by a non-space
	broke     bool // a line break came after that "-"
	lineStart bool // no non-space yet on this line
	spaced    bool // a space came after a non-space on this line
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
func (r *Reader) typography(line []byte, broken bool) []byte {
	if r.Rules&scanner.Typography == 0 {
		return line
	}
	if isASCII(line) {
		return line
	}
	r.clean = r.clean[:0]
	for i := 0; i < len(line); {
		c := line[i]
		if c < utf8.RuneSelf {
			r.clean = append(r.clean, c)
			i++
			continue
		}
		ru, n := utf8.DecodeRune(line[i:])
		switch {
		case isSoft(ru): // a soft hyphen or a zero-width character
		case ru == utf8.RuneError && n == 1:
			r.clean = append(r.clean, c)
		default:
			if p := width.LookupRune(ru); p.Kind() == width.EastAsianFullwidth && p.Folded() != 0 {
				ru = p.Folded()
			}
			r.clean = utf8.AppendRune(r.clean, ru)
		}
		i += n
	}
	if broken {
		// A hyphen U+2010 or U+2011, then only spaces or tabs.
		t := bytes.TrimRight(r.clean, " \t")
		if bytes.HasSuffix(t, []byte("\u2010")) || bytes.HasSuffix(t, []byte("\u2011")) {
			r.clean = append(r.clean[:len(t)-3], r.clean[len(t):]...)
			r.warn(warnTypoHyphen)
		}
	}
	return r.clean
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
func (r *Reader) readLine(line []byte) bool {
	st := &r.st
	for i := 0; i < len(line); {
		if st.scheme != 0 && st.hyphen < 0 && !st.lineStart && !st.spaced {
			// The common case: a run of ordinary characters.
			j := i
			for j < len(line) && plain[line[j]] {
				j++
			}
			if j > i {
				r.Text = append(r.Text, line[i:j]...)
				i = j
				continue
			}
		}
		c, n, space := line[i], 1, false
		if c < utf8.RuneSelf {
			space = asciiSpace[c]
		} else {
			var ru rune
			ru, n = utf8.DecodeRune(line[i:])
			space = ru != utf8.RuneError && unicode.IsSpace(ru)
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
				r.Kind, st.scheme = scanner.URL, 1
				i += 4
				continue
			}
		}
		if st.scheme == 0 && !r.schemeSoFar(c) {
			st.scheme = -1
			return false
		}
		if st.spaced {
			r.warn(warnSpace)
		}
		if st.lineStart && len(r.Text) > 0 && r.startsWithScheme(line[i:]) {
			r.warn(warnScheme)
		}
		if st.hyphen >= 0 && st.broke {
			r.Hyphens = append(r.Hyphens, st.hyphen)
		}
		st.hyphen, st.broke, st.lineStart, st.spaced = -1, false, false, false
		if c == '-' {
			st.hyphen = len(r.Text)
		}
		r.Text = append(r.Text, line[i:i+n]...)
		i += n
	}
	return true
}

var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

func trimLeftSpace(b []byte) []byte {
	for len(b) > 0 {
		ru, n := utf8.DecodeRune(b)
		if ru == utf8.RuneError || !unicode.IsSpace(ru) {
			break
		}
		b = b[n:]
	}
	return b
}

// isSoft reports whether r is a soft hyphen or a zero-width character,
// which the Typography rule removes: U+00AD, U+200B, U+200D, U+2060 or
// U+FEFF (scanner.Run runs over the same).
func isSoft(r rune) bool {
	return r == '\u00AD' || r == '\u200B' || r == '\u200D' || r == '\u2060' || r == '\uFEFF'
}
