package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"sync/atomic"
	"syscall"

	"github.com/urlsift/urlsift/extract/output"
)

// tally is what printing the results of the files came to.
type tally struct {
	out               *bufio.Writer
	werr              error // the first write error, which ends the run
	found, failed     bool
	binaries, skipped int
	sum               output.Stats
	rejected          output.Stats
}

// printAll prints, in order, what the workers find in the jobs: the
// output, and the messages on standard error.
func printAll(jobs iter.Seq[*job], o options, stdin io.Reader, stdout, stderr io.Writer, read, finished *atomic.Int64) tally {
	t := tally{out: bufio.NewWriterSize(stdout, chunkSize)}
	stopped, closed := make(chan struct{}), false
	stop := func() { // the workers stop at their next write or read
		if !closed {
			closed = true
			close(stopped)
		}
	}
	var seen *seen // -u
	if o.unique {
		seen = newSeen()
	}
	listed := 0 // with -u, the URLs of the file being listed that -u prints
	for res := range process(jobs, o, stdin, read, finished, stopped) {
		for it := range res.items {
			if t.werr != nil {
				continue // draining what the worker sent before it stopped
			}
			if it.keyed && !seen.add(it.key) {
				putChunk(it.out)
				continue // -u: printed already
			}
			if it.counted {
				listed++
				continue
			}
			if it.listing != "" {
				it.out, listed = o.listLine(getChunk(), it.listing, it.member, listed), 0
			}
			if it.msg != "" {
				t.werr = t.out.Flush()
				fmt.Fprintf(stderr, "urlsift: %s\n", printable(it.msg))
			} else {
				_, t.werr = t.out.Write(it.out)
				putChunk(it.out)
			}
			if t.werr != nil {
				stop()
			}
		}
		if o.quiet && res.found {
			stop() // -q: nothing more to read
		}
		t.found = t.found || res.found
		t.failed = t.failed || res.failed
		if res.binary {
			t.binaries++
		} else {
			t.sum.Merge(&res.stats)
		}
		t.rejected.Plus(&res.rejected)
		t.skipped += res.skipped
	}
	return t
}

// report says on standard error what the run skipped and, with --stats,
// what it read, and returns the exit status.
func (t *tally) report(o options, stderr io.Writer, read int64, seconds float64) int {
	if t.werr != nil {
		if !errors.Is(t.werr, syscall.EPIPE) { // a closed pipe ends the run quietly, as with grep
			fmt.Fprintf(stderr, "urlsift: writing the output: %v\n", t.werr)
		}
		return 2
	}
	if t.binaries > 0 {
		fmt.Fprintf(stderr, "urlsift: %d binary files skipped\n", t.binaries)
	}
	if t.skipped > 0 && !o.json {
		fmt.Fprintf(stderr, "urlsift: %d MIME parts skipped as not text (--json names them)\n", t.skipped)
	}
	if o.stats && !o.json {
		fmt.Fprint(stderr, t.sum.Text(read, seconds))
	}
	if !o.json && !o.formatErrors && !o.stats && !o.quiet && !o.noMessages {
		fmt.Fprint(stderr, rejectLine(&t.rejected, o.grammar))
	}
	switch {
	case o.quiet && t.found: // as grep -q: a URL found says it all
		return 0
	case t.failed:
		return 2
	case t.found:
		return 0
	}
	return 1
}

// listLine appends the line of -c, -l or -L for the file name, or for
// its member (when member is not ""), which has n URLs to print, to dst.
// A member of an archive is named by -c even without -H: its counts alone
// would say nothing of which is which.
func (o *options) listLine(dst []byte, name, member string, n int) []byte {
	switch {
	case o.count:
		if o.withName || member != "" { // "file:N"
			dst = append(append(dst, printable(memberName(name, member))...), ':')
		}
		return append(strconv.AppendInt(dst, int64(n), 10), o.end)
	case o.filesWith && n > 0, o.filesWithout && n == 0:
		return append(append(dst, printable(memberName(name, member))...), o.end)
	}
	return dst
}
