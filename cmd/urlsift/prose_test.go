package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestValidWhateverTheOutput: the valid URLs printed never depend on an
// output flag. An unterminated wrapper, reported by --json, does not take
// the URLs in prose after it; a URL inside a closed wrapper with a control
// byte is the wrapper's, with --json or not.
func TestValidWhateverTheOutput(t *testing.T) {
	dir := t.TempDir()
	f := writeFile(t, dir, "a.txt", "<URL:http://broken.example/\nand prose http://prose.example.net/x?y=1\n"+
		"<http://a\x01> x <http://b.example/")
	for _, extra := range [][]string{nil, {"--schemeless"}, {"--grammar", "iri"}} {
		args := append([]string{"--unwrapped"}, extra...)
		var plain, js, errOut bytes.Buffer
		run(append(args, f), strings.NewReader(""), &plain, &errOut)
		run(append(args, "--json", f), strings.NewReader(""), &js, &errOut)
		var valid []string
		for _, line := range strings.Split(strings.TrimSpace(js.String()), "\n") {
			var r struct {
				URL   string `json:"url"`
				Valid bool   `json:"valid"`
			}
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			if r.Valid {
				valid = append(valid, r.URL)
			}
		}
		want := "http://broken.example/\nhttp://prose.example.net/x?y=1\nhttp://b.example/\n"
		if plain.String() != want || strings.Join(valid, "\n")+"\n" != want {
			t.Errorf("%q: printed %q, valid in --json %q, want %q", args, plain.String(), valid, want)
		}
	}
}
