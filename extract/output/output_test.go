package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unsafe"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/extract/source"
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
		Mail: extract.Mail{Message: 2, MessageID: "<id@x>", MessageOffset: 100, Part: "1", Charset: "utf-8",
			PartPos: scanner.Position{Offset: 1, Line: 1, Column: 2}}}
	const want2 = `{"path":"f\u202e.txt","input":"mail","url":"http://a.example/~x","valid":false,` +
		`"error":"http: \"~\" at 17 is unsafe and must be encoded (RFC 1738 section 2.2)","error_rule":"unsafe",` +
		`"error_section":"RFC 1738 section 2.2","error_offset":17,"scheme":"http","form":"bare",` +
		`"raw":"<http://a.example/~x>","offset":3,"length":21,"line":1,"col":4,"alternatives":[],` +
		`"warnings":["space inside a line"],"message":2,"message_id":"<id@x>","message_offset":100,"part":"1",` +
		`"part_line":1,"part_col":2,"part_offset":1,"charset":"utf-8"}`
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
	b.Run("func", func(b *testing.B) {
		var buf []byte
		b.ReportAllocs()
		for b.Loop() {
			buf = AppendJSON(buf[:0], &m)
		}
		b.SetBytes(int64(len(buf)))
	})
	b.Run("encoder", func(b *testing.B) {
		var buf []byte
		var e Encoder
		b.ReportAllocs()
		for b.Loop() {
			buf = e.Append(buf[:0], &m)
		}
		b.SetBytes(int64(len(buf)))
	})
}

// BenchmarkDenseJSON is urlsift --json on the lines of
// extract.BenchmarkDenseValid: each match taken in place and appended as
// a record by an Encoder to a chunk that is emptied at 64 KiB, as the
// command does.
func BenchmarkDenseJSON(b *testing.B) {
	line := "<URL:http://a.example/x> see <http://b.example/y> and\n"
	in := bytes.Repeat([]byte(line), 16<<20/len(line))
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	buf := make([]byte, 0, 80<<10)
	var e Encoder
	urls := 0
	for b.Loop() {
		x := extract.New(bytes.NewReader(in), extract.Filename("dense.txt"), extract.ReportInvalid())
		for x.Next() {
			buf = append(e.Append(buf, x.Current()), '\n')
			if len(buf) >= 64<<10 {
				buf = buf[:0]
			}
			urls++
		}
	}
	b.ReportMetric(float64(urls)/b.Elapsed().Seconds()/1e6, "MURL/s")
}

// jsonMail and jsonRecord are the record of AppendJSON as encoding/json
// writes it from struct tags, for FuzzAppendJSON.
type jsonMail struct {
	Message       int    `json:"message"`
	MessageID     string `json:"message_id"`
	MessageOffset int64  `json:"message_offset"`
	Part          string `json:"part"`
	PartLine      int    `json:"part_line"`
	PartCol       int    `json:"part_col"`
	PartOffset    int64  `json:"part_offset"`
	Charset       string `json:"charset,omitempty"`
}

type jsonRecord struct {
	Path         string   `json:"path"`
	Input        string   `json:"input,omitempty"`
	URL          string   `json:"url"`
	Valid        bool     `json:"valid"`
	Error        string   `json:"error,omitempty"`
	Scheme       string   `json:"scheme"`
	Form         string   `json:"form"`
	Raw          string   `json:"raw"`
	Offset       int64    `json:"offset"`
	Length       int      `json:"length"`
	Line         int      `json:"line"`
	Col          int      `json:"col"`
	Alternatives []string `json:"alternatives"`
	Warnings     []string `json:"warnings,omitempty"`
	*jsonMail
}

