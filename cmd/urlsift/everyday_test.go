package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// TestEverydayFlags: grep's habits, each through the command.
func TestEverydayFlags(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string { return writeFile(t, dir, name, text) }
	a := write("a.txt", "see <URL:http://a.example/> and\n  <ftp://f.example/x> then <URL:http://a.example/>\n<URL:http://bad.example/~x>\n")
	b := write("b.txt", "nothing here <p>\n")
	c := write("c.txt", "<http://a.example/>\n<mailto:m@example.org>\n")
	d := write("d.txt", "<URL:http://a.example/> again\n")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"default", []string{a}, "http://a.example/\nftp://f.example/x\nhttp://a.example/\n"},
		{"-n", []string{"-n", a}, "1:5:http://a.example/\n2:3:ftp://f.example/x\n2:28:http://a.example/\n"},
		{"-Hn combined", []string{"-Hn", a}, a + ":1:5:http://a.example/\n" + a + ":2:3:ftp://f.example/x\n" + a + ":2:28:http://a.example/\n"},
		{"-u across files", []string{"-u", a, c}, a + ":http://a.example/\n" + a + ":ftp://f.example/x\n" + c + ":mailto:m@example.org\n"},
		{"--no-filename", []string{"--no-filename", "-u", a, c}, "http://a.example/\nftp://f.example/x\nmailto:m@example.org\n"},
		{"-Hnu", []string{"-Hnu", a, c}, a + ":1:5:http://a.example/\n" + a + ":2:3:ftp://f.example/x\n" + c + ":2:1:mailto:m@example.org\n"},
		{"-c, several files", []string{"-c", a, b, c}, a + ":3\n" + b + ":0\n" + c + ":2\n"},
		{"-c, one file", []string{"-c", b}, "0\n"},
		{"-c with --scheme", []string{"-c", "--scheme", "ftp", a}, "1\n"},
		{"-l", []string{"-l", a, b, c}, a + "\n" + c + "\n"},
		{"-L", []string{"-L", a, b, c}, b + "\n"},
		{"--scheme", []string{"--scheme", "ftp,mailto", a, c}, a + ":ftp://f.example/x\n" + c + ":mailto:m@example.org\n"},
		{"a directory walked names its files", []string{"--scheme", "mailto", dir}, c + ":mailto:m@example.org\n"},
		{"--scheme=value, case", []string{"--scheme=HTTP", c}, "http://a.example/\n"},
		{"-0", []string{"-0", c}, "http://a.example/\x00mailto:m@example.org\x00"},
		{"-l0", []string{"-l0", a, b}, a + "\x00"},
		{"--format", []string{"--format", "{line}\\t{col}\\t{scheme}\\t{url}", c}, "1\t1\thttp\thttp://a.example/\n2\t1\tmailto\tmailto:m@example.org\n"},
		{"--format braces", []string{"--format={{{form}}} {raw}", c}, "{bare} <http://a.example/>\n{bare} <mailto:m@example.org>\n"},
		// A template that names the reason prints the invalid wrappers too:
		// a.txt's third line, "<URL:http://bad.example/~x>", fails at its "~".
		{"--format of an error, with --json's fields", []string{"--format", "{error_rule}@{error_offset}", "--json=false", a}, "@\n@\n@\nunsafe@19\n"},
		{"flags after files", []string{a, "-n"}, "1:5:http://a.example/\n2:3:ftp://f.example/x\n2:28:http://a.example/\n"},
		{"-- ends flags", []string{"--", "-n"}, ""},
		{"--with-filename long", []string{"--with-filename", c}, c + ":http://a.example/\n" + c + ":mailto:m@example.org\n"},
		{"one-dash long flags, as Go's flag took them", []string{"-scheme=mailto", "-with-filename", c}, c + ":mailto:m@example.org\n"},
		{"-u with --json", []string{"-u", "--json", "--format=", "--scheme", "http", a},
			`{"path":"` + a + `","input":"text","url":"http://a.example/","valid":true,"scheme":"http","form":"url",` +
				`"raw":"<URL:http://a.example/>","offset":4,"length":23,"line":1,"col":5,"alternatives":[]}` + "\n" +
				`{"path":"` + a + `","input":"text","url":"http://bad.example/~x","valid":false,` +
				`"error":"http: \"~\" at 19 is unsafe and must be encoded (RFC 1738 section 2.2)","error_rule":"unsafe",` +
				`"error_section":"RFC 1738 section 2.2","error_offset":19,"scheme":"http","form":"url",` +
				`"raw":"<URL:http://bad.example/~x>","offset":83,"length":27,"line":3,"col":1,"alternatives":[]}` + "\n"},
		{"-u with --format", []string{"-u", "--format", "{line}:{url}", a, c}, "1:http://a.example/\n2:ftp://f.example/x\n2:mailto:m@example.org\n"},
		// grep's colours: the name magenta, line and column green, ":" cyan.
		{"--color=always", []string{"--color=always", "-Hn", c}, "\x1b[35m" + c + "\x1b[m\x1b[36m:\x1b[m\x1b[32m1\x1b[m\x1b[36m:\x1b[m\x1b[32m1\x1b[m\x1b[36m:\x1b[mhttp://a.example/\n" +
			"\x1b[35m" + c + "\x1b[m\x1b[36m:\x1b[m\x1b[32m2\x1b[m\x1b[36m:\x1b[m\x1b[32m1\x1b[m\x1b[36m:\x1b[mmailto:m@example.org\n"},
		{"--color=auto, not a terminal", []string{"--color=auto", "-H", c}, c + ":http://a.example/\n" + c + ":mailto:m@example.org\n"},
		{"--color=never", []string{"--color=never", "-H", c}, c + ":http://a.example/\n" + c + ":mailto:m@example.org\n"},
		// -c, -l and -L count and list what -u prints: c's http://a.example/ is a's.
		{"-c -u", []string{"-c", "-u", a, c, b}, a + ":2\n" + c + ":1\n" + b + ":0\n"},
		{"-c -u --scheme", []string{"-c", "-u", "--scheme", "http", a, c}, a + ":1\n" + c + ":0\n"},
		{"-l -u", []string{"-l", "-u", a, d, c}, a + "\n" + c + "\n"},
		{"-L -u", []string{"-L", "-u", a, d, b}, d + "\n" + b + "\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			run(tc.args, strings.NewReader(""), &out, &errOut)
			if out.String() != tc.want {
				t.Errorf("%q: got %q, want %q (stderr %q)", tc.args, out.String(), tc.want, errOut.String())
			}
		})
	}

	// Usage errors.
	for _, args := range [][]string{{"-c", "-l", a}, {"-c", "--json", a}, {"--json", "--format", "{url}", a},
		{"--format", "{nope}", a}, {"--format", "{url", a}, {"--format", "}", a}, {"--completion", "tcsh"},
		{"--nosuch", a}, {"-Z", a}, {"--max-length", "x", a}, {"--color=sometimes", a}} {
		var out, errOut bytes.Buffer
		if code := run(args, nil, &out, &errOut); code != 2 || out.Len() > 0 {
			t.Errorf("%q: exit %d, %q", args, code, out.String())
		}
		// What is wrong, then where to look: two lines, as grep says it.
		if lines := strings.Split(strings.TrimSuffix(errOut.String(), "\n"), "\n"); len(lines) != 2 ||
			!strings.HasPrefix(lines[0], "urlsift: ") || lines[1] != "Try 'urlsift --help' for more information." {
			t.Errorf("%q: stderr %q", args, errOut.String())
		}
	}
}

