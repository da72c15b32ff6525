package extract

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/extract/rfc3986"
	"github.com/urlsift/urlsift/extract/whatwg"

	"mvdan.cc/xurls/v2"
)

// rfcDir holds the RFC text files the throughput benchmark reads: the
// shared set beside the project, or the directory in URLSIFT_RFC_DIR.
func rfcDir() string {
	if d := os.Getenv("URLSIFT_RFC_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "rfc")
}

func benchExtract(b *testing.B, in []byte, opts ...Option) {
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		x := New(bytes.NewReader(in), append(opts, ReportInvalid())...)
		for x.Next() {
			n++
		}
		if err := x.Err(); err != nil {
			b.Fatal(err)
		}
	}
	if n == 0 && bytes.IndexByte(in, '<') >= 0 {
		b.Fatal("no match")
	}
}

// rfcSet returns the RFC text files of the set concatenated, up to limit
// bytes (all of them when limit is 0), or skips b without them.
func rfcSet(b *testing.B, limit int) []byte {
	files, _ := filepath.Glob(filepath.Join(rfcDir(), "*.txt"))
	if len(files) == 0 {
		b.Skip("no RFC set: set URLSIFT_RFC_DIR")
	}
	var in []byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		in = append(in, data...)
		if limit > 0 && len(in) >= limit {
			return in[:limit]
		}
	}
	return in
}

// BenchmarkRFCs runs over every RFC text file of the set, concatenated,
// with each grammar.
func BenchmarkRFCs(b *testing.B) {
	in := rfcSet(b, 0)
	for _, g := range []Grammar{rfc1738.Grammar{}, rfc3986.URI, rfc3986.IRI} {
		b.Run(g.Name(), func(b *testing.B) { benchExtract(b, in, WithGrammar(g)) })
	}
}

// BenchmarkDenseValid runs over 16 MiB of lines that each hold two valid
// URLs, "<URL:http://a.example/x> see <http://b.example/y> and", as the
// command reads them by default: valid URLs only. It reports the
// allocations per URL.
func BenchmarkDenseValid(b *testing.B) {
	line := "<URL:http://a.example/x> see <http://b.example/y> and\n"
	benchLines(b, bytes.Repeat([]byte(line), 16<<20/len(line)))
}

// BenchmarkQuoted reads 16 MiB of quoted lines, "> <URL:http://a.example/x>":
// each wrapper opens on a line with a quote prefix.
func BenchmarkQuoted(b *testing.B) {
	line := "> <URL:http://a.example/x>\n"
	benchLines(b, bytes.Repeat([]byte(line), 16<<20/len(line)))
}

// BenchmarkQuotedOpen reads 16 MiB of "> <URL:http://a.example/x" lines:
// a reply quoting a cut-off line, whose wrappers never close but at the
// quote marker that starts the next line (BenchmarkQuoted's close).
func BenchmarkQuotedOpen(b *testing.B) {
	line := "> <URL:http://a.example/x\n"
	benchLines(b, bytes.Repeat([]byte(line), 16<<20/len(line)))
}

// BenchmarkHosts reads 16 MiB of "see www.a.example and b.example.org now"
// lines with Schemeless: two bare host names a line, each checked against
// the public-suffix list.
func BenchmarkHosts(b *testing.B) {
	in := bytes.Repeat([]byte("see www.a.example and b.example.org now\n"), 16<<20/40)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	urls := 0
	for b.Loop() {
		x := New(bytes.NewReader(in), Schemeless())
		for x.Next() {
			urls++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(urls), "ns/URL")
}

// benchLines reads in as the command does, each match in place
// (current), and as a library user who keeps every match does (match:
// Match copies its strings to the extractor's shared blocks). It reports
// URLs a second and allocations per URL.
func benchLines(b *testing.B, in []byte) {
	for _, keep := range []bool{false, true} {
		name := "current"
		if keep {
			name = "match"
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			mallocs := ms.Mallocs
			urls, n := 0, 0
			for b.Loop() {
				x := New(bytes.NewReader(in))
				for x.Next() {
					if keep {
						n += len(x.Match().URL)
					} else {
						n += len(x.Current().URL)
					}
					urls++
				}
			}
			runtime.ReadMemStats(&ms)
			if n == 0 {
				b.Fatal("no URL")
			}
			b.ReportMetric(float64(urls)/b.Elapsed().Seconds()/1e6, "MURL/s")
			b.ReportMetric(float64(ms.Mallocs-mallocs)/float64(urls), "allocs/URL")
		})
	}
}

