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
	for {
		fd, err := unix.Open(name, unix.O_RDONLY|unix.O_CLOEXEC, 0)
		switch err {
		case nil:
			return os.NewFile(uintptr(fd), name), nil
		case unix.EINTR:
			continue
		}
		return nil, &os.PathError{Op: "open", Path: name, Err: err}
	}
}
