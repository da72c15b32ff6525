// Package output writes a match the way urlsift writes it: the JSON
// record of --json. The command and the Beam pipeline build their records
// here, and only here:
//
//	buf = output.AppendJSON(buf[:0], &m) // one line, without its newline
//	buf = enc.Append(buf, &m)            // the same, by an Encoder kept across records
//
// and the record of what could not be read, which the pipeline writes
// beside them (AppendProblem); a match as a --format template prints it
// (Template), and the statistics of --stats (Stats).
//
// Strings are escaped as encoding/json escapes them without HTML
// escaping ("<", ">" and "&" stay), invalid UTF-8 becoming U+FFFD, and
// beyond that the characters that act on a terminal (DEL, the C1 controls
// and the bidirectional formatting characters) are escaped too.
package output

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"strconv"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/urlsift/urlsift/extract"
)

// AppendJSON appends the JSON record of m to dst, without a newline:
//
//	path, input, member, url, valid, error, error_rule, error_section,
//	error_offset, scheme, form, raw, offset, length, line, col,
//	alternatives, warnings
//
// member is absent outside containers (extract.Match.Member); and, for
// a match in mail, message, message_id, message_offset, part,
// part_line, part_col, part_offset and charset; for a match with a
// normal form (extract.Normalize), normalized, host and site after url. error and warnings are
// absent when empty, and so are the error_ fields when the reason is not
// a grammar's.
func AppendJSON(dst []byte, m *extract.Match) []byte {
	return (*Encoder)(nil).Append(dst, m)
}

// An Encoder appends records as AppendJSON does, byte for byte, and
// keeps the escaped form of what repeats from one record to the next: the
// path and input of the file read, and the scheme. A writer of many
// records keeps one; the zero Encoder is ready. An Encoder is not safe
// for concurrent use.
type Encoder struct {
	head   field // {"path":...,"input":...
	scheme field // ,"scheme":...
}

// field is the text of a part of a record and the strings it was made
// from, copied: a match's strings may be views of buffers that change.
type field struct {
	a, b, text []byte
}

// append appends f's text when a and b are the strings it was made from,
// and otherwise makes it again, with build, and keeps it.
func (f *field) append(dst []byte, m *extract.Match, a, b string, build func([]byte, *extract.Match) []byte) []byte {
	if len(f.text) > 0 && string(f.a) == a && string(f.b) == b {
		return append(dst, f.text...)
	}
	n := len(dst)
	dst = build(dst, m)
	f.text = append(f.text[:0], dst[n:]...)
	f.a, f.b = append(f.a[:0], a...), append(f.b[:0], b...)
	return dst
}

// Append appends the JSON record of m to dst, as AppendJSON does. A nil
// Encoder keeps nothing.
func (e *Encoder) Append(dst []byte, m *extract.Match) []byte {
	// Room for the common record at once, so that the appends below do
	// not grow dst piece by piece.
	dst = slices.Grow(dst, 200+len(m.Pos.Filename)+len(m.URL)+len(m.Raw)+len(m.Scheme))
	if e == nil {
		dst = appendHead(dst, m)
	} else {
		dst = e.head.append(dst, m, m.Pos.Filename, m.Input, appendHead)
	}
	if m.Member != "" {
		dst = AppendString(append(dst, `,"member":`...), m.Member)
	}
	// Raw is checked once: a URL that lies in it, as a wrapper on one
	// line holds it, is then written as it is with no check of its own.
	rawRun := plainRun(m.Raw, 0) // the bytes of Raw before its first to escape
	dst = append(dst, `,"url":`...)
	if rawRun == len(m.Raw) && within(m.URL, m.Raw) {
		dst = appendPlain(dst, m.URL)
	} else {
		dst = AppendString(dst, m.URL)
	}
	if m.Normalized != "" {
		dst = appendNormal(dst, m)
	}
	dst = appendValidity(dst, m)
	if e == nil {
		dst = appendScheme(dst, m)
	} else {
		dst = e.scheme.append(dst, m, m.Scheme, "", appendScheme)
	}
	if int(m.Form) < len(formRaw) {
		dst = append(dst, formRaw[m.Form]...) // the form and the key of raw, in one
	} else {
		dst = append(dst, `,"form":`...)
		dst = AppendString(dst, m.Form.String())
		dst = append(dst, `,"raw":`...)
	}
	if rawRun == len(m.Raw) {
		dst = appendPlain(dst, m.Raw)
	} else {
		dst = appendEscaped(append(dst, '"'), m.Raw, rawRun)
	}
	dst = append(dst, `,"offset":`...)
	dst = appendInt(dst, m.Pos.Offset)
	dst = append(dst, `,"length":`...)
	dst = appendInt(dst, int64(len(m.Raw)))
	dst = append(dst, `,"line":`...)
	dst = appendInt(dst, int64(m.Pos.Line))
	dst = append(dst, `,"col":`...)
	dst = appendInt(dst, int64(m.Pos.Column))
	return appendTail(dst, m)
}