// BenchmarkNoWrappers runs over 16 MiB of prose with no "<".
func BenchmarkNoWrappers(b *testing.B) {
	line := "The whitespace should be ignored when extracting the URL (RFC 1738).\n"
	benchExtract(b, []byte(strings.Repeat(line, 16<<20/len(line))))
}

// BenchmarkDense runs over 4 MiB of text where every line holds wrappers:
// valid, split, hyphenated, invalid, and angle brackets that are no URLs.
func BenchmarkDense(b *testing.B) {
	block := "see <URL:http://www.example.com/a/b.html> or <http://www-\n   cse.ucsd.edu/x.txt>, " +
		"<URL:ftp://ds.in\n   ternic.net/rfc> not <port> nor <URL:http://h.example/~user/>\n"
	benchExtract(b, []byte(strings.Repeat(block, 4<<20/len(block))))
}

// repeat is an input of n bytes that repeats block: large inputs without
// the memory to hold them.
type repeat struct {
	block []byte
	n     int64 // bytes left
	off   int   // offset in block
}

// newRepeat returns the input; its block is at least 64 KiB, so that
// making the input costs little beside reading it.
func newRepeat(block string, n int64) *repeat {
	return &repeat{block: []byte(strings.Repeat(block, (64<<10)/len(block)+1)), n: n}
}

func (r *repeat) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), r.n)]
	total := 0
	for len(p) > 0 {
		c := copy(p, r.block[r.off:])
		r.off = (r.off + c) % len(r.block)
		p = p[c:]
		total += c
	}
	r.n -= int64(total)
	return total, nil
}

