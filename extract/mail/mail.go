// Package mail finds URLs in mail and news archives: mbox files and single
// messages, MIME-encoded, in any charset, compressed or not.
//
// Matches walks every message of an input and every text part of each,
// nested multiparts and attached messages included, decodes them to
// UTF-8 text and runs package extract on each, with the header fields
// too:
//
//	r, _ := mail.Decompress(f) // gzip, bzip2, xz or zstd, by magic bytes
//	br := bufio.NewReader(r)
//	head, _ := br.Peek(4096)
//	for m, err := range mail.Matches(br, mail.Detect(head), extract.Filename(name)) {
//		var pe *mail.PartError
//		if errors.As(err, &pe) { ... } // one part lost; the others go on
//		...                            // m.Message, m.MessageID, m.Part, m.URL
//	}
//
// A part that cannot be decoded is reported as a *PartError and skipped,
// and the walk goes on with the next part and the next message. Nothing is
// held in memory but one header block and one part's buffers at a time.
package mail

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"iter"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	netmail "net/mail"
	"strconv"
	"strings"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/transform"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/scanner"
)

// Kind is the kind of an input.
type Kind int

const (
	Text    Kind = iota // plain text
	Message             // one message: RFC 5322 header fields, then a body
	Mbox                // messages, each after a "From " line
)

func (k Kind) String() string {
	return [...]string{"text", "mail", "mbox"}[k]
}

// Detect tells the kind of an input from its first bytes: an mbox when
// its first line starts with "From ", a message when it starts with at
// least two header fields (or one and the empty line after them),
// otherwise text.
func Detect(head []byte) Kind {
	if bytes.HasPrefix(head, []byte("From ")) {
		return Mbox
	}
	fields := 0
	for len(head) > 0 {
		line, rest, cut := bytes.Cut(head, []byte("\n"))
		line = bytes.TrimSuffix(line, []byte("\r"))
		switch {
		case len(line) == 0:
			return kindIf(cut && fields >= 1)
		case line[0] == ' ' || line[0] == '\t':
			if fields == 0 {
				return Text
			}
		case isField(line):
			fields++
		default:
			return Text
		}
		if fields >= 2 && !cut {
			break
		}
		head = rest
	}
	return kindIf(fields >= 2)
}

func kindIf(message bool) Kind {
	if message {
		return Message
	}
	return Text
}

// isField reports whether line starts with a header field name and ":".
func isField(line []byte) bool {
	for i, c := range line {
		switch {
		case c == ':':
			return i > 0
		case c < '!' || c > '~':
			return false
		}
	}
	return false
}

// Decompress returns a reader of the decompressed input when r starts
// with the magic bytes of gzip, bzip2, xz or zstd, with the name of the
// format, and otherwise a buffered reader of r and "": r itself when it
// is a *bufio.Reader.
func Decompress(r io.Reader) (io.Reader, string, error) {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReader(r)
	}
	head, _ := br.Peek(6)
	switch {
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		z, err := gzip.NewReader(br)
		return z, "gzip", err
	case bytes.HasPrefix(head, []byte("BZh")):
		return bzip2.NewReader(br), "bzip2", nil
	case bytes.HasPrefix(head, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		z, err := xz.NewReader(br)
		return z, "xz", err
	case bytes.HasPrefix(head, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		z, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return nil, "zstd", err
		}
		return z.IOReadCloser(), "zstd", nil
	}
	return br, "", nil
}

// Part is one text part of a message, or one of its header fields.
type Part struct {
	// Message counts the messages of the input from 1; MessageID is
	// its Message-ID field and MessageOffset the input offset of its
	// "From " line (0 for a single message).
	Message       int
	MessageID     string
	MessageOffset int64
	// Path names the part as IMAP does: "1" for the body of a message
	// that is not multipart, "2.1" for the first part of the second;
	// the body of an attached message at "2" is "2.1" and its parts
	// "2.1", "2.2"... A header field is "header:Name", or
	// "2.header:Name" for one of the message attached at "2".
	Path string
	// Body is the text of the part, decoded to UTF-8.
	Body io.Reader
	// Warnings apply to every URL of the part.
	Warnings []string

	html *htmlText
}

// PartError says that a part, or what is left of a message, could not be
// read. Warning errors cost nothing: the part was read all the same.
type PartError struct {
	Message   int
	MessageID string
	Path      string // "" for the message as a whole
	Err       error
	Warning   bool
}

func (e *PartError) Error() string {
	s := "message " + strconv.Itoa(e.Message)
	if e.MessageID != "" {
		s += " " + e.MessageID
	}
	if e.Path != "" {
		s += " part " + e.Path
	}
	// A read error inside the part says where in the part, not in the
	// input: its file name would mislead.
	var se *scanner.Error
	if errors.As(e.Err, &se) {
		return fmt.Sprintf("%s: %d:%d: %v", s, se.Pos.Line, se.Pos.Column, se.Err)
	}
	return s + ": " + e.Err.Error()
}

func (e *PartError) Unwrap() error { return e.Err }

// maxHeader bounds the header block of a message.
const maxHeader = 1 << 20

