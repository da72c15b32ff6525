package mail

// shifts takes offsets in a text that a decoder gave out back to offsets
// in the text it read, when the two differ by a lead that changes at
// marks: a single-byte charset decoded to UTF-8 gives out one to two
// bytes more for each byte of 0x80 or more; the mbox reader takes a ">"
// from a quoted "From " line. Offsets are asked for in increasing order,
// as matches come, so that the marks before the last one asked for are
// dropped; and when many marks wait, those before the point that the
// scan has settled are dropped too: no match will be asked for there.
type shifts struct {
	marks   []mark
	next    int          // the first mark not yet applied
	lead    int64        // the lead of the marks applied
	line    int          // the line of the last mark applied, or 0
	settled func() int64 // nil, or the offset before which nothing is asked for
}

// A mark says that from decoded offset at on, the text read is by more
// bytes further ahead. A mark of the mbox reader also says the file line
// of the ">" it took, whose line then has one column more.
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

// add adds a mark: from decoded offset at on, more bytes more of lead,
// for a ">" taken at line when line is not 0.
func (s *shifts) add(at, more int64, line int) {
	if len(s.marks)-s.next >= maxMarks && s.settled != nil {
		s.apply(s.settled() - 1)
		s.marks = s.marks[:copy(s.marks, s.marks[s.next:])]
		s.next = 0
	}
	s.marks = append(s.marks, mark{at, more, line})
}

// apply applies the marks at or before decoded offset off.
func (s *shifts) apply(off int64) {
	for ; s.next < len(s.marks) && s.marks[s.next].at <= off; s.next++ {
		s.lead += s.marks[s.next].more
		s.line = s.marks[s.next].line
	}
}

// source returns the offset in the text read of decoded offset off, not
// before the last one asked for.
func (s *shifts) source(off int64) int64 {
	s.apply(off)
	return off + s.lead
}
