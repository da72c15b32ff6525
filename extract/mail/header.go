package mail

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/internal/ascii"
)

// maxHeader bounds the header block of a message. A longer one is not
// taken for a header: the message is read as text.
const maxHeader = 1 << 20

// errHeaderTooLong says that a header block did not end within maxHeader
// bytes.
var errHeaderTooLong = fmt.Errorf("no end of the header block within %d bytes", maxHeader)

// mailFields are header fields that mail and news carry, in lower case.
// Detect takes a header block for mail only when it holds one of them.
var mailFields = map[string]bool{
	"from": true, "to": true, "cc": true, "bcc": true, "subject": true, "date": true,
	"message-id": true, "in-reply-to": true, "references": true, "reply-to": true, "sender": true,
	"received": true, "return-path": true, "delivered-to": true, "envelope-to": true,
	"x-original-to": true, "resent-from": true, "resent-to": true, "resent-date": true,
	"resent-message-id": true, "mime-version": true, "content-type": true,
	"content-transfer-encoding": true, "content-disposition": true, "newsgroups": true,
	"path": true, "followup-to": true, "xref": true, "lines": true, "nntp-posting-host": true,
	"organization": true, "user-agent": true, "x-mailer": true, "list-id": true,
	"dkim-signature": true, "authentication-results": true,
}

// field is one header field: where its first line starts in the header
// block, its name (block[at:at+nameLen]) and its value unfolded (the line
// breaks of folding removed, the white space after them kept), in the
// header's values; and where its last line ends in the block, its line
// break left out.
type field struct {
	at, nameLen int
	start, end  int
	last        int
}

// header is a message's header block as read, and its fields. One serves
// message after message, its buffers reused.
type header struct {
	block  []byte  // the raw bytes, the empty line that ends them included: own, or a view (inPlace)
	own    []byte  // the buffer that block is when read
	fields []field // in the order of the block
	values []byte  // the fields' values, one after another
	bad    []int   // block offsets of lines that are not fields, skipped
	known  [4]int  // the index in fields of the first of each knownFields, or -1
}

// knownFields are the fields that the walker asks of every message,
// found once as the block is read, not looked up by name.
var knownFields = [...]string{messageIDName, contentTypeName, contentTransferEncodingName, mimeVersionName}

const (
	messageIDName               = "Message-Id"
	contentTypeName             = "Content-Type"
	contentTransferEncodingName = "Content-Transfer-Encoding"
	mimeVersionName             = "MIME-Version"
)

const (
	messageID = iota // indexes of knownFields
	contentType
	contentTransferEncoding
	mimeVersion
)

func (h *header) name(f *field) []byte  { return h.block[f.at : f.at+f.nameLen] }
func (h *header) value(f *field) []byte { return h.values[f.start:f.end] }

// get returns the trimmed value of the first field named knownFields[k],
// valid until the next read.
func (h *header) get(k int) []byte {
	if i := h.known[k]; i >= 0 {
		return bytes.TrimSpace(h.value(&h.fields[i]))
	}
	return nil
}

// fieldAt returns the name of the field in which block offset at lies
// (of the field before it, for a skipped line), "" before the first.
func (h *header) fieldAt(at int64) string { return string(h.nameAt(at)) }

// nameAt is fieldAt, the name a part of the block.
func (h *header) nameAt(at int64) []byte {
	var name []byte
	for i := range h.fields {
		if int64(h.fields[i].at) > at {
			break
		}
		name = h.name(&h.fields[i])
	}
	return name
}

// addressField reports whether the field name is one of those that hold
// addresses, the trace of a message's way, or identifiers of messages and
// groups (RFC 5322 sections 3.6.2 to 3.6.7, RFC 5536 section 3): the host
// names and addresses in them are no URLs. In one month of a real list
// archive they hold about 11,000 of them, against about 1,900 URLs in the
// bodies.
func addressField(name []byte) bool {
	for _, f := range addressFields {
		if len(name) == len(f) && foldedEqual(name, []byte(f)) {
			return true
		}
	}
	return false
}