// appendNormal appends m's normal form, host and site.
func appendNormal(dst []byte, m *extract.Match) []byte {
	dst = AppendString(append(dst, `,"normalized":`...), m.Normalized)
	dst = AppendString(append(dst, `,"host":`...), m.Host)
	return AppendString(append(dst, `,"site":`...), m.Site)
}

// appendValidity appends whether m is valid, and why not.
func appendValidity(dst []byte, m *extract.Match) []byte {
	if m.Valid {
		dst = append(dst, `,"valid":true`...)
	} else {
		dst = append(dst, `,"valid":false`...)
	}
	if m.Error != "" {
		dst = append(dst, `,"error":`...)
		dst = AppendString(dst, m.Error)
	}
	if se, ok := m.Err.(extract.SyntaxError); ok {
		dst = append(dst, `,"error_rule":`...)
		dst = AppendString(dst, se.Rule())
		dst = append(dst, `,"error_section":`...)
		dst = AppendString(dst, se.Section())
		dst = append(dst, `,"error_offset":`...)
		dst = strconv.AppendInt(dst, int64(se.At()), 10)
	}
	return dst
}

// appendTail appends the end of m's record: its alternatives, warnings
// and place in mail.
func appendTail(dst []byte, m *extract.Match) []byte {
	if len(m.Alternatives) == 0 {
		dst = append(dst, `,"alternatives":[]`...)
	} else {
		dst = append(dst, `,"alternatives":`...)
		dst = appendList(dst, m.Alternatives)
	}
	if len(m.Warnings) > 0 {
		dst = append(dst, `,"warnings":`...)
		dst = appendList(dst, m.Warnings)
	}
	if mc := m.Mail; mc.Message > 0 {
		dst = append(dst, `,"message":`...)
		dst = strconv.AppendInt(dst, int64(mc.Message), 10)
		dst = append(dst, `,"message_id":`...)
		dst = AppendString(dst, mc.MessageID)
		dst = append(dst, `,"message_offset":`...)
		dst = strconv.AppendInt(dst, mc.MessageOffset, 10)
		dst = append(dst, `,"part":`...)
		dst = AppendString(dst, mc.Part)
		dst = append(dst, `,"part_line":`...)
		dst = strconv.AppendInt(dst, int64(mc.PartPos.Line), 10)
		dst = append(dst, `,"part_col":`...)
		dst = strconv.AppendInt(dst, int64(mc.PartPos.Column), 10)
		dst = append(dst, `,"part_offset":`...)
		dst = strconv.AppendInt(dst, mc.PartPos.Offset, 10)
		if mc.Charset != "" {
			dst = append(dst, `,"charset":`...)
			dst = AppendString(dst, mc.Charset)
		}
	}
	return append(dst, '}')
}

// appendHead appends the start of m's record, to its input.
func appendHead(dst []byte, m *extract.Match) []byte {
	dst = append(dst, `{"path":`...)
	dst = AppendString(dst, m.Pos.Filename)
	if m.Input != "" {
		dst = append(dst, `,"input":`...)
		dst = AppendString(dst, m.Input)
	}
	return dst
}

// appendScheme appends the scheme field of m's record.
func appendScheme(dst []byte, m *extract.Match) []byte {
	return AppendString(append(dst, `,"scheme":`...), m.Scheme)
}

// formRaw holds, for each form, its field and the key of the next:
// `,"form":"url","raw":`.
var formRaw = func() (t [extract.FormEmail + 1]string) {
	for f := range t {
		t[f] = `,"form":` + string(AppendString(nil, extract.Form(f).String())) + `,"raw":`
	}
	return t
}()

