package mail

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"
	"mime/multipart"
	"strconv"
	"strings"

	"github.com/urlsift/urlsift/extract/internal/arena"
	"github.com/urlsift/urlsift/scanner"
)

// parts walks the messages of r and yields their header blocks and text
// parts, each to be read before the next is asked for: a textPart, and its
// Body, are valid until then, as one serves them all. Errors that cost
// one part or one message are *PartError values and the walk goes on;
// any other error ends it. A Text input is one part, its Body r. For an
// Mbox (an Rnews or MMDF input too), a piece of an input starts at a
// message's separator line, at at; Text and Message inputs ignore at, as
// their parts count from their own start. When streamed, every message of
// a file of messages is read through its reader, none in place, as tests
// compare.
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
		case Mbox, Rnews, MMDF:
			w.messages(newMbox(r, kind), at)
		default:
			w.chain = w.chain[:0]
			c := counting{r: r, lines: scanner.LinesAt(scanner.Position{})}
			if ok, err := w.message(&c, 1, 0, scanner.Position{Line: 1, Column: 1}); ok && err != nil {
				yield(nil, &scanner.Error{Pos: c.lines.Pos(), Err: err}) // the input failed, where it was read to
			}
		}
	}
}

// messages walks the messages of m, an mbox, an rnews batch or an MMDF
// file, the first numbered after at.Messages, each followed by what it
// breaks of the file's form (PartErrors of the message as a whole).
func (w *walker) messages(m *mbox, at Start) {
	w.ended, w.chain = m.ended, append(w.chain[:0], &m.unquoted)
	if at.Pos.IsValid() {
		m.offset, m.lines = at.Pos.Offset, scanner.LinesAt(scanner.Position{Line: at.Pos.Line, Column: 1})
	}
	for n := at.Messages + 1; ; n++ {
		at, line, ok := m.next()
		if !ok {
			break
		}
		// The message starts where m is, but for a first line that it
		// has read already (a message with no separator).
		origin := scanner.Position{Offset: m.offset - int64(len(m.line)), Line: line, Column: 1}
		if msg := m.inBuffer(); msg != nil && len(msg) <= maxHeader && !w.streamed {
			m.inMsg = false // all of it is in memory: reads of it never wait
			if !w.messageInPlace(msg, n, at, origin) {
				return
			}
			m.take(msg, true)
		} else if ok, _ := w.message(m, n, at, origin); !ok {
			return
		}
		for _, err := range m.damage {
			if !w.yield(nil, &PartError{Message: w.msg, MessageID: w.id, MessageOffset: w.offset, Err: err}) {
				return
			}
		}
	}
	if m.err != nil && m.err != io.EOF {
		// The input failed, where the pieces read end.
		w.yield(nil, &scanner.Error{Pos: m.reached(), Err: m.err})
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
	// htmlMarks ties the text of the HTML part read to the HTML, its
	// room kept from part to part.
	htmlMarks anchors
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

// message walks one message, numbered n, whose separator line ("From ",
// "#! rnews N", ^A^A^A^A) is at input offset at and whose header starts at
// origin, and reads what is left of it. It returns false when the
// consumer stopped, and the input's error.
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

// messageInPlace walks message n of a file of messages as message does,
// but msg, all of it from the line after its separator line up to the
// separator that ends it (or its count), is read where it lies: its
// header is taken in one go and its body is read from memory.
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
		return w.fail(path, at, err)
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
		bodyAt = after(origin, h.block)
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
	var at scanner.Position
	if known {
		at = origin
	}
	if why != nil && !w.problem(path, at, fmt.Errorf("%w: read as text", why), true) {
		return false
	}
	return w.yield(p, nil)
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
	var d transfer
	switch enc {
	case quotedPrintable:
		d = w.qp()
	case base64Encoded:
		d = w.b64()
	}
	if d != nil {
		d.reset(body)
		d.setEnded(w.ended)
		body = d
		if at.IsValid() {
			defer w.push(d.track(at))()
		}
	}
	nests := strings.HasPrefix(mediatype, "multipart/") || mediatype == "message/rfc822" || mediatype == "message/global"
	if nests {
		if w.depth >= MaxDepth {
			if !w.problem(textPath, at, fmt.Errorf("%s nested deeper than %d levels: the rest is read as text", mediatype, MaxDepth), true) {
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
	return w.problem(textPath, at, fmt.Errorf("%s: %w", mediatype, ErrNotText), true)
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
		if !w.problem(textPath, at, fmt.Errorf("multipart %s: read as text", why), true) {
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
			return w.fail(path, at, err)
		}
		sub := join(path, i)
		pr := &watched{r: p}
		var partAt scanner.Position
		if loc != nil {
			partAt = loc.start(i)
		}
		ok := w.entity([]byte(p.Header.Get("Content-Type")), []byte(p.Header.Get("Content-Transfer-Encoding")), pr, sub, false, partAt)
		if _, err := io.Copy(io.Discard, pr); ok && err != nil && !pr.seen {
			ok = w.fail(sub, partAt, err) // nobody read the part to see its error
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

func join(path string, i int) string {
	if path == "" {
		return strconv.Itoa(i)
	}
	return path + "." + strconv.Itoa(i)
}

// inFile makes part InFile when ok, its Origin a place in the text
// walked: its stages are the chain's, then those of its own decodings,
// which text and textInMemory add.
func (w *walker) inFile(part *textPart, ok bool) {
	if ok {
		part.InFile = true
		part.stages = append(part.stages[:0], w.chain...)
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

// fail reports that what is left of the part at path, which starts at at
// in the text walked, cannot be read.
func (w *walker) fail(path string, at scanner.Position, err error) bool {
	return w.problem(path, at, err, false)
}

// problem yields a *PartError of the part at path, which starts at at in
// the text walked (the zero Position when that is not known), placed in
// the file. It returns false when the consumer stopped.
func (w *walker) problem(path string, at scanner.Position, err error, warning bool) bool {
	pe := &PartError{Message: w.msg, MessageID: w.id, MessageOffset: w.offset, Path: path, Err: err, Warning: warning}
	if at.IsValid() {
		pe.Pos = back(w.chain, at)
	}
	return w.yield(nil, pe)
}

// after returns the place after b, which starts at a line start at, as
// scanner.Lines counts it: a block of lines without a CR, as most header
// blocks are, by its line feeds.
func after(at scanner.Position, b []byte) scanner.Position {
	if n := len(b); n > 0 && b[n-1] == '\n' && bytes.IndexByte(b, '\r') < 0 {
		return scanner.Position{Filename: at.Filename, Offset: at.Offset + int64(n), Line: at.Line + bytes.Count(b, []byte{'\n'}), Column: 1}
	}
	l := scanner.LinesAt(at)
	l.Add(b)
	return l.Pos()
}
