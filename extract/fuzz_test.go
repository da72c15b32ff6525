package extract

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/extract/rfc3986"
	"github.com/urlsift/urlsift/extract/whatwg"
	"github.com/urlsift/urlsift/scanner"
)

func FuzzExtract(f *testing.F) {
	for _, tc := range tests {
		f.Add([]byte(tc.in), uint16(0), uint8(0))
		f.Add([]byte(tc.in), uint16(len(tc.in)/2), uint8(0))
	}
	for _, tc := range proseTests {
		f.Add([]byte(tc.in), uint16(0), uint8(2))
		f.Add([]byte(tc.in), uint16(len(tc.in)/2), uint8(1))
	}
	// The corpus files, in pieces of 4 KiB around their wrappers: small
	// inputs let the fuzzer mutate faster.
	files, _ := filepath.Glob("../corpus/*")
	for _, name := range files {
		if info, err := os.Stat(name); err != nil || info.IsDir() {
			continue
		}
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for len(b) > 0 {
			n := min(len(b), 4096)
			if bytes.ContainsAny(b[:n], "<\uff1c") {
				f.Add(b[:n], uint16(0), uint8(len(b)%3))
			}
			b = b[n:]
		}
	}
	f.Fuzz(func(t *testing.T, in []byte, max uint16, set uint8) {
		orig := bytes.Clone(in)
		defer func() {
			// Nothing writes into the input: not the in-place scans
			// below, nor what they leave behind for the reads after.
			if !bytes.Equal(in, orig) {
				t.Fatalf("the input was written into: %q, was %q", in, orig)
			}
		}()
		opts := append(optionSet(set), MaxLength(int(max)))
		valid := drain(t, New(bytes.NewReader(in), opts...))
		opts = append(opts, ReportInvalid())
		var whole []Match
		for m, err := range All(bytes.NewReader(in), opts...) {
			if err != nil {
				t.Fatal(err)
			}
			whole = append(whole, m)
		}
		prev := int64(-1)
		for _, m := range whole {
			off := m.Pos.Offset
			if off <= prev || off < 0 || off+int64(len(m.Raw)) > int64(len(in)) ||
				string(in[off:off+int64(len(m.Raw))]) != m.Raw {
				t.Fatalf("match %+v does not lie after offset %d in the input", m, prev)
			}
			prev = off
			if line, col := lineCol(in[:off]); line != m.Pos.Line || col != m.Pos.Column {
				t.Fatalf("match at %d is at %d:%d, want %d:%d", off, m.Pos.Line, m.Pos.Column, line, col)
			}
			if m.Valid != (m.Error == "") {
				t.Fatalf("match %+v: valid but with an error, or invalid without", m)
			}
			checked := m.Alternatives
			if m.Valid {
				checked = append([]string{m.URL}, checked...)
			}
			for _, u := range checked {
				if !grammarOf(set).Valid(u) {
					t.Fatalf("reported %q, which is invalid", u)
				}
			}
			checkNormal(t, &m, set)
		}
		// The valid URLs do not depend on whether the invalid ones are
		// reported.
		var reported []Match
		for _, m := range whole {
			if m.Valid {
				reported = append(reported, m)
			}
		}
		if !reflect.DeepEqual(reported, valid) {
			t.Fatalf("with ReportInvalid, the valid matches are\n%v\nwithout\n%v", reported, valid)
		}
		checkNoLines(t, in, opts, whole)
		for _, rd := range readers[1:] {
			var got []Match
			for m, err := range All(rd.wrap(bytes.NewReader(in)), opts...) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, m)
			}
			if !reflect.DeepEqual(got, whole) {
				t.Fatalf("%s reads give %v, whole reads %v", rd.name, got, whole)
			}
		}
		// In place, from the input's start (the zero Position) and from a
		// position inside a larger input, as package mail reads a part.
		x := New(nil, opts...)
		at := scanner.Position{Offset: 100, Line: 5, Column: 1}
		for _, from := range []scanner.Position{{}, at} {
			x.ResetAt(bytes.NewReader(in), from)
			want := drain(t, x)
			x.ResetBytes(in, from, nil)
			if got := drain(t, x); !reflect.DeepEqual(got, want) {
				t.Fatalf("from %v, in place %v, read %v", from, got, want)
			}
		}
		x.ResetAt(bytes.NewReader(in), at) // after an in-place scan
		drain(t, x)
	})
}

