package source

import (
	"archive/tar"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/source/archtest"
)

// article2 is a news article in quoted-printable: its URL is cut by a
// soft line break, which decoding joins (faq.txt).
const article2 = "Path: news.example.edu!not-for-mail\n" +
	"From: faq@example.edu\n" +
	"Newsgroups: comp.infosystems.www\n" +
	"Subject: FAQ\n" +
	"Message-ID: <faq-2@example.edu>\n" +
	"MIME-Version: 1.0\n" +
	"Content-Type: text/plain; charset=us-ascii\n" +
	"Content-Transfer-Encoding: quoted-printable\n" +
	"\n" +
	"Read first.\n" +
	"The FAQ is at <URL:ftp://ftp.example.edu/pub/faq.t=\n" +
	"xt> and nowhere else.\n"

// article3 is a plain news article.
const article3 = "Path: news.example.edu!not-for-mail\n" +
	"From: www@example.org\n" +
	"Newsgroups: comp.infosystems.www\n" +
	"Subject: home\n" +
	"Message-ID: <www-3@example.org>\n" +
	"\n" +
	"  See <URL:http://www.example.org/www/>.\n"

// maildir1 is a message of a Maildir.
const maildir1 = "From: a@example.net\n" +
	"To: b@example.net\n" +
	"Subject: link\n" +
	"Message-ID: <m1@example.net>\n" +
	"\n" +
	"Hello,\n" +
	"\n" +
	"the draft: <http://www.example.net/draft.txt>\n"

// spool is a news spool, as a .tgz holds it.
func spool(t testing.TB) []byte {
	return archtest.Gzip(archtest.Tar(t,
		archtest.Entry{Name: "news/comp/infosystems/www/", Type: tar.TypeDir},
		archtest.Entry{Name: "news/comp/infosystems/www/2", Body: article2},
		archtest.Entry{Name: "news/comp/infosystems/www/3", Body: article3},
	))
}

// members reads in with src, and returns its matches as "member
// line:col url (input)" and its errors.
func members(src *Source, r io.Reader) (got, errs []string) {
	for m, err := range src.Read(r, "in") {
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		if m.Pos.Filename != "in" {
			errs = append(errs, "a match names "+m.Pos.Filename)
		}
		got = append(got, fmt.Sprintf("%s %d:%d %s (%s)", m.Member, m.Pos.Line, m.Pos.Column, m.URL, m.Input))
	}
	return got, errs
}

// stream hides that r can be read at offsets: a zip is then read into
// memory first.
type stream struct{ r io.Reader }

func (s stream) Read(p []byte) (int, error) { return s.r.Read(p) }

