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
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/urlsift/urlsift/extract"
	"github.com/urlsift/urlsift/extract/mail"
	"github.com/urlsift/urlsift/extract/output"
	"github.com/urlsift/urlsift/extract/source"
	"github.com/urlsift/urlsift/scanner"
)

func main() {
	growPipe(os.Stdout)
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// options are what the workers need of the flags.
type options struct {
	json, withName, withMessage, lineNumber bool
	unique, count, filesWith, filesWithout  bool
	countName                               bool // -c prints "file:N"
	stats, quiet, noMessages                bool
	formatErrors                            bool   // --format names a field of the reason: it prints the invalid wrappers too
	color                                   bool   // --color: file names, lines and columns in colour
	grammar                                 string // --grammar's
	maxCount                                int    // -m: the URLs to print from a file, or 0
	format                                  []segment
	schemes                                 map[string]bool // nil: every scheme
	end                                     byte            // after each record: '\n', or 0 with -0
	read                                    source.Settings // how each file is read
}

// listing says the files are listed or counted instead of their URLs.
func (o *options) listing() bool { return o.count || o.filesWith || o.filesWithout }

// keep says whether a match is printed: invalid ones only with --json or
// a --format that names the reason, and with --scheme, only those
// schemes.
func (o *options) keep(m *extract.Match) bool {
	return (m.Valid || o.json || o.formatErrors) && (o.schemes == nil || o.schemes[m.Scheme])
}

// run is the whole command; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var f flags
	fs := newFlagSet(&f)
	o, code, done := configure(fs, &f, args, stdout, stderr)
	if done {
		return code
	}
	if f.cpuprofile != "" {
		stop, ok := profile(f.cpuprofile, stderr)
		if !ok {
			return 2
		}
		defer stop()
	}
	start := time.Now()

	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	jobs, total := expand(files)
	// As grep and ripgrep do, the file names go before what is printed
	// when more than one file can hold it: several named, or a directory.
	if several := len(jobs) > 1 || len(jobs) == 1 && jobs[0].walked; several && !f.noName {
		o.withName = true
	}
	o.countName = o.withName
	o.color = f.color == "always" || f.color == "auto" && os.Getenv("NO_COLOR") == "" && isTerminal(stdout)
	showProgress := f.progress == "always"
	if f.progress == "auto" {
		f, ok := stderr.(*os.File)
		showProgress = ok && term.IsTerminal(int(f.Fd())) && total > 4<<20
	}
	var read, finished atomic.Int64
	var stop func()
	if showProgress {
		stop = startProgress(stderr, total, len(jobs), &read, &finished)
	}
	t := printAll(jobs, o, stdin, stdout, stderr, &read, &finished)
	if o.stats && o.json && t.werr == nil {
		_, t.werr = t.out.Write(t.sum.json(read.Load(), time.Since(start).Seconds()))
	}
	if t.werr == nil {
		t.werr = t.out.Flush()
	}
	if stop != nil {
		stop()
	}
	return t.report(o, stderr, read.Load(), time.Since(start).Seconds())
}