// addressFields are the fields of addressField, in lower case.
var addressFields = []string{"from", "to", "cc", "bcc", "sender", "reply-to", "received", "message-id", "references",
	"in-reply-to", "return-path", "x-authentication-warning", "path", "newsgroups", "followup-to", "xref",
	"distribution", "resent-from", "resent-to", "resent-cc", "resent-sender", "resent-message-id", "delivered-to",
	"x-original-to", "errors-to", "mail-followup-to", "mail-reply-to", "nntp-posting-host", "supersedes", "approved"}

// byShape reports whether a match was found by its shape alone, as a host
// name or an e-mail address without a scheme, not by a scheme or a
// wrapper.
func byShape(m *extract.Match) bool {
	return m.Form == extract.FormEmail || m.Form == extract.FormSchemeless
}

// read reads a header block up to the empty line after it, or to the end
// of the input, leniently: a line that is neither a field nor the fold of
// one is skipped and noted in h.bad, as mail readers do. It keeps what it
// read in h.block even when it fails, so that the message can be read
// again as text: errHeaderTooLong when the block does not end within
// maxHeader bytes, or the input's error. Time is linear in the block.
// The whole lines that br holds are taken in one go, not line by line.
func (h *header) read(br *bufio.Reader) error {
	err := h.readLines(br)
	h.own = h.block // with the room it grew
	return err
}

func (h *header) readLines(br *bufio.Reader) error {
	h.reset()
	start := 0 // where the line being read starts in h.block
	for {
		if start == len(h.block) {
			if buf := wholeLines(br, br.Buffered()); len(buf) > 0 && len(h.block)+len(buf) <= maxHeader {
				n, ended := h.lines(buf)
				br.Discard(n)
				if ended {
					return nil
				}
				start = len(h.block)
				continue
			}
		}
		piece, err := br.ReadSlice('\n')
		if len(h.block)+len(piece) > maxHeader {
			h.block = append(h.block, piece[:maxHeader-len(h.block)]...)
			return errHeaderTooLong
		}
		h.block = append(h.block, piece...)
		if err == bufio.ErrBufferFull {
			continue // the line goes on
		}
		if len(h.block) > start && h.line(start, len(h.block)) { // a line cut by the buffer may end here
			return nil
		}
		start = len(h.block)
		switch {
		case err == io.EOF:
			return nil // a message of header fields only
		case err != nil:
			return err
		}
	}
}

// reset empties h for the next header block.
func (h *header) reset() {
	h.block, h.fields, h.values, h.bad = h.own[:0], h.fields[:0], h.values[:0], h.bad[:0]
	h.known = [4]int{-1, -1, -1, -1}
}

// lines takes in buf, whole lines that end in LF, after the lines taken
// before, up to the empty line that ends the block. It returns how many
// bytes of buf it took, and whether the block ended. The caller keeps the
// block within maxHeader.
func (h *header) lines(buf []byte) (int, bool) {
	from := len(h.block)
	h.block = append(h.block, buf...)
	return h.take(from)
}

// inPlace reads the header block at the start of msg, which ends with an
// empty line, where it lies: block is then a view of msg, valid as long
// as msg is. It returns the length of the block.
func (h *header) inPlace(msg []byte) int {
	h.reset()
	h.block = msg
	n, _ := h.take(0)
	return n
}

// take takes in the lines of h.block from offset from on, up to the empty
// line that ends the block, and cuts the block there. It returns how
// many bytes it took, and whether the block ended.
func (h *header) take(from int) (int, bool) {
	for start := from; start < len(h.block); {
		end := start + bytes.IndexByte(h.block[start:], '\n') + 1
		if h.line(start, end) {
			h.block = h.block[:end]
			return end - from, true
		}
		start = end
	}
	return len(h.block) - from, false
}

// line takes in the line h.block[start:end]. It returns true when that
// line is the empty line that ends the block.
func (h *header) line(start, end int) bool {
	line := h.block[start:end]
	body := ascii.TrimRight(line, '\r', '\n')
	switch {
	case len(body) == 0 && len(line) > 0:
		return true
	case (body[0] == ' ' || body[0] == '\t') && len(h.fields) > 0:
		h.values = append(h.values, body...) // unfolded: the line break goes
		f := &h.fields[len(h.fields)-1]
		f.end, f.last = len(h.values), start+len(body) // the last field's value ends the values
	default:
		colon := fieldColon(body)
		if colon < 0 {
			h.bad = append(h.bad, start)
			return false
		}
		name, value := body[:colon], body[colon+1:]
		if k := knownField(name); k >= 0 && h.known[k] < 0 {
			h.known[k] = len(h.fields)
		}
		h.values = append(h.values, value...)
		h.fields = append(h.fields, field{at: start, nameLen: len(name), start: len(h.values) - len(value), end: len(h.values),
			last: start + len(body)})
	}
	return false
}

