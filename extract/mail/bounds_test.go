package mail

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/urlsift/urlsift/extract"
)

// Hostile inputs, made as they are in spam and mail bombs.

// foldedHeader is a message with one field folded over n lines.
func foldedHeader(n int) string {
	return "From: a@example.org\nX-Long: a\n" + strings.Repeat(" b\n", n) + "\n<http://body.example/>\n"
}

// nestedMultipart is a message of n multiparts, each the only part of
// the one around it, the innermost holding a URL.
func nestedMultipart(n int) string {
	var b strings.Builder
	b.WriteString("From: a@example.org\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b0\n\n")
	for i := range n {
		fmt.Fprintf(&b, "--b%d\nContent-Type: multipart/mixed; boundary=b%d\n\n", i, i+1)
	}
	fmt.Fprintf(&b, "--b%d\nContent-Type: text/plain\n\n<http://deep.example/>\n", n)
	for i := n; i >= 0; i-- {
		fmt.Fprintf(&b, "--b%d--\n", i)
	}
	return b.String()
}

// nestedMessages is n messages, each attached to the one around it.
func nestedMessages(n int) string {
	return strings.Repeat("From: a@example.org\nMIME-Version: 1.0\nContent-Type: message/rfc822\n\n", n) +
		"From: z@example.org\n\n<http://deep.example/>\n"
}

// htmlLinks is an HTML part of n links and no text.
func htmlLinks(n int) string {
	return "From: a@example.org\nMIME-Version: 1.0\nContent-Type: text/html\n\n<html><body>" +
		strings.Repeat(`<a href="http://h.example/x"></a>`, n) + "</body></html>\n"
}

// liveHeap returns the bytes of the live heap.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// walk reads in as one message and returns its matches, its warnings,
// the most live heap seen at every sample-th match (more than when it
// started), and the bytes allocated.
func walk(t *testing.T, in string, sample int) (matches int, warnings []string, peak, alloc uint64) {
	t.Helper()
	var ms runtime.MemStats
	base := liveHeap()
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	for m, err := range matchesOf(strings.NewReader(in), Message) {
		var pe *PartError
		switch {
		case errors.As(err, &pe) && pe.Warning:
			warnings = append(warnings, err.Error())
			continue
		case err != nil:
			t.Fatal(err)
		}
		if !m.Valid {
			t.Fatalf("invalid %q", m.URL)
		}
		if matches%sample == 0 {
			if h := liveHeap(); h > base && h-base > peak {
				peak = h - base
			}
		}
		matches++
	}
	runtime.ReadMemStats(&ms)
	return matches, warnings, peak, ms.TotalAlloc - before
}

// TestNestingBounds: nesting deeper than MaxDepth is read as text of the
// deepest part, with a warning, in memory that does not grow with the
// depth.
func TestNestingBounds(t *testing.T) {
	for _, c := range []struct {
		name string
		in   func(int) string
	}{
		{"multipart", nestedMultipart},
		{"message/rfc822", nestedMessages},
	} {
		t.Run(c.name, func(t *testing.T) {
			var peaks []uint64
			for _, depth := range []int{MaxDepth - 1, 1_000, 10_000} {
				n, warnings, peak, _ := walk(t, c.in(depth), 1)
				if n != 1 {
					t.Fatalf("depth %d: %d matches, want 1", depth, n)
				}
				if deep := depth+1 > MaxDepth; deep != (len(warnings) == 1) ||
					deep && !strings.Contains(warnings[0], "nested deeper than 100 levels: the rest is read as text") {
					t.Errorf("depth %d: warnings %.200q", depth, warnings)
				}
				peaks = append(peaks, peak)
			}
			// The live heap at the deepest match: at most the buffers of
			// MaxDepth levels, whatever the depth.
			if peaks[2] > 8<<20 || peaks[2] > 2*peaks[1]+1<<20 {
				t.Errorf("live heap at depths %d, 1,000, 10,000: %d, %d, %d bytes", MaxDepth-1, peaks[0], peaks[1], peaks[2])
			}
		})
	}
}

// TestHeaderLinear: unfolding a field costs as much per line at 20,000
// lines as at 2,000 (it was quadratic).
func TestHeaderLinear(t *testing.T) {
	_, _, _, small := walk(t, foldedHeader(2_000), 1)
	_, _, _, large := walk(t, foldedHeader(20_000), 1)
	if large > 20*small {
		t.Errorf("allocated %d bytes for 2,000 folded lines, %d for 20,000: more than linear", small, large)
	}
}