// configure reads the command line into o. When done, the command has
// nothing more to do than to exit with code: it printed its help, or a
// usage error.
func configure(fs *pflag.FlagSet, f *flags, args []string, stdout, stderr io.Writer) (o options, code int, done bool) {
	bad := func(format string, a ...any) (options, int, bool) { // two lines, as grep says it
		fmt.Fprintf(stderr, "urlsift: "+format+"\nTry 'urlsift --help' for more information.\n", a...)
		return o, 2, true
	}
	if err := fs.Parse(longFlags(fs, args)); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fmt.Fprint(stdout, usage(fs))
			return o, 0, true
		}
		return bad("%v", err)
	}
	o = options{json: f.json, withName: f.withName, withMessage: f.withMessage, lineNumber: f.lineNumber,
		unique: f.unique, count: f.count, filesWith: f.filesWith, filesWithout: f.filesWithout, stats: f.stats,
		quiet: f.quiet, noMessages: f.noMessages, maxCount: f.maxCount, end: '\n'}
	if f.null {
		o.end = 0
	}
	if text, ok, err := f.info(fs); ok || err != nil {
		if err != nil {
			return bad("%v", err)
		}
		fmt.Fprint(stdout, text)
		return o, 0, true
	}
	if msg := f.invalid(); msg != "" {
		return bad("%s", msg)
	}
	if f.format != "" {
		var err error
		if o.format, err = parseFormat(f.format); err != nil {
			return bad("%v", err)
		}
		for _, s := range o.format {
			o.formatErrors = o.formatErrors || strings.HasPrefix(s.field, "error") || s.field == "valid"
		}
	}
	if len(f.schemes) > 0 {
		o.schemes = map[string]bool{}
		for _, sc := range f.schemes {
			o.schemes[strings.ToLower(strings.TrimSpace(sc))] = true
		}
	}
	// Invalid wrappers are always reported, to be counted (rejects) when
	// they are not printed: the valid URLs are the same either way.
	o.grammar = f.grammar
	o.read = source.Settings{Grammar: f.grammar, Input: f.input, MaxLength: f.maxLength, Off: f.off,
		Unwrapped: f.unwrapped, Schemeless: f.schemeless, Schemes: f.proseSchemes, Invalid: true}
	return o, 0, false
}

// info returns what --help, --version, --man and --completion print, and
// whether one of them was asked for.
func (f *flags) info(fs *pflag.FlagSet) (string, bool, error) {
	switch {
	case f.help:
		return usage(fs), true, nil
	case f.version:
		return "urlsift " + version() + "\n", true, nil
	case f.man:
		return manPage(fs), true, nil
	case f.completion != "":
		script, err := completion(fs, f.completion)
		return script, err == nil, err
	}
	return "", false, nil
}

// invalid returns what is wrong with the flags' values, or "".
func (f *flags) invalid() string {
	listings := 0
	for _, on := range []bool{f.count, f.filesWith, f.filesWithout} {
		if on {
			listings++
		}
	}
	switch {
	case f.maxLength < minMaxLength || f.maxLength > scanner.MaxLengthLimit:
		return fmt.Sprintf("--max-length must be between %d and %d bytes", minMaxLength, scanner.MaxLengthLimit)
	case !source.KnownInput(f.input) || f.input == "":
		return "--input must be auto, text, mail or mbox"
	case f.progress != "auto" && f.progress != "always" && f.progress != "never":
		return "--progress must be auto, always or never"
	case !source.KnownGrammar(f.grammar):
		return "--grammar must be rfc1738, rfc3986 or iri"
	case listings > 1:
		return "-c, -l and -L go one at a time"
	case listings > 0 && (f.json || f.format != ""):
		return "-c, -l and -L print no records: they go without --json and --format"
	case f.json && f.format != "":
		return "--json and --format go one at a time"
	case f.maxCount < 0:
		return "--max-count must be 0 or more"
	case f.color != "auto" && f.color != "always" && f.color != "never":
		return "--color must be auto, always or never"
	}
	return ""
}

// profile starts the CPU profile that --cpuprofile writes; stop ends it.
// It returns false, having said why, when it cannot.
func profile(path string, stderr io.Writer) (stop func(), ok bool) {
	pf, err := os.Create(path)
	if err == nil {
		if err = pprof.StartCPUProfile(pf); err != nil {
			pf.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "urlsift: --cpuprofile: %v\n", err)
		return nil, false
	}
	return func() {
		pprof.StopCPUProfile()
		if err := pf.Close(); err != nil {
			fmt.Fprintf(stderr, "urlsift: --cpuprofile: %v\n", err)
		}
	}, true
}

// tally is what printing the results of the files came to.
type tally struct {
	out               *bufio.Writer
	werr              error // the first write error, which ends the run
	found, failed     bool
	binaries, skipped int
	sum               stats
	rejects           rejects
}