// FuzzAppendJSON compares whole records with encoding/json's, on strings
// with control characters, invalid UTF-8, U+2028, U+2029, "<", ">" and
// "&", the terminal's characters escaped after it as reference does.
func FuzzAppendJSON(f *testing.F) {
	f.Add("f.txt", "http://a/<b>&c", "<URL:http://a/\r\n<b>&c>", "", "\u2028\u2029\x00", int64(7), 3, 9, true, 0, "<id>", "x-")
	f.Add("\xff.txt", "\x7f\u0085\u202e", "<\x1b[31m>", "bad \"x\"", "", int64(1<<40), 1, 1, false, 2, "", "")
	f.Add("f.txt", "a\"b\x00\u2028", "<http://plain.example/>", "", "", int64(0), 1, 1, true, 0, "", "")
	f.Fuzz(func(t *testing.T, path, url, raw, errText, alt string, offset int64, line, col int, valid bool, message int, id, warning string) {
		m := extract.Match{Pos: scanner.Position{Filename: path, Offset: offset, Line: line, Column: col}, URL: url, Valid: valid,
			Error: errText, Scheme: alt, Form: extract.FormBare, Raw: raw, Input: warning}
		want := jsonRecord{Path: path, Input: warning, URL: url, Valid: valid, Error: errText, Scheme: alt, Form: "bare", Raw: raw,
			Offset: offset, Length: len(raw), Line: line, Col: col, Alternatives: []string{}}
		if alt != "" {
			m.Alternatives, want.Alternatives = []string{alt, url}, []string{alt, url}
		}
		if warning != "" {
			m.Warnings, want.Warnings = []string{warning}, []string{warning}
		}
		if message > 0 {
			m.Mail = extract.Mail{Message: message, MessageID: id, MessageOffset: offset / 2, Part: "1." + alt, Charset: warning,
				PartPos: scanner.Position{Line: message + 1, Column: message + 2, Offset: offset / 3}}
			want.jsonMail = &jsonMail{message, id, offset / 2, "1." + alt, message + 1, message + 2, offset / 3, warning}
		}
		reference := func(want jsonRecord) string {
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(want); err != nil {
				t.Fatal(err)
			}
			var ref strings.Builder
			for _, c := range strings.TrimSuffix(b.String(), "\n") {
				if c == 0x7f || c >= 0x80 && c <= 0x9f || unicode.Is(unicode.Bidi_Control, c) {
					fmt.Fprintf(&ref, `\u%04x`, c)
					continue
				}
				ref.WriteRune(c)
			}
			return ref.String()
		}
		if got, want := string(AppendJSON(nil, &m)), reference(want); got != want {
			t.Fatalf("got  %s\nwant %s", got, want)
		}
		// A URL that lies in Raw, as a wrapper on one line holds it, is
		// written as one that does not.
		inRaw, wantIn := m, want
		inRaw.Raw = raw + "<" + url + ">"
		inRaw.URL = inRaw.Raw[len(raw)+1 : len(inRaw.Raw)-1]
		wantIn.Raw, wantIn.Length = inRaw.Raw, len(inRaw.Raw)
		if got, want := string(AppendJSON(nil, &inRaw)), reference(wantIn); got != want {
			t.Fatalf("URL in Raw: got  %s\nwant %s", got, want)
		}
		// An Encoder writes the same, whatever it wrote before.
		other := m
		other.Pos.Filename, other.Input, other.Scheme = path+"x", warning+"y", alt+"z"
		var e Encoder
		for i, rec := range []*extract.Match{&m, &m, &other, &m, &other, &other} {
			if got := string(e.Append(nil, rec)); got != string(AppendJSON(nil, rec)) {
				t.Fatalf("record %d: Encoder wrote %s\nwant %s", i, got, AppendJSON(nil, rec))
			}
		}
	})
}

