package mail

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/transform"

	"github.com/urlsift/urlsift/scanner"
)

// media is what a Content-Type field says: its media type, its
// parameters, which nobody changes, and how a text part of it is read.
type media struct {
	mediatype string
	params    map[string]string
	text      textForm
}

// textForm is how a text part is read, from its Content-Type parameters.
type textForm struct {
	charset       string            // in lower case, "us-ascii" when none is declared
	enc           encoding.Encoding // nil for us-ascii and utf-8, read as they are
	unknown       bool              // the charset is unknown: enc is windows-1252
	flowed, delsp bool              // format=flowed, delsp=yes
}

// textFormOf reads the parameters of a Content-Type: an unknown charset
// is read as windows-1252, and text warns of it.
func textFormOf(params map[string]string) textForm {
	t := textForm{charset: strings.ToLower(strings.TrimSpace(params["charset"])),
		flowed: strings.EqualFold(params["format"], "flowed"), delsp: strings.EqualFold(params["delsp"], "yes")}
	if t.charset == "" {
		t.charset = "us-ascii"
	}
	switch t.charset {
	case "us-ascii", "utf-8":
	case "utf-7", "unicode-1-1-utf-7", "csunicode11utf7": // the names of IANA's registry
		t.enc = utf7{}
	default:
		var err error
		if t.enc, err = htmlindex.Get(t.charset); err != nil {
			t.enc, t.unknown = charmap.Windows1252, true
		}
	}
	return t
}

// maxMedia bounds the Content-Type fields a walker remembers: an archive
// repeats a few of them in thousands of messages.
const maxMedia = 256

// mediaType is mediaType and textFormOf, remembered: mime.ParseMediaType
// builds a map each time, and htmlindex looks the charset up.
func (w *walker) mediaType(ctype []byte) media {
	if m, ok := w.media[string(ctype)]; ok {
		return m
	}
	mt, params := mediaType(string(ctype))
	if len(w.media) >= maxMedia || w.media == nil {
		w.media = make(map[string]media)
	}
	m := media{mt, params, textFormOf(params)}
	w.media[string(ctype)] = m
	return m
}

// mediaType reads a Content-Type field. A missing or syntactically
// invalid one is text/plain; charset=us-ascii (RFC 2045 section 5.2),
// "text" and "garbage" included; a valid type whose parameters are
// broken keeps its type.
func mediaType(ctype string) (string, map[string]string) {
	mt, params, err := mime.ParseMediaType(ctype)
	if ctype == "" || err != nil && !errors.Is(err, mime.ErrInvalidMediaParameter) || !strings.Contains(mt, "/") {
		return "text/plain", map[string]string{"charset": "us-ascii"}
	}
	if params == nil {
		params = map[string]string{}
	}
	return mt, params
}

// textMessage reports whether a message/ type is text to read: the
// reports of RFC 3464, 8098 and 5965 are.
func textMessage(mediatype string) bool {
	switch mediatype {
	case "message/delivery-status", "message/disposition-notification", "message/feedback-report":
		return true
	}
	return false
}

// transfer is the reader of a transfer encoding: qpReader or b64Reader.
type transfer interface {
	io.Reader
	reset(r io.Reader)
	setEnded(ended func() bool)
	track(at scanner.Position) *anchors
}

// The transfer encodings that are decoded (RFC 2045 section 6); any
// other is read as it is.
const (
	identity = iota
	quotedPrintable
	base64Encoded
)

// transferEncoding returns the transfer encoding that a
// Content-Transfer-Encoding field's value names.
func transferEncoding(cte []byte) int {
	switch cte = bytes.TrimSpace(cte); {
	case bytes.EqualFold(cte, []byte("quoted-printable")):
		return quotedPrintable
	case bytes.EqualFold(cte, []byte("base64")):
		return base64Encoded
	}
	return identity
}

// qp returns the quoted-printable decoder of the current depth.
func (w *walker) qp() *qpReader {
	return atDepth(&w.qps, w.depth, func() *qpReader { return newQP(nil) })
}

// b64 returns the base64 decoder of the current depth.
func (w *walker) b64() *b64Reader {
	return atDepth(&w.b64s, w.depth, func() *b64Reader { return new(b64Reader) })
}

// atDepth returns the one of *s kept for the given depth of nesting,
// made by mk when there is none yet: the parts around a part hold theirs,
// and each is reused by the next part at its depth.
func atDepth[T any](s *[]*T, depth int, mk func() *T) *T {
	for len(*s) <= depth {
		*s = append(*s, mk())
	}
	return (*s)[depth]
}

// eofReader reads b, and says io.EOF, or err when it is not nil, with its
// last bytes: its reader needs no call more to learn of the end
// (bytes.Reader says it alone).
type eofReader struct {
	b   []byte
	err error
}