// printAll prints, in order, what the workers find in the jobs: the
// output, and the messages on standard error.
func printAll(jobs []*job, o options, stdin io.Reader, stdout, stderr io.Writer, read, finished *atomic.Int64) tally {
	t := tally{out: bufio.NewWriterSize(stdout, chunkSize)}
	stopped, closed := make(chan struct{}), false
	stop := func() { // the workers stop at their next write or read
		if !closed {
			closed = true
			close(stopped)
		}
	}
	var seen *seen // -u
	if o.unique {
		seen = newSeen()
	}
	listed := 0 // with -u, the URLs of the file being listed that -u prints
	for res := range process(jobs, o, stdin, read, finished, stopped) {
		for it := range res.items {
			if t.werr != nil {
				continue // draining what the worker sent before it stopped
			}
			if it.keyed && !seen.add(it.key) {
				putChunk(it.out)
				continue // -u: printed already
			}
			if it.counted {
				listed++
				continue
			}
			if it.listing != "" {
				it.out, listed = o.listLine(getChunk(), it.listing, listed), 0
			}
			if it.msg != "" {
				t.werr = t.out.Flush()
				fmt.Fprintf(stderr, "urlsift: %s\n", printable(it.msg))
			} else {
				_, t.werr = t.out.Write(it.out)
				putChunk(it.out)
			}
			if t.werr != nil {
				stop()
			}
		}
		if o.quiet && res.found {
			stop() // -q: nothing more to read
		}
		t.found = t.found || res.found
		t.failed = t.failed || res.failed
		if res.binary {
			t.binaries++
		} else {
			t.sum.merge(&res.stats)
		}
		t.rejects.plus(&res.rejects)
		t.skipped += res.skipped
	}
	return t
}

