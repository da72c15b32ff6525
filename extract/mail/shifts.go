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
	// setSettled gives the stage what tells the offset, in what it gives
	// out, before which no position will be asked for: s.settled(i), i
	// the stage's place among the part's stages.
	setSettled(s settler, i int)
}

// back takes pos back through stages, the last first.
func back(stages []stage, pos scanner.Position) scanner.Position {
	for i := len(stages) - 1; i >= 0; i-- {
		pos = stages[i].source(pos)
	}
	return pos
}

// A settler tells the stages of a part how far its scan has settled.
type settler interface {
	settled(stage int) int64
}

// queue holds the marks or anchors of a stage, in increasing offset, up
// to maxMarks: past that, those before the point that the scan has
// settled go, the last of them kept as base.
type queue[T interface{ offset() int64 }] struct {
	list    []T
	base    T       // the last one dropped, or the start
	settler settler // nil, or what says how far the scan has settled
	stage   int     // the stage's place, for settler
	hint    int     // the index that at returned last: places are asked for in order, mostly
}

// maxMarks is how many marks or anchors wait before the settled ones are
// dropped.
const maxMarks = 4096

func (q *queue[T]) reset(base T) { q.list, q.base, q.settler, q.hint = q.list[:0], base, nil, 0 }

func (q *queue[T]) setSettled(s settler, i int) { q.settler, q.stage = s, i }

// last returns the one added last, or base.
func (q *queue[T]) last() T {
	if n := len(q.list); n > 0 {
		return q.list[n-1]
	}
	return q.base
}

// add adds x after those added before it; one at the same offset as the
// last takes its place.
func (q *queue[T]) add(x T) {
	if n := len(q.list); n > 0 && q.list[n-1].offset() == x.offset() {
		q.list[n-1] = x
		return
	}
	if len(q.list) >= maxMarks && q.settler != nil {
		settled := q.settler.settled(q.stage)
		k := sort.Search(len(q.list), func(i int) bool { return q.list[i].offset() >= settled })
		if k > 0 {
			q.base = q.list[k-1]
			q.list = q.list[:copy(q.list, q.list[k:])]
			q.hint = max(q.hint-k, 0)
		}
	}
	q.list = append(q.list, x)
}

// at returns the last one at or before offset off, or base.
func (q *queue[T]) at(off int64) T {
	n := len(q.list)
	if h := q.hint; h < n && q.list[h].offset() <= off {
		// From the last one returned, a few steps on at most.
		for i := h; i < n && i < h+4; i++ {
			if i+1 == n || q.list[i+1].offset() > off {
				q.hint = i
				return q.list[i]
			}
		}
	}
	k := sort.Search(n, func(i int) bool { return q.list[i].offset() > off })
	if k == 0 {
		return q.base
	}
	q.hint = k - 1
	return q.list[k-1]
}

// shifts is the stage of a text that differs from what was read by bytes
// left out or grown, line by line the same: a single-byte charset decoded
// to UTF-8 gives one to two bytes more for each byte of 0x80 or more; the
// mbox reader takes a ">" from a quoted "From " line, whose line then has
// one column more in the file.
type shifts struct{ queue[mark] }

// A mark says that from offset at on, the text read is lead bytes further
// ahead, all the marks up to it counted. A mark of the mbox reader also
// says the line of the ">" it took, whose line then has one column more.
type mark struct {
	at   int64
	lead int64
	line int
}

func (m mark) offset() int64 { return m.at }

func (s *shifts) reset() { s.queue.reset(mark{at: -1 << 62}) }

// add adds a mark: from offset at on, more bytes more of lead, for a ">"
// taken at line when line is not 0.
func (s *shifts) add(at, more int64, line int) {
	s.queue.add(mark{at, s.last().lead + more, line})
}

func (s *shifts) source(pos scanner.Position) scanner.Position {
	m := s.at(pos.Offset)
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
type anchors struct{ queue[anchor] }

// An anchor ties offset at of the text given out, on its line line, to
// position in of the text read.
type anchor struct {
	at    int64
	line  int
	in    scanner.Position
	exact bool
}

func (a anchor) offset() int64 { return a.at }

// reset empties a for a text that starts at start, exact or not.
func (a *anchors) reset(start scanner.Position, exact bool) {
	a.queue.reset(anchor{at: start.Offset, line: start.Line, in: start, exact: exact})
}

func (a *anchors) source(pos scanner.Position) scanner.Position {
	an := a.at(pos.Offset)
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