func (r *eofReader) Read(p []byte) (int, error) {
	n := copy(p, r.b)
	r.b = r.b[n:]
	if len(r.b) == 0 {
		if r.err != nil {
			return n, r.err
		}
		return n, io.EOF
	}
	return n, nil
}

// errBase64 is the error of base64 data that is not base64. It says
// nothing of where the bad data begins in the base64 text: the position of
// the error in the decoded text says that.
var errBase64 = errors.New("illegal base64 data")

// plain reports whether a part of the media type and text form is text
// that textInMemory decodes: not HTML, whose links are found as it is
// read, not format=flowed, and in UTF-8, US-ASCII or a single-byte
// charset.
func plain(mediatype string, tf textForm) bool {
	if !strings.HasPrefix(mediatype, "text/") && !textMessage(mediatype) || mediatype == "text/html" || tf.flowed {
		return false
	}
	_, single := tf.enc.(*charmap.Charmap)
	return tf.enc == nil || single
}

// textInMemory yields a text part that is all in memory, body, the whole
// body of a message read in place, in the transfer encoding enc: decoded
// at once, as text reads it, into buffers that serve part
// after part, and scanned where it lies. at is where body starts in the
// text walked, or the zero Position when that is not known.
func (w *walker) textInMemory(tf textForm, enc int, body []byte, path string, at scanner.Position) bool {
	part := w.newPart(path, tf.charset)
	if !w.unknownCharset(part, tf, path, at) {
		return false
	}
	if at.IsValid() {
		part.Origin = at
		w.inFile(part, true)
	}
	text, err := body, error(nil)
	switch enc {
	case quotedPrintable:
		q := w.qp()
		if part.InFile {
			part.stages = append(part.stages, q.track(at))
		}
		w.dec = q.decodeAll(w.dec[:0], body)
		q.marks = nil
		text = w.dec
	case base64Encoded:
		b := w.b64()
		w.src = eofReader{b: body}
		b.reset(&w.src)
		if part.InFile {
			part.stages = append(part.stages, b.track(at))
		}
		w.dec, err = b.drain(w.dec[:0], b.more)
		b.marks = nil
		text = w.dec
	}
	if cm, ok := tf.enc.(*charmap.Charmap); ok {
		w.cs = appendSingleByte(w.cs[:0], text, cm, part.charMarks(), part.Origin.Offset)
		text = w.cs
	}
	w.decoded = eofReader{text, err}
	part.Body, part.inMemory, part.text, part.textErr = &w.decoded, true, text, err
	return w.yield(part, nil)
}

// unknownCharset warns, when the charset of tf is unknown, that the part
// at path, which starts at at, is read as windows-1252. It returns false
// when the consumer stopped.
func (w *walker) unknownCharset(part *textPart, tf textForm, path string, at scanner.Position) bool {
	if !tf.unknown {
		return true
	}
	warning := fmt.Sprintf("unknown charset %q, read as windows-1252", tf.charset)
	part.Warnings = append(part.Warnings, warning)
	return w.problem(path, at, errors.New(warning), true)
}

// text yields a text part, decoded to UTF-8. at is where body starts in
// the text walked, or the zero Position when that is not known.
func (w *walker) text(mediatype string, tf textForm, body io.Reader, path string, at scanner.Position) bool {
	part := w.newPart(path, tf.charset)
	known := at.IsValid() && !utf16(tf.enc)
	if known {
		part.Origin = at
		w.inFile(part, true)
	}
	if enc := tf.enc; enc != nil {
		if !w.unknownCharset(part, tf, path, at) {
			return false
		}
		if cm, ok := enc.(*charmap.Charmap); ok {
			w.single.reset(body, cm, part.charMarks(), part.Origin.Offset)
			w.single.ended = w.ended
			body = &w.single // one text part is read at a time
		} else if known {
			d := newLineDecoder(body, enc.NewDecoder(), at)
			part.stages = append(part.stages, &d.marks)
			body = d
		} else {
			body = transform.NewReader(body, enc.NewDecoder())
		}
	}
	switch {
	case mediatype == "text/html":
		var marks *anchors
		if known {
			marks = &w.htmlMarks
			part.stages = append(part.stages, marks)
		}
		part.html = newHTMLText(body, part.Origin, marks)
		body = part.html
	case tf.flowed:
		f := newFlowed(body, tf.delsp)
		if known {
			f.track(at)
			part.stages = append(part.stages, f.marks)
		}
		f.ended, body = w.ended, f
	}
	part.Body = body
	return w.yield(part, nil)
}

// utf16 reports whether enc is UTF-16, whose line breaks are not the byte
// of a line feed: its parts are not taken back to the file.
func utf16(enc encoding.Encoding) bool {
	name, _ := htmlindex.Name(enc)
	return strings.HasPrefix(name, "utf-16")
}
