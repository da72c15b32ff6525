package mail

import (
	"bufio"
	"bytes"
	"io"

	"github.com/urlsift/urlsift/extract/internal/ascii"
	"github.com/urlsift/urlsift/scanner"
)

// flowed undoes format=flowed (RFC 3676): a line that ends in a space is
// joined with the next line of the same quote depth, and with DelSp=yes
// that space goes. Space-stuffing is undone, and each joined line starts
// with its quote markers again (">" per level, then a space). A line
// longer than the buffer is read in pieces: its quote depth and stuffing
// are read from its first piece, its flow from its last.
type flowed struct {
	pending
	r     *bufio.Reader
	delsp bool

	inFlow bool // the line before was flowed: this one goes on with it
	depth  int  // the quote depth of that line, or of the line being read
	inLine bool // the last piece read did not end its line
	space  bool // that piece ended in a space, held back
	sig    bool // the line read is the signature separator "-- "

	// marks, when not nil, ties what f gives out to what it reads: an
	// anchor where the content of each piece read is given out. outAt is
	// the offset of out's first byte and given the length of out when it
	// was made, outLine the line of out's first byte; in is the place of
	// the next byte read.
	marks   *anchors
	anchors anchors
	outAt   int64
	given   int
	outLine int
	in      scanner.Position
}

// track makes f tie what it gives out to what it reads, in marks, the two
// counted from at.
func (f *flowed) track(at scanner.Position) {
	f.marks, f.outAt, f.given, f.outLine, f.in = &f.anchors, at.Offset, 0, at.Line, at
	f.anchors.reset(at, true)
}

// anchor ties the content of piece, the piece read last, from skip bytes
// into it, to out[k:], where it is given out; then it counts piece and
// the lines of out.
func (f *flowed) anchor(piece []byte, skip, k int) {
	if f.marks == nil {
		return
	}
	in := f.in
	in.Offset += int64(skip)
	in.Column += skip // ">" and a space
	line := f.outLine + bytes.Count(f.out[:k], []byte{'\n'})
	f.marks.add(anchor{at: f.outAt + int64(k), line: line, in: in, exact: true})
	f.outLine += bytes.Count(f.out, []byte{'\n'})
	f.in.Offset += int64(len(piece))
	if piece[len(piece)-1] == '\n' {
		f.in.Line, f.in.Column = f.in.Line+1, 1
	} else {
		f.in.Column += len(piece)
	}
}

func newFlowed(r io.Reader, delsp bool) *flowed {
	return &flowed{r: bufio.NewReader(r), delsp: delsp}
}

func (f *flowed) Read(p []byte) (int, error) { return f.read(p, f.line, f.ready) }

func (f *flowed) ready() bool { return lineReady(f.r) || f.inMemory() }

// pending is text produced ahead of Read, and the error that ends it.
type pending struct {
	out []byte
	err error
	// ended, when not nil, reports whether the input is all in memory,
	// so that reading it never waits (package mail's mbox says so of a
	// message once it has seen its end).
	ended func() bool
}

func (q *pending) setEnded(ended func() bool) { q.ended = ended }

// inMemory reports whether the input is all in memory.
func (q *pending) inMemory() bool { return q.ended != nil && q.ended() }

// read gives out what is pending, asking more for some until there is
// some or an error. When ready is not nil, it goes on filling p while
// ready says that more can run without waiting for its input: a decoder
// that gives a line at a time then hands over many in one call, and the
// error that ends them with the last, as small parts are read in one.
func (q *pending) read(p []byte, more func(), ready func() bool) (int, error) {
	for len(q.out) == 0 {
		if q.err != nil {
			return 0, q.err
		}
		more()
	}
	n := copy(p, q.out)
	q.out = q.out[n:]
	for ready != nil && n < len(p) && len(q.out) == 0 {
		if q.err != nil {
			return n, q.err
		}
		if !ready() {
			break
		}
		more()
		k := copy(p[n:], q.out)
		q.out = q.out[k:]
		n += k
	}
	return n, nil
}

// drain appends all that is left of the text to dst, asking more for it,
// and returns the error that ends it, nil at its end: a decoder whose
// input is all in memory is read so in one go.
func (q *pending) drain(dst []byte, more func()) ([]byte, error) {
	for {
		dst, q.out = append(dst, q.out...), nil
		if q.err != nil {
			if q.err == io.EOF {
				return dst, nil
			}
			return dst, q.err
		}
		more()
	}
}

// lineReady reports whether r holds a whole line, which ReadSlice
// returns without reading.
func lineReady(r *bufio.Reader) bool {
	b, _ := r.Peek(r.Buffered())
	return bytes.IndexByte(b, '\n') >= 0
}

// wholeLines returns the whole lines at the front of what r holds, at
// most n bytes of it, without reading: a Peek that fills the buffer
// would take the reader's error, which ReadSlice must return.
func wholeLines(r *bufio.Reader, n int) []byte {
	b, _ := r.Peek(min(r.Buffered(), n))
	return b[:bytes.LastIndexByte(b, '\n')+1]
}

// line reads one line, or one piece of a long line, and appends what it
// becomes to f.out.
func (f *flowed) line() {
	piece, err := f.r.ReadSlice('\n')
	full := err == bufio.ErrBufferFull
	if full {
		err = nil
	}
	f.err = err
	f.outAt += int64(f.given)
	f.out = f.out[:0]
	defer func() { f.given = len(f.out) }()
	if len(piece) == 0 && !f.space {
		return
	}
	content := ascii.TrimRight(piece, '\r', '\n')
	ends := len(content) < len(piece) // the line ends in this piece with a line break
	skip := 0                         // the bytes of piece before its content
	if f.inLine {
		if f.space {
			content = append([]byte{' '}, content...)
			f.space = false
			skip = -1 // the space held back stands before the piece
		}
	} else {
		depth := 0
		for depth < len(content) && content[depth] == '>' {
			depth++
		}
		content = content[depth:]
		skip = depth
		if len(content) > 0 && content[0] == ' ' {
			content = content[1:] // space-stuffing
			skip++
		}
		if f.inFlow && depth != f.depth {
			f.out = append(f.out, '\n') // the flowed line ends here after all
			f.inFlow = false
		}
		if !f.inFlow && depth > 0 {
			f.out = append(f.out, bytes.Repeat([]byte(">"), depth)...)
			f.out = append(f.out, ' ')
		}
		f.depth = depth
		f.sig = !full && bytes.Equal(content, []byte("-- "))
	}
	if full {
		// The line goes on: a final space may be the flow's, and waits.
		if len(content) > 0 && content[len(content)-1] == ' ' {
			content, f.space = content[:len(content)-1], true
		}
		k := len(f.out)
		f.out = append(f.out, content...)
		f.anchor(piece, skip, k)
		f.inLine = true
		return
	}
	f.inLine = false
	if len(piece) == 0 && f.space {
		content, f.space = []byte(" "), false // the input ended after a held-back space
	}
	soft := len(content) > 0 && content[len(content)-1] == ' ' && !f.sig
	if soft && f.delsp {
		content = content[:len(content)-1]
	}
	k := len(f.out)
	f.out = append(f.out, content...)
	f.inFlow = soft
	if !soft && ends {
		f.out = append(f.out, '\n')
	}
	if len(piece) > 0 {
		f.anchor(piece, skip, k)
	}
}