func appendList(dst []byte, list []string) []byte {
	dst = append(dst, '[')
	for i, s := range list {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendString(dst, s)
	}
	return append(dst, ']')
}

const hex = "0123456789abcdef"

// plain8 reports whether the first eight bytes of s are all written as
// they are: printable ASCII (0x20 to 0x7E) other than '"' and '\\'.
func plain8(s string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	x := binary.LittleEndian.Uint64([]byte(s[:8]))
	// A byte below 0x20 borrows into its high bit, 0x7F carries into it,
	// one from 0x80 has it; a borrow or a carry may also mark the byte
	// after, which only sends a plain word down the slow path.
	if ((x-0x20*ones)|x|(x+ones))&highs != 0 {
		return false
	}
	q, b := x^(ones*'"'), x^(ones*'\\')
	return ((q-ones)&^q|(b-ones)&^b)&highs == 0
}

// safe marks the ASCII bytes written as they are.
var safe = func() (t [utf8.RuneSelf]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != 0x7f
	}
	return t
}()

// AppendString appends s as a JSON string.
func AppendString(dst []byte, s string) []byte {
	if i := plainRun(s, 0); i < len(s) {
		return appendEscaped(append(dst, '"'), s, i)
	}
	return appendPlain(dst, s) // the common case
}

// appendPlain appends s, all of whose bytes are written as they are, as
// a JSON string.
func appendPlain(dst []byte, s string) []byte {
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// within reports whether the bytes of s lie in those of t.
func within(s, t string) bool {
	off := uintptr(unsafe.Pointer(unsafe.StringData(s))) - uintptr(unsafe.Pointer(unsafe.StringData(t)))
	return len(s) > 0 && off <= uintptr(len(t)) && uintptr(len(s)) <= uintptr(len(t))-off
}

// pairs holds the two digits of each number from 00 to 99.
const pairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879" +
	"8081828384858687888990919293949596979899"

// pow10 holds the powers of ten that an int64 reaches.
var pow10 = func() (t [19]uint64) {
	t[0] = 1
	for i := 1; i < len(t); i++ {
		t[i] = t[i-1] * 10
	}
	return t
}()

// appendInt appends n in decimal, as strconv.AppendInt(dst, n, 10) does:
// a number of the record (an offset, a line...) is written in place, two
// digits at a time from its end, not in a buffer of its own and then
// copied.
func appendInt(dst []byte, n int64) []byte {
	if n < 0 {
		return strconv.AppendInt(dst, n, 10)
	}
	u := uint64(n)
	if u < 10 {
		return append(dst, byte('0'+u))
	}
	t := bits.Len64(u) * 1233 >> 12 // log10(2) is about 1233/4096: t or t+1 is the number of digits
	digits := t + 1
	if u < pow10[t] {
		digits = t
	}
	dst = slices.Grow(dst, digits)
	i := len(dst) + digits
	dst = dst[:i]
	for u >= 100 {
		q := u / 100
		r := 2 * (u - q*100)
		i -= 2
		dst[i], dst[i+1] = pairs[r], pairs[r+1]
		u = q
	}
	if u >= 10 {
		dst[i-2], dst[i-1] = pairs[2*u], pairs[2*u+1]
	} else {
		dst[i-1] = byte('0' + u)
	}
	return dst
}

// plainRun returns the end of the run of bytes of s from i on that are
// written as they are, taken eight at a time first.
func plainRun(s string, i int) int {
	for i+8 <= len(s) && plain8(s[i:]) {
		i += 8
	}
	if i < len(s) && i+8 > len(s) && len(s) >= 8 && plain8(s[len(s)-8:]) {
		return len(s) // the last eight bytes, over the tail, are plain too
	}
	for i < len(s) && s[i] < utf8.RuneSelf && safe[s[i]] {
		i++
	}
	return i
}

// appendEscaped appends s, whose first byte to escape is at i, and the
// closing quote.
func appendEscaped(dst []byte, s string, i int) []byte {
	start := 0
	for ; i < len(s); i = plainRun(s, i) {
		c := s[i]
		if c < utf8.RuneSelf { // not safe: the loop above took those
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029' || r >= 0x80 && r <= 0x9f || unicode.Is(unicode.Bidi_Control, r):
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
		default:
			i += n
			continue
		}
		i += n
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
