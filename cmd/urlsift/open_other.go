//go:build !linux

package main

import (
	"io"
	"os"
)

// openFile is os.Open (see open_linux.go).
func openFile(name string) (*os.File, error) { return os.Open(name) }

// readSmall reads the whole of the file at name into buf (see
// open_linux.go).
func readSmall(name string, buf []byte) (n int, full bool, err error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, false, err
	}
	defer f.Close()
	n, err = io.ReadFull(f, buf)
	switch err {
	case nil:
		return n, true, nil
	case io.EOF, io.ErrUnexpectedEOF:
		return n, false, nil
	}
	return n, false, err
}

// regular returns f, a regular file (see open_linux.go).
func regular(f *os.File) *os.File { return f }
