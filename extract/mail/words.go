package mail

import (
	"bytes"
	"io"
	"mime"

	"golang.org/x/text/encoding/htmlindex"
)

// word is an RFC 2047 encoded word of a header field: where it stands in
// the header block, and where its decoded text stands in the field's
// decoded value.
type word struct {
	at, end  int // in the block
	from, to int // in the decoded value
}

// plain is a run of a field's value that is no encoded word: where it
// starts in the decoded value and in the block. A fold between two lines
// ends one run and starts another.
type plainRun struct{ from, at int }

// decoded is a header field whose value holds encoded words, decoded.
type decoded struct {
	f      *field
	text   string     // the value, unfolded, its encoded words decoded
	words  []word     // its encoded words, in order
	plains []plainRun // the rest
}

// blockAt returns where the byte at offset o of the decoded value stands
// in the header block: in an encoded word, at the word's start.
func (d *decoded) blockAt(o int) int {
	for _, w := range d.words {
		if w.from <= o && o < w.to {
			return w.at
		}
	}
	at := -1
	for _, p := range d.plains {
		if p.from > o {
			break
		}
		at = p.at + o - p.from
	}
	return at
}

// overlaps reports whether [from, to) of the header block holds a byte of
// an encoded word of d.
func (d *decoded) overlaps(from, to int) bool {
	for _, w := range d.words {
		if from < w.end && w.at < to {
			return true
		}
	}
	return false
}

// inWord reports whether [from, to) of the decoded value holds a byte of
// an encoded word.
func (d *decoded) inWord(from, to int) bool {
	for _, w := range d.words {
		if from < w.to && w.from < to {
			return true
		}
	}
	return false
}

// wordDecoder decodes an encoded word's text from its charset at once,
// and returns it as a *bytes.Reader, which writes itself out: mime's
// WordDecoder copies what the reader gives with io.Copy, which makes a
// buffer of 32 KiB for each word when the reader cannot (as a
// transform.Reader cannot), and a transform.Reader makes buffers of its
// own (a real list archive of 5.2 MB: 12.9 MB of garbage, of 26 MB in
// all).
var wordDecoder = &mime.WordDecoder{CharsetReader: func(cs string, r io.Reader) (io.Reader, error) {
	enc, err := htmlindex.Get(cs)
	if err != nil {
		return nil, err
	}
	in, err := io.ReadAll(r) // the word's text, a few dozen bytes
	if err != nil {
		return nil, err
	}
	out, err := enc.NewDecoder().Bytes(in)
	if err != nil {
		return nil, err
	}
	return bytes.NewReader(out), nil
}}

// decodeField decodes the RFC 2047 encoded words (RFC 2047 section 2) of
// the field f of h; ok is false when it holds none that decodes. The value is unfolded (the
// line breaks of folding go, the white space after them stays), and the
// white space between two adjacent encoded words goes (section 6.2).
func (h *header) decodeField(f *field) (d decoded, ok bool) {
	d.f = f
	vstart, vend := f.at+f.nameLen+1, f.last
	var text []byte
	b := h.block
	gap := -1 // the start in text of white space after an encoded word
	for i := vstart; i < vend; {
		if n, dec := encodedWordAt(b[i:vend]); n > 0 {
			if gap >= 0 {
				text = text[:gap] // white space between two words
			}
			d.words = append(d.words, word{at: i, end: i + n, from: len(text), to: len(text) + len(dec)})
			text = append(text, dec...)
			i += n
			gap = len(text)
			continue
		}
		j := i
		for j < vend && b[j] != '\r' && b[j] != '\n' && !(b[j] == '=' && j+1 < vend && b[j+1] == '?') {
			j++
		}
		if j == i && b[j] == '=' {
			j++ // "=?" that starts no encoded word
		}
		if j > i {
			if !spacesOnly(b[i:j]) {
				gap = -1
			}
			d.plains = append(d.plains, plainRun{from: len(text), at: i})
			text = append(text, b[i:j]...)
		}
		for j < vend && (b[j] == '\r' || b[j] == '\n') {
			j++ // a fold
		}
		i = j
	}
	d.text = string(text)
	return d, len(d.words) > 0
}

// spacesOnly reports whether b holds only spaces and tabs.
func spacesOnly(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// encodedWordAt returns the length of the encoded word that starts b,
// "=?" charset "?" encoding "?" encoded-text "?=", and its text decoded;
// 0 when b starts with none, or one that does not decode.
func encodedWordAt(b []byte) (int, string) {
	if len(b) < 8 || b[0] != '=' || b[1] != '?' {
		return 0, ""
	}
	// The charset, the encoding and the text: no white space, no "?" in
	// them, and the text ends at "?=".
	q := 2
	for part := 0; part < 2; part++ {
		k := bytes.IndexByte(b[q:], '?')
		if k <= 0 || bytes.ContainsAny(b[q:q+k], " \t\r\n") {
			return 0, ""
		}
		q += k + 1
	}
	k := bytes.Index(b[q:], []byte("?="))
	if k < 0 || bytes.ContainsAny(b[q:q+k], " \t\r\n") {
		return 0, ""
	}
	n := q + k + 2
	dec, err := wordDecoder.Decode(string(b[:n]))
	if err != nil {
		return 0, ""
	}
	return n, dec
}