// TestStats: the summary on standard error, or as the last JSON record.
func TestStats(t *testing.T) {
	in := "<URL:http://a.example/> <URL:http://b.example/~x> <ftp://f.example/> <URL:http://c.example/|>\n"
	var out, errOut bytes.Buffer
	run([]string{"--stats"}, strings.NewReader(in), &out, &errOut)
	if out.String() != "http://a.example/\nftp://f.example/\n" {
		t.Errorf("output %q", out.String())
	}
	for _, want := range []string{"urlsift: 1 files, 94 bytes, 0 messages, 4 wrappers, 0 URLs in prose: 2 valid URLs, 2 invalid;",
		"\n  2 unsafe (RFC 1738 section 2.2)\n", "URLs by scheme: 1 ftp, 1 http\n"} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("stats %q, want it to hold %q", errOut.String(), want)
		}
	}
	// Messages count whether they hold URLs or not.
	out.Reset()
	errOut.Reset()
	mbox := "From a Mon Jan  1 00:00:00 2001\nFrom: a\n\n<http://a.example/>\n\nFrom b Mon Jan  1 00:00:00 2001\nFrom: b\n\nnone\n\n" +
		"From c Mon Jan  1 00:00:00 2001\nFrom: c\n\nnone either\n"
	run([]string{"--stats"}, strings.NewReader(mbox), &out, &errOut)
	if !strings.Contains(errOut.String(), " 3 messages, 1 wrappers, 0 URLs in prose: 1 valid URLs") {
		t.Errorf("stats of an mbox: %q", errOut.String())
	}
	// Wrappers and URLs in prose are counted apart.
	out.Reset()
	errOut.Reset()
	run([]string{"--stats", "--unwrapped"}, strings.NewReader("see http://p.example/x and <URL:http://a.example/>\n"), &out, &errOut)
	if !strings.Contains(errOut.String(), " 1 wrappers, 1 URLs in prose: 2 valid URLs, 0 invalid") {
		t.Errorf("stats of prose: %q", errOut.String())
	}
	out.Reset()
	errOut.Reset()
	run([]string{"--stats", "--json"}, strings.NewReader(in), &out, &errOut)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var last struct {
		Stats struct {
			Files, Bytes, Wrappers, Valid, Invalid int
			InvalidByReason                        []struct {
				Reason string
				Count  int
			} `json:"invalid_by_reason"`
			Schemes map[string]int
		}
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil || len(lines) != 5 {
		t.Fatalf("%d lines, last %q: %v", len(lines), lines[len(lines)-1], err)
	}
	s := last.Stats
	if s.Files != 1 || s.Bytes != 94 || s.Wrappers != 4 || s.Valid != 2 || s.Invalid != 2 || len(s.InvalidByReason) != 1 ||
		s.InvalidByReason[0].Count != 2 || s.Schemes["http"] != 1 || s.Schemes["ftp"] != 1 {
		t.Errorf("got %+v", s)
	}
}