// Parts walks the messages of r and yields their header fields and text
// parts, each to be read before the next is asked for. Errors that cost
// one part or one message are *PartError values and the walk goes on;
// any other error ends it.
func Parts(r io.Reader, kind Kind) iter.Seq2[*Part, error] {
	return func(yield func(*Part, error) bool) {
		w := walker{yield: yield}
		if kind == Mbox {
			m := newMbox(r)
			for n := 1; ; n++ {
				at, ok := m.next()
				if !ok {
					break
				}
				if ok, _ := w.message(m, n, at); !ok {
					return
				}
			}
			if m.err != nil && m.err != io.EOF {
				yield(nil, m.err) // the input failed
			}
			return
		}
		if ok, err := w.message(r, 1, 0); ok && err != nil {
			yield(nil, err) // the input failed
		}
	}
}

// walker walks one input; its methods return false when the consumer
// stopped.
type walker struct {
	yield  func(*Part, error) bool
	msg    int
	id     string
	offset int64
	br     *bufio.Reader // for each message in turn
}

// message walks one message, numbered n, whose "From " line is at input
// offset at, and reads what is left of it. It returns false when the
// consumer stopped, and the input's error.
func (w *walker) message(r io.Reader, n int, at int64) (bool, error) {
	w.msg, w.id, w.offset = n, "", at
	if w.br == nil {
		w.br = bufio.NewReaderSize(r, 64<<10)
	} else {
		w.br.Reset(r)
	}
	ok := w.entityMessage(w.br, "")
	_, err := io.Copy(io.Discard, w.br)
	return ok, err
}

// entityMessage reads a message (the input's, or one attached at path)
// from its header on.
func (w *walker) entityMessage(br *bufio.Reader, path string) bool {
	block, fields, err := readHeader(br)
	if err != nil {
		return w.fail(path, err)
	}
	msg, err := netmail.ReadMessage(io.MultiReader(bytes.NewReader(block), strings.NewReader("\r\n")))
	if err != nil {
		return w.fail(path, err)
	}
	h := msg.Header
	if path == "" {
		w.id = h.Get("Message-Id")
	}
	prefix := "header:"
	if path != "" {
		prefix = path + ".header:"
	}
	for _, f := range fields {
		if !w.yield(&Part{Message: w.msg, MessageID: w.id, MessageOffset: w.offset, Path: prefix + f.name,
			Body: strings.NewReader(decodeHeader(f.value))}, nil) {
			return false
		}
	}
	return w.entity(h.Get("Content-Type"), h.Get("Content-Transfer-Encoding"), br, path, true)
}

// entity walks a body: its own part, or the parts of a multipart or of an
// attached message. A body that is the whole of a message at path is
// numbered path.1 (or 1) unless it is a multipart.
func (w *walker) entity(ctype, cte string, body io.Reader, path string, whole bool) bool {
	mediatype, params, err := mime.ParseMediaType(ctype)
	if ctype == "" || err != nil {
		mediatype, params = "text/plain", map[string]string{} // RFC 2045 section 5.2
	}
	switch strings.ToLower(strings.TrimSpace(cte)) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64Reader{base64.NewDecoder(base64.StdEncoding, fullReader{body})}
	}
	if strings.HasPrefix(mediatype, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for i := 1; ; i++ {
			p, err := mr.NextRawPart() // decoded here, so that a bad part can be skipped
			if err == io.EOF {
				return true
			}
			if err != nil {
				return w.fail(path, err)
			}
			ok := w.entity(p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p, join(path, i), false)
			io.Copy(io.Discard, p)
			if !ok {
				return false
			}
		}
	}
	if whole {
		path = join(path, 1)
	}
	switch {
	case mediatype == "message/rfc822" || mediatype == "message/global":
		return w.entityMessage(bufio.NewReader(body), path)
	case strings.HasPrefix(mediatype, "text/"):
		return w.text(mediatype, params, body, path)
	}
	return true // not text
}

// base64Reader says where bad base64 data begins by the position in the
// decoded text that errors carry, not by the offset in base64's buffer,
// which depends on how the input was read.
type base64Reader struct{ r io.Reader }

var errBase64 = errors.New("illegal base64 data")

func (b base64Reader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	var ce base64.CorruptInputError
	if errors.As(err, &ce) {
		err = errBase64
	}
	return n, err
}

// fullReader fills every read it can: base64's decoder tells bad data
// after padding apart only when it sees it in the same read, so what it
// says must not depend on how the input was read.
type fullReader struct{ r io.Reader }

func (f fullReader) Read(p []byte) (int, error) {
	n, err := io.ReadFull(f.r, p)
	if err == io.ErrUnexpectedEOF {
		err = io.EOF
	}
	return n, err
}

func join(path string, i int) string {
	if path == "" {
		return strconv.Itoa(i)
	}
	return path + "." + strconv.Itoa(i)
}

