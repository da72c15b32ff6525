package mail

import (
	"errors"
	"io"
	"iter"
	"math"
	"strings"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/scanner"
)

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
// place in the input where reading stopped). In an rnews batch or an
// MMDF file, a *PartError of a message as a whole (Path "") follows a
// message read all the same where the file breaks its form: its Err is a
// *scanner.Error at that place (io.ErrUnexpectedEOF for a file cut short,
// see the package doc). at says where r stands when
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
		ok := p.matches(x, side, views, yield)
		for _, st := range p.stages {
			st.setSettled(nil, 0) // the stages around the next part wait for its scan
		}
		if !ok {
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
			se.Pos = p.inFile(se.Pos, 0) // where the part's text broke off, in the file
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

// inPart returns where a match at pos, as the extractor counted it from
// p.Origin, stands in the part's decoded text.
func (p *textPart) inPart(pos scanner.Position) scanner.Position {
	pos.Filename = ""
	if p.Origin.IsValid() {
		pos.Offset -= p.Origin.Offset
		pos.Line -= p.Origin.Line - 1
	}
	return pos
}

// inFile returns where pos, as the extractor counted it from p.Origin,
// stands in the file: for a part InFile, taken back through its stages,
// but the last skip, when pos is a place in what they read.
func (p *textPart) inFile(pos scanner.Position, skip int) scanner.Position {
	if !p.InFile {
		return pos
	}
	name := pos.Filename
	pos = back(p.stages[:len(p.stages)-skip], pos)
	pos.Filename = name
	return pos
}

// settle tells each stage of p how far the scan of x has settled.
func (p *textPart) settle(x *extract.Extractor) {
	p.x = x
	for i, st := range p.stages {
		st.setSettled(p, i)
	}
}

// settled returns how far the scan of p has settled, taken back through
// the stages after stage i.
func (p *textPart) settled(i int) int64 {
	return back(p.stages[i+1:], scanner.Position{Offset: p.x.Settled()}).Offset
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
		src := p.link.src
		src.Filename = m.Pos.Filename
		m.Mail.PartPos, m.Pos = p.inPart(m.Pos), p.inFile(src, 1)
	} else {
		m.Mail.PartPos, m.Pos = p.inPart(m.Pos), p.inFile(m.Pos, 0)
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