// TestCompletionsAndMan: the scripts and the man page come from the flag
// definitions, and the shells read them.
func TestCompletionsAndMan(t *testing.T) {
	var f flags
	fs := newFlagSet(&f)
	for _, shell := range []string{"bash", "zsh", "fish"} {
		var out, errOut bytes.Buffer
		if code := run([]string{"--completion", shell}, nil, &out, &errOut); code != 0 {
			t.Fatalf("%s: exit %d %s", shell, code, errOut.String())
		}
		for _, flag := range []string{"line-number", "files-without-match", "grammar", "no-typography"} {
			if !strings.Contains(out.String(), flag) {
				t.Errorf("%s completion lacks --%s", shell, flag)
			}
		}
		if path, err := exec.LookPath(shell); err == nil && shell != "fish" {
			check := exec.Command(path, "-n", "/dev/stdin")
			check.Stdin = strings.NewReader(out.String())
			if msg, err := check.CombinedOutput(); err != nil {
				t.Errorf("%s -n: %v %s", shell, err, msg)
			}
		}
	}
	var out, errOut bytes.Buffer
	run([]string{"--man"}, nil, &out, &errOut)
	n := 0
	fs.VisitAll(func(fl *pflag.Flag) {
		n++
		if !strings.Contains(out.String(), `\-\-`+strings.ReplaceAll(fl.Name, "-", `\-`)) {
			t.Errorf("the man page lacks --%s", fl.Name)
		}
	})
	if n < 20 || !strings.HasPrefix(out.String(), `.\"`) || !strings.Contains(out.String(), ".SH OPTIONS") {
		t.Errorf("man page %.200q", out.String())
	}
}

// TestCPUProfile: --cpuprofile writes a profile (gzipped, as pprof
// writes them) and leaves the output as it is; a file that cannot be
// made is an error before anything is read.
func TestCPUProfile(t *testing.T) {
	prof := filepath.Join(t.TempDir(), "cpu.pprof")
	var out, errOut bytes.Buffer
	if rc := run([]string{"--cpuprofile", prof, "../../corpus/rule-7-examples.txt"}, nil, &out, &errOut); rc != 0 {
		t.Fatalf("exit %d: %s", rc, errOut.String())
	}
	var plain bytes.Buffer
	run([]string{"../../corpus/rule-7-examples.txt"}, nil, &plain, io.Discard)
	if out.String() != plain.String() || out.Len() == 0 {
		t.Errorf("with --cpuprofile: %q, without: %q", out.String(), plain.String())
	}
	if data, err := os.ReadFile(prof); err != nil || !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		t.Errorf("profile: %v, % x", err, data[:min(len(data), 4)])
	}
	errOut.Reset()
	bad := filepath.Join(t.TempDir(), "no", "such", "dir", "cpu.pprof")
	if rc := run([]string{"--cpuprofile", bad, "../../corpus/rule-7-examples.txt"}, nil, io.Discard, &errOut); rc != 2 ||
		!strings.Contains(errOut.String(), "--cpuprofile") {
		t.Errorf("unwritable profile: exit %d, %q", rc, errOut.String())
	}
}

