package main

import (
	"io"
	"iter"
	"os"
	"runtime"
	"sync/atomic"

	"github.com/urlsift/urlsift/extract/output"
	"github.com/urlsift/urlsift/extract/source"
)

// job is one input: a file named on the command line or found in a
// directory, or standard input.
type job struct {
	name   string
	walked bool  // found in a directory: binary files are skipped
	size   int64 // -1 when not known
	err    error // the file could not be found
}

// expand turns the arguments into jobs, walking directories in lexical
// order, as it goes; with sizes, the jobs of walked files know their
// sizes (source.Files), else not (source.Paths, a system call less a
// file). Standard input is read once, at its first "-". A symbolic link
// named as an argument is followed, to a directory too, as grep -r does;
// links met in a walk are not.
func expand(args []string, sizes bool) iter.Seq[*job] {
	walk := source.Paths
	if sizes {
		walk = source.Files
	}
	return func(yield func(*job) bool) {
		stdin := false
		for _, name := range args {
			if name == "-" {
				if !stdin && !yield(&job{name: name, size: -1}) {
					return
				}
				stdin = true
				continue
			}
			for f := range walk(name) {
				if !yield(&job{name: f.Path, walked: f.Walked, size: f.Size, err: f.Err}) {
					return
				}
			}
		}
	}
}

// listAll lists the jobs of expand, and adds up the sizes of their files:
// what a progress bar needs before it starts.
func listAll(jobs iter.Seq[*job]) (list []*job, total int64) {
	for j := range jobs {
		list = append(list, j)
		total += max(j.size, 0)
	}
	return list, total
}

// several says whether the arguments can give more than one file: several
// named (standard input once), or a directory.
func several(args []string) bool {
	n := 0
	stdin := false
	for _, name := range args {
		if name == "-" {
			if stdin {
				continue
			}
			stdin = true
		} else if info, err := os.Stat(name); err == nil && info.IsDir() {
			return true
		}
		n++
	}
	return n > 1
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

// window is the number of files in flight: enough small files that the
// workers do not wait for the printer's turn at each (a tree of small
// files ran at two thirds of the speed with 4), few enough that their
// output waiting stays small (16 files, 5 MiB at most).
func window() int { return max(16, 2*runtime.GOMAXPROCS(0)) }

// result is what one job gives, in order: its output and its messages
// for standard error, then its totals once items is closed.
type result struct {
	items         chan item
	found, failed bool
	binary        bool
	skipped       int          // MIME parts that are not text
	rejected      output.Stats // the wrappers that the grammar rejected
	count         int          // valid URLs kept, for -c, -l and -L
	container     bool         // the input is a container, whose members -c, -l and -L count
	kept          int          // valid URLs kept, for -m
	stats         output.Stats
}

// add takes in the totals of a piece of the same input.
func (r *result) add(p *result) {
	r.found = r.found || p.found
	r.failed = r.failed || p.failed
	r.skipped += p.skipped
	r.count += p.count
	r.stats.Plus(&p.stats)
	r.rejected.Plus(&p.rejected)
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
	member  string // with listing: the member of the archive listing that is the file
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
func process(jobs iter.Seq[*job], o options, stdin io.Reader, read, done *atomic.Int64, stopped <-chan struct{}) <-chan *result {
	ordered := make(chan *result, window())
	tasks := make(chan task, window()) // ordered bounds what is in flight
	go func() {
		defer close(tasks)
		defer close(ordered)
		for j := range jobs {
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

// counter counts the bytes read through it, and stops reading when the
// run is stopped.
type counter struct {
	r       io.Reader
	n       *atomic.Int64
	stopped <-chan struct{}
}

func (c counter) Read(p []byte) (int, error) {
	return c.count(func() (int, error) { return c.r.Read(p) })
}

// count makes a read, read, unless the run is stopped, and counts what it
// read.
func (c counter) count(read func() (int, error)) (int, error) {
	select {
	case <-c.stopped:
		return 0, errStopped
	default:
	}
	n, err := read()
	c.n.Add(int64(n))
	return n, err
}

// regularSize returns the size of f when it is a regular file, else -1
// (standard input, when f is nil; a FIFO, a device).
func regularSize(f *os.File) int64 {
	if f != nil {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			return st.Size()
		}
	}
	return -1
}

// countedInput returns in, read through a counter, or reg, a regular
// file of size bytes, when it is not nil: a sizedFile, which a zip
// archive is read at offsets of.
func countedInput(in io.Reader, reg sizedReader, size int64, read *atomic.Int64, stopped <-chan struct{}) io.Reader {
	if reg != nil {
		return sizedFile{counter{reg, read, stopped}, reg, size}
	}
	return counter{in, read, stopped}
}

// sizedFile is a regular file read through its counter, which can also
// be read at any offset, as a zip archive is (source.Source.Each).
type sizedFile struct {
	counter
	f    io.ReaderAt
	size int64
}

// sizedReader is a regular file, read from start to end or at offsets.
type sizedReader interface {
	io.Reader
	io.ReaderAt
}

func (s sizedFile) ReadAt(p []byte, off int64) (int, error) {
	return s.count(func() (int, error) { return s.f.ReadAt(p, off) })
}

func (s sizedFile) Size() int64 { return s.size }

// worker holds what reading a file needs, reused from file to file.
type worker struct {
	src *source.Source
	enc output.Encoder // its --json records, from file to file
	buf []byte         // a small file, read whole
}

// smallFile is the largest file read whole with one read: the files of a
// Maildir, an MH folder or a news spool.
const smallFile = 64 << 10

// small reads j whole when it is a small file found in a directory (a
// regular file: a file named may be a FIFO or a device, read once and as
// it comes), and returns its bytes, valid until the next file; ok false
// when j is to be opened and read as a file (a large file, or one that
// has grown since it was listed). On an error, which it gives s, b is
// nil.
func (wk *worker) small(j *job, s *sink) (b []byte, ok bool) {
	if !j.walked || j.size > smallFile {
		return nil, false
	}
	if wk.buf == nil {
		wk.buf = make([]byte, smallFile+1)
	}
	size := int64(smallFile)
	if j.size >= 0 {
		size = j.size
	}
	n, full, err := readSmall(j.name, wk.buf[:size+1])
	switch {
	case err != nil:
		s.fail(err)
		return nil, true
	case full:
		return nil, false
	}
	return wk.buf[:n:n], true
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
	b, small := wk.small(j, &s)
	switch {
	case small && b == nil:
		return // s has the error
	case small:
	case j.name != "-":
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
	wk.src.OnMember(s.member)
	size := regularSize(file)
	var reg sizedReader // the file read as a regular one
	if size >= 0 {
		reg = regular(file)
	}
	pieces := size >= 0 && wk.inPieces(reg, size, &s, read, stopped)
	switch {
	case small:
		read.Add(int64(len(b)))
		wk.src.EachBytes(b, j.name, s.match)
	case !pieces:
		wk.src.Each(countedInput(in, reg, size, read, stopped), j.name, s.match)
	}
	if !pieces {
		res.stats.Messages = wk.src.Counts().Messages
	}
	if res.binary || w.stop || res.container {
		return // a container's members were listed as files
	}
	switch {
	case o.listing() && o.unique:
		w.flush()
		w.send(item{listing: j.name})
	case o.listing():
		w.Write(o.listLine(nil, j.name, "", res.count))
	}
}
