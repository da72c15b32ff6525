package mail

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"mime"
	"mime/multipart"
	"strconv"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/transform"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/internal/arena"
	"github.com/urlsift/urlsift/scanner"
)

// Kind is the kind of an input.
type Kind int

const (
	Text    Kind = iota // plain text
	Message             // one message: RFC 5322 header fields, then a body
	Mbox                // messages, each after a "From " line
)

// String returns "text", "mail" or "mbox", the names of urlsift's
// --input flag, and "Kind(n)" for any other value.
func (k Kind) String() string {
	switch k {
	case Text:
		return "text"
	case Message:
		return "mail"
	case Mbox:
		return "mbox"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Detect tells the kind of an input from its first bytes. It takes for
// mail only what looks like mail, so that no text is read as a header:
// a message when the input starts with a header block of fields whose
// names are letters, digits and "-", at least one of them a field that
// mail or news carries (From, To, Subject, Date, Message-ID, Received,
// Newsgroups, Path, MIME-Version, Content-Type...), up to an empty line or
// the end of head; an mbox when its first line starts with "From " and
// such a block follows it. Anything else is text.
func Detect(head []byte) Kind {
	if bytes.HasPrefix(head, []byte("From ")) {
		if _, rest, ok := bytes.Cut(head, []byte("\n")); ok && headerBlock(rest) {
			return Mbox
		}
		return Text
	}
	if headerBlock(head) {
		return Message
	}
	return Text
}

// Part is one text part of a message, or its header block.
type textPart struct {
	// Message counts the messages of the input from 1; MessageID is
	// its Message-ID field and MessageOffset the input offset of its
	// "From " line (0 for a single message). Message is 0 for a single
	// message whose header broke, read as text from its first byte.
	Message       int
	MessageID     string
	MessageOffset int64
	// Path names the part as IMAP does: "1" for the body of a message
	// that is not multipart, "2.1" for the first part of the second;
	// the body of an attached message at "2" is "2.1" and its parts
	// "2.1", "2.2"... The header block of a message is "header", or
	// "2.header" for the message attached at "2"; its matches are
	// named by their field, "header:List-Archive".
	Path string
	// Charset is the charset the part declares, in lower case
	// ("us-ascii" when it declares none); "" for a header block.
	Charset string
	// Body is the text of the part, decoded to UTF-8.
	Body io.Reader
	// Origin is where Body's first byte stands, in the text that the
	// decodings around the part read (the file, but for what they
	// change before it): matches are counted from it, then taken back
	// to the file. The zero Position, for a part not InFile, means that
	// it counts from its own start.
	Origin scanner.Position
	// Warnings apply to every URL of the part.
	Warnings []string
	// InFile says that the positions of the part's matches are taken
	// back to the file, through every decoding on the way from the file
	// to Body: the mbox's quoted From lines, transfer encodings (base64
	// to the start of the encoded line), charsets (a multi-byte one to
	// the start of the line), HTML and format=flowed. It is false for
	// UTF-16, whose matches count in the part: their Pos is their
	// Mail.PartPos.
	InFile bool

	input string        // the kind of the input, for Match.Input
	cur   extract.Match // the match handed over last, when it is not the extractor's (not reset by newPart)
	// inMemory says that Body reads text, all of it in memory, and then
	// textErr (io.EOF when nil): Matches scans text where it lies.
	inMemory  bool
	text      []byte
	textErr   error
	html      *htmlText
	header    *header   // for a header block: its fields name its matches
	extras    []decoded // the fields of the header with encoded words
	nextExtra int       // the first of extras whose matches are still to come
	link      link      // the href or src attribute of HTML handed over last
	stages    []stage   // for a part InFile, the stages from the file to its text
	chars     shifts    // for a part InFile in a single-byte charset, the characters that decoding grew
}

// PartError says that a part, or what is left of a message, could not be
// read. Warning errors cost nothing: the part was read all the same, or
// was skipped on purpose (errors.Is(err, ErrNotText)).
type PartError struct {
	Message       int
	MessageID     string
	MessageOffset int64  // as in textPart
	Path          string // "" for the message as a whole
	Err           error
	Warning       bool
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

// ErrNotText is the reason of the warning for a part skipped because it
// is not text (an image, application/octet-stream...).
var ErrNotText = errors.New("not text: skipped")

// MaxDepth is how deep multiparts and attached messages nest before the
// rest of the deepest part is read as text, with a warning: each level
// holds a reader and its buffer, and reads the bytes of all the levels
// below it, so that depth bounds both memory and time.
const MaxDepth = 100

// maxPreamble bounds what is read of a multipart body before its first
// boundary; without one by then, the body is read as text.
const maxPreamble = 1 << 20

// Start says where a piece of an input read on its own stands in the
// input, so that its positions, message numbers and message offsets are
// the input's: a program that splits a large mbox at message starts
// (see MessageAt) reads each piece from its own Start.
type Start struct {
	// Pos is where the piece's first byte stands; the zero Position
	// means the input's start.
	Pos scanner.Position
	// Messages is the number of messages of the input before the piece.
	Messages int
}

// parts walks the messages of r and yields their header blocks and text
// parts, each to be read before the next is asked for: a textPart, and its
// Body, are valid until then, as one serves them all. Errors that cost
// one part or one message are *PartError values and the walk goes on;
// any other error ends it. A Text input is one part, its Body r. For an
// Mbox, a piece of an input starts at a message's "From " line, at at;
// Text and Message inputs ignore at, as their parts count from their own
// start. When streamed, every message of an mbox is read through its
// reader, none in place, as tests compare.
func parts(r io.Reader, kind Kind, at Start, streamed bool) iter.Seq2[*textPart, error] {
	w := &walker{streamed: streamed}
	return w.parts(r, kind, at)
}

// parts is the package's parts, walked by w, which keeps its buffers and decoders
// from one input to the next.
func (w *walker) parts(r io.Reader, kind Kind, at Start) iter.Seq2[*textPart, error] {
	return func(yield func(*textPart, error) bool) {
		w.yield, w.input, w.ended = yield, kind.String(), nil
		switch kind {
		case Text:
			yield(&textPart{Body: r, input: w.input}, nil)
		case Mbox:
			m := newMbox(r)
			w.ended, w.chain = m.ended, append(w.chain[:0], &m.unquoted)
			if at.Pos.IsValid() {
				m.offset, m.lines = at.Pos.Offset, scanner.LinesAt(scanner.Position{Line: at.Pos.Line, Column: 1})
			}
			for n := at.Messages + 1; ; n++ {
				at, line, ok := m.next()
				if !ok {
					break
				}
				origin := scanner.Position{Offset: m.offset, Line: line, Column: 1}
				if msg := m.inBuffer(); msg != nil && len(msg) <= maxHeader && !w.streamed {
					m.inMsg = false // all of it is in memory: reads of it never wait
					if !w.messageInPlace(msg, n, at, origin) {
						return
					}
					m.take(msg, true)
					continue
				}
				if ok, _ := w.message(m, n, at, origin); !ok {
					return
				}
			}
			if m.err != nil && m.err != io.EOF {
				// The input failed, where the pieces read end.
				yield(nil, &scanner.Error{Pos: m.reached(), Err: m.err})
			}
		default:
			w.chain = w.chain[:0]
			c := counting{r: r, lines: scanner.LinesAt(scanner.Position{})}
			if ok, err := w.message(&c, 1, 0, scanner.Position{Line: 1, Column: 1}); ok && err != nil {
				yield(nil, &scanner.Error{Pos: c.lines.Pos(), Err: err}) // the input failed, where it was read to
			}
		}
	}
}

// counting counts the lines of what is read of r.
type counting struct {
	r     io.Reader
	lines scanner.Lines
}

func (c *counting) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.lines.Add(p[:n])
	return n, err
}

// walker walks one input; its methods return false when the consumer
// stopped.
type walker struct {
	yield    func(*textPart, error) bool
	input    string
	streamed bool         // every message of an mbox is read through its reader, none in place (for tests)
	rest     eofReader    // the body of a message read in place
	decoded  eofReader    // the Body of a part decoded in memory
	src      eofReader    // what a decoder reads in memory
	dec, cs  []byte       // the decoding of a part in memory: its transfer encoding, its charset
	depth    int          // multiparts and attached messages open
	headers  []*header    // one for each depth, reused
	single   singleByte   // the decoder of single-byte charsets, reused
	qps      []*qpReader  // one quoted-printable decoder for each depth, reused
	locs     []*locator   // one locator of a multipart's parts for each depth, reused
	b64s     []*b64Reader // one base64 decoder for each depth, reused
	recs     []*recorder  // one for each depth, reused
	msg      int
	id       string
	ids      arena.Arena // where the Message-IDs are copied: a message costs no allocation of its own
	offset   int64
	br       *bufio.Reader    // for each message in turn
	ended    func() bool      // reports whether the message is all in memory, or nil
	part     textPart         // the part yielded last, reused
	block    eofReader        // the Body of a header block
	media    map[string]media // Content-Type fields read, with what they say
	// chain is the stages from the file to the text being walked, the
	// mbox reader's and the transfer decodings' of the parts around it.
	chain []stage
}

// newPart returns w.part afresh for the part at path, of the current
// message, that declares charset cs. Parts are read one after another,
// each before the next is asked for, so that one serves them all; its
// slices keep their room.
func (w *walker) newPart(path, cs string) *textPart {
	// Field by field, not as one composite literal: the whole struct,
	// its match included, is large, and small messages paid for the copy.
	p := &w.part
	p.Message, p.MessageID, p.MessageOffset, p.Path, p.Charset = w.msg, w.id, w.offset, path, cs
	p.Body, p.Origin, p.Warnings, p.input = nil, scanner.Position{}, p.Warnings[:0], w.input
	p.InFile, p.stages = false, p.stages[:0]
	p.chars.reset()
	p.inMemory, p.text, p.textErr, p.html, p.header, p.extras, p.nextExtra = false, nil, nil, nil, nil, p.extras[:0], 0
	p.link = link{pos: scanner.Position{Offset: -1}}
	return p
}

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

// message walks one message, numbered n, whose "From " line is at input
// offset at and whose header starts at origin, and reads what is left of
// it. It returns false when the consumer stopped, and the input's error.
func (w *walker) message(r io.Reader, n int, at int64, origin scanner.Position) (bool, error) {
	w.msg, w.id, w.offset = n, "", at
	// A *bufio.Reader as large is read as it is. It is not kept in w.br,
	// which the next input would reset: an mbox read next by the same
	// walker reads its input through it, and would be made to read
	// itself.
	br, ok := r.(*bufio.Reader)
	if !ok || br.Size() < 64<<10 {
		if w.br == nil {
			w.br = bufio.NewReaderSize(nil, 64<<10)
		}
		w.br.Reset(r)
		br = w.br
	}
	ok = w.entityMessage(br, "", origin)
	_, err := io.Copy(io.Discard, br)
	return ok, err
}

// depthHeader returns the header kept for the current depth: the messages
// around this one are done with their headers.
func (w *walker) depthHeader() *header {
	return atDepth(&w.headers, w.depth, func() *header { return new(header) })
}

// messageInPlace walks message n of an mbox as message does, but msg,
// all of it from the line after its "From " line up to the separator
// that ends it, is read where it lies: its header is taken in one go
// and its body is read from memory.
func (w *walker) messageInPlace(msg []byte, n int, at int64, origin scanner.Position) bool {
	w.msg, w.id, w.offset = n, "", at
	h := w.depthHeader()
	k := h.inPlace(msg) // msg ends with an empty line: its header ends in it
	w.rest = eofReader{b: msg[k:]}
	return w.header(h, &w.rest, "", origin, true)
}

// entityMessage reads a message (the input's, or one attached at path)
// from its header on; at is where its header starts in the text walked,
// or the zero Position when that is not known.
func (w *walker) entityMessage(br *bufio.Reader, path string, at scanner.Position) bool {
	h := w.depthHeader()
	err := h.read(br)
	known, origin := at.IsValid(), at
	if !known {
		origin = scanner.Position{Line: 1, Column: 1}
	}
	if err != nil {
		if err == errHeaderTooLong {
			return w.asText(io.MultiReader(bytes.NewReader(h.block), br), path, origin, known, err)
		}
		// What was read is still text; the rest is lost with the input.
		if !w.asText(bytes.NewReader(h.block), path, origin, known, nil) {
			return false
		}
		return w.fail(path, err)
	}
	return w.header(h, br, path, origin, known)
}

// header yields the header block h of the message at path, read whole,
// and walks its body. origin is where the block starts; known says that
// it is a place in the text walked, which the stages take to the file.
func (w *walker) header(h *header, body io.Reader, path string, origin scanner.Position, known bool) bool {
	if path == "" {
		w.id = w.ids.Bytes(h.get(messageID))
	}
	var bodyAt scanner.Position // where the body starts, when known
	if known {
		l := scanner.LinesAt(origin)
		l.Add(h.block)
		bodyAt = l.Pos()
	}
	hpath := "header"
	if path != "" {
		hpath = path + ".header"
	}
	if len(h.bad) > 0 {
		c := scanner.LinesAt(scanner.Position{Line: origin.Line, Column: 1})
		last := 0
		for _, at := range h.bad {
			c.Add(h.block[last:at])
			last = at
			if !w.yield(nil, &PartError{Message: w.msg, MessageID: w.id, MessageOffset: w.offset, Path: hpath,
				Err: fmt.Errorf("line %d: %w", c.Pos().Line, errNoColon), Warning: true}) {
				return false
			}
		}
	}
	if len(h.block) > 0 {
		p := w.newPart(hpath, "")
		w.block = eofReader{b: h.block}
		p.Body, p.Origin, p.header = &w.block, origin, h
		w.inFile(p, known)
		p.inMemory, p.text = true, h.block
		if encodedWord(h.values) { // a field may hold an encoded word
			for i := range h.fields {
				if d, ok := h.decodeField(&h.fields[i]); ok {
					p.extras = append(p.extras, d)
				}
			}
		}
		if !w.yield(p, nil) {
			return false
		}
	}
	if h.known[mimeVersion] < 0 {
		// Not MIME (RFC 2045 section 4): its Content- fields say
		// nothing, and its body is text.
		return w.entity(nil, nil, body, path, true, bodyAt)
	}
	return w.entity(h.get(contentType), h.get(contentTransferEncoding), body, path, true, bodyAt)
}

// asText reads what should have been a message as text from its first
// byte: the input itself for a single message, else the message or the
// part at path. A non-nil why is said in a warning.
func (w *walker) asText(r io.Reader, path string, origin scanner.Position, known bool, why error) bool {
	p := w.newPart(path, "us-ascii")
	p.Body, p.Origin = r, origin
	w.inFile(p, known)
	switch {
	case w.input == "mail" && path == "":
		p.Message, p.input = 0, Text.String() // the input is text after all
	case path == "":
		p.Path = "1"
	}
	if why != nil && !w.yield(nil, &PartError{Message: w.msg, MessageID: w.id, MessageOffset: w.offset, Path: path,
		Err: fmt.Errorf("%w: read as text", why), Warning: true}) {
		return false
	}
	return w.yield(p, nil)
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

// entity walks a body: its own part, or the parts of a multipart or of an
// attached message. A body that is the whole of a message at path is
// numbered path.1 (or 1) unless it is a multipart. at is where the body
// starts in the text walked, or the zero Position when that is not known.
func (w *walker) entity(ctype, cte []byte, body io.Reader, path string, whole bool, at scanner.Position) bool {
	md := w.mediaType(ctype)
	mediatype := md.mediatype
	enc := transferEncoding(cte)
	textPath := path
	if whole {
		textPath = join(path, 1)
	}
	if body == io.Reader(&w.rest) && plain(mediatype, md.text) {
		return w.textInMemory(md.text, enc, w.rest.b, textPath, at)
	}
	switch enc {
	case quotedPrintable:
		q := w.qp()
		q.reset(body)
		q.ended, body = w.ended, q
		if at.IsValid() {
			q.track(&q.anchors, at)
			defer w.push(&q.anchors)()
		}
	case base64Encoded:
		b := w.b64()
		b.reset(body)
		b.ended, body = w.ended, b
		if at.IsValid() {
			b.track(&b.anchors, at)
			defer w.push(&b.anchors)()
		}
	}
	nests := strings.HasPrefix(mediatype, "multipart/") || mediatype == "message/rfc822" || mediatype == "message/global"
	if nests {
		if w.depth >= MaxDepth {
			if !w.yield(nil, &PartError{Message: w.msg, MessageID: w.id, MessageOffset: w.offset, Path: textPath,
				Err: fmt.Errorf("%s nested deeper than %d levels: the rest is read as text", mediatype, MaxDepth), Warning: true}) {
				return false
			}
			return w.text("text/plain", md.text, body, textPath, at)
		}
		w.depth++
		defer func() { w.depth-- }()
	}
	switch {
	case strings.HasPrefix(mediatype, "multipart/"):
		return w.multipart(md, body, path, textPath, at)
	case mediatype == "message/rfc822" || mediatype == "message/global":
		return w.entityMessage(bufio.NewReader(body), textPath, at)
	case strings.HasPrefix(mediatype, "text/"), textMessage(mediatype):
		return w.text(mediatype, md.text, body, textPath, at)
	}
	return w.yield(nil, &PartError{Message: w.msg, MessageID: w.id, MessageOffset: w.offset, Path: textPath,
		Err: fmt.Errorf("%s: %w", mediatype, ErrNotText), Warning: true})
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

// multipart walks the parts of a multipart body at path, whose
// Content-Type says md. A body without a usable boundary (none declared,
// none found, none in its first maxPreamble bytes) is read as text, at
// textPath, with a warning.
func (w *walker) multipart(md media, body io.Reader, path, textPath string, at scanner.Position) bool {
	rec := atDepth(&w.recs, w.depth, func() *recorder { return new(recorder) })
	rec.r, rec.on, rec.buf = body, true, rec.buf[:0]
	boundary := md.params["boundary"]
	var loc *locator
	if at.IsValid() && boundary != "" {
		loc = atDepth(&w.locs, w.depth, func() *locator { return new(locator) })
		loc.reset(body, boundary, at)
		rec.r = loc
	}
	asText := func(why string) bool {
		if !w.yield(nil, &PartError{Message: w.msg, MessageID: w.id, MessageOffset: w.offset, Path: textPath,
			Err: fmt.Errorf("multipart %s: read as text", why), Warning: true}) {
			return false
		}
		return w.text("text/plain", md.text, io.MultiReader(bytes.NewReader(rec.buf), rec.r), textPath, at)
	}
	if boundary == "" {
		return asText("without a boundary parameter")
	}
	mr := multipart.NewReader(rec, boundary)
	for i := 1; ; i++ {
		p, err := mr.NextRawPart() // decoded here, so that a bad part can be skipped
		if i == 1 && err != nil {
			if errors.Is(err, errPreamble) {
				return asText(fmt.Sprintf("without boundary %q in its first %d bytes", boundary, maxPreamble))
			}
			return asText(fmt.Sprintf("without boundary %q in its body", boundary))
		}
		rec.on, rec.buf = false, rec.buf[:0]
		if cap(rec.buf) > 64<<10 {
			rec.buf = nil // a long preamble's room is not kept
		}
		if err == io.EOF {
			return true
		}
		if err != nil {
			return w.fail(path, err)
		}
		sub := join(path, i)
		pr := &watched{r: p}
		var partAt scanner.Position
		if loc != nil {
			partAt = loc.start(i)
		}
		ok := w.entity([]byte(p.Header.Get("Content-Type")), []byte(p.Header.Get("Content-Transfer-Encoding")), pr, sub, false, partAt)
		if _, err := io.Copy(io.Discard, pr); ok && err != nil && !pr.seen {
			ok = w.fail(sub, err) // nobody read the part to see its error
		}
		if !ok {
			return false
		}
	}
}

// recorder keeps what is read through it while on, up to maxPreamble
// bytes; past that it fails with errPreamble without reading more, so
// that its record and the rest of its reader are the whole input.
type recorder struct {
	r   io.Reader
	buf []byte
	on  bool
}

var errPreamble = errors.New("no boundary in the preamble")

func (c *recorder) Read(p []byte) (int, error) {
	if !c.on {
		return c.r.Read(p)
	}
	if len(c.buf) >= maxPreamble {
		return 0, errPreamble
	}
	n, err := c.r.Read(p[:min(len(p), maxPreamble-len(c.buf))])
	c.buf = append(c.buf, p[:n]...)
	return n, err
}

// watched notes whether a reader returned an error other than io.EOF.
type watched struct {
	r    io.Reader
	seen bool
}

func (w *watched) Read(p []byte) (int, error) {
	n, err := w.r.Read(p)
	if err != nil && err != io.EOF {
		w.seen = true
	}
	return n, err
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

func join(path string, i int) string {
	if path == "" {
		return strconv.Itoa(i)
	}
	return path + "." + strconv.Itoa(i)
}

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
	if !w.unknownCharset(part, tf, path) {
		return false
	}
	text, err := body, error(nil)
	var decoded stage
	switch enc {
	case quotedPrintable:
		q := w.qp()
		if at.IsValid() {
			q.track(&q.anchors, at)
			decoded = &q.anchors
		}
		w.dec = q.decodeAll(w.dec[:0], body)
		q.marks = nil
		text = w.dec
	case base64Encoded:
		b := w.b64()
		w.src = eofReader{b: body}
		b.reset(&w.src)
		if at.IsValid() {
			b.track(&b.anchors, at)
			decoded = &b.anchors
		}
		w.dec, err = b.drain(w.dec[:0], b.more)
		b.marks = nil
		text = w.dec
	}
	if at.IsValid() {
		part.Origin = at
		w.inFile(part, true, decoded)
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
// at path is read as windows-1252. It returns false when the consumer
// stopped.
func (w *walker) unknownCharset(part *textPart, tf textForm, path string) bool {
	if !tf.unknown {
		return true
	}
	warning := fmt.Sprintf("unknown charset %q, read as windows-1252", tf.charset)
	part.Warnings = append(part.Warnings, warning)
	return w.yield(nil, &PartError{Message: w.msg, MessageID: w.id, MessageOffset: w.offset, Path: path,
		Err: errors.New(warning), Warning: true})
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
		if !w.unknownCharset(part, tf, path) {
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
		part.html = newHTMLText(body, part.Origin, known)
		if known {
			part.stages = append(part.stages, part.html.marks)
		}
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

// inFile makes part InFile when ok, its Origin a place in the text
// walked: its stages are the chain's, then own's, then those of the
// charset that text and textInMemory add.
func (w *walker) inFile(part *textPart, ok bool, own ...stage) {
	if !ok {
		return
	}
	part.InFile = true
	part.stages = append(part.stages[:0], w.chain...)
	for _, st := range own {
		if st != nil {
			part.stages = append(part.stages, st)
		}
	}
}

// push adds a stage to the chain while the text it gives out is walked;
// the function it returns takes it off.
func (w *walker) push(st stage) func() {
	n := len(w.chain)
	w.chain = append(w.chain, st)
	return func() { w.chain = w.chain[:n] }
}

// charMarks returns the marks of the characters that decoding a
// single-byte charset grows, for a part InFile, with its stage added; or
// nil.
func (p *textPart) charMarks() *shifts {
	if !p.InFile {
		return nil
	}
	p.stages = append(p.stages, &p.chars)
	return &p.chars
}

// fail reports that what is left of the part at path cannot be read.
func (w *walker) fail(path string, err error) bool {
	return w.yield(nil, &PartError{Message: w.msg, MessageID: w.id, MessageOffset: w.offset, Path: path, Err: err})
}

// Counts are what a Reader read of its last input.
type Counts struct {
	// Messages is the number of messages read (0 for text), those
	// before the Start of a piece included; Parts the number of header
	// blocks and text parts.
	Messages, Parts int
}

// A Reader finds the URLs of mail and news (Matches), input after input,
// keeping what reading them takes (its extractors and their buffers, its
// readers and decoders) from one input to the next: a program that reads
// many inputs, or a large mbox in pieces, makes them once. It reads one
// input at a time.
type Reader struct {
	opts    []extract.Option
	name    string
	named   bool
	w       walker
	x, side *extract.Extractor // one for all parts, reset for each
	counts  Counts
}

// NewReader returns a Reader whose extractors take opts, the options of
// extract.New.
func NewReader(opts ...extract.Option) *Reader {
	return &Reader{opts: opts}
}

// SetFilename sets the input's name that matches carry from now on, as
// the extract.Filename option does.
func (rd *Reader) SetFilename(name string) {
	rd.name, rd.named = name, true
	for _, x := range []*extract.Extractor{rd.x, rd.side} {
		if x != nil {
			x.SetFilename(name)
		}
	}
}

// Matches walks every message of r, an input of the given kind, and
// every part of each, nested multiparts and attached messages included,
// decodes them to UTF-8 text, and yields their matches, each with its
// message and part, in input order, with the errors met: a *PartError
// costs a part or a message, or warns of one read all the same, and the
// walk goes on; any other error ends it (a *scanner.Error, with the
// place in the input where reading stopped). at says where r stands when
// it is a piece of a larger mbox, from a message's "From " line on (see
// MessageAt): its positions and message numbers are then the input's;
// the zero Start is the input's start.
//
// m and its strings are valid until the loop goes on, as
// extract.Extractor.Current's are: m.Clone() keeps one.
func (rd *Reader) Matches(r io.Reader, kind Kind, at Start) iter.Seq2[*extract.Match, error] {
	return func(yield func(*extract.Match, error) bool) {
		rd.each(r, kind, at, true, yield)
	}
}

// Counts returns what the last Matches read, up to where it is.
func (rd *Reader) Counts() Counts { return rd.counts }

// extractor returns *x, made with rd's options if it is nil.
func (rd *Reader) extractor(x **extract.Extractor) *extract.Extractor {
	if *x == nil {
		*x = extract.New(nil, rd.opts...)
		if rd.named {
			(*x).SetFilename(rd.name)
		}
	}
	return *x
}

// each is Matches; views says that matches are handed over in place,
// not copied (tests compare the two).
func (rd *Reader) each(r io.Reader, kind Kind, at Start, views bool, yield func(*extract.Match, error) bool) {
	c := &rd.counts
	*c = Counts{}          // counted afresh at each walk
	var none extract.Match // what an error comes with
	for p, err := range rd.w.parts(r, kind, at) {
		if err != nil {
			if pe := partError(err); pe != nil {
				c.Messages = max(c.Messages, pe.Message)
			}
		}
		if p != nil {
			c.Messages = max(c.Messages, p.Message)
			c.Parts++
		}
		if err != nil {
			var se *scanner.Error
			if errors.As(err, &se) && se.Pos.Filename == "" {
				se.Pos.Filename = rd.extractor(&rd.x).Filename() // the input's, which failed
			}
			none = extract.Match{}
			if !yield(&none, err) {
				return
			}
			continue
		}
		x := rd.extractor(&rd.x)
		if p.inMemory {
			x.ResetBytes(p.text, p.Origin, p.textErr)
		} else {
			x.ResetAt(p.Body, p.Origin)
		}
		if p.InFile {
			p.settle(x)
		}
		var side *extract.Extractor
		if len(p.extras) > 0 {
			side = rd.extractor(&rd.side)
		}
		if !p.matches(x, side, views, yield) {
			return
		}
	}
}

// partError returns err's *PartError, or nil.
func partError(err error) *PartError {
	var pe *PartError
	errors.As(err, &pe)
	return pe
}

// matches yields the matches of one part: its wrappers and, for HTML, its
// href and src attributes, in the order of the text; for a header block,
// before the wrappers of a field, the URLs that only its encoded words,
// decoded, hold.
func (p *textPart) matches(x, side *extract.Extractor, views bool, yield func(*extract.Match, error) bool) bool {
	h := p.html
	if h != nil {
		h.settled = x.Settled
		h.emit = func(l link) bool {
			m, ok := x.Link(l.value, l.raw, l.pos)
			if !ok {
				return true
			}
			p.link = l
			p.cur = m
			return yield(p.label(&p.cur), nil)
		}
	}
	// flush hands over what stands at or before offset: links, and the
	// decoded encoded words of header fields.
	flush := func(offset int64) bool {
		if h != nil && !h.release(offset, math.MaxInt) {
			return false
		}
		for ; p.nextExtra < len(p.extras) && p.Origin.Offset+int64(p.extras[p.nextExtra].f.at) <= offset; p.nextExtra++ {
			if !p.decoded(side, &p.extras[p.nextExtra], yield) {
				return false
			}
		}
		return true
	}
	for x.Next() {
		if !flush(x.Current().Pos.Offset) { // before p.cur is taken: decoded takes it
			return false
		}
		if p.passOver(x.Current()) {
			continue
		}
		m := x.Current()
		if !views {
			p.cur = x.Match()
			m = &p.cur
		}
		if !yield(p.label(m), nil) {
			return false
		}
	}
	if h != nil && h.stopped {
		return false
	}
	if err := x.Err(); err != nil {
		var se *scanner.Error
		if errors.As(err, &se) {
			_, se.Pos = p.place(se.Pos, 0) // where the part's text broke off, in the file
		}
		p.cur = extract.Match{}
		return yield(&p.cur, &PartError{Message: p.Message, MessageID: p.MessageID, MessageOffset: p.MessageOffset, Path: p.Path, Err: err})
	}
	return flush(1<<63 - 1)
}

// passOver reports whether a match of a part is passed over: one that
// takes a byte of an RFC 2047 encoded word of a header field (the word is
// read decoded); one found in prose by its shape alone in a header field
// of addresses, trace or identifiers (addressField); or in HTML, the text
// of a link that repeats the link's href, at its place: one occurrence,
// one record.
func (p *textPart) passOver(m *extract.Match) bool {
	if len(p.extras) > 0 {
		b := int(m.Pos.Offset - p.Origin.Offset)
		for i := range p.extras {
			if p.extras[i].overlaps(b, b+len(m.Raw)) {
				return true
			}
		}
	}
	if m.Form < extract.FormUnwrapped {
		return false
	}
	if p.header != nil && byShape(m) && addressField(p.header.nameAt(m.Pos.Offset-p.Origin.Offset)) {
		return true
	}
	l := &p.link
	return p.html != nil && l.pos.Offset == m.Pos.Offset && strings.TrimSuffix(l.value, "/") == strings.TrimSuffix(m.URL, "/")
}

// decoded yields the matches of a header field's value, its encoded words
// decoded, that take a byte of one of them (the others are the raw
// text's), each at the position in the file of its first byte: the start
// of an encoded word when it starts in one.
func (p *textPart) decoded(x *extract.Extractor, d *decoded, yield func(*extract.Match, error) bool) bool {
	at := p.blockPos(d.f.at)
	x.ResetAt(strings.NewReader(d.text), at)
	for x.Next() {
		c := x.Current()
		o := int(c.Pos.Offset - at.Offset)
		if !d.inWord(o, o+len(c.Raw)) || byShape(c) && addressField(p.header.name(d.f)) {
			continue
		}
		p.cur = x.Match()
		m := &p.cur
		pos := p.blockPos(d.blockAt(o))
		m.Pos.Offset, m.Pos.Line, m.Pos.Column = pos.Offset, pos.Line, pos.Column
		if !yield(p.label(m), nil) {
			return false
		}
	}
	return true
}

// blockPos returns the position in the input of the header block's byte
// at offset off.
func (p *textPart) blockPos(off int) scanner.Position {
	l := scanner.LinesAt(scanner.Position{Offset: p.Origin.Offset, Line: p.Origin.Line, Column: 1})
	l.Add(p.header.block[:off])
	return l.Pos()
}

// place returns where a match at pos, as the extractor counted it from
// p.Origin, stands in the part's decoded text and in the file. The
// extractor counts the decoded text; for a part InFile, the file is
// further on by what a single-byte charset's decoding grew (less) and by
// the ">" that the mbox reader took (more, and a column more on the line
// it was taken from).
//
// The last skip stages are skipped: pos is a place in what they read.
func (p *textPart) place(pos scanner.Position, skip int) (inPart, inFile scanner.Position) {
	inPart, inFile = pos, pos
	inPart.Filename = ""
	if p.Origin.IsValid() {
		inPart.Offset -= p.Origin.Offset
		inPart.Line -= p.Origin.Line - 1
	}
	if !p.InFile {
		return inPart, inFile
	}
	for i := len(p.stages) - 1 - skip; i >= 0; i-- {
		inFile = p.stages[i].source(inFile)
	}
	inFile.Filename = pos.Filename
	return inPart, inFile
}

// settle tells each stage of p how far the scan of x has settled, taken
// back through the stages after it.
func (p *textPart) settle(x *extract.Extractor) {
	for i, st := range p.stages {
		st.setSettled(func() int64 {
			pos := scanner.Position{Offset: x.Settled()}
			for j := len(p.stages) - 1; j > i; j-- {
				pos = p.stages[j].source(pos)
			}
			return pos.Offset
		})
	}
}

// label adds the message and part to a match, and returns it.
func (p *textPart) label(m *extract.Match) *extract.Match {
	m.Input = p.input
	if p.Message == 0 {
		return m
	}
	m.Mail = extract.Mail{Message: p.Message, MessageID: p.MessageID, MessageOffset: p.MessageOffset, Part: p.Path, Charset: p.Charset}
	if m.Form == extract.FormHref && p.html != nil && p.html.marks != nil {
		// Where the tag stands in the HTML, taken back from there.
		name := m.Pos.Filename
		m.Mail.PartPos, _ = p.place(m.Pos, 0)
		_, m.Pos = p.place(p.link.src, 1)
		m.Pos.Filename = name
	} else {
		m.Mail.PartPos, m.Pos = p.place(m.Pos, 0)
	}
	if p.header != nil {
		if name := p.header.fieldAt(m.Mail.PartPos.Offset); name != "" {
			m.Mail.Part += ":" + name
		}
	}
	if len(p.Warnings) > 0 {
		m.Warnings = append(append([]string(nil), p.Warnings...), m.Warnings...)
	}
	return m
}
