package main

import (
	"errors"
	"sync"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/output"
)

// chunkPool holds chunks for reuse. A new chunk is made whole, with room
// past chunkSize for the record that crosses it: grown from nothing by
// the appends of records, each chunk cost copies of itself (never-closed
// quoted wrappers: 128 to 111 ms, best of 10).
var chunkPool = sync.Pool{New: func() any {
	b := make([]byte, 0, chunkSize+chunkSize/4)
	return &b
}}

func getChunk() []byte { return (*chunkPool.Get().(*[]byte))[:0] }

func putChunk(b []byte) {
	if cap(b) <= 2*chunkSize {
		chunkPool.Put(&b)
	}
}

// chunkWriter sends what is written to it in chunks of about chunkSize
// bytes, and messages in order with them. Once stopped is closed, it
// sends nothing more and says so.
type chunkWriter struct {
	buf     []byte
	out     chan<- item
	stopped <-chan struct{}
	stop    bool
	enc     *output.Encoder // the worker's
}

var errStopped = errors.New("stopped")

func (w *chunkWriter) Write(p []byte) (int, error) {
	if w.stop {
		return 0, errStopped
	}
	if w.buf == nil {
		w.buf = getChunk()
	}
	w.buf = append(w.buf, p...)
	if len(w.buf) >= chunkSize {
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
	if w.buf == nil {
		w.buf = getChunk()
	}
	w.buf = o.appendRecord(w.buf, m, w.enc)
	if len(w.buf) >= chunkSize {
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
