package source

import (
	"bytes"
	"io"
	"sync"

	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/scanner"
)

// The splitter: a splittable file (Layout.Splittable) read in pieces, on
// many cores or many machines, is cut where a piece may start, at a
// message start in an mbox (mail.MessageAt) and at a line start in text;
// each piece is read from its mail.Start, which says the line it starts
// on and the messages before it, as counted over the whole file. The
// command cuts a file as it goes (NextPiece, then Count); a pipeline that
// spreads a file over machines has each one summarize a block (Summarize)
// and adds the summaries up in order (Pieces). Both read the file through
// io.ReaderAt, a bounded buffer at a time, and a file that ends before
// its size is io.ErrUnexpectedEOF.

// splitRead is how much of a file the splitter reads at a time, and
// firstRead how much NextPiece and LineStart read first: the line start
// they look for is most often in the first page, and a read of 64 KiB, in
// a buffer made for it, for each piece of text took about 6% of the time
// of the RFC set four times over in a profile.
const (
	splitRead = 64 << 10
	firstRead = 4 << 10
)

// PieceAt reports whether a piece may start at b[i], b[0] standing at
// offset base of the file: at a message start in an mbox, at a line start
// in text. b holds the 3 bytes before b[i] and the 5 from it, where the
// file has them.
func PieceAt(kind mail.Kind, b []byte, i int, base int64) bool {
	if kind == mail.Mbox {
		return mail.MessageAt(b, i, base == 0)
	}
	return base+int64(i) == 0 || i > 0 && b[i-1] == '\n'
}

// readAround reads [a, end) of a file of size bytes into buf, with the 3
// bytes before a and the 5 after end that PieceAt looks at, where the file
// has them; it returns them and the offset of their first byte.
func readAround(f io.ReaderAt, buf []byte, a, end, size int64) ([]byte, int64, error) {
	from := max(a-3, 0)
	want := min(end+5, size) - from
	n, err := f.ReadAt(buf[:want], from)
	if int64(n) < want {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF // the file is shorter than its size
		}
		return buf[:n], from, err
	}
	return buf[:n], from, nil
}

// NextPiece returns the first piece start at or after t and before end,
// or end, in a file of size bytes. On an error of f, it returns the
// offset up to which it looked, with the error.
func NextPiece(f io.ReaderAt, kind mail.Kind, t, end, size int64) (int64, error) {
	step := int64(firstRead) // a piece start is most often near
	p := readBufs.Get().(*[]byte)
	defer readBufs.Put(p)
	buf := *p
	for t < end {
		stop := min(t+step, end)
		step = splitRead
		b, from, err := readAround(f, buf, t, stop, size)
		last := int(stop - from)
		if err != nil {
			last = max(len(b)-5, int(t-from)) // what was read, but the bytes PieceAt looks at after
		}
		if i := nextStart(kind, b, int(t-from), last, from); i >= 0 {
			return from + int64(i), nil
		}
		if err != nil {
			return from + int64(last), err
		}
		t = stop
	}
	return end, nil
}

// Count counts the line breaks, as scanner.Lines counts them (LF, CR LF
// and a lone CR, once each), and in an mbox the message starts, in [a, b)
// of a file of size bytes. A CR LF that a or b cuts counts on the side of
// its CR.
func Count(f io.ReaderAt, kind mail.Kind, a, b, size int64) (lines, messages int, err error) {
	p := readBufs.Get().(*[]byte)
	defer readBufs.Put(p)
	buf := *p
	for a < b {
		end := min(a+splitRead, b)
		w, from, err := readAround(f, buf, a, end, size)
		if err != nil {
			return lines, messages, err
		}
		l := scanner.LinesAt(scanner.Position{})
		if a > from {
			l.Add(w[a-from-1 : a-from]) // the byte before, for a CR LF that a cuts
		}
		n := l.Pos().Line
		l.Add(w[a-from : end-from])
		lines += l.Pos().Line - n
		if kind == mail.Mbox {
			messages += messageStarts(w, int(a-from), int(end-from), from)
		}
		a = end
	}
	return lines, messages, nil
}

