package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// pipeSize is the buffer that growPipe asks for: Linux's default
// /proc/sys/fs/pipe-max-size, which an unprivileged process may take.
const pipeSize = 1 << 20

// growPipe grows the buffer of f when it is a pipe, from the 64 KiB that
// Linux gives by default. A large output (--json on text full of URLs)
// otherwise fills the pipe every 64 KiB: the writer blocks, the Go
// runtime hands its processor to another thread, and the reader is woken
// for each 64 KiB, which cost as much as writing the records. When the
// system refuses, the pipe stays as it is.
func growPipe(f *os.File) {
	var st unix.Stat_t
	if unix.Fstat(int(f.Fd()), &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFIFO {
		unix.FcntlInt(f.Fd(), unix.F_SETPIPE_SZ, pipeSize)
	}
}