// TestContainers: the members of a tar (compressed or not), of a zip
// (read at offsets, or from a stream) and of a zip inside a tar are each
// read as a file, their positions their own, a quoted-printable article
// decoded; the expected lines are counted by hand from the articles
// above.
func TestContainers(t *testing.T) {
	maildir := archtest.Zip(t,
		archtest.Entry{Name: "Maildir/cur/"},
		archtest.Entry{Name: "Maildir/cur/1.host:2,S", Body: maildir1},
		archtest.Entry{Name: "Maildir/new/2.host", Body: "no header here, just <URL:http://two.example/>\n"},
	)
	faq := "news/comp/infosystems/www/2 11:15 ftp://ftp.example.edu/pub/faq.txt (mail)"
	www := "news/comp/infosystems/www/3 7:7 http://www.example.org/www/ (mail)"
	draft := "Maildir/cur/1.host:2,S 8:12 http://www.example.net/draft.txt (mail)"
	two := "Maildir/new/2.host 1:22 http://two.example/ (text)"
	// Made with Python's tarfile (GNU format, bzip2) and zipfile (a
	// member with the zip64 extra field, force_zip64), as Go writes
	// neither: article2 in each.
	bz2, err := os.ReadFile(filepath.Join("testdata", "spool.tar.bz2"))
	if err != nil {
		t.Fatal(err)
	}
	zip64, err := os.ReadFile(filepath.Join("testdata", "zip64.zip"))
	if err != nil {
		t.Fatal(err)
	}
	tarred := archtest.Tar(t, archtest.Entry{Name: "news/comp/infosystems/www/2", Body: article2})
	var xzb, zs bytes.Buffer
	xw, _ := xz.NewWriter(&xzb)
	xw.Write(tarred)
	xw.Close()
	zw, _ := zstd.NewWriter(&zs)
	zw.Write(tarred)
	zw.Close()
	for _, c := range []struct {
		name string
		in   io.Reader
		want []string
	}{
		{"tgz", bytes.NewReader(spool(t)), []string{faq, www}},
		{"tar.bz2", bytes.NewReader(bz2), []string{faq}},
		{"tar.xz", bytes.NewReader(xzb.Bytes()), []string{faq}},
		{"tar.zst", bytes.NewReader(zs.Bytes()), []string{faq}},
		{"zip64", bytes.NewReader(zip64), []string{faq}},
		{"tar", bytes.NewReader(archtest.Tar(t, archtest.Entry{Name: "news/comp/infosystems/www/2", Body: article2})), []string{faq}},
		{"zip", bytes.NewReader(maildir), []string{draft, two}},
		{"zip from a stream", stream{bytes.NewReader(maildir)}, []string{draft, two}},
		{"zip.gz", stream{bytes.NewReader(archtest.Gzip(maildir))}, []string{draft, two}},
		{"zip.gz that can be read at offsets", bytes.NewReader(archtest.Gzip(maildir)), []string{draft, two}},
		{"V7 tar", bytes.NewReader(v7(t, tarred)), []string{faq}},
		{"zip in a tar", bytes.NewReader(archtest.Tar(t,
			archtest.Entry{Name: "mail.zip", Body: string(maildir)},
			archtest.Entry{Name: "readme", Body: "\n<http://outer.example/>\n"},
		)), []string{"mail.zip:" + draft, "mail.zip:" + two, "readme 2:1 http://outer.example/ (text)"}},
		{"tgz in a zip", bytes.NewReader(archtest.Zip(t, archtest.Entry{Name: "spool.tgz", Body: string(spool(t))})),
			[]string{"spool.tgz:" + faq, "spool.tgz:" + www}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, errs := members(New(), c.in)
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") || len(errs) > 0 {
				t.Errorf("got\n%s\nerrors %q; want\n%s", strings.Join(got, "\n"), errs, strings.Join(c.want, "\n"))
			}
		})
	}
}

// v7 returns the tar archive of one member, tarred, as a V7 tar writes
// it: no magic, the checksum made again.
func v7(t *testing.T, tarred []byte) []byte {
	b := bytes.Clone(tarred)
	if string(b[257:262]) != "ustar" {
		t.Fatalf("not ustar: %q", b[257:265])
	}
	clear(b[257:500]) // the magic, the version, the owner's names, the device, the prefix
	copy(b[148:156], "        ")
	sum := 0
	for _, c := range b[:512] {
		sum += int(c)
	}
	copy(b[148:156], fmt.Sprintf("%06o\x00 ", sum))
	return b
}

// TestNoBomb: an archive whose members come to more than RatioFloor
// bytes, expanding little, is read whole, whether read through its
// reader (a tar) or at offsets (a zip).
func TestNoBomb(t *testing.T) {
	var text strings.Builder
	h := uint64(1)
	for text.Len() < RatioFloor+1<<20 {
		h = h*6364136223846793005 + 1442695040888963407
		fmt.Fprintf(&text, "%016x\n", h)
	}
	body := text.String() + "<URL:http://end.example/>\n"
	for name, in := range map[string][]byte{
		"tar": archtest.Tar(t, archtest.Entry{Name: "big", Body: body}),
		"zip": archtest.Zip(t, archtest.Entry{Name: "big", Body: body}),
	} {
		got, errs := members(New(), bytes.NewReader(in))
		if len(got) != 1 || !strings.HasSuffix(got[0], "http://end.example/ (text)") || len(errs) > 0 {
			t.Errorf("%s: got %q, errors %q", name, got, errs)
		}
	}
}

// TestContainerLayout: Sniff tells a container, and such an input is not
// read in pieces.
func TestContainerLayout(t *testing.T) {
	for _, c := range []struct {
		in   []byte
		want string
	}{
		{archtest.Tar(t, archtest.Entry{Name: "a", Body: "x"}), "tar"},
		{archtest.Gzip(archtest.Tar(t, archtest.Entry{Name: "a", Body: "x"})), "tar"},
		{archtest.Zip(t, archtest.Entry{Name: "a", Body: "x"}), "zip"},
		{archtest.Zip(t), "zip"},
		{[]byte("PK is not a zip\n"), ""},
		{[]byte(strings.Repeat("ustar\n", 200)), ""},
	} {
		l, err := New().Sniff(bytes.NewReader(c.in))
		if err != nil || l.Container != c.want || c.want != "" && (l.Splittable() || l.Binary) {
			t.Errorf("%.20q: got %+v, %v; want %q", c.in, l, err, c.want)
		}
	}
}

