package mail

import (
	"sort"

	"github.com/urlsift/urlsift/scanner"
)

// A stage is one step on the way from the file to a part's text, as
// decoded: the mbox reader, which takes a ">" from quoted "From " lines; a
// transfer decoding; a single-byte charset. Each takes positions in what
// it gives out back to positions in what it reads, where the two count
// from the same first byte: the place of a part's text in the file is its
// position taken back through each stage in turn, the last first.
// What a stage keeps for the positions before the point that the scan has
// settled, it drops once many wait.
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
	base    mark         // what the marks dropped add up to
	settled func() int64 // nil, or the offset before which nothing is asked for
}

// A mark says that from offset at on, the text read is lead bytes further
// ahead, all the marks up to it counted. A mark of the mbox reader also
// says the line of the ">" it took, whose line then has one column more.
type mark struct {
	at   int64
	lead int64
	line int
}

// maxMarks is how many marks or anchors wait before the settled ones are
// dropped.
const maxMarks = 4096

func (s *shifts) reset() {
	s.marks, s.base, s.settled = s.marks[:0], mark{at: -1 << 62}, nil
}

func (s *shifts) setSettled(settled func() int64) { s.settled = settled }

// add adds a mark: from offset at on, more bytes more of lead, for a ">"
// taken at line when line is not 0.
func (s *shifts) add(at, more int64, line int) {
	last := s.base
	if n := len(s.marks); n > 0 {
		last = s.marks[n-1]
	}
	m := mark{at, last.lead + more, line}
	if n := len(s.marks); n > 0 && last.at == at {
		s.marks[n-1] = m
		return
	}
	if len(s.marks) >= maxMarks && s.settled != nil {
		settled := s.settled()
		k := sort.Search(len(s.marks), func(i int) bool { return s.marks[i].at >= settled })
		if k > 0 {
			s.base = s.marks[k-1]
			s.marks = s.marks[:copy(s.marks, s.marks[k:])]
		}
	}
	s.marks = append(s.marks, m)
}

func (s *shifts) source(pos scanner.Position) scanner.Position {
	m := s.base
	if k := sort.Search(len(s.marks), func(i int) bool { return s.marks[i].at > pos.Offset }); k > 0 {
		m = s.marks[k-1]
	}
	pos.Offset += m.lead
	if m.line != 0 && m.line == pos.Line {
		pos.Column++
	}
	return pos
}

// anchors is the stage of a decoding that ties places of the text given
// out to places of the text read. After an exact anchor, up to the next,
// the text given out is the text read, byte for byte, so that a position
// after it is found by counting on from it; an anchor that is not exact
// stands for every byte up to the next (base64, where a byte stands at
// the line of the encoded text that holds it).
type anchors struct {
	list    []anchor
	base    anchor // the last anchor dropped, or the start
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
	a.list, a.settled = a.list[:0], nil
	a.base = anchor{at: start.Offset, line: start.Line, in: start, exact: exact}
}

func (a *anchors) setSettled(settled func() int64) { a.settled = settled }

// add adds an anchor, after those added before it; one at the same
// offset as the last takes its place.
func (a *anchors) add(an anchor) {
	if n := len(a.list); n > 0 && a.list[n-1].at == an.at {
		a.list[n-1] = an
		return
	}
	if len(a.list) >= maxMarks && a.settled != nil {
		settled := a.settled()
		k := sort.Search(len(a.list), func(i int) bool { return a.list[i].at >= settled })
		if k > 0 {
			a.base = a.list[k-1]
			a.list = a.list[:copy(a.list, a.list[k:])]
		}
	}
	a.list = append(a.list, an)
}

func (a *anchors) source(pos scanner.Position) scanner.Position {
	an := a.base
	if k := sort.Search(len(a.list), func(i int) bool { return a.list[i].at > pos.Offset }); k > 0 {
		an = a.list[k-1]
	}
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

// sortSearch is sort.Search.
var sortSearch = sort.Search
