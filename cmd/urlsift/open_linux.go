package main

import (
	"io"
	"math/bits"
	"os"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// openFile opens the file at name for reading, as os.Open does but
// without offering it to the runtime's poller. On Linux, os.Open sets
// every file it opens non-blocking, asks epoll to watch it, which epoll
// refuses for a regular file, and sets it back: four system calls more
// than the open itself (go.dev/issue/44552), which a directory of small
// files paid for each file. A file opened so is read by blocking calls,
// as a regular file is read anyway.
func openFile(name string) (*os.File, error) {
	fd, err := openRaw(name)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), name), nil
}

// readSmall reads the whole of the file at name into buf, which is
// longer than the file was when it was listed, with one read: a file of a
// tree of small files costs an open, a read and a close, as it does grep,
// and no *os.File. full says the file filled buf: it has grown, and is to
// be read as a file.
func readSmall(name string, buf []byte) (n int, full bool, err error) {
	fd, err := openRaw(name)
	if err != nil {
		return 0, false, err
	}
	defer unix.Close(fd)
	for n < len(buf) {
		m, err := unix.Read(fd, buf[n:])
		switch {
		case err == unix.EINTR:
			continue
		case err != nil:
			return n, false, &os.PathError{Op: "read", Path: name, Err: err}
		case m == 0:
			return n, false, nil
		}
		n += m
		if n < len(buf) {
			return n, false, nil // a regular file's read falls short only at its end
		}
	}
	return n, true, nil
}

// openRaw opens name for reading, and retries when interrupted.
func openRaw(name string) (int, error) {
	for {
		fd, err := unix.Open(name, unix.O_RDONLY|unix.O_CLOEXEC, 0)
		switch err {
		case nil:
			return fd, nil
		case unix.EINTR:
			continue
		}
		return -1, &os.PathError{Op: "open", Path: name, Err: err}
	}
}

// rawFile reads a regular file by system calls that do not tell the
// runtime's scheduler of them (unix.RawSyscall). A read of a regular file
// whose pages are cached is a copy of 128 KiB that takes about 30 µs, past
// the 20 µs after which the scheduler hands the thread's processor to
// another thread and wakes one up to run it: the RFC set four times over,
// 236 MB in such reads, cost 69.5 ms of system time on one core read as
// os.File reads, 53.7 ms so, as grep's 56 (BENCHMARKS.md, "Slow paths").
// A read that waits for a disk holds its processor while it waits (the
// other goroutines run on the other cores, and a garbage collection that
// stops them all waits for it); it is never used on a pipe, a terminal or
// a device, whose reads may wait for ever.
type rawFile struct {
	f  *os.File
	fd uintptr
}

// regular returns f, a regular file, read by raw system calls.
func regular(f *os.File) rawFile { return rawFile{f, f.Fd()} }

func (r rawFile) Read(p []byte) (int, error) {
	n, err := r.call(unix.SYS_READ, p, 0)
	if n == 0 && err == nil && len(p) > 0 {
		return 0, io.EOF
	}
	return n, err
}

// ReadAt reads len(p) bytes at off, or fewer at the end of the file with
// io.EOF, as os.File.ReadAt does. A 32-bit system passes an offset in two
// words, which the raw call here does not: there, os.File reads it.
func (r rawFile) ReadAt(p []byte, off int64) (int, error) {
	if bits.UintSize < 64 {
		return r.f.ReadAt(p, off)
	}
	n := 0
	for n < len(p) {
		m, err := r.call(unix.SYS_PREAD64, p[n:], off+int64(n))
		if err != nil {
			return n, err
		}
		if m == 0 {
			return n, io.EOF
		}
		n += m
	}
	return n, nil
}

// call makes the read trap of p (at off, for pread), and retries when it
// is interrupted.
func (r rawFile) call(trap uintptr, p []byte, off int64) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	defer runtime.KeepAlive(r.f) // its finalizer would close fd
	for {
		n, _, errno := unix.RawSyscall6(trap, r.fd, uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)), uintptr(off), 0, 0)
		switch errno {
		case 0:
			return int(n), nil
		case unix.EINTR:
			continue
		}
		return 0, &os.PathError{Op: "read", Path: r.f.Name(), Err: errno}
	}
}
