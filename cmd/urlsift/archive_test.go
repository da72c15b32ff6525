package main

import (
	"archive/tar"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urlsift/urlsift/extract/source/archtest"
)

// qpArticle is a news article in quoted-printable whose URL a soft line
// break cuts: decoded, it is faq.txt, on line 10 of the article.
const qpArticle = "Path: news.example.edu!not-for-mail\n" +
	"From: faq@example.edu\n" +
	"Newsgroups: comp.infosystems.www\n" +
	"Subject: FAQ\n" +
	"Message-ID: <faq-2@example.edu>\n" +
	"MIME-Version: 1.0\n" +
	"Content-Transfer-Encoding: quoted-printable\n" +
	"\n" +
	"Read first.\n" +
	"The FAQ is at <URL:ftp://ftp.example.edu/pub/faq.t=\n" +
	"xt> and nowhere else.\n"

// archives writes, in dir, a news spool as a .tgz, a Maildir as a .zip
// (deflated), and a tar that holds the zip and a text file; it returns
// their paths.
func archives(t *testing.T, dir string) (tgz, zipped, tarred string) {
	maildir := archtest.Zip(t,
		archtest.Entry{Name: "Maildir/cur/1.host:2,S", Body: "From: a@example.net\nSubject: s\n\nsee\n <http://www.example.net/draft>\n"},
		archtest.Entry{Name: "Maildir/new/2.host", Body: "From: b@example.net\nSubject: t\n\n<URL:http://two.example/>\n"})
	tgz = writeFile(t, dir, "spool.tgz", string(archtest.Gzip(archtest.Tar(t,
		archtest.Entry{Name: "comp/infosystems/www/", Type: tar.TypeDir},
		archtest.Entry{Name: "comp/infosystems/www/2", Body: qpArticle},
		archtest.Entry{Name: "comp/infosystems/www/3", Body: "no URL here\n"}))))
	zipped = writeFile(t, dir, "maildir.zip", string(maildir))
	tarred = writeFile(t, dir, "outer.tar", string(archtest.Tar(t,
		archtest.Entry{Name: "maildir.zip", Body: string(maildir)},
		archtest.Entry{Name: "notes.txt", Body: "x\ny <http://notes.example/>\n"})))
	return tgz, zipped, tarred
}

// TestArchives: every URL of the members of a .tgz, a .zip and a zip
// inside a tar, once, named by its member and its line in the member, in
// --json and in the text output; -c, -l and -L count the members as
// files. The expectations are counted by hand from the members above.
func TestArchives(t *testing.T) {
	tgz, zipped, tarred := archives(t, t.TempDir())
	var out, errOut bytes.Buffer
	if rc := run([]string{"-Hn", "--json", tgz, zipped, tarred}, nil, &out, &errOut); rc != 0 || errOut.Len() > 0 {
		t.Fatalf("exit %d, %s", rc, errOut.String())
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var r struct {
			Path, Member, URL string
			Line, Col         int
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%s %s %d:%d %s", filepath.Base(r.Path), r.Member, r.Line, r.Col, r.URL))
	}
	want := []string{
		"spool.tgz comp/infosystems/www/2 10:15 ftp://ftp.example.edu/pub/faq.txt",
		"maildir.zip Maildir/cur/1.host:2,S 5:2 http://www.example.net/draft",
		"maildir.zip Maildir/new/2.host 4:1 http://two.example/",
		"outer.tar maildir.zip:Maildir/cur/1.host:2,S 5:2 http://www.example.net/draft",
		"outer.tar maildir.zip:Maildir/new/2.host 4:1 http://two.example/",
		"outer.tar notes.txt 2:3 http://notes.example/",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-Hn", tgz}, tgz + "{comp/infosystems/www/2}:10:15:ftp://ftp.example.edu/pub/faq.txt\n"},
		{[]string{"-c", tgz, tarred}, tgz + "{comp/infosystems/www/2}:1\n" + tgz + "{comp/infosystems/www/3}:0\n" +
			tarred + "{maildir.zip:Maildir/cur/1.host:2,S}:1\n" + tarred + "{maildir.zip:Maildir/new/2.host}:1\n" + tarred + "{notes.txt}:1\n"},
		{[]string{"-l", tgz}, tgz + "{comp/infosystems/www/2}\n"},
		{[]string{"-c", tgz}, tgz + "{comp/infosystems/www/2}:1\n" + tgz + "{comp/infosystems/www/3}:0\n"},
		{[]string{"-c", "-u", tgz}, tgz + "{comp/infosystems/www/2}:1\n" + tgz + "{comp/infosystems/www/3}:0\n"},
		{[]string{"-L", tgz}, tgz + "{comp/infosystems/www/3}\n"},
		{[]string{"-L", "-u", tgz, tgz}, tgz + "{comp/infosystems/www/3}\n" + tgz + "{comp/infosystems/www/2}\n" + tgz + "{comp/infosystems/www/3}\n"},
	} {
		var out, errOut bytes.Buffer
		run(c.args, nil, &out, &errOut)
		if out.String() != c.want {
			t.Errorf("%q: got\n%s\nwant\n%s%s", c.args, out.String(), c.want, errOut.String())
		}
	}
	// From standard input, a member is named as a record names it.
	spool, err := os.ReadFile(tgz)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-c", "-"}, {"-H", "-"}} {
		var out bytes.Buffer
		run(args, bytes.NewReader(spool), &out, io.Discard)
		if want := "(standard input){comp/infosystems/www/2}:"; !strings.HasPrefix(out.String(), want) {
			t.Errorf("%q: got %q, want it to start with %q", args, out.String(), want)
		}
	}
	var stats bytes.Buffer
	run([]string{"--stats", tgz, tarred}, nil, &out, &stats)
	if !strings.Contains(stats.String(), "urlsift: 2 files,") || !strings.Contains(stats.String(), "5 members of containers read, 0 skipped") {
		t.Errorf("--stats: %s", stats.String())
	}
}