// report says on standard error what the run skipped and, with --stats,
// what it read, and returns the exit status.
func (t *tally) report(o options, stderr io.Writer, read int64, seconds float64) int {
	if t.werr != nil {
		if !errors.Is(t.werr, syscall.EPIPE) { // a closed pipe ends the run quietly, as with grep
			fmt.Fprintf(stderr, "urlsift: writing the output: %v\n", t.werr)
		}
		return 2
	}
	if t.binaries > 0 {
		fmt.Fprintf(stderr, "urlsift: %d binary files skipped\n", t.binaries)
	}
	if t.skipped > 0 && !o.json {
		fmt.Fprintf(stderr, "urlsift: %d MIME parts skipped as not text (--json names them)\n", t.skipped)
	}
	if o.stats && !o.json {
		fmt.Fprint(stderr, t.sum.text(read, seconds))
	}
	if !o.json && !o.formatErrors && !o.stats && !o.quiet && !o.noMessages {
		fmt.Fprint(stderr, t.rejects.text(o.grammar))
	}
	switch {
	case o.quiet && t.found: // as grep -q: a URL found says it all
		return 0
	case t.failed:
		return 2
	case t.found:
		return 0
	}
	return 1
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
		for f := range source.Files(name) {
			j := &job{name: f.Path, walked: f.Walked, size: f.Size, err: f.Err}
			total += max(f.Size, 0)
			jobs = append(jobs, j)
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
	rejects       rejects
	count         int // valid URLs kept, for -c, -l and -L
	kept          int // valid URLs kept, for -m
	stats         stats
}

// add takes in the totals of a piece of the same input.
func (r *result) add(p *result) {
	r.found = r.found || p.found
	r.failed = r.failed || p.failed
	r.skipped += p.skipped
	r.count += p.count
	r.stats.plus(&p.stats)
	r.rejects.plus(&p.rejects)
}

// item is a chunk of output, or a message for standard error. With -u,
// it may be a URL to count and a file's line of -c, -l or -L, which the
// printer counts and writes, since it alone knows which URLs -u prints.
type item struct {
	out     []byte
	msg     string
	key     string // with -u: the URL of the record in out
	keyed   bool
	counted bool   // with -u and -c, -l or -L: the URL key counts for its file, and prints nothing
	listing string // with -u and -c, -l or -L: the name of the file whose line is written, its URLs counted
}

// listLine appends the line of -c, -l or -L for the file name, which has
// n URLs to print, to dst.
func (o *options) listLine(dst []byte, name string, n int) []byte {
	switch {
	case o.count:
		if o.countName {
			dst = append(append(dst, printable(displayName(name))...), ':')
		}
		return append(strconv.AppendInt(dst, int64(n), 10), o.end)
	case o.filesWith && n > 0, o.filesWithout && n == 0:
		return append(append(dst, printable(displayName(name))...), o.end)
	}
	return dst
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
	enc     *output.Encoder // the worker's
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

// record appends the output of a match straight to the chunk being filled.
func (w *chunkWriter) record(o *options, m *extract.Match) {
	if w.stop {
		return
	}
	if w.buf == nil {
		w.buf = getChunk()
	}
	w.buf = o.appendRecord(w.buf, m, w.enc)
	if len(w.buf) >= chunkSize {
		w.flush()
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
	src *source.Source
	enc output.Encoder // its --json records, from file to file
}

// scan reads one input and writes its matches to res.
func (wk *worker) scan(j *job, res *result, o options, stdin io.Reader, read *atomic.Int64, stopped <-chan struct{}) {
	w := &chunkWriter{out: res.items, stopped: stopped, enc: &wk.enc}
	defer func() {
		w.flush()
		close(res.items)
	}()
	s := sink{o: &o, name: j.name, w: w, res: res}
	if j.err != nil {
		s.fail(j.err)
		return
	}
	var in io.Reader = stdin
	var file *os.File // the file named, not standard input
	if j.name != "-" {
		f, err := openFile(j.name)
		if err != nil {
			s.fail(err)
			return
		}
		defer f.Close()
		in, file = f, f
	}
	if wk.src == nil {
		wk.src = o.read.New()
	}
	wk.src.SetSkipBinary(j.walked) // a file named on the command line is always read
	if file == nil || !wk.inPieces(file, j.size, &s, read, stopped) {
		wk.src.Each(counter{in, read, stopped}, j.name, s.match)
		res.stats.messages = wk.src.Counts().Messages
	}
	if res.binary || w.stop {
		return
	}
	switch {
	case o.listing() && o.unique:
		w.flush()
		w.send(item{listing: j.name})
	case o.listing():
		w.Write(o.listLine(nil, j.name, res.count))
	}
}

// sink takes the matches of one input, or of one piece of it, into its
// writer and its result.
type sink struct {
	o    *options
	name string
	w    *chunkWriter
	res  *result
}

// fail reports an error of the input.
func (s *sink) fail(err error) {
	if errors.Is(err, errStopped) {
		return
	}
	switch err.(type) {
	case *scanner.Error, *fs.PathError: // they name the input
	default:
		err = fmt.Errorf("%s: %w", s.name, err)
	}
	if !s.o.noMessages {
		s.w.message(err.Error())
	}
	s.res.failed = true
}

// match takes one match, or an error, as source.Source.Each yields them.
func (s *sink) match(m *extract.Match, err error) bool {
	o, w, res := s.o, s.w, s.res
	if w.stop {
		return false
	}
	if err != nil && errors.Is(err, source.ErrBinary) {
		res.binary = true
		return false
	}
	if err != nil {
		var pe *mail.PartError
		if errors.As(err, &pe) && pe.Warning {
			if errors.Is(err, mail.ErrNotText) {
				res.skipped++
				if !o.json {
					return true // counted in the summary
				}
			}
			w.message(s.name + ": " + err.Error())
			return true
		}
		s.fail(err)
		return true
	}
	if o.stats {
		res.stats.add(*m)
	}
	res.rejects.add(m)
	if !o.keep(m) {
		return true
	}
	res.found = res.found || m.Valid
	if o.quiet {
		return !m.Valid // -q: the first valid URL settles it
	}
	if o.maxCount > 0 && m.Valid {
		if res.kept++; res.kept > o.maxCount {
			return false // -m: the file has given what is printed of it
		}
	}
	switch {
	case o.listing():
		if m.Valid {
			res.count++
			if o.unique {
				w.flush()
				w.send(item{key: strings.Clone(m.URL), keyed: true, counted: true})
			}
		}
	case o.unique:
		w.flush()
		w.send(item{out: o.appendRecord(getChunk(), m, w.enc), key: strings.Clone(m.URL), keyed: true})
	default:
		w.record(o, m)
	}
	return true
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

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