// TestHTMLLinksStream: the links of an HTML part go out as they are found:
// the live heap does not grow with their number.
func TestHTMLLinksStream(t *testing.T) {
	n, _, peak, _ := walk(t, htmlLinks(200_000), 20_000)
	if n != 200_000 {
		t.Fatalf("%d links, want 200,000", n)
	}
	if peak > 8<<20 {
		t.Errorf("live heap %d bytes while reading 200,000 links", peak)
	}
}

// TestHTMLLinksOrder: links and wrappers come in the order of the text
// (their places in it, PartPos), a link at the place of a wrapper first
// (its tag comes first); past
// maxLinks waiting behind an open wrapper, links go out before it.
func TestHTMLLinksOrder(t *testing.T) {
	for _, c := range []struct {
		name, html string
		want       []string
	}{
		{"in order", `<a href="http://a.example/">&lt;http://b.example/&gt;</a> <img src="http://c.example/">`,
			[]string{"1:1 http://a.example/", "1:1 http://b.example/", "1:21 http://c.example/"}},
		{"many behind an open wrapper", "&lt;URL:http://w.example/" + strings.Repeat(`<a href="http://h.example/"></a>`, maxLinks+2) + "&gt;",
			// "<URL:http://w.example/" is 22 characters: the links stand at 23.
			append(append(append([]string(nil), "1:23 http://h.example/", "1:23 http://h.example/"),
				"1:1 http://w.example/"), slicesRepeat("1:23 http://h.example/", maxLinks)...)},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := "From: a@example.org\nMIME-Version: 1.0\nContent-Type: text/html\n\n" + c.html
			var got []string
			for m, err := range matchesOf(strings.NewReader(in), Message, extract.ReportInvalid()) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, fmt.Sprintf("%d:%d %s", m.Mail.PartPos.Line, m.Mail.PartPos.Column, m.URL)) // in the text
			}
			if g, w := strings.Join(got, "|"), strings.Join(c.want, "|"); g != w {
				t.Errorf("got %d matches %.300q\nwant %d %.300q", len(got), g, len(c.want), w)
			}
		})
	}
}

func slicesRepeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func BenchmarkHostile(b *testing.B) {
	for _, c := range []struct {
		name string
		in   string
	}{
		{"folded-header-20k", foldedHeader(20_000)},
		{"folded-header-200k", foldedHeader(200_000)},
		{"nested-multipart-1k", nestedMultipart(1_000)},
		{"nested-multipart-10k", nestedMultipart(10_000)},
		{"nested-messages-10k", nestedMessages(10_000)},
		{"nested-messages-100k", nestedMessages(100_000)},
		{"html-links-30k", htmlLinks(30_000)},
		{"html-links-300k", htmlLinks(300_000)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.in)))
			b.ReportAllocs()
			for b.Loop() {
				for range matchesOf(bytes.NewReader([]byte(c.in)), Message) {
				}
			}
		})
	}
}

// FuzzBounds reads any input as a message and as an mbox, and asserts the
// bounds as well as no panic: the bytes allocated and the time taken
// grow at most linearly with the input, with constants far above what
// any input needs and far below what a quadratic path costs.
func FuzzBounds(f *testing.F) {
	for _, s := range []string{foldedHeader(500), nestedMultipart(150), nestedMessages(150), htmlLinks(500),
		"From a\nFrom: b\nContent-Type: multipart/mixed\n\n<http://a.example/>\n",
		"From: a\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n=\x05=4\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 1<<16 {
			return
		}
		for _, kind := range []Kind{Message, Mbox} {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			before, start := ms.TotalAlloc, time.Now()
			for range matchesOf(bytes.NewReader(in), kind, extract.ReportInvalid()) {
			}
			elapsed := time.Since(start)
			runtime.ReadMemStats(&ms)
			if alloc := ms.TotalAlloc - before; alloc > 16<<20+4096*uint64(len(in)) {
				t.Fatalf("%v: %d bytes allocated for %d bytes of input", kind, alloc, len(in))
			}
			if elapsed > 2*time.Second+time.Duration(len(in))*50*time.Microsecond {
				t.Fatalf("%v: %v for %d bytes of input", kind, elapsed, len(in))
			}
		}
	})
}
