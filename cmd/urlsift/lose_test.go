package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/unicode"
)

// lines returns n lines "<http://hN.example/>" and the URLs in them.
func lines(n int) (in, want string) {
	var b, w strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "<http://h%d.example/>\n", i)
		fmt.Fprintf(&w, "http://h%d.example/\n", i)
	}
	return b.String(), w.String()
}

// zstdFrame returns a zstd frame (RFC 8878 section 3.1.1) that declares a
// window of 2^windowLog bytes and holds text in one raw block, as
// "zstd --long=30" writes a stream of unknown size.
func zstdFrame(windowLog int, text string) []byte {
	b := []byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, byte(windowLog-10) << 3}
	h := 1 | len(text)<<3 // last block, raw, its size
	b = append(b, byte(h), byte(h>>8), byte(h>>16))
	return append(b, text...)
}

// TestNeverLose: inputs that lost URLs, each read with the default
// --input auto from a file and from standard input.
func TestNeverLose(t *testing.T) {
	many, manyURLs := lines(200_000)
	utf16, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().String("see <URL:http://u16.example/>\n")
	if err != nil {
		t.Fatal(err)
	}
	attached := "From: a@example.org\nMessage-ID: <outer@example.org>\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=B\n\n" +
		"--B\nContent-Type: message/rfc822\n\nFrom: b@example.org\nX-Long: " + strings.Repeat("x", 5000) + "\n" +
		"Subject: inner\n\nInner body <http://inner.example/>\n--B--\n"
	for _, c := range []struct {
		name, in string
		want     string
	}{
		{"text of three wrappers, first one a field name to a mail parser",
			"<URL:http://a.example/>\n<URL:http://b.example/>\n<URL:http://c.example/>\n",
			"http://a.example/\nhttp://b.example/\nhttp://c.example/\n"},
		{"text whose first line starts with From",
			"From the archive, see <http://a.example/>\nand <http://b.example/>\n",
			"http://a.example/\nhttp://b.example/\n"},
		{"200,000 lines of wrappers", many, manyURLs},
		{"a message attached with a header line of 5,000 bytes", attached, "http://inner.example/\n"},
		{"UTF-16LE with a byte-order mark", utf16, "http://u16.example/\n"},
		{"zstd with a window of 1 GiB", string(zstdFrame(30, "<URL:http://z.example/>\n")), "http://z.example/\n"},
		{"Content-Type: text, as an old mailer wrote it",
			"From: a@example.org\nMIME-Version: 1.0\nContent-Type: text\n\nBody <http://text.example/>\n", "http://text.example/\n"},
		{"Content-Type: garbage",
			"From: a@example.org\nMIME-Version: 1.0\nContent-Type: garbage\n\nBody <http://garbage.example/>\n", "http://garbage.example/\n"},
		{"an mbox message with a header line without a colon",
			"From a@example.org Mon Jan  1 00:00:00 2001\nFrom: a@example.org\nthis line has no colon\nSubject: x\n\n" +
				"Body <http://nocolon.example/>\n\nFrom b@example.org Mon Jan  1 00:00:00 2001\nFrom: b@example.org\n\n<http://next.example/>\n",
			"http://nocolon.example/\nhttp://next.example/\n"},
		{"a control byte in quoted-printable",
			"From: a@example.org\nMIME-Version: 1.0\nContent-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n" +
				"bell \x05 here <http://qp.example/a=\n/b> and <http://qp.example/c=3D1>\n",
			"http://qp.example/a/b\nhttp://qp.example/c=1\n"},
		{"multipart without a boundary parameter",
			"From: a@example.org\nMIME-Version: 1.0\nContent-Type: multipart/mixed\n\n<http://noboundary.example/>\n", "http://noboundary.example/\n"},
		{"multipart with the wrong boundary",
			"From: a@example.org\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=right\n\n--wrong\n\n<http://wrong.example/>\n--wrong--\n",
			"http://wrong.example/\n"},
		{"a quoted wrapper re-wrapped by a mailer",
			"> see <http://a.example/very/long/\npath.html> there\n", "http://a.example/very/long/path.html\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			name := filepath.Join(t.TempDir(), "in")
			if err := os.WriteFile(name, []byte(c.in), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{{name}, nil} {
				var out, errOut bytes.Buffer
				code := run(args, strings.NewReader(c.in), &out, &errOut)
				if code != 0 || out.String() != c.want {
					t.Errorf("%v: exit %d, got %.300q, want %.300q (stderr %q)", args, code, out.String(), c.want, errOut.String())
				}
			}
		})
	}
}