// knownField returns the index in knownFields of the field called name
// (printable ASCII, as fieldColon takes it), in any case, or -1.
func knownField(name []byte) int {
	var k int
	switch len(name) {
	case len(messageIDName):
		k = messageID
	case len(contentTypeName): // and of mimeVersionName
		k = contentType
		if name[0]|0x20 == 'm' {
			k = mimeVersion
		}
	case len(contentTransferEncodingName):
		k = contentTransferEncoding
	default:
		return -1
	}
	if !foldedEqual(name, knownLower[k]) {
		return -1
	}
	return k
}

// knownLower are knownFields in lower case.
var knownLower = [...][]byte{[]byte("message-id"), []byte("content-type"), []byte("content-transfer-encoding"),
	[]byte("mime-version")}

// foldedEqual reports whether name, printable ASCII, is lower, of lower
// case letters and "-", in any case: eight bytes at a time, each byte of
// name with its 0x20 bit set, which makes a letter lower case and keeps
// "-" (only a CR would also become "-", and name holds none).
func foldedEqual(name, lower []byte) bool {
	if len(name) != len(lower) {
		return false
	}
	const bits = 0x2020202020202020
	i := 0
	for ; i+8 <= len(name); i += 8 {
		if binary.LittleEndian.Uint64(name[i:])|bits != binary.LittleEndian.Uint64(lower[i:]) {
			return false
		}
	}
	for ; i < len(name); i++ {
		if name[i]|0x20 != lower[i] {
			return false
		}
	}
	return true
}

// fieldColon returns the index in line of the colon that ends its field
// name, when the name before it is printable ASCII and not empty (see
// fieldName), or -1: one pass for both.
func fieldColon(line []byte) int {
	for i, c := range line {
		switch {
		case c == ':':
			if i == 0 {
				return -1
			}
			return i
		case c < '!' || c > '~':
			return -1
		}
	}
	return -1
}

// fieldName reports whether name is a header field name: printable ASCII
// but ":" (RFC 5322 section 2.2; "Article-I.D." is one).
func fieldName(name []byte) bool {
	if len(name) == 0 {
		return false
	}
	for _, c := range name {
		if c < '!' || c > '~' {
			return false
		}
	}
	return true
}

// headerBlock reports whether b starts with a header block that looks
// like mail: lines of fields (RFC 5322 names: printable ASCII but ":"),
// and folds of them, at least one of them a field that mail or news
// carries, up to an empty line or the end of b. A last line that b cuts
// short is given the benefit of the doubt while it may still become a
// field.
func headerBlock(b []byte) bool {
	known, fields := false, 0
	for len(b) > 0 {
		line, rest, cut := bytes.Cut(b, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		switch {
		case len(line) == 0:
			return known
		case line[0] == ' ' || line[0] == '\t':
			if fields == 0 {
				return false
			}
		default:
			name, _, ok := bytes.Cut(line, []byte(":"))
			switch {
			case ok && fieldName(name):
				fields++
				known = known || mailFields[strings.ToLower(string(name))]
			case !cut && !ok && fieldName(line):
				return known // cut short inside what may be a field name
			default:
				return false
			}
		}
		b = rest
	}
	return known
}

// encodedWord reports whether b holds "=?", which starts an RFC 2047
// encoded word: a search for "?", rare in header fields, then a look at
// the byte before it, where a search for both bytes would stop at every
// "=" of the parameters of Content-Type.
func encodedWord(b []byte) bool {
	for i := 1; i < len(b); i++ {
		k := bytes.IndexByte(b[i:], '?')
		if k < 0 {
			return false
		}
		if i += k; b[i-1] == '=' {
			return true
		}
	}
	return false
}

// errNoColon is the warning for a header line that is not a field.
var errNoColon = errors.New("header line without a field name and colon skipped")