// TestMailFileLines: -n and --format place a URL in mail at its line in
// the file, compressed or not: in a header field, and in a body in 7bit,
// or in 8bit ISO 8859-1 on a "From " line that the mbox quoted. The
// places are counted by hand.
func TestMailFileLines(t *testing.T) {
	dir := t.TempDir()
	in := "From a@example.org Mon Jan  1 00:00:00 2001\n" + // line 1, offset 0
		"Message-ID: <1@example.org>\n" + // line 2, offset 44
		"X-URL: <http://h.example/>\n" + // line 3, offset 72: "<" at 79
		"\n" + // line 4
		"see <http://a.example/>\n" + // line 5, offset 100: "<" at 104
		"\n" + // line 6, offset 124
		"From b@example.org Mon Jan  1 00:00:00 2001\n" + // line 7, offset 125
		"MIME-Version: 1.0\n" + // line 8, offset 169
		"Content-Type: text/plain; charset=iso-8859-1\n" + // line 9, offset 187
		"\n" + // line 10, offset 232
		">From caf\xe9: <http://b.example/>\n" // line 11, offset 233: "<" at 245, after 12 characters
	mbox := writeFile(t, dir, "list.mbox", in)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(in))
	zw.Close()
	gzName := writeFile(t, dir, "list.mbox.gz", gz.String())
	for _, name := range []string{mbox, gzName} {
		var out, errOut bytes.Buffer
		run([]string{"-Hn", name}, nil, &out, &errOut)
		want := name + ":3:8:http://h.example/\n" + name + ":5:5:http://a.example/\n" + name + ":11:13:http://b.example/\n"
		if out.String() != want {
			t.Errorf("-Hn %s: got %q, want %q (stderr %q)", name, out.String(), want, errOut.String())
		}
		out.Reset()
		run([]string{"--format", "{offset} {part_line}:{part_col}@{part_offset} {url}", name}, nil, &out, &errOut)
		want = "79 2:8@35 http://h.example/\n104 1:5@4 http://a.example/\n245 1:12@12 http://b.example/\n"
		if out.String() != want {
			t.Errorf("--format %s: got %q, want %q (stderr %q)", name, out.String(), want, errOut.String())
		}
	}
}

