package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/source"
)

// describe writes a match or an error with every field a record has.
func describe(m *extract.Match, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return fmt.Sprintf("%s %s %d %s %v %q %q %q %s %q %q %d@%d %s %s %s", m.Input, m.Pos, m.Pos.Offset, m.Form, m.Valid, m.URL,
		m.Raw, m.Error, m.Scheme, m.Alternatives, m.Warnings, m.Mail.Message, m.Mail.MessageOffset, m.Mail.MessageID, m.Mail.Part, m.Mail.Charset)
}

// whole reads a file as the command does.
func whole(c config, name string, in []byte) (out []string, messages int) {
	src := c.source()
	src.Each(bytes.NewReader(in), name, func(m *extract.Match, err error) bool {
		out = append(out, describe(m, err))
		return true
	})
	return out, src.Counts().Messages
}

// dynamicSplits counts the splits made by split.
var dynamicSplits int

// split reads a file as the pipeline does: in blocks of size, indexed,
// turned into pieces, and each piece read as a range that is split
// again at random (a runner's dynamic splits) when rng is not nil.
func split(t *testing.T, c config, name string, in []byte, size int64, rng *rand.Rand) (out []string, messages int) {
	t.Helper()
	src := c.source()
	l, err := src.Sniff(bytes.NewReader(in))
	if err != nil || !l.Splittable() {
		t.Fatalf("%s: %+v, %v: not splittable", name, l, err)
	}
	f := bytes.NewReader(in)
	n := int64(len(in))
	var sums []source.Block
	b := block{Path: name, Size: n, Kind: int(l.Kind)}
	for lo := int64(0); lo < n; lo += size {
		blk := b
		blk.Lo, blk.Hi = lo, min(lo+size, n)
		s, err := index(f, blk)
		if err != nil {
			t.Fatal(err)
		}
		sums = append(sums, s)
	}
	for _, u := range pieces(b, sums) {
		queue := []offsetrange.Restriction{{Start: u.Start, End: u.End}}
		for len(queue) > 0 {
			r := queue[0]
			queue = queue[1:]
			tr := &splitter{Tracker: offsetrange.NewTracker(r), rng: rng, queue: &queue}
			messages += span(f, src, c.Read.MaxLength, u, tr, func(m *extract.Match, err error) {
				out = append(out, describe(m, err))
			})
			if tr.GetError() != nil {
				t.Fatalf("%s: the tracker of %v: %v", name, r, tr.GetError())
			}
			if !tr.IsDone() {
				t.Fatalf("%s: %v is not done: %v", name, r, tr)
			}
		}
	}
	return out, messages
}

// splitter is a range's tracker that, given rng, splits the range at
// random before one claim in three, as a runner may, queueing the rest.
type splitter struct {
	*offsetrange.Tracker
	rng   *rand.Rand
	queue *[]offsetrange.Restriction
}

func (tr *splitter) TryClaim(pos any) bool {
	if tr.rng != nil && tr.rng.IntN(3) == 0 {
		if _, res, err := tr.TrySplit(tr.rng.Float64()); err == nil && res != nil {
			*tr.queue = append([]offsetrange.Restriction{res.(offsetrange.Restriction)}, *tr.queue...)
			dynamicSplits++
		}
	}
	return tr.Tracker.TryClaim(pos)
}

// testInputs are the splittable files of corpus/ and inputs made to be cut:
// wrappers over line breaks of every kind, long lines, quoted text.
func testInputs(t *testing.T) map[string][]byte {
	files, _ := filepath.Glob(filepath.Join("..", "..", "corpus", "*"))
	in := map[string][]byte{}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			continue // a directory
		}
		in[filepath.Base(name)] = b
	}
	var text strings.Builder
	for i := range 60 {
		fmt.Fprintf(&text, "%d <URL:http://a%d.example/long-\n   path/x> b <http://b.\r\n  example/%d> c\r\r", i, i, i)
		fmt.Fprintf(&text, "<URL:ftp://ds.in\n\tternic.net/rfc%d> and http://c.example/%d \"http://q.example/\" www.w%d.example\n", i, i, i)
		fmt.Fprintf(&text, "> <URL:http://e.example/quoted-\n> path%d>\n<URL:http://g.example/a/\n  http://h.example/b%d>\n%s <http://f.example/%d>\n",
			i, i, strings.Repeat("x", i*7), i)
	}
	in["made.txt"] = []byte(text.String())
	in["made.mbox"] = mbox(60, 1)
	return in
}

