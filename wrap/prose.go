package wrap

import (
	"bytes"

	"github.com/urlsift/urlsift/scanner"
)

// seg is a part of a candidate's Raw that a URL in prose takes: the run
// of one of its lines, and why it goes on from the part before it.
type seg struct {
	a, b int
	how  join
}

// join says why a line goes on with the URL of the line before it.
type join uint8

const (
	firstLine   join = iota // the URL's own line
	afterHyphen             // a "-" ends the line before: the Appendix's rule
	afterSoft               // a soft hyphen ends the line before
	byEvidence              // the two lines say so (joins)
)

// maxJoins is the most lines a URL in prose goes on over.
const maxJoins = 8

// readProse reads a candidate found in prose.
func (r *Reader) readProse(c *scanner.Candidate) bool {
	r.Kind = c.Kind
	r.Warnings = r.Warnings[:0]
	if c.Kind == scanner.Email && !r.address(c) || r.uuencoded(c) {
		return false
	}
	r.segs = append(r.segs[:0], seg{0, c.Body.End, firstLine})
	if c.Kind != scanner.Email {
		r.joinLines(c)
	}
	segs := r.trimmed(c.Raw, r.segs)
	if len(segs) == 0 {
		return false
	}
	r.End = segs[len(segs)-1].b
	if c.Kind == scanner.Quoted && (r.End >= len(c.Raw) || c.Raw[r.End] != '"') {
		r.Kind = scanner.Unwrapped
	}
	if first := r.firstJoin(segs); first > 0 {
		// The unjoined reading: the URL's lines before the first join
		// that evidence made, itself trimmed.
		head := r.trimmed(c.Raw, append(r.segs[len(segs):len(segs)], segs[:first]...))
		r.build(c, head)
		r.head = append(r.head[:0], r.Text...)
		r.headHyphens = append(r.headHyphens[:0], r.Hyphens...)
		r.Joined = head[len(head)-1].b
		r.warn(warnJoined)
	}
	r.build(c, segs)
	for _, sg := range segs[1:] {
		if sg.how != byEvidence {
			r.warn(warnHyphen)
		}
	}
	return r.hasRest() && !(c.Kind == scanner.Schemeless && r.atSign(c))
}

// firstJoin returns the index of the first part of segs that evidence
// joined, or 0.
func (r *Reader) firstJoin(segs []seg) int {
	for i, sg := range segs {
		if sg.how == byEvidence {
			return i
		}
	}
	return 0
}

// build reads the parts segs of the candidate's Raw into Text and
// Hyphens.
func (r *Reader) build(c *scanner.Candidate, segs []seg) {
	r.Text, r.Hyphens = r.own[:0], r.Hyphens[:0]
	r.st = state{started: true, scheme: 1, hyphen: -1, lineStart: true}
	switch c.Kind {
	case scanner.Schemeless:
		if www(c.Raw) && c.Raw[0]|0x20 == 'f' { // "ftp."
			r.Text = append(r.Text, "ftp://"...)
		} else {
			r.Text = append(r.Text, "http://"...)
		}
	case scanner.Email:
		r.Text = append(r.Text, "mailto:"...)
	}
	for i, sg := range segs {
		if i > 0 {
			r.st.broke, r.st.lineStart, r.st.spaced = true, true, false
		}
		r.readLine(r.typography(c.Raw[sg.a:sg.b], i < len(segs)-1))
	}
	r.own = r.Text[:0]
}

// hasRest reports whether Text holds more than a scheme, its ":" and the
// "//" after it.
func (r *Reader) hasRest() bool {
	i := bytes.IndexByte(r.Text, ':')
	if i < 0 {
		return false // trimmed of its ":" ("see mailto:.")
	}
	rest := r.Text[i+1:]
	if bytes.HasPrefix(rest, []byte("//")) {
		rest = rest[2:]
	}
	return len(rest) > 0
}

// atSign reports whether a bare host name holds an "@": it is an e-mail
// address, found at its "@" (Hosts).
func (r *Reader) atSign(c *scanner.Candidate) bool {
	return !www(c.Raw) && bytes.IndexByte(c.Raw[:r.End], '@') >= 0
}

// www reports whether b starts with "www." or "ftp.", in any case.
func www(b []byte) bool {
	if len(b) < 4 || b[3] != '.' {
		return false
	}
	w := [3]byte{b[0] | 0x20, b[1] | 0x20, b[2] | 0x20}
	return w == [3]byte{'w', 'w', 'w'} || w == [3]byte{'f', 't', 'p'}
}

// trimmed cuts the parts segs where the URL ends: without the punctuation
// that ends a sentence (trimEnd; each part's run stops already at a
// closing bracket that no opening one in it balances). It returns segs,
// cut.
func (r *Reader) trimmed(raw []byte, segs []seg) []seg {
	t := raw[segs[0].a:segs[0].b]
	if len(segs) > 1 {
		r.trim = r.trim[:0]
		for _, sg := range segs {
			r.trim = append(r.trim, raw[sg.a:sg.b]...)
		}
		t = r.trim
	}
	n := trimEnd(t)
	for i, sg := range segs {
		if l := sg.b - sg.a; n <= l {
			segs[i].b = sg.a + n
			if n == 0 {
				return segs[:i]
			}
			return segs[:i+1]
		}
		n -= sg.b - sg.a
	}
	return segs
}

// trimEnd returns the length of b without what ends a URL in prose but is
// not part of it: sentence punctuation (".", ",", ";", ":", "!", "?"),
// quotes, "*", "@" and "|" (the border of a table), a "'" that closes no
// quote opened in b, a closing ")", "]" or "}" that no opening one in b
// balances, and the mark of a footnote ("[1]").
func trimEnd(b []byte) int {
	n := len(b)
	for n > 0 {
		switch c := b[n-1]; c {
		case '.', ',', ';', ':', '!', '?', '"', '*', '@', '|':
			n--
			continue
		case '\'':
			// Kept when it closes a quote opened inside ("it's 'a'").
			if bytes.Count(b[:n], []byte{'\''})%2 == 1 {
				n--
				continue
			}
		case ']':
			if k := footnote(b[:n]); k > 0 {
				n -= k
				continue
			}
			fallthrough
		case ')', '}':
			open := byte('(')
			if c != ')' {
				open = c - 2 // "[" and "{" stand two before "]" and "}"
			}
			depth := 0
			for _, d := range b[:n] {
				switch d {
				case open:
					depth++
				case c:
					depth--
				}
			}
			if depth < 0 {
				n--
				continue
			}
		}
		break
	}
	return n
}

// Unjoin makes the unjoined reading of a URL in prose joined over lines
// (Joined) the one read: Text, Hyphens, End and Warnings are then those of
// the URL on its own line. It does nothing to any other.
func (r *Reader) Unjoin() {
	if r.Joined == 0 {
		return
	}
	r.Text = append(r.Text[:0], r.head...)
	r.Hyphens = append(r.Hyphens[:0], r.headHyphens...)
	r.End, r.Joined = r.Joined, 0
	keep := r.Warnings[:0]
	for _, w := range r.Warnings {
		if w != warnJoined {
			keep = append(keep, w)
		}
	}
	r.Warnings = keep
}

// footnote returns the length of the mark of a footnote, "[" digits "]",
// that ends b, or 0.
func footnote(b []byte) int {
	k := len(b) - 2
	for k >= 0 && b[k] >= '0' && b[k] <= '9' {
		k--
	}
	if k < 0 || k == len(b)-2 || b[k] != '[' {
		return 0
	}
	return len(b) - k
}