// TestMailEveryKind: an mbox with a URL in each kind of part, plain and
// gzipped: -Hn prints where each URL stands in the file, written by hand
// from the numbered lines below: its line, and its column (of the "<",
// or of the "&lt;" in HTML) where the part's text is the file's; in
// base64, the start of the encoded line that holds it.
func TestMailEveryKind(t *testing.T) {
	lines := []string{
		"From a@example.org Mon Jan  1 00:00:00 2001",       // 1
		"Message-ID: <kinds@example.org>",                   // 2
		"Subject: =?utf-8?q?see_=3Chttp://q.example/x=3E?=", // 3: the word at 10
		"X-Note: see",                                 // 4
		"  <http://folded.example/>",                  // 5: a fold, "<" at 3
		"MIME-Version: 1.0",                           // 6
		`Content-Type: multipart/mixed; boundary="B"`, // 7
		"",    // 8
		"--B", // 9
		"Content-Type: text/plain; charset=us-ascii", // 10
		"",                              // 11
		"7bit: <http://seven.example/>", // 12: "<" at 7
		"--B",                           // 13
		"Content-Type: text/plain; charset=iso-8859-1", // 14
		"Content-Transfer-Encoding: 8bit",              // 15
		"",                                             // 16
		"caf\xe9: <http://eight.example/>",             // 17: "<" at 7
		"--B",                                          // 18
		"Content-Type: text/plain; charset=utf-8",     // 19
		"Content-Transfer-Encoding: quoted-printable", // 20
		"",                              // 21
		"caf=C3=A9 =3D <http://qp.exa=", // 22: "<" at 15
		"mple/>",                        // 23
		"--B",                           // 24
		"Content-Type: text/plain; charset=utf-8", // 25
		"Content-Transfer-Encoding: base64",       // 26
		"",                                        // 27
		// 57 digits and a line break, then "b64 <http://b64.example/>": the
		// "<" is byte 62, character 82, in the second line.
		"MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2Nzg5MDEyMzQ1Njc4OTAxMjM0NTY3ODkwMTIzNDU2", // 28
		"NwpiNjQgPGh0dHA6Ly9iNjQuZXhhbXBsZS8+Cg==",                                     // 29
		"--B", // 30
		"Content-Type: text/html; charset=us-ascii", // 31
		"", // 32
		"<p>text &lt;http://html-text.example/&gt;",     // 33: "&lt;" at 9
		`<a href="http://html-href.example/">x</a></p>`, // 34: the tag at 1
		"--B", // 35
		"Content-Type: text/plain; format=flowed; delsp=yes", // 36
		"",                                      // 37
		"flowed <http://flowed.exam ",           // 38: "<" at 8, the line flows on
		"ple/>",                                 // 39
		"--B",                                   // 40
		"Content-Type: message/rfc822",          // 41
		"",                                      // 42
		"From: b@example.org",                   // 43
		"X-URL: <http://inner-header.example/>", // 44: "<" at 8
		"MIME-Version: 1.0",                     // 45
		`Content-Type: multipart/alternative; boundary="C"`, // 46
		"",                              // 47
		"--C",                           // 48
		"Content-Type: text/plain",      // 49
		"",                              // 50
		"inner <http://inner.example/>", // 51: "<" at 7
		"--C--",                         // 52
		"",                              // 53
		"--B--",                         // 54
	}
	in := strings.Join(lines, "\n") + "\n"
	want := []string{
		"3:10:http://q.example/x",
		"5:3:http://folded.example/",
		"12:7:http://seven.example/",
		"17:7:http://eight.example/",
		"22:15:http://qp.example/",
		"29:1:http://b64.example/",
		"33:9:http://html-text.example/",
		"34:1:http://html-href.example/",
		"38:8:http://flowed.example/",
		"44:8:http://inner-header.example/",
		"51:7:http://inner.example/",
	}
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(in))
	zw.Close()
	for _, name := range []string{writeFile(t, dir, "kinds.mbox", in), writeFile(t, dir, "kinds.mbox.gz", gz.String())} {
		var out, errOut bytes.Buffer
		run([]string{"-Hn", name}, nil, &out, &errOut)
		if got := strings.Join(want, "\n"); strings.ReplaceAll(out.String(), name+":", "") != got+"\n" {
			t.Errorf("-Hn %s:\ngot  %q\nwant %q (stderr %q)", name, out.String(), got, errOut.String())
		}
	}
}

// TestSmallFiles: a walked file is read with one read when it is small,
// its size not known; one larger than that, or one that grew since it was
// listed, is read as a file: none loses its last URL.
func TestSmallFiles(t *testing.T) {
	dir := t.TempDir()
	var want strings.Builder
	for _, size := range []int{0, 30, smallFile - 1, smallFile, smallFile + 1, 3 * smallFile} {
		url := "<URL:http://end.example/" + strconv.Itoa(size) + ">\n"
		body := strings.Repeat("x", max(size-len(url), 0))
		if size > 0 {
			body += url
			want.WriteString(filepath.Join(dir, "f"+strconv.Itoa(size)) + ":http://end.example/" + strconv.Itoa(size) + "\n")
		}
		writeFile(t, dir, "f"+strconv.Itoa(size), body)
	}
	var out, errOut bytes.Buffer
	run([]string{dir}, nil, &out, &errOut)
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	sort.Strings(got)
	exp := strings.Split(strings.TrimSpace(want.String()), "\n")
	sort.Strings(exp)
	if strings.Join(got, "\n") != strings.Join(exp, "\n") || errOut.Len() > 0 {
		t.Errorf("got %q, want %q (stderr %q)", got, exp, errOut.String())
	}
	// A file listed small that has grown past what was listed.
	name := writeFile(t, dir, "grown", "<URL:http://a.example/>\n")
	os.WriteFile(name, []byte("<URL:http://a.example/>\n<URL:http://b.example/>\n"), 0o644)
	var wk worker
	s := sink{o: &options{}, name: name, w: &chunkWriter{out: make(chan item, 8)}, res: &result{}}
	if r, ok := wk.small(&job{name: name, size: 24, walked: true}, &s); ok || r != nil {
		t.Errorf("a grown file is read as small")
	}
	if r, ok := wk.small(&job{name: filepath.Join(dir, "none"), size: -1, walked: true}, &s); !ok || r != nil || !s.res.failed {
		t.Errorf("a missing file: %v %v %v", r, ok, s.res.failed)
	}
}