// TestContainerProblems: every member skipped, and every damaged
// container, is named with what was read before it kept.
func TestContainerProblems(t *testing.T) {
	ok := archtest.Entry{Name: "ok", Body: "<URL:http://ok.example/>\n"}
	tarred := archtest.Tar(t, ok, archtest.Entry{Name: "b", Body: "<URL:http://b.example/>\n"})
	zipped := archtest.Zip(t, ok, archtest.Entry{Name: "b", Body: "<URL:http://b.example/>\n"})
	encrypted := archtest.Zip(t, ok, archtest.Entry{Name: "secret", Body: "<URL:http://secret.example/>\n"})
	encrypted = markEncrypted(t, encrypted, "secret")
	for _, c := range []struct {
		name   string
		src    *Source
		in     []byte
		want   []string
		errs   []string
		warned bool // the errors are warnings
	}{
		{"names out of the archive", New(), archtest.Tar(t,
			archtest.Entry{Name: "../../etc/x", Body: "<URL:http://up.example/>\n"},
			archtest.Entry{Name: "/abs/y", Body: "<URL:http://abs.example/>\n"}, ok),
			[]string{"../../etc/x 1:1 http://up.example/ (text)", "/abs/y 1:1 http://abs.example/ (text)", "ok 1:1 http://ok.example/ (text)"},
			[]string{"in{../../etc/x}: at offset 512: name leads out", "in{/abs/y}: at offset 1536: name leads out"}, true},
		{"links", New(), archtest.Tar(t, archtest.Entry{Name: "l", Type: tar.TypeSymlink, Link: "/etc/passwd"}, ok),
			[]string{"ok 1:1 http://ok.example/ (text)"}, []string{`in{l}: at offset 512: link not followed (to "/etc/passwd")`}, true},
		{"binary member", New(), archtest.Tar(t, archtest.Entry{Name: "bin", Body: "\x00<URL:http://bin.example/>"}, ok),
			[]string{"ok 1:1 http://ok.example/ (text)"}, []string{"in{bin}: at offset 512: binary file skipped"}, true},
		{"encrypted", New(), encrypted,
			[]string{"ok 1:1 http://ok.example/ (text)"}, []string{"in{secret}: at offset", "encrypted member skipped"}, true},
		{"truncated in a header", New(), tarred[:1024+100],
			[]string{"ok 1:1 http://ok.example/ (text)"}, []string{`in: at offset 1124: unexpected EOF, after member "ok"`}, false},
		{"truncated in a member", New(), tarred[:1536+10],
			[]string{"ok 1:1 http://ok.example/ (text)"}, []string{"in{b}:1:11: unexpected EOF"}, false},
		{"damaged zip", New(), zipped[:len(zipped)-30], nil, []string{"in: zip: not a valid zip file"}, false},
		{"too many members", New(WithLimits(Limits{Members: 1})), tarred,
			[]string{"ok 1:1 http://ok.example/ (text)"}, []string{"in{b}: at offset 1536: more members than the limit"}, false},
		{"too many zip members", New(WithLimits(Limits{Members: 1})), zipped,
			[]string{"ok 1:1 http://ok.example/ (text)"}, []string{"in: more members than the limit: 2 members"}, false},
		{"too large", New(WithLimits(Limits{MemberSize: 10})), tarred, nil,
			[]string{"in{ok}: at offset 512: member larger than the limit: 25 bytes, the limit 10", "in{b}: at offset 1536: member larger"}, false},
		{"as large as the limit", New(WithLimits(Limits{MemberSize: 25})), tarred,
			[]string{"ok 1:1 http://ok.example/ (text)", "b 1:1 http://b.example/ (text)"}, nil, false},
		{"as many zip members as the limit", New(WithLimits(Limits{Members: 2})), zipped,
			[]string{"ok 1:1 http://ok.example/ (text)", "b 1:1 http://b.example/ (text)"}, nil, false},
		{"zip names out of the archive", New(), archtest.Zip(t, archtest.Entry{Name: "../x", Body: "<URL:http://up.example/>\n"}),
			[]string{"../x 1:1 http://up.example/ (text)"}, []string{"in{../x}: name leads out"}, true},
		{"too deep", New(WithLimits(Limits{Depth: 1})), archtest.Tar(t, archtest.Entry{Name: "z.zip", Body: string(zipped)}, ok),
			[]string{"ok 1:1 http://ok.example/ (text)"}, []string{"in{z.zip}: container nested deeper than the limit"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, errs := members(c.src, bytes.NewReader(c.in))
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
			if len(errs) != len(c.errs) && c.name != "encrypted" {
				t.Fatalf("errors %q, want %q", errs, c.errs)
			}
			if c.name == "zip names out of the archive" && strings.Contains(errs[0], "offset") {
				t.Errorf("%q: a member of a zip has no offset in its container as read", errs[0])
			}
			for i, want := range c.errs {
				if i >= len(errs) && c.name == "encrypted" {
					i = 0 // one error, two pieces of it
				}
				if !strings.Contains(errs[i], want) {
					t.Errorf("error %d: %q, want %q in it", i, errs[i], want)
				}
			}
			var me *MemberError
			for m, err := range c.src.Read(bytes.NewReader(c.in), "in") {
				_ = m
				if errors.As(err, &me) && me.Warning != c.warned {
					t.Errorf("%v: Warning %v", err, me.Warning)
				}
			}
		})
	}
}