// TestLinesOfFieldLikeText: text that starts like header fields keeps
// its own line numbers.
func TestLinesOfFieldLikeText(t *testing.T) {
	in := "12: see <http://b.example/>\n13: and <http://c.example/>\n"
	name := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(name, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"--json", name}, {"--json"}} {
		var out, errOut bytes.Buffer
		run(args, strings.NewReader(in), &out, &errOut)
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			var r struct {
				URL       string
				Line, Col int
				Input     string
			}
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatalf("%q: %v", l, err)
			}
			got = append(got, fmt.Sprintf("%s %d:%d %s", r.URL, r.Line, r.Col, r.Input))
		}
		want := []string{"http://b.example/ 1:9 text", "http://c.example/ 2:9 text"}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%v: got %q, want %q", args, got, want)
		}
	}
}

// TestStdinOnce: "-" named twice reads standard input once.
func TestStdinOnce(t *testing.T) {
	in, want := lines(200_000)
	for range 3 {
		var out, errOut bytes.Buffer
		if code := run([]string{"-", "-"}, strings.NewReader(in), &out, &errOut); code != 0 || out.String() != want {
			t.Fatalf("exit %d, %d bytes, want %d (stderr %q)", code, out.Len(), len(want), errOut.String())
		}
	}
}

// TestSymlinkArgument: a link to a directory named on the command line
// is followed; a link met inside the walk is not.
func TestSymlinkArgument(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	if err := os.Mkdir(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(real, "a.txt"), []byte("<http://link.example/>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink(real, filepath.Join(real, "loop")); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code := run([]string{"-H", link}, nil, &out, &errOut)
	if want := filepath.Join(link, "a.txt") + ":http://link.example/\n"; code != 0 || out.String() != want {
		t.Errorf("exit %d, got %q, want %q (stderr %q)", code, out.String(), want, errOut.String())
	}
}

// TestMailWarnings: what the reader decides is said on standard error:
// a header line skipped, a multipart read as text, a message whose header
// never ends read as text, a part skipped as not text (named with --json,
// counted without).
func TestMailWarnings(t *testing.T) {
	long := "From: a@example.org\nX-Long: " + strings.Repeat("x", 1<<20) + "\n\n<http://after.example/>\n"
	for _, c := range []struct {
		name, in string
		args     []string
		want     string
		stderr   []string
	}{
		{"no colon", "From a Mon Jan  1 00:00:00 2001\nFrom: a@example.org\n\n<http://a.example/>\n\n" +
			"From b Mon Jan  1 00:00:00 2001\nFrom: b@example.org\nno colon here\n\n<http://b.example/>\n", nil,
			"http://a.example/\nhttp://b.example/\n", []string{"message 2 part header: line 8: header line without a field name and colon skipped"}},
		{"no boundary", "From: a@example.org\nMIME-Version: 1.0\nContent-Type: multipart/mixed\n\n<http://a.example/>\n", nil,
			"http://a.example/\n", []string{"message 1 part 1: 5:1: multipart without a boundary parameter: read as text"}},
		{"header too long", long, nil, "http://after.example/\n",
			[]string{"message 1: 1:1: no end of the header block within 1048576 bytes: read as text"}},
		{"not text, counted", "From: a@example.org\nMIME-Version: 1.0\nContent-Type: image/png\n\n<http://png.example/>\n", nil,
			"", []string{"urlsift: 1 MIME parts skipped as not text (--json names them)"}},
		{"not text, named", "From: a@example.org\nMIME-Version: 1.0\nContent-Type: image/png\n\n<http://png.example/>\n", []string{"--json"},
			"", []string{"message 1 part 1: 5:1: image/png: not text: skipped"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			run(c.args, strings.NewReader(c.in), &out, &errOut)
			if out.String() != c.want {
				t.Errorf("got %q, want %q", out.String(), c.want)
			}
			for _, s := range c.stderr {
				if !strings.Contains(errOut.String(), s) {
					t.Errorf("stderr %q, want it to hold %q", errOut.String(), s)
				}
			}
		})
	}
}

// TestBidiNames: a file name's bidirectional controls are escaped.
func TestBidiNames(t *testing.T) {
	name := filepath.Join(t.TempDir(), "evil\u202etxt.exe")
	if err := os.WriteFile(name, []byte("From: a@example.org\nMessage-ID: <\u2066x@y>\n\n<http://a.example/>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	run([]string{"-H", "--with-message", name}, nil, &out, &errOut)
	if want := `evil\u202etxt.exe:<\u2066x@y> http://a.example/`; !strings.Contains(out.String(), want) {
		t.Errorf("got %q, want it to hold %q", out.String(), want)
	}
	out.Reset()
	run([]string{"--json", name}, nil, &out, &errOut)
	if strings.ContainsAny(out.String(), "\u202e\u2066") || !strings.Contains(out.String(), `evil\u202etxt.exe`) {
		t.Errorf("JSON carries a bidirectional control: %q", out.String())
	}
}

// TestSeedRenderings checks the README's claim: the seed renderings of
// RFC 1738 and its drafts give the URLs of their clean versions, and
// where they do not, the rendering lost what the rule needs.
func TestSeedRenderings(t *testing.T) {
	t.Chdir("../..")
	urls := func(name string) []string {
		var out, errOut bytes.Buffer
		run([]string{"corpus/" + name}, nil, &out, &errOut)
		if errOut.Len() > 0 {
			t.Fatalf("%s: %s", name, errOut.String())
		}
		return strings.Fields(out.String())
	}
	same := func(a, b string) {
		if got, want := urls(a), urls(b); strings.Join(got, " ") != strings.Join(want, " ") || len(want) == 0 {
			t.Errorf("%s gives %q, %s gives %q", a, got, b, want)
		}
	}
	same("rfc1738-line-numbered.txt", "rfc1738.txt")
	same("draft-www-uri-00-line-numbered.txt", "rfc1630.txt")

	// The flattened rendering lost the brackets of the first URL
	// ("archived at the URL: http://...") and turned ".html" into ".HTM"
	// in another: the rest is the same.
	flat, clean := urls("rfc1738-flattened.txt"), urls("rfc1738.txt")
	const lost = "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html"
	const html, htm = "http://ds.internic.net/instructions/overview.html#WARNING", "http://ds.internic.net/instructions/overview.HTM#WARNING"
	var want []string
	for _, u := range clean {
		switch u {
		case lost:
		case html:
			want = append(want, htm)
		default:
			want = append(want, u)
		}
	}
	if strings.Join(flat, " ") != strings.Join(want, " ") || len(want) != len(clean)-1 {
		t.Errorf("flattened gives %q, want %q", flat, want)
	}
	data, err := os.ReadFile("corpus/rfc1738-flattened.txt")
	if err != nil || !bytes.Contains(data, []byte("archived at the URL: "+strings.TrimSuffix(lost, "html")+"HTM")) {
		t.Errorf("the flattened rendering no longer loses the brackets of %s", lost)
	}

	// Two renderings lost every opening "<URL:" and "<scheme:": nothing
	// can be found in them.
	for _, name := range []string{"rfc1738-words-lost.txt", "draft-ietf-uri-url-03-tags-stripped.txt"} {
		data, err := os.ReadFile("corpus/" + name)
		if err != nil {
			t.Fatal(err)
		}
		lower := strings.ToLower(string(data))
		for _, open := range []string{"<url:", "<http:", "<ftp:", "<gopher:", "<mailto:", "<news:", "<telnet:", "<wais:", "<file:", "<prospero:"} {
			if strings.Contains(lower, open) {
				t.Errorf("%s holds %q: the reason it gives nothing no longer holds", name, open)
			}
		}
		if got := urls(name); len(got) > 0 {
			t.Errorf("%s gives %q", name, got)
		}
	}
}