// benchStream runs the extractor over n bytes of block repeated, as the
// command does: valid URLs only.
func benchStream(b *testing.B, block string, n int64, opts ...Option) {
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		x := New(newRepeat(block, n), opts...)
		for x.Next() {
		}
		if err := x.Err(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLarge runs over 1 GiB of prose with no "<", and over one
// line of 1 GiB with a URL in every KiB or so.
func BenchmarkLarge(b *testing.B) {
	b.Run("no-wrappers", func(b *testing.B) {
		benchStream(b, "The whitespace should be ignored when extracting the URL (RFC 1738).\n", 1<<30)
	})
	b.Run("one-line", func(b *testing.B) {
		// Prose without a line break, a wrapper in every KiB or so.
		benchStream(b, strings.Repeat("one line that never ends, and goes on, ", 25)+
			"with a <URL:http://a.example/x> now and then ", 1<<30)
	})
}

// BenchmarkAdversarial runs over 256 MiB of inputs made to slow a
// scanner down.
func BenchmarkAdversarial(b *testing.B) {
	for _, c := range []struct{ name, block string }{
		{"all-lt", "<"},
		{"url-no-gt", "<URL:"},
		{"nul", "\x00"},
		{"invalid-utf8", "\xff\xfe\xc0<http://a.example/\xff>\x80\x80"},
		{"invalid-utf8-text", "\xff\xfe\xc3"}, // one line, no "<"
		// The same bytes read as UTF-16 (the command decodes them so, for
		// their byte-order mark): characters of three bytes, two in three
		// led by 0xEF, the lead byte of the fullwidth brackets.
		{"utf16-text", "\uFFC3\uC3FE\uFEFF"},
		{"lt-gt", "<>"},
		{"quoted-lt", "> <a\n"},
	} {
		b.Run(c.name, func(b *testing.B) { benchStream(b, c.block, 256<<20) })
	}
}

// BenchmarkProse runs the finders of URLs in prose (Unwrapped, and
// Schemeless with the IRI grammar) over the RFC set and over 64 MiB of
// inputs made to slow them down: every byte an event, look-backs that
// find a scheme-like word and fail, host names that never end.
func BenchmarkProse(b *testing.B) {
	levels := []struct {
		name string
		opts []Option
	}{
		{"unwrapped", []Option{Unwrapped()}},
		{"schemeless", []Option{Schemeless(), WithGrammar(rfc3986.IRI)}},
	}
	in := rfcSet(b, 0)
	for _, l := range levels {
		b.Run("rfcs/"+l.name, func(b *testing.B) { benchExtract(b, in, l.opts...) })
	}
	for _, c := range []struct{ name, block string }{
		{"colons", ":"},
		{"dots", "."},
		{"ats", "@"},
		{"scheme-colon", "http:"},
		{"scheme-word", "xhttp://"},
		{"opaque-scheme", "mailto:"},
		{"note-colons", "Note: "},
		{"www-dots", "www."},
		{"labels", "a."},
		{"long-label", "abcdefghijklmnopqrstuvwxyz0123456789."},
		{"no-tld", "a.b "},
		{"email-no-host", "a@"},
		{"url-hyphen-lines", "http://a.example/x-\n"},
		{"invalid-utf8", "\xff\xfe\xc3"},
	} {
		for _, l := range levels {
			b.Run(c.name+"/"+l.name, func(b *testing.B) { benchStream(b, c.block, 64<<20, l.opts...) })
		}
	}
}

// BenchmarkPeer runs urlsift and xurls (mvdan.cc/xurls/v2, strict mode:
// URLs with a scheme) over the same 4 MiB of the RFC set in each round,
// and reports both throughputs and their ratio.
func BenchmarkPeer(b *testing.B) {
	in := rfcSet(b, 4<<20)
	re := xurls.Strict()
	var ours, theirs time.Duration
	found := 0
	for b.Loop() {
		start := time.Now()
		x := New(bytes.NewReader(in))
		for x.Next() {
			found++
		}
		ours += time.Since(start)
		start = time.Now()
		found += len(re.FindAllIndex(in, -1))
		theirs += time.Since(start)
	}
	mb := float64(len(in)) * float64(b.N) / 1e6
	b.ReportMetric(mb/ours.Seconds(), "urlsift-MB/s")
	b.ReportMetric(mb/theirs.Seconds(), "xurls-MB/s")
	b.ReportMetric(theirs.Seconds()/ours.Seconds(), "times-faster")
}

// BenchmarkNormalize reads 4 MiB of lines of two URLs, one far from its
// normal form, with each grammar's normal form (Normalize) and without
// (off), and with the URL Standard's parser, whose href is each URL
// (whatwg) and its own normal form (whatwg-normalize). It reports the
// cost per URL.
func BenchmarkNormalize(b *testing.B) {
	line := "<URL:HTTP://WWW.Example.COM:80/a/./b/../c> see <http://b.example.org/y> and\n"
	in := bytes.Repeat([]byte(line), 4<<20/len(line))
	for _, c := range []struct {
		name string
		opts []Option
	}{
		{"off", nil},
		{"rfc1738", []Option{Normalize()}},
		{"rfc3986", []Option{WithGrammar(rfc3986.URI), Normalize()}},
		{"iri", []Option{WithGrammar(rfc3986.IRI), Normalize()}},
		{"whatwg", []Option{WithGrammar(whatwg.Grammar{})}},
		{"whatwg-normalize", []Option{WithGrammar(whatwg.Grammar{}), Normalize()}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			urls := 0
			for b.Loop() {
				x := New(bytes.NewReader(in), c.opts...)
				for x.Next() {
					urls++
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(urls), "ns/URL")
		})
	}
}
