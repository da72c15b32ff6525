package mail

import (
	"bufio"
	"bytes"
	"io"
)

// flowed undoes format=flowed (RFC 3676): a line that ends in a space is
// joined with the next line of the same quote depth, and with DelSp=yes
// that space goes. Space-stuffing is undone, and each joined line starts
// with its quote markers again (">" per level, then a space).
type flowed struct {
	pending
	r     *bufio.Reader
	delsp bool

	inFlow bool // the line before was flowed: this one goes on with it
	depth  int  // the quote depth of that line
}

func newFlowed(r io.Reader, delsp bool) *flowed {
	return &flowed{r: bufio.NewReader(r), delsp: delsp}
}

func (f *flowed) Read(p []byte) (int, error) { return f.read(p, f.line) }

// pending is text produced ahead of Read, and the error that ends it.
type pending struct {
	out []byte
	err error
}

// read gives out what is pending, asking more for some until there is
// some or an error.
func (q *pending) read(p []byte, more func()) (int, error) {
	for len(q.out) == 0 {
		if q.err != nil {
			return 0, q.err
		}
		more()
	}
	n := copy(p, q.out)
	q.out = q.out[n:]
	return n, nil
}

// line reads one line and appends what it becomes to f.out.
func (f *flowed) line() {
	line, err := f.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		// A line longer than the buffer (4 KiB) is passed on as it is.
		f.out = append(f.out[:0], line...)
		f.inFlow = false
		return
	}
	f.err = err
	if len(line) == 0 {
		return
	}
	body := bytes.TrimRight(line, "\r\n")
	depth := 0
	for depth < len(body) && body[depth] == '>' {
		depth++
	}
	content := body[depth:]
	if len(content) > 0 && content[0] == ' ' {
		content = content[1:] // space-stuffing
	}
	soft := len(content) > 0 && content[len(content)-1] == ' ' && string(content) != "-- "
	f.out = f.out[:0]
	if f.inFlow && depth != f.depth {
		f.out = append(f.out, '\n') // the flowed line ends here after all
		f.inFlow = false
	}
	if !f.inFlow && depth > 0 {
		f.out = append(f.out, bytes.Repeat([]byte(">"), depth)...)
		f.out = append(f.out, ' ')
	}
	if soft && f.delsp {
		content = content[:len(content)-1]
	}
	f.out = append(f.out, content...)
	f.inFlow, f.depth = soft, depth
	if !soft && len(line) > len(body) {
		f.out = append(f.out, '\n')
	}
}