// nextStart returns the first i in [lo, hi) where a piece may start
// (PieceAt), b[0] standing at offset base, or -1: in an mbox, only where
// "From " stands is MessageAt asked.
func nextStart(kind mail.Kind, b []byte, lo, hi int, base int64) int {
	for i := lo; i < hi; i++ {
		if kind == mail.Mbox {
			k := bytes.Index(b[i:], []byte("From "))
			if k < 0 || i+k >= hi {
				return -1
			}
			i += k
		}
		if PieceAt(kind, b, i, base) {
			return i
		}
	}
	return -1
}

// messageStarts counts the message starts at b[i] for i in [lo, hi), b[0]
// standing at offset base.
func messageStarts(b []byte, lo, hi int, base int64) int {
	n := 0
	for i := nextStart(mail.Mbox, b, lo, hi, base); i >= 0; i = nextStart(mail.Mbox, b, i+1, hi, base) {
		n++
	}
	return n
}

// A Block is what one read of a block [Lo, Hi) of a file tells of it:
// where the first piece in it starts, and the line breaks and message
// starts on each side of that.
type Block struct {
	Lo, Hi   int64
	Cut      int64 // the first piece start in [Lo, Hi), or -1
	Before   int   // line breaks in [Lo, Cut), or in the block when it has no cut
	After    int   // line breaks in [Cut, Hi)
	Messages int   // message starts in [Cut, Hi)
}

// Summarize reads the block [lo, hi) of a file of size bytes and tells
// what it holds.
func Summarize(f io.ReaderAt, kind mail.Kind, lo, hi, size int64) (Block, error) {
	s := Block{Lo: lo, Hi: hi, Cut: -1}
	cut, err := NextPiece(f, kind, lo, hi, size)
	if err != nil {
		return s, err
	}
	if s.Before, _, err = Count(f, kind, lo, cut, size); err != nil || cut == hi {
		return s, err
	}
	s.Cut = cut
	s.After, s.Messages, err = Count(f, kind, cut, hi, size)
	return s, err
}

// A Piece is a range [Lo, Hi) of a file that starts at a piece start, at
// At, to be read with Source.EachPiece.
type Piece struct {
	Lo, Hi int64
	At     mail.Start
}

// Pieces turns the summaries of a file's blocks, in order, from its
// first byte to its last, into its pieces, each starting at a block's
// cut; name is the file's, which the pieces' Starts carry.
func Pieces(name string, size int64, blocks []Block) []Piece {
	var ps []Piece
	line, messages := 1, 0
	for _, b := range blocks {
		line += b.Before
		if b.Cut < 0 {
			continue
		}
		if n := len(ps); n > 0 {
			ps[n-1].Hi = b.Cut
		}
		at := mail.Start{Pos: scanner.Position{Filename: name, Offset: b.Cut, Line: line, Column: 1}, Messages: messages}
		if b.Cut == 0 {
			at = mail.Start{}
		}
		ps = append(ps, Piece{Lo: b.Cut, Hi: size, At: at})
		line += b.After
		messages += b.Messages
	}
	return ps
}

// readBufs holds the buffers of NextPiece, Count and LineStart, of a
// read of splitRead bytes and the few around it: each piece of a large
// file asks for them, and a buffer made for each call was garbage, and
// fresh memory to fault in, for every piece. They go back in the pointer
// they came out in, which a Put of a new one would allocate.
var readBufs = sync.Pool{New: func() any {
	b := make([]byte, 3+splitRead+5)
	return &b
}}

// LineStart returns the start of the line that holds offset t of f (0
// for t <= 0), reading back as far as it takes: where a piece of text
// that must begin before t is read from.
func LineStart(f io.ReaderAt, t int64) (int64, error) {
	p := readBufs.Get().(*[]byte)
	defer readBufs.Put(p)
	buf := *p
	step := int64(firstRead) // a line start is near: most reads are of a page
	for t > 0 {
		lo := max(t-step, 0)
		step = splitRead
		b := buf[:t-lo]
		if _, err := f.ReadAt(b, lo); err != nil && err != io.EOF {
			return 0, err
		}
		if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
			return lo + int64(i) + 1, nil
		}
		t = lo
	}
	return 0, nil
}
