package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// endless reads block after block, for ever.
type endless struct {
	block string
	at    int
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], e.block[e.at:])
		n += c
		e.at = (e.at + c) % len(e.block)
	}
	return n, nil
}

// failing fails every write, as /dev/full or a closed pipe does.
type failing struct{ err error }

func (f failing) Write(p []byte) (int, error) { return 0, f.err }

// TestWriteError: the first write error ends the run, with exit 2 and a
// message, but for a closed pipe, which ends it quietly.
func TestWriteError(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		msg  string
	}{
		{"no space", syscall.ENOSPC, "urlsift: writing the output: no space left on device\n"},
		{"closed pipe", syscall.EPIPE, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var errOut bytes.Buffer
			code := make(chan int, 1)
			go func() {
				code <- run(nil, &endless{block: "x <http://a.example/>\n"}, failing{c.err}, &errOut)
			}()
			select {
			case got := <-code:
				if got != 2 || errOut.String() != c.msg {
					t.Errorf("exit %d, stderr %q; want 2, %q", got, errOut.String(), c.msg)
				}
			case <-time.After(time.Minute): // a guard against hanging, not a measure
				t.Fatal("the run did not end at the write error")
			}
		})
	}
}

// TestWriteErrorFiles: a write error stops the files still to read.
func TestWriteErrorFiles(t *testing.T) {
	var errOut bytes.Buffer
	args := make([]string, 100)
	for i := range args {
		args[i] = "../../corpus/rfc1738.txt"
	}
	if code := run(args, nil, failing{syscall.ENOSPC}, &errOut); code != 2 || strings.Count(errOut.String(), "\n") != 1 {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}

// interleaved records standard output and standard error in the order
// they are written.
type interleaved struct {
	log  *strings.Builder
	mark string
}

func (w interleaved) Write(p []byte) (int, error) {
	for _, l := range strings.SplitAfter(string(p), "\n") {
		if l != "" {
			w.log.WriteString(w.mark + l)
		}
	}
	return len(p), nil
}

// TestErrorsInOrder: errors are written as they occur, in order with the
// output, not held until the file ends.
func TestErrorsInOrder(t *testing.T) {
	var in strings.Builder
	for i := range 3 {
		fmt.Fprintf(&in, "From a Mon Jan  1 00:00:00 2001\nFrom: a@example.org\nMessage-ID: <%d@x>\n"+
			"MIME-Version: 1.0\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\n!!!!\n\n"+
			"From b Mon Jan  1 00:00:00 2001\nFrom: b@example.org\n\n<http://m%d.example/>\n\n", i, i)
	}
	var log strings.Builder
	run(nil, strings.NewReader(in.String()), interleaved{&log, "out "}, interleaved{&log, "err "})
	want := ""
	for i := range 3 {
		// At the line of the bad base64 in the file: 14 lines to a pair of messages.
		want += fmt.Sprintf("err urlsift: -: message %d <%d@x> part 1: %d:1: illegal base64 data\nout http://m%d.example/\n", 2*i+1, i, 8+14*i, i)
	}
	if log.String() != want {
		t.Errorf("got\n%s\nwant\n%s", log.String(), want)
	}
}

// TestBackPressure: a slow reader of the output holds the workers back:
// no more than window() files are read ahead of it.
func TestBackPressure(t *testing.T) {
	dir := t.TempDir()
	var args []string
	for i := range 200 {
		name := filepath.Join(dir, fmt.Sprintf("f%03d.txt", i))
		if err := os.WriteFile(name, []byte(strings.Repeat("<http://a.example/>\n", 100)), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, name)
	}
	jobs := expand(args, true)
	var read, done atomic.Int64
	stopped := make(chan struct{})
	results := process(jobs, options{}, nil, &read, &done, stopped)
	// Nobody reads the results for a while: the workers must stop.
	time.Sleep(300 * time.Millisecond)
	if n := done.Load(); n > int64(window()+1) {
		t.Errorf("%d files read while the output took nothing; the window is %d", n, window())
	}
	close(stopped)
	for res := range results {
		for range res.items {
		}
	}
}
