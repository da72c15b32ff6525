package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/sebdah/goldie/v2"
)

// TestGolden runs urlsift --json on each entry of corpus/ (a directory is
// walked) and compares the output with golden/<entry>.json, and what it
// says on standard error, if anything, with golden/<entry>.stderr. Update
// with go test ./cmd/urlsift -update, then read every changed line before
// committing it.
func TestGolden(t *testing.T) {
	t.Chdir("../..")
	entries, err := filepath.Glob("corpus/*")
	if err != nil || len(entries) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	g := goldie.New(t, goldie.WithFixtureDir("golden"), goldie.WithNameSuffix(""))
	for _, f := range entries {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			run([]string{"--json", f}, nil, &out, &errOut)
			g.Assert(t, name+".json", out.Bytes())
			if errOut.Len() > 0 || fileExists(filepath.Join("golden", name+".stderr")) {
				g.Assert(t, name+".stderr", errOut.Bytes())
			}
			if info, err := os.Stat(f); err != nil || info.IsDir() {
				return
			}

			// Standard input gives the same records, named "-".
			in, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			var viaStdin, errStdin bytes.Buffer
			run([]string{"--json"}, in, &viaStdin, &errStdin)
			want := strings.ReplaceAll(out.String(), `"path":"`+f+`"`, `"path":"-"`)
			if viaStdin.String() != want {
				t.Errorf("standard input gives other records than the file")
			}
		})
	}
}

// writeFile writes text to a file of dir and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

func TestExitStatus(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return writeFile(t, dir, name, text) }
	good := write("good.txt", "see <URL:http://a.example/>\n")
	none := write("none.txt", "<p> and <URL:http://a.example/~x>\n")
	missing := filepath.Join(dir, "missing.txt")
	for _, c := range []struct {
		name    string
		args    []string
		stdin   string
		code    int
		out     string
		errLike string
	}{
		{"found", []string{good}, "", 0, "http://a.example/\n", ""},
		{"none found", []string{none}, "", 1, "", "1 wrapper rejected by the rfc1738 grammar, 1 for unsafe (RFC 1738 section 2.2)"},
		{"stdin", nil, "<http://b.example/>", 0, "http://b.example/\n", ""},
		// Several inputs: each URL after its file's name, as grep prints them.
		{"dash is stdin", []string{none, "-"}, "<http://b.example/>", 0, "(standard input):http://b.example/\n", "1 wrapper rejected by the rfc1738 grammar, 1 for unsafe (RFC 1738 section 2.2)"},
		{"-c names standard input as grep does", []string{"-c", none, "-"}, "<http://b.example/>", 0, none + ":0\n(standard input):1\n", "1 wrapper rejected by the rfc1738 grammar, 1 for unsafe (RFC 1738 section 2.2)"},
		{"-H names standard input as grep does", []string{"-H"}, "<http://b.example/>", 0, "(standard input):http://b.example/\n", ""},
		{"unreadable file, others still read", []string{missing, good}, "", 2, good + ":http://a.example/\n", "missing.txt"},
		{"a directory is walked", []string{dir, good}, "", 0, good + ":http://a.example/\n" + good + ":http://a.example/\n", "1 wrapper rejected by the rfc1738 grammar, 1 for unsafe (RFC 1738 section 2.2)"},
		{"bad flag", []string{"--nope"}, "", 2, "", "unknown flag: --nope"},
		{"bad max length", []string{"--max-length", "1", good}, "", 2, "", "--max-length"},
		{"json of an invalid one", []string{"--json", none}, "", 1,
			`{"path":"` + none + `","input":"text","url":"http://a.example/~x","valid":false,` +
				`"error":"http: \"~\" at 17 is unsafe and must be encoded (RFC 1738 section 2.2)",` +
				`"error_rule":"unsafe","error_section":"RFC 1738 section 2.2","error_offset":17,` +
				`"scheme":"http","form":"url","raw":"<URL:http://a.example/~x>","offset":8,"length":25,` +
				`"line":1,"col":9,"alternatives":[]}` + "\n", ""},
		{"max length", []string{"--json", "--max-length", "16", good}, "", 1,
			`{"path":"` + good + `","input":"text","url":"http://a.ex","valid":false,"error":"unterminated wrapper: longer than 16 bytes",` +
				`"scheme":"http","form":"url","raw":"<URL:http://a.ex","offset":4,"length":16,"line":1,"col":5,"alternatives":[]}` + "\n", ""},
		{"-q with a URL", []string{"-q", none, good}, "", 0, "", ""},
		{"-q without", []string{"-q", none}, "", 1, "", ""},
		{"-q: a URL found says it all, as grep -q", []string{"-q", missing, good}, "", 0, "", "missing.txt"},
		{"-s: no message, the status still 2", []string{"-s", missing, good}, "", 2, good + ":http://a.example/\n", ""},
		{"-m 1 of each file", []string{"-m", "1", good, "-"}, "<http://b.example/> <http://c.example/>", 0,
			good + ":http://a.example/\n(standard input):http://b.example/\n", ""},
		{"-m 1 -c", []string{"-m", "1", "-c"}, "<http://b.example/> <http://c.example/>", 0, "1\n", ""},
		{"-m below 0", []string{"-m", "-1", good}, "", 2, "", "--max-count"},
		{"max length too short", []string{"--max-length", "15", good}, "", 2, "", "between 16 and 1048576"},
		{"max length too long", []string{"--max-length", "1048577", good}, "", 2, "", "between 16 and 1048576"},
		{"max length past int64", []string{"--max-length", "9223372036854775808", good}, "", 2, "", "--max-length"},
		{"max length of int64", []string{"--max-length", "9223372036854775807", good}, "", 2, "", "between 16 and 1048576"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := run(c.args, strings.NewReader(c.stdin), &out, &errOut)
			if code != c.code || out.String() != c.out {
				t.Errorf("exit %d, output %q; want %d, %q (stderr %q)", code, out.String(), c.code, c.out, errOut.String())
			}
			if !strings.Contains(errOut.String(), c.errLike) || (c.errLike == "") != (errOut.Len() == 0) {
				t.Errorf("stderr %q, want it to name %q", errOut.String(), c.errLike)
			}
		})
	}
}

