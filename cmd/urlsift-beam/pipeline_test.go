package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/urlsift/urlsift/extract/source"
	"github.com/urlsift/urlsift/extract/source/archtest"
)

func TestMain(m *testing.M) { ptest.MainWithDefault(m, "prism") }

// command builds urlsift, once.
func command(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "urlsift")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/urlsift/urlsift/cmd/urlsift").CombinedOutput()
	if err != nil {
		t.Fatalf("building urlsift: %v\n%s", err, out)
	}
	return bin
}

// record is a JSON record, with the fields that order records.
type record struct {
	line   string
	fields map[string]any
}

func (r record) key() (string, float64, float64) {
	mo, _ := r.fields["message_offset"].(float64)
	off, _ := r.fields["offset"].(float64)
	member, _ := r.fields["member"].(string)
	return r.fields["path"].(string) + "{" + member + "}", mo, off
}

// parse reads JSON Lines, sorted by path, message offset, offset, and
// then the whole line.
func parse(t *testing.T, data []byte) []record {
	t.Helper()
	var recs []record
	for line := range strings.Lines(string(data)) {
		r := record{line: strings.TrimSuffix(line, "\n")}
		if err := json.Unmarshal([]byte(line), &r.fields); err != nil {
			t.Fatalf("%v: %q", err, line)
		}
		recs = append(recs, r)
	}
	sort.Slice(recs, func(i, j int) bool {
		pi, mi, oi := recs[i].key()
		pj, mj, oj := recs[j].key()
		switch {
		case pi != pj:
			return pi < pj
		case mi != mj:
			return mi < mj
		case oi != oj:
			return oi < oj
		}
		return recs[i].line < recs[j].line
	})
	return recs
}

// same compares two sorted lists of records field by field.
func same(t *testing.T, got, want []record) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%d records, want %d", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if !reflect.DeepEqual(got[i].fields, want[i].fields) {
			for k, v := range want[i].fields {
				if !reflect.DeepEqual(got[i].fields[k], v) {
					t.Fatalf("record %d, field %q: got %v, want %v\ngot  %s\nwant %s", i, k, got[i].fields[k], v, got[i].line, want[i].line)
				}
			}
			t.Fatalf("record %d: got %s\nwant %s", i, got[i].line, want[i].line)
		}
	}
}

// runPipeline runs the pipeline on prism and returns its records, its
// error records and its counters.
func runPipeline(t *testing.T, c config, inputs []string) (recs, errs []record, counters map[string]int64) {
	t.Helper()
	prefix := filepath.Join(t.TempDir(), "out")
	p, s := beam.NewPipelineWithRoot()
	build(s, c, inputs, prefix)
	if _, err := beam.Run(context.Background(), "prism", p); err != nil {
		t.Fatal(err)
	}
	counters = map[string]int64{}
	b, err := os.ReadFile(prefix + "-counts.json")
	if err == nil {
		err = json.Unmarshal(b, &counters)
	}
	if err != nil {
		t.Fatal(err)
	}
	read := func(glob string) []record {
		names, _ := filepath.Glob(glob)
		var all []byte
		for _, n := range names {
			b, err := os.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, b...)
		}
		return parse(t, all)
	}
	return read(prefix + "-0*.jsonl"), read(prefix + "-errors-*.jsonl"), counters
}

func defaults() config {
	return config{Read: source.Settings{Grammar: "rfc1738", Input: "auto", MaxLength: 8192, Invalid: true}, SplitSize: 64 << 20}
}

// TestCorpus: on corpus/, whole and split into pieces of 4 KiB, the
// pipeline's records are urlsift --json's.
func TestCorpus(t *testing.T) {
	bin := command(t)
	corpus, _ := filepath.Glob(filepath.Join("..", "..", "corpus", "*"))
	out, err := exec.Command(bin, append([]string{"--json"}, corpus...)...).Output()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 2) {
		t.Fatalf("urlsift: %v", err)
	}
	want := parse(t, out)
	if len(want) < 300 {
		t.Fatalf("only %d records from urlsift", len(want))
	}
	stats := commandStats(t, bin, corpus)
	for _, size := range []int64{64 << 20, 4 << 10} {
		c := defaults()
		c.SplitSize = size
		got, errs, counters := runPipeline(t, c, []string{filepath.Join("..", "..", "corpus", "*")})
		same(t, got, want)
		if len(errs) != 6 {
			t.Errorf("split size %d: %d error records, want 6 (3 errors, 2 warnings, 1 binary file)", size, len(errs))
		}
		kinds := map[string]int64{}
		for _, e := range errs {
			kinds[e.fields["kind"].(string)]++
		}
		// urlsift --stats counts the files it read: not the binary one.
		wantCounts := map[string]int64{"files": stats["files"] + 1, "bytes": stats["bytes"], "messages": stats["messages"],
			"wrappers": int64(len(want)), "valid": stats["valid"], "invalid": stats["invalid"], "binary": kinds["skipped"],
			"errors": kinds["error"], "warnings": kinds["warning"], "members": 0}
		if !reflect.DeepEqual(counters, wantCounts) {
			t.Errorf("split size %d: counts %v, want %v", size, counters, wantCounts)
		}
	}
}

