package mail

import "github.com/urlsift/urlsift/scanner"

// A stage is one step on the way from the file to a part's text, as
// decoded: the mbox reader, which takes a ">" from quoted "From " lines; a
// transfer decoding; a single-byte charset. Each takes positions in what
// it gives out back to positions in what it reads, where the two count
// from the same first byte: the place of a part's text in the file is its
// position taken back through each stage in turn, the last first.
// Positions are asked for in increasing order, as matches come; what a
// stage keeps for the positions before the last one asked for, and
// before the point that the scan has settled, it drops.
type stage interface {
	source(pos scanner.Position) scanner.Position
	// setSettled gives the stage the offset, in what it gives out, before
	// which no position will be asked for.
	setSettled(settled func() int64)
}

// shifts is the stage of a text that differs from what was read by bytes
// left out or grown, line by line the same: a single-byte charset decoded
// to UTF-8 gives one to two bytes more for each byte of 0x80 or more; the
// mbox reader takes a ">" from a quoted "From " line, whose line then has
// one column more in the file.
type shifts struct {
	marks   []mark
	next    int          // the first mark not yet applied
	lead    int64        // the lead of the marks applied
	line    int          // the line of the last mark applied, or 0
	settled func() int64 // nil, or the offset before which nothing is asked for
}

// A mark says that from offset at on, the text read is by more bytes
// further ahead. A mark of the mbox reader also says the line of the ">"
// it took, whose line then has one column more.
type mark struct {
	at   int64
	more int64
	line int
}

// maxMarks is how many marks wait before add drops the settled ones.
const maxMarks = 4096

func (s *shifts) reset() {
	s.marks, s.next, s.lead, s.line, s.settled = s.marks[:0], 0, 0, 0, nil
}

func (s *shifts) setSettled(settled func() int64) { s.settled = settled }

// add adds a mark: from offset at on, more bytes more of lead, for a ">"
// taken at line when line is not 0.
func (s *shifts) add(at, more int64, line int) {
	if len(s.marks)-s.next >= maxMarks && s.settled != nil {
		s.apply(s.settled() - 1)
		s.marks = s.marks[:copy(s.marks, s.marks[s.next:])]
		s.next = 0
	}
	s.marks = append(s.marks, mark{at, more, line})
}

// apply applies the marks at or before offset off.
func (s *shifts) apply(off int64) {
	for ; s.next < len(s.marks) && s.marks[s.next].at <= off; s.next++ {
		s.lead += s.marks[s.next].more
		s.line = s.marks[s.next].line
	}
}

func (s *shifts) source(pos scanner.Position) scanner.Position {
	s.apply(pos.Offset)
	pos.Offset += s.lead
	if s.line != 0 && s.line == pos.Line {
		pos.Column++
	}
	return pos
}

// anchors is the stage of a transfer decoding: anchors tie places of the
// text given out to places of the text read. After an exact anchor, up to
// the next, the text given out is the text read, byte for byte, so that a
// position after it is found by counting on from it; an anchor that is
// not exact stands for every byte up to the next (base64, where a byte
// stands at the line of the encoded text that holds it).
type anchors struct {
	list    []anchor
	next    int    // the first anchor not yet applied
	last    anchor // the last anchor applied
	settled func() int64
}

// An anchor ties offset at of the text given out, on its line line, to
// position in of the text read.
type anchor struct {
	at    int64
	line  int
	in    scanner.Position
	exact bool
}

// reset empties a for a text that starts at start, exact or not.
func (a *anchors) reset(start scanner.Position, exact bool) {
	a.list, a.next, a.settled = a.list[:0], 0, nil
	a.last = anchor{at: start.Offset, line: start.Line, in: start, exact: exact}
}

func (a *anchors) setSettled(settled func() int64) { a.settled = settled }

// add adds an anchor, after those added before it.
func (a *anchors) add(an anchor) {
	if len(a.list)-a.next >= maxMarks && a.settled != nil {
		a.apply(a.settled() - 1)
		a.list = a.list[:copy(a.list, a.list[a.next:])]
		a.next = 0
	}
	a.list = append(a.list, an)
}

// apply applies the anchors at or before offset off.
func (a *anchors) apply(off int64) {
	for ; a.next < len(a.list) && a.list[a.next].at <= off; a.next++ {
		a.last = a.list[a.next]
	}
}

func (a *anchors) source(pos scanner.Position) scanner.Position {
	a.apply(pos.Offset)
	an := a.last
	if !an.exact {
		return an.in
	}
	in := an.in
	in.Offset += pos.Offset - an.at
	if pos.Line == an.line {
		in.Column += int(pos.Offset - an.at) // the text between is ASCII but for 8-bit bytes that passed
	} else {
		in.Line += pos.Line - an.line // the lines between are the text read's, each from its start
		in.Column = pos.Column
	}
	return in
}
