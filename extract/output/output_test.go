package output

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/scanner"
)

// reference is what encoding/json writes for s without HTML escaping,
// with DEL, the C1 controls and the bidirectional formatting characters
// escaped after it as \u sequences.
func reference(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	out := strings.TrimSuffix(b.String(), "\n")
	var r strings.Builder
	for _, c := range out {
		if c == 0x7f || c >= 0x80 && c <= 0x9f || unicode.Is(unicode.Bidi_Control, c) {
			const hex = "0123456789abcdef"
			r.WriteString(`\u`)
			r.WriteByte(hex[c>>12&0xf])
			r.WriteByte(hex[c>>8&0xf])
			r.WriteByte(hex[c>>4&0xf])
			r.WriteByte(hex[c&0xf])
			continue
		}
		r.WriteRune(c)
	}
	return r.String()
}

func TestAppendString(t *testing.T) {
	for _, s := range []string{"", "plain", `"quoted" \ back`, "<a&b>", "\x00\x01\b\f\n\r\t\x1f", "\x7f\u0085\u009b",
		"\u2028\u2029", "\u202e\u2066\u200e\u061c", "\xff\xfe\xc3", "caf\u00e9 \U0001F600 \ufffd", "\xed\xa0\x80"} {
		if got, want := string(AppendString(nil, s)), reference(s); got != want {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	}
}

func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"a", "\x00\u2028<>&\"\\", "\x7f\u0085\u202e", "\xc3\x28", "\U0010FFFF"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := AppendString(nil, s)
		if want := reference(s); string(got) != want {
			t.Fatalf("%q: got %s, want %s", s, got, want)
		}
		var back string
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatalf("%s: %v", got, err)
		}
		for _, r := range string(got) {
			if unicode.IsControl(r) {
				t.Fatalf("control character %U in %s", r, got)
			}
		}
	})
}

func TestAppendJSON(t *testing.T) {
	m := extract.Match{
		Pos: scanner.Position{Offset: 7, Line: 2, Column: 4}, URL: "http://www-x.example/", Valid: true,
		Scheme: "http", Form: extract.FormURL, Raw: "<URL:http://www-\r\n  x.example/>", Alternatives: []string{"http://wwwx.example/"},
	}
	const want = `{"path":"","url":"http://www-x.example/","valid":true,"scheme":"http","form":"url",` +
		`"raw":"<URL:http://www-\r\n  x.example/>","offset":7,"length":31,"line":2,"col":4,` +
		`"alternatives":["http://wwwx.example/"]}`
	if got := string(AppendJSON(nil, &m)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}

	err := rfc1738.Validate("http://a.example/~x")
	m = extract.Match{Pos: scanner.Position{Filename: "f\u202e.txt", Offset: 3, Line: 1, Column: 4}, URL: "http://a.example/~x",
		Error: err.Error(), Err: err, Scheme: "http", Form: extract.FormBare, Raw: "<http://a.example/~x>", Input: "mail",
		Warnings: []string{"space inside a line"},
		Mail:     extract.Mail{Message: 2, MessageID: "<id@x>", MessageOffset: 100, Part: "1", Charset: "utf-8"}}
	const want2 = `{"path":"f\u202e.txt","input":"mail","url":"http://a.example/~x","valid":false,` +
		`"error":"http: \"~\" at 17 is unsafe and must be encoded (RFC 1738 section 2.2)","error_rule":"unsafe",` +
		`"error_section":"RFC 1738 section 2.2","error_offset":17,"scheme":"http","form":"bare",` +
		`"raw":"<http://a.example/~x>","offset":3,"length":21,"line":1,"col":4,"alternatives":[],` +
		`"warnings":["space inside a line"],"message":2,"message_id":"<id@x>","message_offset":100,"part":"1","charset":"utf-8"}`
	if got := string(AppendJSON(nil, &m)); got != want2 {
		t.Errorf("got  %s\nwant %s", got, want2)
	}
	var back map[string]any
	if err := json.Unmarshal([]byte(want2), &back); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkAppendJSON(b *testing.B) {
	m := extract.Match{
		Pos: scanner.Position{Filename: "corpus/rfc1738.txt", Offset: 12345, Line: 300, Column: 12}, URL: "http://www.example.org/some/path/to/a/file.html",
		Valid: true, Scheme: "http", Form: extract.FormURL, Raw: "<URL:http://www.example.org/some/path/to/\n   a/file.html>", Input: "text",
	}
	var buf []byte
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendJSON(buf[:0], &m)
	}
	b.SetBytes(int64(len(buf)))
}