// commandStats returns the counts of urlsift --json --stats on files.
func commandStats(t *testing.T, bin string, files []string) map[string]int64 {
	t.Helper()
	out, _ := exec.Command(bin, append([]string{"--json", "--stats"}, files...)...).Output()
	lines := bytes.Split(bytes.TrimSpace(out), []byte("\n"))
	var last struct{ Stats map[string]any }
	if err := json.Unmarshal(lines[len(lines)-1], &last); err != nil || last.Stats == nil {
		t.Fatalf("urlsift --stats: %q: %v", lines[len(lines)-1], err)
	}
	stats := map[string]int64{}
	for k, v := range last.Stats {
		if n, ok := v.(float64); ok {
			stats[k] = int64(n)
		}
	}
	return stats
}

// TestContainers: a container is one unit of work, whose members give
// records with their member set, as urlsift --json gives them: a news
// spool as a .tgz, a Maildir as a .zip, and the zip inside a tar.
func TestContainers(t *testing.T) {
	bin := command(t)
	dir := t.TempDir()
	maildir := archtest.Zip(t,
		archtest.Entry{Name: "cur/1", Body: "From: a@example.net\nSubject: s\n\n<URL:http://one.example/>\n"},
		archtest.Entry{Name: "new/2", Body: "<URL:http://two.example/>\n"})
	files := map[string][]byte{
		"spool.tgz": archtest.Gzip(archtest.Tar(t,
			archtest.Entry{Name: "comp/www/1", Body: "Newsgroups: comp.www\nSubject: x\n\nsee <URL:http://www.example.org/>\n"},
			archtest.Entry{Name: "comp/www/2", Body: "<http://two.example.org/> and <http://bad example/>\n"})),
		"maildir.zip": maildir,
		"outer.tar":   archtest.Tar(t, archtest.Entry{Name: "m.zip", Body: string(maildir)}),
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command(bin, "--json", filepath.Join(dir, "spool.tgz"), filepath.Join(dir, "maildir.zip"), filepath.Join(dir, "outer.tar")).Output()
	if err != nil {
		t.Fatalf("urlsift: %v", err)
	}
	want := parse(t, out)
	got, errs, counters := runPipeline(t, defaults(), []string{filepath.Join(dir, "*")})
	same(t, got, want)
	members := 0
	for _, r := range got {
		if r.fields["member"] != nil {
			members++
		}
	}
	// 3 + 2 + 2 records, in 2 + 2 + 2 members.
	if len(got) != 7 || members != 7 || len(errs) != 0 || counters["members"] != 6 || counters["files"] != 3 {
		t.Errorf("%d records, %d with a member, %d errors; counters %v", len(got), members, len(errs), counters)
	}
}

// TestLargeMbox: a generated mbox of more than 20 MB, split into pieces
// of 1 MiB, gives urlsift --json's records, and its counts are those of
// urlsift --stats.
func TestLargeMbox(t *testing.T) {
	bin := command(t)
	in := mbox(90000, 3)
	if len(in) < 20e6 {
		t.Fatalf("the mbox has %d bytes, not 20 MB", len(in))
	}
	name := filepath.Join(t.TempDir(), "large.mbox")
	if err := os.WriteFile(name, in, 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := exec.Command(bin, "--json", name).Output() // exit 2: some messages are broken
	want := parse(t, out)
	c := defaults()
	c.SplitSize = 1 << 20
	got, errs, counters := runPipeline(t, c, []string{name})
	same(t, got, want)
	stats := commandStats(t, bin, []string{name})
	if stats["messages"] < 90000 || counters["messages"] != stats["messages"] || counters["wrappers"] != int64(len(want)) ||
		counters["valid"] != stats["valid"] || counters["invalid"] != stats["invalid"] || counters["bytes"] != int64(len(in)) || counters["files"] != 1 {
		t.Errorf("counts %v, urlsift --stats %v", counters, stats)
	}
	if len(errs) == 0 || counters["errors"] != int64(len(errs)) {
		t.Errorf("%d error records, counters %v: the broken messages are not reported", len(errs), counters)
	}
}

// TestFaults: a missing file, a corrupt gzip file and a pattern that
// matches nothing are error records; the rest is read.
func TestFaults(t *testing.T) {
	bin := command(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte("see <URL:http://good.example/a-\n  b> and <http://x.example/~y>\n"), 0o644)
	corrupt := filepath.Join(dir, "corrupt.gz")
	os.WriteFile(corrupt, append([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3}, bytes.Repeat([]byte{0xff}, 100)...), 0o644)
	out, _ := exec.Command(bin, "--json", good).Output()
	want := parse(t, out)
	if len(want) != 2 {
		t.Fatalf("urlsift found %d records in the good file", len(want))
	}
	got, errs, counters := runPipeline(t, defaults(), []string{good, corrupt, filepath.Join(dir, "missing.txt"), "no-such-dir/*.txt"})
	same(t, got, want)
	var paths []string
	for _, e := range errs {
		if e.fields["kind"] != "error" || !strings.Contains(e.fields["error"].(string), e.fields["path"].(string)) {
			t.Errorf("error record %s: not an error, or it does not name its file", e.line)
		}
		paths = append(paths, filepath.Base(e.fields["path"].(string)))
	}
	sort.Strings(paths)
	if want := []string{"*.txt", "corrupt.gz", "missing.txt"}; !reflect.DeepEqual(paths, want) {
		t.Errorf("error records for %q, want %q", paths, want)
	}
	if counters["errors"] != 3 || counters["files"] != 2 {
		t.Errorf("counters %v", counters)
	}
}