// mbox makes an mbox of n messages: plain, quoted-printable Latin-1,
// base64, HTML, multipart, CR LF and broken ones, each with URLs in the
// header and the body, and, one in four, runs of one to three messages
// with none, seed choosing among them.
func mbox(n int, seed uint64) []byte {
	rng := rand.New(rand.NewPCG(seed, 7))
	var b bytes.Buffer
	for i := range n {
		if rng.IntN(4) == 0 {
			for k := range 1 + rng.IntN(3) {
				fmt.Fprintf(&b, "From quiet%d.%d@example.org Mon Jan  1 00:00:00 2001\nFrom: q@example.org\n\nno link here\n\n", i, k)
			}
		}
		fmt.Fprintf(&b, "From sender%d@example.org Mon Jan  1 00:00:00 2001\n", i)
		fmt.Fprintf(&b, "From: a%d@example.org\nMessage-ID: <m%d@example.org>\nX-URL: <URL:http://h%d.example/\n x>\n", i, i, i)
		switch rng.IntN(6) {
		case 0:
			fmt.Fprintf(&b, "\nsee <URL:http://p%d.example/a-\n  b> and <http://p.example/~u%d>\n>From here\nFrom there\n", i, i)
		case 1:
			fmt.Fprintf(&b, "MIME-Version: 1.0\nContent-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\n"+
				"caf=E9 <URL:http://q%d.example/very/long/path/cut/by/a/soft/line/=\nbreak.html>\n", i)
		case 2:
			fmt.Fprintf(&b, "MIME-Version: 1.0\nContent-Transfer-Encoding: base64\n\n%s\n",
				"PGh0dHA6Ly9iNjQuZXhhbXBsZS8+IGFuZCA8VVJMOmZ0cDovL2ZvLmV4YW1wbGUvYmFyPgo=")
		case 3:
			fmt.Fprintf(&b, "MIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=b%d\n\n--b%d\nContent-Type: text/html\n\n"+
				"<p><a href=\"http://html%d.example/\">x</a> &lt;http://t.example/&gt;</p>\n--b%d--\n", i, i, i, i)
		case 4:
			b.WriteString("MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=zz\n\n--zz\n\n<http://broken.example/>\n") // never closed
		case 5:
			fmt.Fprintf(&b, "\r\n<http://crlf%d.example/>\r\n", i)
		}
		b.WriteString("\n")
	}
	return b.Bytes()
}

// TestSplitting: however a file is cut into blocks, and however its
// ranges are split again, the records are those of the whole file, in
// the same order, and so is the number of its messages.
func TestSplitting(t *testing.T) {
	slack = 0 // the margin at its bare minimum, where splitting would show
	defer func() { slack = 128 << 10 }()
	configs := map[string]config{
		"default":    {Read: source.Settings{Grammar: "rfc1738", Input: "auto", MaxLength: 64, Invalid: true}},
		"unwrapped":  {Read: source.Settings{Grammar: "rfc3986", Input: "auto", MaxLength: 200, Unwrapped: true, Invalid: true}},
		"schemeless": {Read: source.Settings{Grammar: "iri", Input: "auto", MaxLength: 8192, Schemeless: true, Invalid: true}},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for name, in := range testInputs(t) {
		for cname, c := range configs {
			l, _ := c.source().Sniff(bytes.NewReader(in))
			if !l.Splittable() {
				continue
			}
			t.Run(name+"/"+cname, func(t *testing.T) {
				want, messages := whole(c, name, in)
				if len(want) == 0 && strings.HasPrefix(name, "made") {
					t.Fatal("nothing found")
				}
				before := dynamicSplits
				defer func() {
					if len(want) > 2 && dynamicSplits == before {
						t.Error("never split again")
					}
				}()
				for _, size := range []int64{1, 7, 100, 4096, 1 << 20} {
					if size == 1 && len(in) > 60<<10 {
						continue
					}
					got, n := split(t, c, name, in, size, nil)
					if !slices.Equal(got, want) {
						t.Fatalf("blocks of %d:\n%s", size, diff(got, want))
					}
					if n != messages {
						t.Errorf("blocks of %d: %d messages, whole: %d", size, n, messages)
					}
					got, n = split(t, c, name, in, size, rng)
					if !slices.Equal(got, want) {
						t.Fatalf("blocks of %d, split again:\n%s", size, diff(got, want))
					}
					if n != messages {
						t.Errorf("blocks of %d, split again: %d messages, whole: %d", size, n, messages)
					}
				}
			})
		}
	}
}

// diff shows the first difference of two lists.
func diff(got, want []string) string {
	for i := range max(len(got), len(want)) {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			return fmt.Sprintf("record %d (of %d, want %d):\ngot  %s\nwant %s", i, len(got), len(want), g, w)
		}
	}
	return ""
}
