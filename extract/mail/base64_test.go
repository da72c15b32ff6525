package mail

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// decodeAtOnce is what b64Reader must give: encoding/base64's Decode of
// the whole input at once, line breaks removed, and the error that ends
// it (nil at a clean end).
func decodeAtOnce(in []byte) ([]byte, error) {
	in = bytes.ReplaceAll(bytes.ReplaceAll(in, []byte("\r"), nil), []byte("\n"), nil)
	whole := len(in) / 4 * 4
	out := make([]byte, whole/4*3)
	n, err := base64.StdEncoding.Decode(out, in[:whole])
	switch {
	case err != nil:
		return out[:n], errBase64
	case whole < len(in):
		return out[:n], io.ErrUnexpectedEOF
	}
	return out[:n], nil
}

func FuzzBase64(f *testing.F) {
	for _, s := range []string{
		"", "QQ==", "QUJD", "QUJD\r\nREVG\n", "QQ==QQ==", "QQ==Q", "QQ==QQQQ", "QUJ", "QU!D", "QUJD REVG",
		"QQ=A", "====", "Q===", "\n\n\r", base64.StdEncoding.EncodeToString(bytes.Repeat([]byte("0123456789"), 700)),
		strings.Repeat("QUJD", 1024) + "QQ==" + "QUJD",
		strings.Repeat("QUJD", 1023) + "QQ==" + "QUJD",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		want, wantErr := decodeAtOnce(in)
		var b b64Reader
		for _, rd := range []func(io.Reader) io.Reader{
			func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader, iotest.DataErrReader,
		} {
			b.reset(rd(bytes.NewReader(in))) // reused, as walkers reuse it
			got, err := io.ReadAll(&b)
			if !bytes.Equal(got, want) || !errors.Is(err, wantErr) && !(err == nil && wantErr == nil) {
				t.Fatalf("%q: got %q, %v; want %q, %v", in, got, err, want, wantErr)
			}
		}
	})
}

// TestDropBreaks checks dropBreaks against a byte by byte removal of CR
// and LF on every string of up to seven of "a", CR and LF, and on base64
// lines.
func TestDropBreaks(t *testing.T) {
	check := func(in string) {
		t.Helper()
		want := strings.NewReplacer("\r", "", "\n", "").Replace(in)
		b := []byte(in)
		if n := dropBreaks(b, nil); string(b[:n]) != want {
			t.Fatalf("dropBreaks(%q) = %q, want %q", in, b[:n], want)
		}
	}
	var all func(prefix string)
	all = func(prefix string) {
		check(prefix)
		if len(prefix) < 7 {
			for _, c := range []string{"a", "\r", "\n"} {
				all(prefix + c)
			}
		}
	}
	all("")
	check(strings.Repeat("PGh0dHA6Ly9iNjQuZXhhbXBsZS8+\r\n", 100) + "PGE+")
}