// text yields a text part, decoded to UTF-8.
func (w *walker) text(mediatype string, params map[string]string, body io.Reader, path string) bool {
	part := &Part{Message: w.msg, MessageID: w.id, MessageOffset: w.offset, Path: path}
	if cs := params["charset"]; cs != "" && !strings.EqualFold(cs, "us-ascii") && !strings.EqualFold(cs, "utf-8") {
		enc, err := htmlindex.Get(cs)
		if err != nil {
			enc = charmap.Windows1252
			warning := fmt.Sprintf("unknown charset %q, read as windows-1252", cs)
			part.Warnings = append(part.Warnings, warning)
			if !w.yield(nil, &PartError{Message: w.msg, MessageID: w.id, Path: path,
				Err: fmt.Errorf("%s", warning), Warning: true}) {
				return false
			}
		}
		body = transform.NewReader(body, enc.NewDecoder())
	}
	switch {
	case mediatype == "text/html":
		part.html = newHTMLText(body)
		body = part.html
	case strings.EqualFold(params["format"], "flowed"):
		body = newFlowed(body, strings.EqualFold(params["delsp"], "yes"))
	}
	part.Body = body
	return w.yield(part, nil)
}

// fail reports that what is left of the part at path cannot be read.
func (w *walker) fail(path string, err error) bool {
	return w.yield(nil, &PartError{Message: w.msg, MessageID: w.id, Path: path, Err: err})
}

// field is one header field, in the order of the header.
type field struct{ name, value string }

// readHeader reads a header block up to the empty line after it, and its
// fields in order.
func readHeader(br *bufio.Reader) (block []byte, fields []field, err error) {
	for {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull || len(block)+len(line) > maxHeader {
			return nil, nil, fmt.Errorf("header longer than %d bytes", maxHeader)
		}
		block = append(block, line...)
		trimmed := bytes.TrimRight(line, "\r\n")
		switch {
		case len(trimmed) == 0:
			return block, fields, nil
		case (trimmed[0] == ' ' || trimmed[0] == '\t') && len(fields) > 0:
			fields[len(fields)-1].value += string(line) // folded: the line break stays
		default:
			name, value, ok := bytes.Cut(trimmed, []byte(":"))
			if !ok || !isField(append(name, ':')) {
				return nil, nil, fmt.Errorf("malformed header line %q", trimmed)
			}
			fields = append(fields, field{string(name), string(bytes.TrimLeft(value, " \t")) + string(line[len(trimmed):])})
		}
		if err != nil {
			if err == io.EOF {
				return block, fields, nil // a message of header fields only
			}
			return nil, nil, err
		}
	}
}

var wordDecoder = &mime.WordDecoder{CharsetReader: func(cs string, r io.Reader) (io.Reader, error) {
	enc, err := htmlindex.Get(cs)
	if err != nil {
		return nil, err
	}
	return transform.NewReader(r, enc.NewDecoder()), nil
}}

// decodeHeader decodes the RFC 2047 encoded words of a field value.
func decodeHeader(v string) string {
	if !strings.Contains(v, "=?") {
		return v
	}
	if d, err := wordDecoder.DecodeHeader(v); err == nil {
		return d
	}
	return v
}

// Matches runs extract on every part that Parts yields and returns the
// matches, each with its message and part, in input order. The options
// are those of extract.New. Errors that cost a part are *PartError
// values, and the matches go on after them.
func Matches(r io.Reader, kind Kind, opts ...extract.Option) iter.Seq2[extract.Match, error] {
	return func(yield func(extract.Match, error) bool) {
		var x *extract.Extractor // one for all parts, reset for each
		for p, err := range Parts(r, kind) {
			if err != nil {
				if !yield(extract.Match{}, err) {
					return
				}
				continue
			}
			if x == nil {
				x = extract.New(p.Body, opts...)
			} else {
				x.Reset(p.Body)
			}
			if !p.matches(x, yield) {
				return
			}
		}
	}
}

// matches yields the matches of one part: its wrappers and, for HTML, its
// href and src attributes, in the order of the text.
func (p *Part) matches(x *extract.Extractor, yield func(extract.Match, error) bool) bool {
	var links []link
	flush := func(before int64) bool {
		if p.html != nil {
			links = append(links, p.html.links...)
			p.html.links = p.html.links[:0]
		}
		for len(links) > 0 && links[0].pos.Offset < before {
			l := links[0]
			links = links[1:]
			if m, ok := x.Link(l.value, l.raw, l.pos); ok && !yield(p.label(m), nil) {
				return false
			}
		}
		return true
	}
	for x.Next() {
		m := x.Match()
		if !flush(m.Pos.Offset) || !yield(p.label(m), nil) {
			return false
		}
	}
	if err := x.Err(); err != nil {
		return yield(extract.Match{}, &PartError{Message: p.Message, MessageID: p.MessageID, Path: p.Path, Err: err})
	}
	return flush(1<<63 - 1)
}

// label adds the message and part to a match.
func (p *Part) label(m extract.Match) extract.Match {
	m.Message, m.MessageID, m.MessageOffset, m.Part = p.Message, p.MessageID, p.MessageOffset, p.Path
	if len(p.Warnings) > 0 {
		m.Warnings = append(append([]string(nil), p.Warnings...), m.Warnings...)
	}
	return m
}
