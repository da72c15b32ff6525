// Command urlsift prints the URLs found in plain text, mail and news
// archives, the way the Appendix of RFC 1738 says people write them: in
// <URL:...> and bare <...> wrappers, broken across lines and after
// hyphens. Every URL it prints is valid by RFC 1738.
//
// Usage:
//
//	urlsift [flags] [FILE or DIRECTORY ...]
//
// With no FILE, or with "-", it reads standard input. The exit status is
// grep's: 0 when a valid URL was found, 1 when none was, 2 on an error.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/extract/output"
	"github.com/urlsift/urlsift/extract/rfc1738"
	"github.com/urlsift/urlsift/extract/rfc3986"
	"github.com/urlsift/urlsift/extract/source"
	"github.com/urlsift/urlsift/scanner"
)

const usage = `usage: urlsift [flags] [FILE or DIRECTORY ...]

urlsift prints the URLs written in plain text, mail and news the way RFC
1738's Appendix describes: inside <URL:...> and bare <...> wrappers, broken
across lines, broken after hyphens. Each printed URL is valid by RFC 1738.
With no FILE, or with "-", it reads standard input. A directory is walked,
its files read on all cores and printed in order; its binary files (with a
NUL byte) are skipped. Files compressed with gzip, bzip2, xz or zstd are
read through, whatever their name.

Flags:
  --json             one JSON record per reported wrapper, valid or not, with
                     its position, raw text, reason, alternative readings and
                     warnings (and, in mail, its message and part)
  --grammar G        what a URL is: rfc1738 (the default: strict RFC 1738),
                     rfc3986 (RFC 3986 and the RFCs of http, https, mailto,
                     urn, file, news, nntp and data; bare wrappers of any
                     IANA scheme) or iri (the same, with RFC 3987's IRIs)
  --input KIND       auto (default), text, mail (one message) or mbox: auto
                     takes a file whose first line starts with "From " for an
                     mbox, one that starts with header fields for a message
  -H                 print the file name before each URL
  --with-message     print the Message-ID before each URL found in mail
  --progress WHEN    auto (default: on long work, when standard error is a
                     terminal), always or never
  --max-length N     the longest wrapper taken, in bytes, from 16 to 1048576
                     (default 8192)
  --no-page-breaks   do not skip page breaks (form feeds, "[Page N]" footers,
                     "RFC NNNN" and "Internet-Draft" headers) inside wrappers
  --no-quotes        do not remove mail quote prefixes ("> ", ">> ", "| ")
                     from the lines of a wrapper opened on a quoted line
  --no-line-numbers  do not remove line number gutters ("  846. ")
  --no-typography    keep soft hyphens and U+2010/U+2011 at line ends, and
                     take neither fullwidth brackets nor fullwidth letters
  --version          print the version and exit
  --help             print this help and exit

Examples:
  urlsift rfc1738.txt                 the URLs of a file, one per line
  urlsift --json notes.txt | jq .     every wrapper with the reason it fails
  urlsift -H --with-message ~/Mail    every URL of a mail tree, with where
  zcat list.mbox.gz | urlsift -       from standard input

Exit status: 0 when a valid URL was found, 1 when none was, 2 on an error
(an unreadable file or a broken MIME part is reported on standard error,
and everything else is still read).
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// options are the command's flags.
type options struct {
	json, withName, withMessage bool
	input                       string
	extract                     []extract.Option
}

// source returns the library's reader of files with the command's
// options.
func (o options) source(skipBinary bool) *source.Source {
	opts := []source.Option{source.With(o.extract...)}
	switch o.input {
	case "text":
		opts = append(opts, source.As(mail.Text))
	case "mail":
		opts = append(opts, source.As(mail.Message))
	case "mbox":
		opts = append(opts, source.As(mail.Mbox))
	}
	if skipBinary {
		opts = append(opts, source.SkipBinary())
	}
	return source.New(opts...)
}

// run is the whole command; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("urlsift", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o options
	fs.BoolVar(&o.json, "json", false, "")
	fs.BoolVar(&o.withName, "H", false, "")
	fs.BoolVar(&o.withMessage, "with-message", false, "")
	fs.StringVar(&o.input, "input", "auto", "")
	progress := fs.String("progress", "auto", "")
	grammar := fs.String("grammar", "rfc1738", "")
	maxLen := fs.Int("max-length", 8192, "")
	showVersion := fs.Bool("version", false, "")
	var off extract.Rule
	for name, rule := range map[string]extract.Rule{
		"no-page-breaks":  extract.PageBreaks,
		"no-quotes":       extract.QuotePrefixes,
		"no-line-numbers": extract.LineNumbers,
		"no-typography":   extract.Typography,
	} {
		fs.BoolFunc(name, "", func(string) error { off |= rule; return nil })
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "urlsift: "+format+"\n\n%s", append(a, usage)...)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return 0
		}
		return bad("%v", err)
	}
	switch {
	case *showVersion:
		fmt.Fprintln(stdout, "urlsift", version())
		return 0
	case *maxLen < minMaxLength || *maxLen > scanner.MaxLengthLimit:
		return bad("--max-length must be between %d and %d bytes", minMaxLength, scanner.MaxLengthLimit)
	case o.input != "auto" && o.input != "text" && o.input != "mail" && o.input != "mbox":
		return bad("--input must be auto, text, mail or mbox")
	case *progress != "auto" && *progress != "always" && *progress != "never":
		return bad("--progress must be auto, always or never")
	case grammars[*grammar] == nil:
		return bad("--grammar must be rfc1738, rfc3986 or iri")
	}
	o.extract = []extract.Option{extract.MaxLength(*maxLen), extract.Disable(off), extract.WithGrammar(grammars[*grammar])}
	if o.json {
		o.extract = append(o.extract, extract.ReportInvalid())
	}

	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	jobs, total := expand(files)
	showProgress := *progress == "always"
	if *progress == "auto" {
		f, ok := stderr.(*os.File)
		showProgress = ok && term.IsTerminal(int(f.Fd())) && total > 4<<20
	}
	var read, done atomic.Int64
	var stop func()
	if showProgress {
		stop = startProgress(stderr, total, len(jobs), &read, &done)
	}

	out := bufio.NewWriterSize(stdout, chunkSize)
	found, failed, binaries, skipped := false, false, 0, 0
	stopped := make(chan struct{})
	var werr error // the first write error ends the run
	for res := range process(jobs, o, stdin, &read, &done, stopped) {
		for it := range res.items {
			if werr != nil {
				continue // draining what the worker sent before it stopped
			}
			if it.msg != "" {
				werr = out.Flush()
				fmt.Fprintf(stderr, "urlsift: %s\n", printable(it.msg))
			} else {
				_, werr = out.Write(it.out)
				putChunk(it.out)
			}
			if werr != nil {
				close(stopped)
			}
		}
		found = found || res.found
		failed = failed || res.failed
		if res.binary {
			binaries++
		}
		skipped += res.skipped
	}
	if werr == nil {
		werr = out.Flush()
	}
	if stop != nil {
		stop()
	}
	if werr != nil {
		if !errors.Is(werr, syscall.EPIPE) { // a closed pipe ends the run quietly, as with grep
			fmt.Fprintf(stderr, "urlsift: writing the output: %v\n", werr)
		}
		return 2
	}
	if binaries > 0 {
		fmt.Fprintf(stderr, "urlsift: %d binary files skipped\n", binaries)
	}
	if skipped > 0 && !o.json {
		fmt.Fprintf(stderr, "urlsift: %d MIME parts skipped as not text (--json names them)\n", skipped)
	}
	switch {
	case failed:
		return 2
	case found:
		return 0
	}
	return 1
}

// grammars are the values of --grammar.
var grammars = map[string]extract.Grammar{
	"rfc1738": rfc1738.Grammar{},
	"rfc3986": rfc3986.URI,
	"iri":     rfc3986.IRI,
}

// minMaxLength is the shortest --max-length taken: "<URL:" and a few
// bytes.
const minMaxLength = 16

// job is one input: a file named on the command line or found in a
// directory, or standard input.
type job struct {
	name   string
	walked bool  // found in a directory: binary files are skipped
	size   int64 // -1 when not known
	err    error // the file could not be found
}

// expand turns the arguments into jobs, walking directories in lexical
// order, and adds up the sizes of the files. Standard input is read once,
// at its first "-". A symbolic link named as an argument is followed, to
// a directory too, as grep -r does; links met in a walk are not.
func expand(args []string) ([]*job, int64) {
	var jobs []*job
	var total int64
	stdin := false
	for _, name := range args {
		if name == "-" {
			if !stdin {
				jobs = append(jobs, &job{name: name, size: -1})
			}
			stdin = true
			continue
		}
		info, err := os.Stat(name)
		if err != nil || !info.IsDir() {
			j := &job{name: name, size: -1, err: err}
			if err == nil {
				j.size = info.Size()
				total += j.size
			}
			jobs = append(jobs, j)
			continue
		}
		root := name
		if l, err := os.Lstat(name); err == nil && l.Mode()&fs.ModeSymlink != 0 {
			root = name + string(filepath.Separator) // WalkDir follows a root named so
		}
		err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				jobs = append(jobs, &job{name: path, size: -1, err: err})
			case d.Type().IsRegular():
				j := &job{name: path, walked: true, size: -1}
				if info, err := d.Info(); err == nil {
					j.size = info.Size()
					total += j.size
				}
				jobs = append(jobs, j)
			}
			return nil
		})
		if err != nil {
			jobs = append(jobs, &job{name: name, size: -1, err: err})
		}
	}
	return jobs, total
}

// The memory budget of the ordered output: at most window files are in
// flight (read, or waiting for their turn to be printed), and each holds
// at most its chunk being filled and chunks more of chunkSize bytes
// (a chunk grows past chunkSize by one record at most). A worker whose
// file is full waits; the window waits for the file being printed.
const (
	chunkSize = 64 << 10
	chunks    = 4
)

// window is the number of files in flight.
func window() int { return max(4, 2*runtime.GOMAXPROCS(0)) }

// result is what one job gives, in order: its output and its messages
// for standard error, then its totals once items is closed.
type result struct {
	items         chan item
	found, failed bool
	binary        bool
	skipped       int // MIME parts that are not text
}

// item is a chunk of output, or a message for standard error.
type item struct {
	out []byte
	msg string
}

// task is a job and where its result goes.
type task struct {
	j   *job
	res *result
}

// process runs the jobs on all cores and returns their results in the
// order of the jobs. A job's output streams out as soon as the jobs
// before it are done; at most window() jobs are in flight. Closing
// stopped makes the workers stop at their next write or read.
func process(jobs []*job, o options, stdin io.Reader, read, done *atomic.Int64, stopped <-chan struct{}) <-chan *result {
	ordered := make(chan *result, window())
	tasks := make(chan task)
	go func() {
		defer close(tasks)
		defer close(ordered)
		for _, j := range jobs {
			res := &result{items: make(chan item, chunks)}
			select {
			case ordered <- res: // waits while window() results are unread
			case <-stopped:
				return
			}
			tasks <- task{j, res}
		}
	}()
	for range runtime.GOMAXPROCS(0) {
		go func() {
			var w worker
			for t := range tasks {
				w.scan(t.j, t.res, o, stdin, read, stopped)
				done.Add(1)
			}
		}()
	}
	return ordered
}

var chunkPool = sync.Pool{New: func() any { return new([]byte) }}

func getChunk() []byte { return (*chunkPool.Get().(*[]byte))[:0] }

func putChunk(b []byte) {
	if cap(b) <= 2*chunkSize {
		chunkPool.Put(&b)
	}
}

// chunkWriter sends what is written to it in chunks of about chunkSize
// bytes, and messages in order with them. Once stopped is closed, it
// sends nothing more and says so.
type chunkWriter struct {
	buf     []byte
	out     chan<- item
	stopped <-chan struct{}
	stop    bool
}

var errStopped = errors.New("stopped")

func (w *chunkWriter) Write(p []byte) (int, error) {
	if w.stop {
		return 0, errStopped
	}
	if w.buf == nil {
		w.buf = getChunk()
	}
	w.buf = append(w.buf, p...)
	if len(w.buf) >= chunkSize {
		w.flush()
	}
	return len(p), nil
}

func (w *chunkWriter) flush() {
	if len(w.buf) > 0 {
		w.send(item{out: w.buf})
		w.buf = nil
	}
}

// message sends a message for standard error, after the output before it.
func (w *chunkWriter) message(msg string) {
	w.flush()
	w.send(item{msg: msg})
}

func (w *chunkWriter) send(it item) {
	if w.stop {
		return
	}
	select {
	case w.out <- it:
	case <-w.stopped:
		w.stop = true
	}
}

// counter counts the bytes read through it, and stops reading when the
// run is stopped.
type counter struct {
	r       io.Reader
	n       *atomic.Int64
	stopped <-chan struct{}
}

func (c counter) Read(p []byte) (int, error) {
	select {
	case <-c.stopped:
		return 0, errStopped
	default:
	}
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// worker holds what reading a file needs, reused from file to file.
type worker struct {
	named, walked *source.Source // binary files found in a walk are skipped
}

// scan reads one input and writes its matches to res.
func (wk *worker) scan(j *job, res *result, o options, stdin io.Reader, read *atomic.Int64, stopped <-chan struct{}) {
	w := &chunkWriter{out: res.items, stopped: stopped}
	defer func() {
		w.flush()
		close(res.items)
	}()
	fail := func(err error) {
		if errors.Is(err, errStopped) {
			return
		}
		switch err.(type) {
		case *scanner.Error, *fs.PathError: // they name the input
		default:
			err = fmt.Errorf("%s: %w", j.name, err)
		}
		w.message(err.Error())
		res.failed = true
	}
	if j.err != nil {
		fail(j.err)
		return
	}
	var in io.Reader = stdin
	if j.name != "-" {
		f, err := os.Open(j.name)
		if err != nil {
			fail(err)
			return
		}
		defer f.Close()
		in = f
	}
	if wk.named == nil {
		wk.named, wk.walked = o.source(false), o.source(true)
	}
	src := wk.named // a file named on the command line is always read
	if j.walked {
		src = wk.walked
	}
	matches := src.Read(counter{in, read, stopped}, j.name)
	var rec []byte
	for m, err := range matches {
		if w.stop {
			return
		}
		if errors.Is(err, source.ErrBinary) {
			res.binary = true
			return
		}
		if err != nil {
			var pe *mail.PartError
			if errors.As(err, &pe) && pe.Warning {
				if errors.Is(err, mail.ErrNotText) {
					res.skipped++
					if !o.json {
						continue // counted in the summary
					}
				}
				w.message(j.name + ": " + err.Error())
				continue
			}
			fail(err)
			continue
		}
		res.found = res.found || m.Valid
		switch {
		case o.json:
			rec = append(output.AppendJSON(rec[:0], m), '\n')
			w.Write(rec)
		default:
			if o.withName {
				io.WriteString(w, printable(j.name)+":")
			}
			if o.withMessage && m.Mail.Message > 0 {
				id := m.Mail.MessageID
				if id == "" {
					id = "-"
				}
				io.WriteString(w, printable(id)+" ")
			}
			io.WriteString(w, m.URL+"\n")
		}
	}
}

// startProgress shows a bar on w until the returned function is called.
func startProgress(w io.Writer, total int64, files int, read, done *atomic.Int64) func() {
	bar := progressbar.NewOptions64(max(total, 1),
		progressbar.OptionSetWriter(w),
		progressbar.OptionShowBytes(true),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			bar.Describe(fmt.Sprintf("files %d/%d", done.Load(), files))
			bar.Set64(read.Load())
			select {
			case <-quit:
				return
			case <-tick.C:
			}
		}
	}()
	return func() {
		close(quit)
		wg.Wait()
		bar.Describe(fmt.Sprintf("files %d/%d", done.Load(), files))
		bar.Finish()
	}
}

// printable escapes the control characters of s (C0, DEL, C1), the
// bidirectional formatting characters (U+202A to U+202E, U+2066 to
// U+2069, and the marks U+200E, U+200F, U+061C), and its bytes that are
// not UTF-8, as Go escapes them in strings ("\x1b", "\u202e"), so that
// what the input holds never reaches a terminal as a control character
// nor turns the text around.
func printable(s string) string {
	clean := true
	for _, r := range s {
		if unsafeRune(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if unsafeRune(r) {
			q := strconv.Quote(s[i : i+n])
			b.WriteString(q[1 : len(q)-1])
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// unsafeRune reports whether printable escapes r.
func unsafeRune(r rune) bool {
	return unicode.IsControl(r) || r == utf8.RuneError || unicode.Is(unicode.Bidi_Control, r)
}

func version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return "devel"
}