func TestHelpAndVersion(t *testing.T) {
	var out, errOut bytes.Buffer
	// Help is asked for: it goes to standard output, so that a pager
	// shows it.
	if code := run([]string{"--help"}, nil, &out, &errOut); code != 0 || errOut.Len() > 0 ||
		!strings.Contains(out.String(), "Examples:") || !strings.Contains(out.String(), "Exit status") {
		t.Errorf("--help: exit %d, %q, stderr %q", code, out.String(), errOut.String())
	}
	out.Reset()
	if code := run([]string{"--version"}, nil, &out, &errOut); code != 0 || !strings.HasPrefix(out.String(), "urlsift ") {
		t.Errorf("--version: exit %d, %q", code, out.String())
	}
}

// TestLongLine: a line of many megabytes, with URLs in it and after it.
func TestLongLine(t *testing.T) {
	line := strings.Repeat("word ", 4<<20) // 20 MiB without a line break
	in := "<http://a.example/>" + line + "<URL:http://b.\n example/>" + line + "\n<http://c.example/>"
	var out, errOut bytes.Buffer
	if code := run(nil, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if want := "http://a.example/\nhttp://b.example/\nhttp://c.example/\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

func TestRuleFlags(t *testing.T) {
	in := "> see <http://piclab.com/\n>lee/>\n  9. <URL:http://a.example/\n  10. b>\n"
	for _, c := range []struct {
		flag string
		want string
	}{
		{"", "http://piclab.com/lee/\nhttp://a.example/b\n"},
		{"--no-quotes", "http://piclab.com/\nhttp://a.example/b\n"},
		{"--no-line-numbers", "http://piclab.com/lee/\nhttp://a.example/10.b\n"},
	} {
		var args []string
		if c.flag != "" {
			args = []string{c.flag}
		}
		var out, errOut bytes.Buffer
		run(args, strings.NewReader(in), &out, &errOut)
		if out.String() != c.want {
			t.Errorf("%s: got %q, want %q", c.flag, out.String(), c.want)
		}
	}
}

func TestMailFlags(t *testing.T) {
	t.Chdir("../..")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-H", "corpus/mail-base64.eml"}, "corpus/mail-base64.eml:http://www.example.org/base64/hidden\n" +
			"corpus/mail-base64.eml:http://www.example.org/base64/two\n"},
		{[]string{"--with-message", "corpus/mail-base64.eml"}, "<b64@example.org> http://www.example.org/base64/hidden\n" +
			"<b64@example.org> http://www.example.org/base64/two\n"},
		{[]string{"-H", "--with-message", "corpus/rule-7-examples.txt"}, "corpus/rule-7-examples.txt:ftp://info.cern.ch/pub/www/doc;type=d\n" +
			"corpus/rule-7-examples.txt:ftp://ds.internic.net/rfc\n" +
			"corpus/rule-7-examples.txt:http://ds.internic.net/instructions/overview.html#WARNING\n" +
			"corpus/rule-7-examples.txt:http://www-cse.ucsd.edu/users/bsy/coke.history.txt\n"},
		// Read as text, a message gives the URLs of its raw form: base64
		// hides them, a header's are found with the body's.
		{[]string{"--input", "text", "corpus/mail-base64.eml"}, ""},
		{[]string{"--input", "text", "corpus/mail-alternative.eml"},
			"http://www.example.org/plain\nhttp://www.example.org/in-script\n"},
		// Read as one message, an mbox is one message.
		{[]string{"--input", "mail", "--with-message", "corpus/tree/sub/message.eml"},
			"<tree@example.org> http://www.example.org/tree/message\n"},
	} {
		var out, errOut bytes.Buffer
		run(c.args, nil, &out, &errOut)
		if out.String() != c.want {
			t.Errorf("%q: got %q, want %q (%s)", c.args, out.String(), c.want, errOut.String())
		}
	}
}

