package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestGrammar: --grammar chooses what a URL is; the wrappers, the hyphen
// rule and the layout rules stay the same.
func TestGrammar(t *testing.T) {
	in := "<URL:http://[2001:db8::1]/~user/>\n<mailto:a@b.example?subject=hi>\n<URL:http://a.example/a|b>\n" +
		"<URL:http://a.example/long-\n  path/x>\n> <https://q.example/\n> quoted>\n<tel:+1-816-555-1212> <sip:a@b.example>\n" +
		"<URL:http://例え.jp/パス>\n"
	for _, c := range []struct {
		grammar, want string
	}{
		{"rfc1738", "mailto:a@b.example?subject=hi\nhttp://a.example/long-path/x\nhttps://q.example/quoted\n"},
		{"rfc3986", "http://[2001:db8::1]/~user/\nmailto:a@b.example?subject=hi\nhttp://a.example/long-path/x\n" +
			"https://q.example/quoted\ntel:+1-816-555-1212\nsip:a@b.example\n"},
		{"iri", "http://[2001:db8::1]/~user/\nmailto:a@b.example?subject=hi\nhttp://a.example/long-path/x\n" +
			"https://q.example/quoted\ntel:+1-816-555-1212\nsip:a@b.example\nhttp://例え.jp/パス\n"},
	} {
		var out, errOut bytes.Buffer
		run([]string{"--grammar", c.grammar}, strings.NewReader(in), &out, &errOut)
		if out.String() != c.want {
			t.Errorf("--grammar %s: got %q, want %q (%s)", c.grammar, out.String(), c.want, errOut.String())
		}
	}

	// The reason names "|" and its offset, with the rule and section.
	var out, errOut bytes.Buffer
	run([]string{"--grammar", "rfc3986", "--json"}, strings.NewReader("<URL:http://a.example/a|b>"), &out, &errOut)
	var r struct {
		Valid        bool
		Error        string
		ErrorRule    string `json:"error_rule"`
		ErrorSection string `json:"error_section"`
		ErrorOffset  int    `json:"error_offset"`
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("%q: %v", out.String(), err)
	}
	if r.Valid || !strings.Contains(r.Error, `"|" at 18`) || r.ErrorRule != "path" || r.ErrorSection != "RFC 3986 section 3.3" || r.ErrorOffset != 18 {
		t.Errorf("got %+v", r)
	}

	if code := run([]string{"--grammar", "rfc2396"}, nil, &out, &errOut); code != 2 {
		t.Errorf("--grammar rfc2396: exit %d", code)
	}
}
