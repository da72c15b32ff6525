package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/extract/output"
	"github.com/urlsift/urlsift/extract/source"
	"github.com/urlsift/urlsift/scanner"
)

// A large mbox, or a large text file (unless its lines are printed and its
// wrappers alone are read, and they are few: see inPieces), is read on all
// cores: the messages of an mbox do not depend on one another, and a URL
// of text on nothing more than twice the longest wrapper before it. One
// goroutine cuts the file into pieces of about pieceSize bytes (larger for
// text: textPiece), at message starts or at line starts; it counts the
// lines and messages before each piece of an mbox, and a piece of text
// counts its own (readText), so that every piece reads its positions and
// message numbers as the whole file gives them (source.Source.EachPiece);
// the pieces are read at once, and their output is sent in their order. A
// piece of text is read from a margin before it (textMargin) to a margin
// past it, and keeps the matches that start in it.

// pieceSize is the size a piece grows to before it is cut at the next
// message start; tests make it small.
var pieceSize int64 = 1 << 20

// pieceChunks is how many chunks of output a piece of an mbox holds
// while the pieces before it are printed: 1 MiB, about a piece's worth of
// --json records, so that a piece is read at once even when its output is
// large; a piece of text, larger, holds twice as many, 2 MiB
// (never-closed quoted wrappers on two cores took 273 ms with 1 MiB, the
// piece after the one printed waiting for room, and 243 ms with 2 MiB;
// 4 MiB gave 237 ms but 35 MiB at most on 1 GiB). Its chunks are of
// pieceChunkSize bytes, twice a file's: each chunk sent may wake the
// goroutines that print it, a futex call each, which the machine of
// BENCHMARKS.md makes dear. 16 MiB of dense wrappers with --json (140 MB
// of records) on two cores: with chunks of 64 KiB, 2,133 writes and 299
// to 725 futex calls, 164.8 ms (best of 30 interleaved); of 128 KiB,
// 1,087 writes and 110 to 184 futex calls, 155.9 ms; of 256 KiB, 155.1
// ms, but the 1 GiB of the memory row with --json --unwrapped
// --schemeless took 26.9 to 27.7 MiB at most, against 24.4 to 24.9 with
// 64 KiB and 25.7 to 26.2 with 128 KiB. Never-closed quoted wrappers,
// whose records are few bytes, run the same.
const (
	pieceChunkSize = 128 << 10
	pieceChunks    = (1 << 20) / pieceChunkSize
)

// textPiece is the size of a piece of text: its margins are read twice,
// and fewer, larger pieces read less of them, up to 8 MiB (the RFC set
// four times over on two cores: 69.8 ms in pieces of 4 MiB, 67.4 ms in
// pieces of 8 MiB, best of 15); but a file has 8 pieces a core or more,
// of 2 MiB or more, so that the cores share it evenly and a piece's
// output fits its room (16 MiB of dense host names, 28 bytes of output
// for 40 of input: 318 ms in pieces of 4 MiB, 289 ms in pieces of 2 MiB).
func textPiece(size int64, cores int) int64 {
	return min(8*pieceSize, max(2*pieceSize, size/int64(8*cores)))
}

// forcePieces reads text with wrappers alone in pieces too, their lines
// printed or not, which tests compare with a whole read.
var forcePieces bool

// denseProbe is how much of a text file denseWrappers looks at, and
// denseEvery the bytes for each "<" that make wrappers dense.
const (
	denseProbe = 64 << 10
	denseEvery = 256
)

// denseWrappers reports whether the first denseProbe bytes of f, of size
// bytes, hold a "<" for every denseEvery bytes or more: wrappers whose
// printed records, their lines counted, cost more than a second reading of
// the file, which pieces that print lines make (the lines before each
// piece are counted first), and which are read in small pieces
// (densePiece), their lines printed or not. It guesses from the file's
// head, which changes the speed of the run alone, never its output: 16 MiB
// of dense wrappers took 208 ms with --json read whole, 181 ms in pieces
// of 512 KiB; with -n, 158 and 116 ms; the RFC set, a "<" for every 2 KiB,
// is read whole (BENCHMARKS.md, "Slow paths").
func denseWrappers(f io.ReaderAt, size int64) bool {
	b := make([]byte, min(size, denseProbe))
	n, _ := f.ReadAt(b, 0)
	return bytes.Count(b[:n], []byte{'<'})*denseEvery >= n
}

// densePiece is the size of a piece of text with dense wrappers, half a
// pieceSize (512 KiB): small, so that a piece's records (--json: 250
// bytes for 27 of input) mostly fit its room while the pieces before it
// are printed (16 MiB of dense wrappers with --json: 181 ms in pieces of
// 512 KiB, 193 in pieces of 1 MiB, 217 ms in pieces of 2 MiB), and, their
// lines printed or not, so that the records held while they wait take
// fewer pages of memory, each of which the machine of BENCHMARKS.md
// makes dear to touch first (the command on two cores, best of 20
// interleaved: never-closed quoted wrappers, 16 MiB, 80.0 ms in pieces
// of 2 MiB, 71.6 in pieces of 512 KiB, medians 91.6 and 81.3, CPU time
// 144 and 128 ms; 16 MiB of dense wrappers, 82.3 and 70.0 ms; 16 MiB of
// dense host names, with no "<", the same at 2 MiB, 1 MiB and 512 KiB).
func densePiece() int64 { return pieceSize / 2 }

