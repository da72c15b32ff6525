package source

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
)

func TestDecompress(t *testing.T) {
	const text = "From a\n\n<http://a.example/>\n"
	var gz, xzb, zs bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(text))
	zw.Close()
	xw, err := xz.NewWriter(&xzb)
	if err != nil {
		t.Fatal(err)
	}
	xw.Write([]byte(text))
	xw.Close()
	sw, err := zstd.NewWriter(&zs)
	if err != nil {
		t.Fatal(err)
	}
	sw.Write([]byte(text))
	sw.Close()
	bz, err := os.ReadFile(filepath.Join("..", "..", "corpus", "tree", "sub", "notes.dat"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		format string
		in     []byte
		want   string
	}{
		{"", []byte(text), text},
		{"gzip", gz.Bytes(), text},
		{"xz", xzb.Bytes(), text},
		{"zstd", zs.Bytes(), text},
		{"bzip2", bz, "Compressed with bzip2, named .dat: <http://www.example.org/bzip2>\n"},
	} {
		r, format, err := decompress(bytes.NewReader(c.in))
		if err != nil || format != c.format {
			t.Errorf("%s: format %q, %v", c.format, format, err)
			continue
		}
		if got, err := io.ReadAll(r); err != nil || string(got) != c.want {
			t.Errorf("%s: %q, %v", c.format, got, err)
		}
	}
	if _, _, err := decompress(bytes.NewReader([]byte{0x1f, 0x8b, 0, 0})); err == nil {
		t.Error("a broken gzip header is not reported")
	}
}
