package main

import (
	"os"

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