// textMargin is how far a piece of text reads before its start and past
// its end: two of the longest candidates, a wrapper or a URL in prose.
// Before it, the scanner settles into what the whole file gives: a
// candidate that a match of the piece depends on starts at most one
// length before it, and what that one depends on one length before that.
// Past it, the last candidate that starts in it has ended. The margins
// held a scanner's buffer more (128 KiB), which nothing needs:
// TestTextPieces compares pieces of 8 bytes with whole reads, with the
// longest candidate of 64 to 8,192 bytes, in every mode, and a real list
// archive, the RFC set, CJK text, quoted and host lines gave the same
// records in pieces of 16 and 64 KiB as whole. A margin of 16 KiB, not
// 144, is 256 KiB less to read and scan for each piece (16 MiB of dense
// host names: 392 to 362 ms, best of 8).
func textMargin(maxLength int) int64 {
	if maxLength <= 0 {
		maxLength = scanner.DefaultMaxLength
	}
	return 2 * int64(maxLength)
}

// inPieces reads f, an input of the worker, in pieces on all cores when
// it is a large uncompressed mbox or text file and the machine has more
// than one core. size is the size of f, a regular file. It returns
// false, having read nothing of f, when f is to be read whole.
func (wk *worker) inPieces(f io.ReaderAt, size int64, s *sink, read *atomic.Int64, stopped <-chan struct{}) bool {
	cores := runtime.GOMAXPROCS(0)
	if cores < 2 || size < 4*pieceSize || s.o.quiet || s.o.maxCount > 0 {
		return false // -q and -m stop a file where it is: it is read whole
	}
	l, err := wk.src.Sniff(io.NewSectionReader(f, 0, size))
	if err != nil || !l.Splittable() || l.Binary {
		return false // read whole, which reports what it finds
	}
	counted := l.Kind == mail.Text && s.o.linesShown()
	wrappers := counted && !s.o.read.Unwrapped && !s.o.read.Schemeless // wrappers alone, their lines printed
	dense := l.Kind == mail.Text && (forcePieces && wrappers || denseWrappers(f, size))
	if wrappers && !dense {
		// Wrappers alone, few of them, cost less than the reading of the
		// bytes, which pieces of text whose lines are printed read twice,
		// once to count them (the RFC set four times over with -n: 89
		// ms read whole, 92 ms in pieces; with --json, 88 and 100 ms).
		return false
	}
	every := pieceSize
	switch {
	case dense:
		every = densePiece()
	case l.Kind == mail.Text:
		every = textPiece(size, cores)
	}
	tasks := make(chan piece)
	var wg sync.WaitGroup
	for range cores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			readPieces(tasks, f, size, l.Kind, s, read, stopped)
		}()
	}
	// The pieces' output goes out in their order, behind the one being
	// printed: at most cores + 1 pieces are in flight, and hold at most
	// pieceChunks chunks of output each.
	ordered := make(chan *result, cores+1)
	forwarded := make(chan struct{})
	go func() {
		defer close(forwarded)
		for r := range ordered {
			for it := range r.items {
				s.w.send(it)
			}
			s.res.add(r)
		}
	}()
	line := make(chan int, 1) // the line the next piece of text starts at
	line <- 1
	err = cut(f, l.Kind, size, every, s.name, func(lo, hi int64, at mail.Start) bool {
		room := pieceChunks
		if l.Kind == mail.Text {
			room *= 2
		}
		r := &result{items: make(chan item, room)}
		select {
		case ordered <- r:
		case <-stopped:
			return false
		}
		if !counted {
			tasks <- piece{lo, hi, at, nil, nil, r}
			return true
		}
		next := make(chan int, 1)
		tasks <- piece{lo, hi, at, line, next, r}
		line = next
		return true
	})
	close(tasks)
	close(ordered)
	<-forwarded
	wg.Wait()
	if err != nil {
		s.fail(&os.PathError{Op: "read", Path: s.name, Err: err})
	}
	return true
}

// readPieces reads the pieces of f, of size bytes and of kind, that come
// from tasks, each into its result, as s would.
func readPieces(tasks <-chan piece, f io.ReaderAt, size int64, kind mail.Kind, s *sink, read *atomic.Int64, stopped <-chan struct{}) {
	src := s.o.read.New()
	var enc output.Encoder
	for p := range tasks {
		w := &chunkWriter{large: true, out: p.res.items, stopped: stopped, enc: &enc}
		ps := sink{o: s.o, name: s.name, w: w, res: p.res}
		if kind == mail.Text {
			readText(f, size, src, p, &ps, read, stopped)
		} else {
			src.EachPiece(counter{io.NewSectionReader(f, p.lo, p.hi-p.lo), read, stopped}, s.name, mail.Mbox, p.at, ps.match)
			p.res.stats.Messages = src.Counts().Messages - p.at.Messages
		}
		w.flush()
		close(p.res.items)
	}
}