// markEncrypted sets the flag of an encrypted member on the member name
// of the zip archive z, in its local header and its central directory.
func markEncrypted(t *testing.T, z []byte, name string) []byte {
	z = bytes.Clone(z)
	n := 0
	for _, sig := range []struct {
		magic string
		flags int // offset of the flags from the signature
		name  int // of the name
	}{{"PK\x03\x04", 6, 30}, {"PK\x01\x02", 8, 46}} {
		for i := 0; ; {
			k := bytes.Index(z[i:], []byte(sig.magic))
			if k < 0 {
				break
			}
			i += k
			if bytes.HasPrefix(z[i+sig.name:], []byte(name)) {
				z[i+sig.flags] |= 1
				n++
			}
			i += 4
		}
	}
	if n != 2 {
		t.Fatalf("marked %d headers", n)
	}
	return z
}

// TestZipBomb: a member that expands a thousandfold stops the input
// where its ratio passes the limit, with the matches before kept and the
// memory flat: what is allocated is far less than what came out.
func TestZipBomb(t *testing.T) {
	bomb := archtest.Zip(t,
		archtest.Entry{Name: "first", Body: "<URL:http://first.example/>\n"},
		archtest.Entry{Name: "bomb", Body: "<URL:http://bomb.example/>\n" + strings.Repeat(" ", 64<<20)},
		archtest.Entry{Name: "after", Body: "<URL:http://after.example/>\n"},
	)
	if len(bomb) > 128<<10 {
		t.Fatalf("the bomb is %d bytes", len(bomb))
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got, errs := members(New(), bytes.NewReader(bomb))
	runtime.ReadMemStats(&after)
	want := []string{"first 1:1 http://first.example/ (text)", "bomb 1:1 http://bomb.example/ (text)"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || len(errs) != 1 || !strings.Contains(errs[0], "in{bomb}:2:") ||
		!strings.Contains(errs[0], "decompression bomb") {
		t.Errorf("got %q, %q", got, errs)
	}
	if a := after.TotalAlloc - before.TotalAlloc; a > 16<<20 {
		t.Errorf("%d bytes allocated reading the bomb", a)
	}
}

// TestOnMember: OnMember hears of every member read, and of no other;
// the settings of a pax archive, as git archive writes them, are neither
// a member nor a problem. The binary member's data starts at 3072: the
// pax header and its block, then a header each for d/, d/a (and its
// block) and bin.
func TestOnMember(t *testing.T) {
	src := New(With(extract.ReportInvalid()))
	var heard []string
	src.OnMember(func(m Member) { heard = append(heard, m.Path+"{"+m.Name+"} "+m.Kind.String()) })
	in := archtest.Tar(t, archtest.Entry{Name: "pax_global_header", Type: tar.TypeXGlobalHeader, Body: "c0ffee"},
		archtest.Entry{Name: "d/", Type: tar.TypeDir}, archtest.Entry{Name: "d/a", Body: article3},
		archtest.Entry{Name: "bin", Body: "\x00"}, archtest.Entry{Name: "z.zip", Body: string(archtest.Zip(t, archtest.Entry{Name: "e", Body: "x"}))})
	var errs []string
	for _, err := range src.Read(bytes.NewReader(in), "t.tar") {
		if err != nil {
			errs = append(errs, err.Error())
		}
	}
	if want := "t.tar{bin}: at offset 3072: binary file skipped"; strings.Join(errs, ",") != want {
		t.Errorf("errors %q, want %q", errs, want)
	}
	if want := "t.tar{d/a} mail,t.tar{z.zip:e} text"; strings.Join(heard, ",") != want {
		t.Errorf("heard %q, want %q", heard, want)
	}
}

// FuzzContainers: any bytes read as a container, or as what they turn
// out to be, end without a panic; every match in a member names the
// input and the member.
func FuzzContainers(f *testing.F) {
	f.Add(archtest.Tar(f, archtest.Entry{Name: "a", Body: "<URL:http://a.example/>"}))
	f.Add(archtest.Gzip(archtest.Tar(f, archtest.Entry{Name: "n/1", Body: article2})))
	f.Add(archtest.Zip(f, archtest.Entry{Name: "z", Body: "<http://z.example/>"}, archtest.Entry{Name: "m", Body: maildir1}))
	f.Add(archtest.Tar(f, archtest.Entry{Name: "in.zip", Body: string(archtest.Zip(f, archtest.Entry{Name: "x", Body: "<http://x.example/>"}))}))
	src := New(WithLimits(Limits{MemberSize: 1 << 20, Members: 64}))
	f.Fuzz(func(t *testing.T, in []byte) {
		for m, err := range src.Read(bytes.NewReader(in), "in") {
			if err == nil && m.Pos.Filename != "in" {
				t.Fatalf("a match names %q, member %q", m.Pos.Filename, m.Member)
			}
		}
	})
}

// TestEachBytesContainers: an archive in memory (EachBytes, as the
// command reads a small file of a tree) gives what it gives as a reader,
// a zip read at offsets of the bytes.
func TestEachBytesContainers(t *testing.T) {
	for _, in := range [][]byte{spool(t), archtest.Zip(t, archtest.Entry{Name: "m", Body: maildir1})} {
		want, _ := members(New(), bytes.NewReader(in))
		var got []string
		New().EachBytes(in, "in", func(m *extract.Match, err error) bool {
			got = append(got, fmt.Sprintf("%s %d:%d %s (%s) %v", m.Member, m.Pos.Line, m.Pos.Column, m.URL, m.Input, err))
			return true
		})
		if len(want) == 0 || strings.Join(got, "\n") != strings.Join(want, " <nil>\n")+" <nil>" {
			t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestIsTar: a tar header is told by its "ustar" magic, or, in the old
// format without it, by its checksum (the sum of its 512 bytes, the
// checksum's field taken as spaces, in octal digits between spaces and
// NULs); text and a header whose checksum is wrong or not octal are not.
func TestIsTar(t *testing.T) {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	if err := tw.WriteHeader(&tar.Header{Name: "a.txt", Mode: 0o644, Size: 1, Format: tar.FormatUSTAR}); err != nil {
		t.Fatal(err)
	}
	ustar := buf.Bytes()[:512]
	old := bytes.Clone(ustar)
	clear(old[257:265]) // no magic nor version: the old format
	sum := 0
	for i, c := range old {
		if 148 <= i && i < 156 {
			c = ' '
		}
		sum += int(c)
	}
	copy(old[148:156], fmt.Sprintf("%06o\x00 ", sum))
	spaced := bytes.Clone(old)
	copy(spaced[148:156], fmt.Sprintf("  %05o ", sum))
	wrong := bytes.Clone(old)
	copy(wrong[148:156], fmt.Sprintf("%06o\x00 ", sum+1))
	notOctal := bytes.Clone(old)
	copy(notOctal[148:156], "0001238\x00")
	text := bytes.Repeat([]byte("see <URL:http://a.example/x>\n"), 20)
	for _, c := range []struct {
		name string
		head []byte
		want bool
	}{
		{"ustar", ustar, true}, {"old", old, true}, {"spaced", spaced, true},
		{"wrong sum", wrong, false}, {"not octal", notOctal, false}, {"text", text, false},
		{"short", old[:511], false},
	} {
		if got := isTar(c.head); got != c.want {
			t.Errorf("%s: isTar = %v, want %v", c.name, got, c.want)
		}
	}
}
