package extract

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rfcDir holds the RFC text files the throughput benchmark reads: the
// shared set beside the project, or the directory in URLSIFT_RFC_DIR.
func rfcDir() string {
	if d := os.Getenv("URLSIFT_RFC_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "rfc")
}

func benchExtract(b *testing.B, in []byte) {
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		x := New(bytes.NewReader(in), ReportInvalid())
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

// BenchmarkRFCs runs over every RFC text file of the set, concatenated.
func BenchmarkRFCs(b *testing.B) {
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
	}
	benchExtract(b, in)
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