// cut reads f of size bytes, an mbox or text (kind), and calls emit for
// its pieces in order: [lo, hi) and, for an mbox, where lo stands. Each
// piece starts where a piece may (source.PieceAt: a message start, a line
// start), the first at 0 with the zero Start, and each but the last holds
// every bytes or more: it ends at the first piece start every bytes on
// (source.NextPiece). It stops when emit returns false. On an error of f,
// the piece that was being cut goes out up to where it was looked for,
// and the error is returned. A piece of text counts its own lines, as it
// reads them (readText): cut reads only around the ends of the pieces.
func cut(f io.ReaderAt, kind mail.Kind, size, every int64, name string, emit func(lo, hi int64, at mail.Start) bool) error {
	lo, at := int64(0), mail.Start{}
	line := 1
	for lo < size {
		hi, err := source.NextPiece(f, kind, min(lo+max(every, 1), size), size, size)
		if err != nil {
			if hi > lo {
				emit(lo, hi, at) // what was read before the error is read
			}
			return err
		}
		if !emit(lo, hi, at) {
			return nil
		}
		if kind == mail.Mbox {
			lines, messages, err := source.Count(f, kind, lo, hi, size)
			if err != nil {
				return err
			}
			line += lines
			at = mail.Start{Pos: scanner.Position{Filename: name, Offset: hi, Line: line, Column: 1}, Messages: at.Messages + messages}
		}
		lo = hi
	}
	return nil
}

// piece is a piece of a file that inPieces reads: [lo, hi), where lo
// stands (an mbox's), and the result its output goes to. A piece of text
// whose lines are printed learns the line it starts at from the piece
// before it (line), and gives the line it ends at to the piece after it
// (next), as soon as it has counted its lines, before it scans them; with
// line nil, its lines are not printed, and it counts them from its start
// (relative).
type piece struct {
	lo, hi int64
	at     mail.Start
	line   <-chan int
	next   chan<- int
	res    *result
}

// readText reads p, a piece of the text file f of size bytes, into ps:
// from the line that holds textMargin bytes before it, where the scanner
// settles into what the whole file gives, to textMargin bytes past it,
// where the last URL that starts in it has ended; only the matches that
// start in it, and the errors met before its end, are its own. It counts
// the lines of the margin before it and its own first, in a pass of its
// own: reads of a few pages, which stay in the processor's cache, cost
// less than one read of the whole piece (BENCHMARKS.md, "Slow paths").
// The bytes it counts as read are its own.
func readText(f io.ReaderAt, size int64, src *source.Source, p piece, ps *sink, read *atomic.Int64, stopped <-chan struct{}) {
	margin := textMargin(ps.o.read.MaxLength)
	q, err := source.LineStart(f, p.lo-margin)
	line, before := 1, 0
	if p.line != nil {
		var own int
		if err == nil {
			before, _, err = source.Count(f, mail.Text, q, p.lo, size)
		}
		if err == nil {
			own, _, err = source.Count(f, mail.Text, p.lo, p.hi, size)
		}
		select {
		case line = <-p.line:
			p.next <- line + own
		case <-stopped:
			return
		}
	}
	if err != nil {
		ps.fail(&os.PathError{Op: "read", Path: ps.name, Err: err})
		return
	}
	at := mail.Start{Pos: scanner.Position{Filename: ps.name, Offset: q, Line: line - before, Column: 1}}
	var none atomic.Int64
	r := counter{io.NewSectionReader(f, q, min(p.hi+margin, size)-q), &none, stopped}
	src.EachPiece(r, ps.name, mail.Text, at, func(m *extract.Match, err error) bool {
		if err == nil {
			if m.Pos.Offset < p.lo {
				return true // the piece before holds it
			}
			return m.Pos.Offset < p.hi && ps.match(m, nil) // else the piece after holds it
		}
		se, ok := errors.AsType[*scanner.Error](err)
		switch {
		case ok && se.Pos.Offset >= p.hi:
			return false // the piece after holds it
		case ok && p.line == nil:
			err = fileLine(f, size, q, se)
		}
		return ps.match(m, err)
	})
	read.Add(p.hi - p.lo)
}

// fileLine returns se, met in a piece of f (of size bytes) read from q
// whose lines count from 1 at q, with its line in the file: the lines
// before q are counted then, as an error is rare.
func fileLine(f io.ReaderAt, size, q int64, se *scanner.Error) error {
	lines, _, err := source.Count(f, mail.Text, 0, q, size)
	if err != nil {
		return se
	}
	e := *se
	e.Pos.Line += lines
	return &e
}
