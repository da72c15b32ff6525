package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestNormalize: --normalize prints the normal form, -u keys on it, and
// --json, --format and --stats carry it; --grammar whatwg prints hrefs.
func TestNormalize(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.txt", "<http://Example.com/a/../b> <http://example.com/b> <HTTP://EXAMPLE.COM:80/b>\n")
	b := writeFile(t, dir, "b.txt", "<URL:http://www.Example.co.uk/x> <URL:http://example.com/b> <mailto:Joe@Example.COM> <URL:http://a.example/~x>\n")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"-u --normalize", []string{"-u", "--normalize", a}, "http://example.com/b\n"},
		{"-u without --normalize", []string{"-u", a}, "http://Example.com/a/../b\nhttp://example.com/b\nHTTP://EXAMPLE.COM:80/b\n"},
		{"--normalize prints every place", []string{"-n", "--normalize", a}, "1:1:http://example.com/b\n1:29:http://example.com/b\n1:52:http://example.com/b\n"},
		{"-u across files, the first place", []string{"-Hnu", "--normalize", a, b}, a + ":1:1:http://example.com/b\n" + b + ":1:1:http://www.example.co.uk/x\n" + b + ":1:61:mailto:Joe@Example.COM\n"},
		{"-c -u --normalize", []string{"-c", "-u", "--normalize", a, b}, a + ":1\n" + b + ":2\n"},
		{"--format", []string{"--normalize", "--format", "{url} {normalized} {host} {site}", b},
			"http://www.Example.co.uk/x http://www.example.co.uk/x www.example.co.uk example.co.uk\nhttp://example.com/b http://example.com/b example.com example.com\nmailto:Joe@Example.COM mailto:Joe@Example.COM  \n"},
		{"--format without --normalize", []string{"--format", "{url}|{normalized}|{host}", a}, "http://Example.com/a/../b||\nhttp://example.com/b||\nHTTP://EXAMPLE.COM:80/b||\n"},
		{"rfc3986", []string{"--normalize", "--grammar", "rfc3986", b}, "http://www.example.co.uk/x\nhttp://example.com/b\nmailto:Joe@Example.COM\nhttp://a.example/~x\n"},
		{"whatwg prints hrefs", []string{"--grammar", "whatwg", a}, "http://example.com/b\nhttp://example.com/b\nhttp://example.com/b\n"},
		{"whatwg -u", []string{"-u", "--grammar", "whatwg", a}, "http://example.com/b\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			run(tc.args, strings.NewReader(""), &out, &errOut)
			if out.String() != tc.want {
				t.Errorf("%q: got %q, want %q (stderr %q)", tc.args, out.String(), tc.want, errOut.String())
			}
		})
	}
}

// TestNormalizeJSON: the record keeps url as read and adds normalized,
// host and site to valid ones; --stats counts resources and sites.
func TestNormalizeJSON(t *testing.T) {
	in := "<http://Example.com/a/../b> <HTTP://www.EXAMPLE.com:80/c> <URL:http://x.example.org/~y> <mailto:a@b.example>\n"
	var out, errOut bytes.Buffer
	run([]string{"--json", "--normalize", "--stats"}, strings.NewReader(in), &out, &errOut)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines: %q", len(lines), out.String())
	}
	type rec struct {
		URL, Normalized, Host, Site string
		Valid                       bool
		HasNormal                   bool
	}
	want := []rec{
		{"http://Example.com/a/../b", "http://example.com/b", "example.com", "example.com", true, true},
		{"HTTP://www.EXAMPLE.com:80/c", "http://www.example.com/c", "www.example.com", "example.com", true, true},
		{"http://x.example.org/~y", "", "", "", false, false},
		{"mailto:a@b.example", "mailto:a@b.example", "", "", true, true},
	}
	for i, w := range want {
		var r rec
		var fields map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &r); err != nil {
			t.Fatal(err)
		}
		json.Unmarshal([]byte(lines[i]), &fields)
		_, r.HasNormal = fields["normalized"]
		if r != w {
			t.Errorf("record %d: %+v, want %+v", i, r, w)
		}
	}
	var last struct {
		Stats struct {
			Valid, Resources int
			Sites            []struct {
				Site  string
				Count int
			}
		}
	}
	if err := json.Unmarshal([]byte(lines[4]), &last); err != nil {
		t.Fatal(err)
	}
	if s := last.Stats; s.Valid != 3 || s.Resources != 3 || len(s.Sites) != 1 || s.Sites[0].Site != "example.com" || s.Sites[0].Count != 2 {
		t.Errorf("stats %+v", s)
	}
	out.Reset()
	errOut.Reset()
	run([]string{"--normalize", "--stats"}, strings.NewReader(in+in), &out, &errOut)
	if !strings.Contains(errOut.String(), "\nurlsift: 3 resources; URLs by site: 4 example.com\n") {
		t.Errorf("stats %q", errOut.String())
	}
	// Without --normalize, neither the records nor the statistics change.
	out.Reset()
	errOut.Reset()
	run([]string{"--json", "--stats"}, strings.NewReader(in), &out, &errOut)
	if strings.Contains(out.String(), "normalized") || strings.Contains(out.String(), "resources") || strings.Contains(out.String(), `"site"`) {
		t.Errorf("without --normalize: %q", out.String())
	}
}

// TestNormalizeStatsKept: the sites that --stats lists are its own
// copies, not views of buffers that later input overwrites.
func TestNormalizeStatsKept(t *testing.T) {
	var in strings.Builder
	for i := range 30000 {
		fmt.Fprintf(&in, "<URL:http://w%d.a.example.com/%d> <URL:http://b.example.org/%d> <URL:HTTP://c.example.net:80/>\n", i%7, i, i%5)
	}
	var out, errOut bytes.Buffer
	run([]string{"--normalize", "--stats", "-u"}, strings.NewReader(in.String()), &out, &errOut)
	if !strings.Contains(errOut.String(), "\nurlsift: 30006 resources; URLs by site: 30000 example.com, 30000 example.net, 30000 example.org\n") {
		t.Errorf("stats %q", errOut.String())
	}
	if got := strings.Count(out.String(), "\n"); got != 30006 {
		t.Errorf("-u printed %d URLs, want 30006", got)
	}
}
