package rfc1738

import "testing"

// Typical URLs of about 60 bytes, as found in RFC text files.
var benchValid = []string{
	"http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
	"ftp://ds.internic.net/internet-drafts/draft-ietf-uri-url-03.txt",
	"http://ds.internic.net/instructions/overview.html#WARNING",
	"gopher://gopher.micro.umn.edu:70/11/Information%20About%20Gopher",
}

var benchInvalid = []string{
	"http://www.example.com/~username/public_html/index.html",
	"ftp://ftp.example.org/pub/some-directory/file.txt;type=x",
	"http://user:password@www.example.com/cgi-bin/query?q=a",
	"mailto:http://www.example.com/mailing-list/subscribe.html",
}

func benchmark(b *testing.B, in []string) {
	n := 0
	for _, s := range in {
		n += len(s)
	}
	b.SetBytes(int64(n / len(in)))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = Validate(in[i%len(in)])
		i++
	}
}

func BenchmarkValidate(b *testing.B) {
	for _, s := range benchValid {
		if err := Validate(s); err != nil {
			b.Fatal(err)
		}
	}
	for _, s := range benchInvalid {
		if Validate(s) == nil {
			b.Fatalf("%q is valid", s)
		}
	}
	b.Run("valid", func(b *testing.B) { benchmark(b, benchValid) })
	b.Run("invalid", func(b *testing.B) { benchmark(b, benchInvalid) })
	b.Run("mix", func(b *testing.B) {
		benchmark(b, append(benchValid[:len(benchValid):len(benchValid)], benchInvalid...))
	})
}

func TestValidAllocates(t *testing.T) {
	for _, s := range append(benchValid[:len(benchValid):len(benchValid)], benchInvalid...) {
		if n := testing.AllocsPerRun(10, func() { Valid(s) }); n != 0 {
			t.Errorf("Valid(%q) allocates %v times", s, n)
		}
	}
}
