package main

import (
	"errors"
	"sync"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/output"
)

// The pools hold chunks for reuse: files' chunks, of chunkSize, and the
// larger chunks of pieces, of pieceChunkSize. A new chunk is made whole,
// with room past its size for the record that crosses it: grown from
// nothing by the appends of records, each chunk cost copies of itself
// (never-closed quoted wrappers: 128 to 111 ms, best of 10). A pool of
// its own for each size keeps the small files of a tree from taking the
// larger chunks, which the allocator clears whole when it reuses their
// memory (a tree of 40,000 files: 13.2 MiB at most with chunks of one
// size, 16.9 MiB with one pool of the larger).
var (
	chunkPool      = newPool(chunkSize)
	pieceChunkPool = newPool(pieceChunkSize)
)

func newPool(size int) *sync.Pool {
	return &sync.Pool{New: func() any {
		b := make([]byte, 0, size+size/4)
		return &b
	}}
}

// getChunk returns an empty chunk of chunkSize.
func getChunk() []byte { return getFrom(chunkPool) }

func getFrom(p *sync.Pool) []byte { return (*p.Get().(*[]byte))[:0] }

// putChunk returns a chunk to its pool; one that grew far past its size
// (a record larger than a chunk) is left to the collector.
func putChunk(b []byte) {
	switch c := cap(b); {
	case c >= pieceChunkSize && c <= 2*pieceChunkSize:
		pieceChunkPool.Put(&b)
	case c <= 2*chunkSize:
		chunkPool.Put(&b)
	}
}

// chunkWriter sends what is written to it in chunks of about chunkSize
// bytes, or pieceChunkSize for a piece (large), and messages in order
// with them. Once stopped is closed, it sends nothing more and says so.
type chunkWriter struct {
	buf     []byte
	large   bool
	out     chan<- item
	stopped <-chan struct{}
	stop    bool
	enc     *output.Encoder // the worker's
}

// chunk returns the chunk being filled, taken from its pool if need be.
func (w *chunkWriter) chunk() []byte {
	switch {
	case w.buf != nil:
		return w.buf
	case w.large:
		return getFrom(pieceChunkPool)
	}
	return getChunk()
}

// full reports whether the chunk being filled is to be sent.
func (w *chunkWriter) full() bool {
	if w.large {
		return len(w.buf) >= pieceChunkSize
	}
	return len(w.buf) >= chunkSize
}

var errStopped = errors.New("stopped")

func (w *chunkWriter) Write(p []byte) (int, error) {
	if w.stop {
		return 0, errStopped
	}
	w.buf = append(w.chunk(), p...)
	if w.full() {
		w.flush()
	}
	return len(p), nil
}

func (w *chunkWriter) flush() {
	if len(w.buf) > 0 {
		w.send(item{out: w.buf})
		w.buf = nil
	}
}

// record appends the output of a match straight to the chunk being filled.
func (w *chunkWriter) record(o *options, m *extract.Match) {
	if w.stop {
		return
	}
	w.buf = o.appendRecord(w.chunk(), m, w.enc)
	if w.full() {
		w.flush()
	}
}

// message sends a message for standard error, after the output before it.
func (w *chunkWriter) message(msg string) {
	w.flush()
	w.send(item{msg: msg})
}

func (w *chunkWriter) send(it item) {
	if w.stop {
		return
	}
	select {
	case w.out <- it:
	case <-w.stopped:
		w.stop = true
	}
}