// optionSet returns the options that set selects: its two lowest bits
// the URLs in prose (none, Unwrapped, Schemeless, Unwrapped with the
// normal forms), the next two the grammar, the four highest the layout
// rules turned off.
func optionSet(set uint8) []Option {
	opts := []Option{WithGrammar(grammarOf(set)), Disable(Rule(set>>4) & (PageBreaks | QuotePrefixes | LineNumbers | Typography))}
	switch set % 4 {
	case 1:
		opts = append(opts, Unwrapped())
	case 2:
		opts = append(opts, Schemeless())
	case 3:
		opts = append(opts, Unwrapped(), Normalize())
	}
	return opts
}

// grammarOf returns the grammar that an option set selects (optionSet).
func grammarOf(set uint8) Grammar {
	switch set >> 2 % 4 {
	case 1:
		return rfc3986.URI
	case 2:
		return rfc3986.IRI
	case 3:
		return whatwg.Grammar{}
	}
	return rfc1738.Grammar{}
}

// checkNormal checks the normal form of a valid match: valid by its
// grammar, normal again, with its host in it; none without Normalize
// (set%4 == 3) or for an invalid match.
func checkNormal(t *testing.T, m *Match, set uint8) {
	g := grammarOf(set)
	if set%4 != 3 || !m.Valid {
		if m.Normalized != "" || m.Host != "" || m.Site != "" {
			t.Fatalf("match %+v has a normal form", m)
		}
		return
	}
	for _, w := range m.Warnings {
		if strings.HasPrefix(w, WarnNormalize) {
			if m.Normalized != m.URL {
				t.Fatalf("%q: no normal form, but %q", m.URL, m.Normalized)
			}
			return
		}
	}
	again, err := g.(Normalizer).Normalize(m.Normalized)
	if !g.Valid(m.Normalized) || err != nil || again != m.Normalized {
		t.Fatalf("%q: normal form %q, valid %v, again %q (%v)", m.URL, m.Normalized, g.Valid(m.Normalized), again, err)
	}
	if !strings.Contains(m.Normalized, m.Host) || !strings.HasSuffix(m.Host, m.Site) {
		t.Fatalf("%q: host %q, site %q", m.Normalized, m.Host, m.Site)
	}
}

// drain returns x's matches, failing t at an error.
// checkNoLines says that NoLines changes nothing of the matches of in,
// whole, but their lines.
func checkNoLines(t *testing.T, in []byte, opts []Option, whole []Match) {
	t.Helper()
	var lineless []Match
	for _, m := range whole {
		m.Pos.Line = 0
		lineless = append(lineless, m)
	}
	if got := drain(t, New(bytes.NewReader(in), append(opts, NoLines())...)); !reflect.DeepEqual(got, lineless) {
		t.Fatalf("with NoLines, the matches are\n%v\nwithout, their lines set aside\n%v", got, lineless)
	}
}

func drain(t *testing.T, x *Extractor) []Match {
	t.Helper()
	var got []Match
	for x.Next() {
		got = append(got, x.Match())
	}
	if err := x.Err(); err != nil {
		t.Fatal(err)
	}
	return got
}

// lineCol counts lines and columns the slow way.
func lineCol(b []byte) (line, col int) {
	line, col = 1, 1
	for i := 0; i < len(b); {
		switch b[i] {
		case '\r':
			line, col = line+1, 1
			if i+1 < len(b) && b[i+1] == '\n' {
				i++
			}
			i++
		case '\n':
			line, col = line+1, 1
			i++
		default:
			_, n := utf8.DecodeRune(b[i:])
			col++
			i += n
		}
	}
	return line, col
}