func TestProgress(t *testing.T) {
	t.Chdir("../..")
	for _, c := range []struct {
		when string
		bar  bool
	}{{"always", true}, {"never", false}, {"auto", false}} {
		var out, errOut bytes.Buffer
		if code := run([]string{"--progress", c.when, "corpus/rfc1738.txt"}, nil, &out, &errOut); code != 0 {
			t.Fatalf("%s: exit %d: %s", c.when, code, errOut.String())
		}
		// The bar shows "files 0/1" or "files 1/1", as the timing goes.
		if bar := strings.Contains(errOut.String(), "/1 ") && strings.Contains(errOut.String(), "files "); bar != c.bar {
			t.Errorf("--progress %s: bar shown %v, want %v: %q", c.when, bar, c.bar, errOut.String())
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"--progress", "sometimes"}, nil, &out, &errOut); code != 2 {
		t.Errorf("--progress sometimes: exit %d", code)
	}
}

// TestNoControls: what urlsift prints never carries control characters
// from its input.
func TestNoControls(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "a\x1b[2Jb.eml")
	msg := "From: x\r\nMessage-ID: <\x1b]0;title\x07@evil>\r\nContent-Type: text/plain; charset=x-\x1b[31m\r\n\r\n<http://a.example/>\r\n"
	if err := os.WriteFile(name, []byte(msg), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	run([]string{"-H", "--with-message", name}, nil, &out, &errOut)
	for _, s := range []string{out.String(), errOut.String()} {
		for _, r := range strings.TrimSuffix(s, "\n") {
			if r != '\n' && unicode.IsControl(r) {
				t.Fatalf("control character %U in %q", r, s)
			}
		}
	}
	if want := `a\x1b[2Jb.eml:<\x1b]0;title\a@evil> http://a.example/`; !strings.Contains(out.String(), want) {
		t.Errorf("got %q, want it to hold %q", out.String(), want)
	}
}

// TestStatsSchemes: --stats names a scheme seen once as it is written,
// when the buffer its match was read from has since been overwritten by
// more than a scanner's buffer of other wrappers (a map assignment stores
// the key it is given: the scheme's own bytes, not a copy, were kept).
func TestStatsSchemes(t *testing.T) {
	var b strings.Builder
	b.WriteString("<prospero://a.example/x>\n")
	for i := range 20000 {
		fmt.Fprintf(&b, "line %d <http://b.example/%d> and some text\n", i, i)
	}
	name := writeFile(t, t.TempDir(), "schemes.txt", b.String())
	var out, errOut bytes.Buffer
	run([]string{"--stats", name}, nil, &out, &errOut)
	if want := "URLs by scheme: 20000 http, 1 prospero\n"; !strings.Contains(errOut.String(), want) {
		t.Errorf("--stats says\n%s\nwant %q", errOut.String(), want)
	}
}

// counted is a reader of text with a URL at its start and then 64 MiB
// of letters, which counts what is read of it.
type counted struct{ n int }

func (e *counted) Read(p []byte) (int, error) {
	if e.n == 0 && len(p) >= 20 {
		e.n = copy(p, "<http://a.example/>\n")
		return e.n, nil
	}
	if e.n >= 64<<20 {
		return 0, io.EOF // a -q that does not stop fails, it does not hang
	}
	for i := range p {
		p[i] = 'x'
	}
	e.n += len(p)
	return len(p), nil
}

// TestQuietStops: -q exits at the first valid URL without reading on.
func TestQuietStops(t *testing.T) {
	in := &counted{}
	var out, errOut bytes.Buffer
	if code := run([]string{"-q"}, in, &out, &errOut); code != 0 || out.Len() > 0 || in.n > 1<<20 {
		t.Errorf("exit %d, output %q, %d bytes read", code, out.String(), in.n)
	}
}