// TestArchiveProblems: a member skipped is named on standard error (not
// with -s) and counted by --stats; a truncated tar keeps what was read,
// names where it broke and exits 2.
func TestArchiveProblems(t *testing.T) {
	dir := t.TempDir()
	tarred := archtest.Tar(t,
		archtest.Entry{Name: "../up", Body: "<http://up.example/>\n"},
		archtest.Entry{Name: "bin", Body: "\x00"},
		archtest.Entry{Name: "b", Body: "<http://b.example/>\n"})
	whole := writeFile(t, dir, "a.tar", string(tarred))
	cut := writeFile(t, dir, "cut.tar", string(tarred[:2048+5])) // in the header of b
	var out, errOut bytes.Buffer
	rc := run([]string{"--stats", whole}, nil, &out, &errOut)
	if rc != 0 || out.String() != "http://up.example/\nhttp://b.example/\n" ||
		!strings.Contains(errOut.String(), "urlsift: "+whole+"{../up}: at offset 512: name leads out of the archive") ||
		!strings.Contains(errOut.String(), "urlsift: "+whole+"{bin}: at offset 1536: binary file skipped") ||
		!strings.Contains(errOut.String(), "2 members of containers read, 1 skipped") {
		t.Errorf("exit %d, %q, %s", rc, out.String(), errOut.String())
	}
	out.Reset()
	errOut.Reset()
	if rc := run([]string{"-s", whole}, nil, &out, &errOut); rc != 0 || errOut.Len() > 0 {
		t.Errorf("-s: exit %d, %s", rc, errOut.String())
	}
	out.Reset()
	errOut.Reset()
	rc = run([]string{cut}, nil, &out, &errOut)
	if rc != 2 || out.String() != "http://up.example/\n" || !strings.Contains(errOut.String(), cut+": at offset 2053: unexpected EOF, after member \"bin\"") {
		t.Errorf("exit %d, %q, %s", rc, out.String(), errOut.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "up")); err == nil {
		t.Error("a file was written")
	}
}

// TestArchiveBomb: a zip member that expands a thousandfold stops the
// reading of its archive, said on standard error with exit status 2 and
// counted by --stats, the URLs before it kept.
func TestArchiveBomb(t *testing.T) {
	bomb := writeFile(t, t.TempDir(), "bomb.zip", string(archtest.Zip(t,
		archtest.Entry{Name: "first", Body: "<URL:http://first.example/>\n"},
		archtest.Entry{Name: "bomb", Body: strings.Repeat(" ", 32<<20) + "<URL:http://late.example/>\n"},
		archtest.Entry{Name: "after", Body: "<URL:http://after.example/>\n"})))
	var out, errOut bytes.Buffer
	rc := run([]string{"--stats", bomb}, nil, &out, &errOut)
	if rc != 2 || out.String() != "http://first.example/\n" || !strings.Contains(errOut.String(), bomb+"{bomb}:1:") ||
		!strings.Contains(errOut.String(), "a decompression bomb?") || !strings.Contains(errOut.String(), "1 members of containers read, 1 skipped") {
		t.Errorf("exit %d, %q, %s", rc, out.String(), errOut.String())
	}
}
