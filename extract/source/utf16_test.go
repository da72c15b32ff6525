package source

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"testing"
	"testing/iotest"
	"unicode/utf16"
)

// decodeUTF16Ref decodes b with unicode/utf16's Decode, an odd last byte
// as U+FFFD.
func decodeUTF16Ref(b []byte, big bool) string {
	units := make([]uint16, len(b)/2)
	for i := range units {
		units[i] = unit(b[2*i:], big)
	}
	s := string(utf16.Decode(units))
	if len(b)%2 == 1 {
		s += "\uFFFD"
	}
	return s
}

// FuzzUTF16 compares utf16Reader with decodeUTF16Ref, both byte orders,
// the input read whole, a byte at a time, by halves and with the error on
// its last data, and the output taken in reads of 1 to 5 bytes and whole.
func FuzzUTF16(f *testing.F) {
	for _, s := range []string{"", "a", "ab", "a\x00b\x00", "\x3d\xd8\x00\xde", "\x00\xd8", "\x00\xd8a", "\x00\xdc\x00\xdc",
		"\x00\xd8\x00\xd8\x00\xdc", "h\x00e\x00l\x00l\x00o\x00 \x00w\x00", "\xc3\xff\xfe\xc3\xff\xfe", "\xe9\x00\xac\x20\x3c\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, big := range []bool{false, true} {
			want := decodeUTF16Ref(b, big)
			for _, in := range []func(io.Reader) io.Reader{
				func(r io.Reader) io.Reader { return r }, iotest.OneByteReader, iotest.HalfReader, iotest.DataErrReader,
			} {
				for _, out := range []int{1, 2, 3, 4, 5, 1 << 16} {
					var u utf16Reader
					u.reset(bufio.NewReaderSize(in(bytes.NewReader(b)), 16), big)
					got, err := io.ReadAll(readsOf{&u, out})
					if err != nil {
						t.Fatal(err)
					}
					if string(got) != want {
						t.Fatalf("big %v, reads of %d: % x decodes to %q, want %q", big, out, b, got, want)
					}
				}
			}
		}
	})
}

// readsOf reads at most n bytes at a time from r.
type readsOf struct {
	r io.Reader
	n int
}

func (r readsOf) Read(p []byte) (int, error) { return r.r.Read(p[:min(len(p), r.n)]) }

// TestUTF16ASCIIRuns checks the steps of 32 and of four units on ASCII
// with a character of each size and a surrogate pair at every place of
// 100 units, and the units next to ASCII in either byte (U+0080, U+0100,
// U+7F00).
func TestUTF16ASCIIRuns(t *testing.T) {
	for _, r := range []rune{'z', 0x7F, 0x80, 'é', 0x100, 0x17F, 0x7F00, '€', '😀', 0xD800, 0xDC00} {
		for at := range 100 {
			var text []uint16
			for i := range 100 {
				if i == at {
					if r >= 0x10000 {
						a, b := utf16.EncodeRune(r)
						text = append(text, uint16(a), uint16(b))
					} else {
						text = append(text, uint16(r))
					}
				} else {
					text = append(text, uint16('a'+i%26))
				}
			}
			for _, big := range []bool{false, true} {
				b := make([]byte, 2*len(text))
				for i, c := range text {
					if big {
						binary.BigEndian.PutUint16(b[2*i:], c)
					} else {
						binary.LittleEndian.PutUint16(b[2*i:], c)
					}
				}
				var u utf16Reader
				u.reset(bufio.NewReader(bytes.NewReader(b)), big)
				got, err := io.ReadAll(&u)
				if want := decodeUTF16Ref(b, big); err != nil || string(got) != want {
					t.Errorf("%U at %d, big %v: %q, %v; want %q", r, at, big, got, err, want)
				}
			}
		}
	}
}

// BenchmarkUTF16 decodes 1 MiB of UTF-16LE: ASCII text, and the
// characters of three bytes of BenchmarkAdversarial/utf16-text.
func BenchmarkUTF16(b *testing.B) {
	for _, c := range []struct{ name, text string }{
		{"ascii", "The whitespace should be ignored when extracting the URL.\n"},
		{"three-byte", "\uFFC3\uC3FE\uFEFF"},
	} {
		b.Run(c.name, func(b *testing.B) {
			var src []byte
			for len(src) < 1<<20 {
				for _, r := range c.text {
					src = binary.LittleEndian.AppendUint16(src, uint16(r))
				}
			}
			dst := make([]byte, 3*len(src)/2)
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if _, n := decodeUTF16(dst, src, false, true); n != len(src) {
					b.Fatal(n)
				}
			}
		})
	}
}
