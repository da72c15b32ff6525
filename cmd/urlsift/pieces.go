package main

import (
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/extract/output"
	"github.com/urlsift/urlsift/extract/source"
	"github.com/urlsift/urlsift/scanner"
)

// A large mbox is read on all cores: its messages do not depend on one
// another. One goroutine cuts the file at message starts into pieces of
// about pieceSize bytes, counting the lines and messages before each, so
// that every piece reads its positions and message numbers as the whole
// file gives them (source.Source.EachPiece); the pieces are read at once,
// and their output is sent in their order.

// pieceSize is the size a piece grows to before it is cut at the next
// message start; tests make it small.
var pieceSize int64 = 1 << 20

// pieceChunks is how many chunks of output a piece holds while the
// pieces before it are printed: 1 MiB, about a piece's worth of --json
// records, so that a piece is read at once even when its output is
// large.
const pieceChunks = 16

// inPieces reads f, an input of the worker, in pieces on all cores when
// it is a large uncompressed mbox and the machine has more than one
// core. listed is its size when the job was listed (-1 if unknown): a
// file smaller than a few pieces costs no call more. It returns false,
// having read nothing of f, when f is to be read whole.
func (wk *worker) inPieces(f *os.File, listed int64, s *sink, read *atomic.Int64, stopped <-chan struct{}) bool {
	cores := runtime.GOMAXPROCS(0)
	if cores < 2 || 0 <= listed && listed < 4*pieceSize || s.o.quiet || s.o.maxCount > 0 {
		return false // -q and -m stop a file where it is: it is read whole
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() < 4*pieceSize {
		return false
	}
	size := st.Size()
	l, err := wk.src.Sniff(io.NewSectionReader(f, 0, size))
	if err != nil || !l.Splittable() || l.Kind != mail.Mbox || l.Binary {
		return false // read whole, which reports what it finds
	}

	type piece struct {
		lo, hi int64
		at     mail.Start
		res    *result
	}
	tasks := make(chan piece)
	var wg sync.WaitGroup
	for range cores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			src := s.o.read.New()
			var enc output.Encoder
			for p := range tasks {
				w := &chunkWriter{out: p.res.items, stopped: stopped, enc: &enc}
				ps := sink{o: s.o, name: s.name, w: w, res: p.res}
				src.EachPiece(counter{io.NewSectionReader(f, p.lo, p.hi-p.lo), read, stopped}, s.name, mail.Mbox, p.at, ps.match)
				p.res.stats.Messages = src.Counts().Messages - p.at.Messages
				w.flush()
				close(p.res.items)
			}
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
	err = cut(f, size, pieceSize, s.name, func(lo, hi int64, at mail.Start) bool {
		r := &result{items: make(chan item, pieceChunks)}
		select {
		case ordered <- r:
		case <-stopped:
			return false
		}
		tasks <- piece{lo, hi, at, r}
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

// cut reads the mbox f of size bytes and calls emit for its pieces in
// order: [lo, hi) and where lo stands. Each piece starts at a message
// start (mail.MessageAt), the first at 0 with the zero Start, and each
// but the last holds every bytes or more: it ends at the first message
// start every bytes on (source.NextPiece). It stops when emit returns
// false. On an error of f, the piece that was being cut goes out up to
// where it was looked for, and the error is returned.
func cut(f io.ReaderAt, size, every int64, name string, emit func(lo, hi int64, at mail.Start) bool) error {
	lo, at := int64(0), mail.Start{}
	line := 1
	for lo < size {
		hi, err := source.NextPiece(f, mail.Mbox, min(lo+max(every, 1), size), size, size)
		if err != nil {
			if hi > lo {
				emit(lo, hi, at) // what was read before the error is read
			}
			return err
		}
		if !emit(lo, hi, at) {
			return nil
		}
		lines, messages, err := source.Count(f, mail.Mbox, lo, hi, size)
		if err != nil {
			return err
		}
		line += lines
		at = mail.Start{Pos: scanner.Position{Filename: name, Offset: hi, Line: line, Column: 1}, Messages: at.Messages + messages}
		lo = hi
	}
	return nil
}
