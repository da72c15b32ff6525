package output

import (
	"strings"
	"testing"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/scanner"
)

// TestTemplate: fields, braces and escapes, and the templates refused.
func TestTemplate(t *testing.T) {
	err := rfc1738.Validate("http://a.example/~x")
	m := extract.Match{Pos: scanner.Position{Filename: "f.txt", Offset: 3, Line: 2, Column: 4}, URL: "http://a.example/~x",
		Error: err.Error(), Err: err, Scheme: "http", Form: extract.FormURL, Raw: "<URL:http://a.example/~x>"}
	for _, c := range []struct{ template, want string }{
		{"{path}:{line}:{col}\\t{url}\\n", "f.txt:2:4\thttp://a.example/~x\n"},
		{"{{{scheme}}} {form} {valid} {error_rule}@{error_offset} {message}", "{http} url false unsafe@17 "},
		{"{raw} {length} {offset}\\0\\\\", "<URL:http://a.example/~x> 25 3\x00\\"},
	} {
		tp, err := ParseTemplate(c.template)
		if err != nil {
			t.Fatalf("%q: %v", c.template, err)
		}
		if got := string(tp.Append(nil, &m, nil)); got != c.want {
			t.Errorf("%q: got %q, want %q", c.template, got, c.want)
		}
	}
	tp, _ := ParseTemplate("[{url}]")
	if got := string(tp.Append(nil, &m, strings.ToUpper)); got != "[HTTP://A.EXAMPLE/~X]" || tp.NamesReason() {
		t.Errorf("escaped: %q, names the reason: %v", got, tp.NamesReason())
	}
	for _, bad := range []string{"{nope}", "{url", "}", "a}b"} {
		if _, err := ParseTemplate(bad); err == nil {
			t.Errorf("%q: taken", bad)
		}
	}
	for tmpl, want := range map[string]bool{"{url}": false, "{error}": true, "{error_section}": true, "{valid}": true} {
		if tp, _ := ParseTemplate(tmpl); tp.NamesReason() != want {
			t.Errorf("%q names the reason: %v", tmpl, !want)
		}
	}
}

// TestStats: counts by validity, form, reason and scheme, added up.
func TestStats(t *testing.T) {
	err := rfc1738.Validate("http://a.example/~x")
	var file Stats
	for _, m := range []extract.Match{
		{Valid: true, Scheme: "http", Form: extract.FormURL},
		{Valid: true, Scheme: "ftp", Form: extract.FormUnwrapped},
		{Valid: true, Scheme: "http", Form: extract.FormBare},
		{Err: err, Scheme: "http", Form: extract.FormURL},
	} {
		file.Add(&m)
	}
	file.Messages = 2
	var run Stats
	run.Merge(&file)
	run.Merge(&file)
	if run.Files != 2 || run.Messages != 4 || run.Wrappers != 8 || run.Prose != 2 || run.Valid != 6 || run.Invalid != 2 {
		t.Errorf("%+v", run)
	}
	if top, n := run.TopReason(); top != "unsafe (RFC 1738 section 2.2)" || n != 2 {
		t.Errorf("top reason %q, %d", top, n)
	}
	if top, n := (&Stats{}).TopReason(); top != "" || n != 0 {
		t.Errorf("top reason of nothing %q, %d", top, n)
	}
	text := run.Text(1000, 0.5)
	for _, want := range []string{"2 files, 1000 bytes, 4 messages, 6 wrappers, 2 URLs in prose: 6 valid URLs, 2 invalid; 0.500 s, 0.0 MB/s",
		"\n  2 unsafe (RFC 1738 section 2.2)\n", "URLs by scheme: 4 http, 2 ftp\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("text %q, want it to hold %q", text, want)
		}
	}
	if j := string(run.JSON(1000, 0.5)); !strings.HasPrefix(j, `{"stats":{"files":2,"bytes":1000,"messages":4,"wrappers":6,"prose":2,"valid":6,"invalid":2,"invalid_by_reason":[{"reason":"unsafe (RFC 1738 section 2.2)","count":2}],"schemes":{"http":4,"ftp":2}`) {
		t.Errorf("json %s", j)
	}
}