// TestEncoder writes a run of records with one Encoder, the path, input
// and scheme changing, to escape or not, the same text in another string
// included, and compares each with AppendJSON.
func TestEncoder(t *testing.T) {
	base := extract.Match{Pos: scanner.Position{Filename: "a.txt", Line: 1, Column: 1}, URL: "http://a.example/", Valid: true,
		Scheme: "http", Form: extract.FormURL, Raw: "<URL:http://a.example/>", Input: "text"}
	var recs []extract.Match
	for _, path := range []string{"a.txt", strings.Clone("a.txt"), "b\"c.txt", ""} {
		for _, input := range []string{"text", "mail", ""} {
			for _, scheme := range []string{"http", "ftp", "x\u2028", ""} {
				m := base
				m.Pos.Filename, m.Input, m.Scheme = path, input, scheme
				recs = append(recs, m, m)
			}
		}
	}
	var e Encoder
	var buf []byte
	for i := range recs {
		want := AppendJSON(nil, &recs[i])
		n := len(buf)
		buf = e.Append(buf, &recs[i])
		if got := buf[n:]; string(got) != string(want) {
			t.Fatalf("record %d: got %s\nwant %s", i, got, want)
		}
	}
	// Strings that are views of a buffer the next match overwrites, as
	// Extractor.Current hands them over: the same pointer and length,
	// other bytes.
	view := []byte("gopher")
	for _, text := range []string{"gopher", "//http", "gopher"} {
		copy(view, text)
		m := base
		m.Scheme, m.Pos.Filename, m.Input = unsafe.String(&view[0], len(view)), unsafe.String(&view[0], 3), unsafe.String(&view[3], 3)
		if got, want := e.Append(nil, &m), AppendJSON(nil, &m); string(got) != string(want) {
			t.Fatalf("view %q: got %s\nwant %s", text, got, want)
		}
	}
}

// TestAppendInt compares appendInt with strconv.AppendInt: small numbers,
// each side of every power of ten, the ends of int64, and after text.
func TestAppendInt(t *testing.T) {
	ns := []int64{math.MinInt64, -100, -1, math.MaxInt64, math.MaxInt64 - 1}
	for n := int64(0); n < 1000; n++ {
		ns = append(ns, n)
	}
	for p := int64(10); p > 0 && p <= math.MaxInt64/10; p *= 10 {
		ns = append(ns, p-1, p, p+1, 10*p-1)
	}
	for _, n := range ns {
		if got, want := appendInt([]byte("x:"), n), strconv.AppendInt([]byte("x:"), n, 10); string(got) != string(want) {
			t.Errorf("appendInt(%d) = %s, want %s", n, got, want)
		}
	}
}

// TestAppendProblem: the record of a problem names the file in its error
// once, and the message and part of a part lost in mail.
func TestAppendProblem(t *testing.T) {
	for _, c := range []struct {
		kind string
		err  error
		want string
	}{
		{"error", &fs.PathError{Op: "open", Path: "a.txt", Err: fs.ErrNotExist},
			`{"path":"a.txt","kind":"error","error":"open a.txt: file does not exist","offset":7}`},
		{"error", &scanner.Error{Pos: scanner.Position{Filename: "a.txt", Offset: 9, Line: 2, Column: 3}, Err: io.ErrUnexpectedEOF},
			`{"path":"a.txt","kind":"error","error":"a.txt:2:3: unexpected EOF","offset":7}`},
		{"warning", &source.MemberError{Name: "a.txt{m/1}", Offset: 512, Warning: true, Err: source.ErrBinary},
			`{"path":"a.txt","kind":"warning","error":"a.txt{m/1}: at offset 512: binary file skipped","offset":7}`},
		{"error", errors.New("a.txt is cut short"),
			`{"path":"a.txt","kind":"error","error":"a.txt: a.txt is cut short","offset":7}`},
		{"warning", &mail.PartError{Message: 3, MessageID: "<m@x>", Path: "2", Err: mail.ErrNotText, Warning: true},
			`{"path":"a.txt","kind":"warning","error":"a.txt: message 3 <m@x> part 2: not text: skipped","offset":7,"message":3,"message_id":"<m@x>","part":"2"}`},
	} {
		if got := string(AppendProblem(nil, "a.txt", c.kind, 7, c.err)); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}
