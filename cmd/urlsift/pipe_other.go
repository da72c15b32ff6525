//go:build !linux

package main

import "os"

// growPipe grows the buffer of a pipe on Linux only (see pipe_linux.go).
func growPipe(*os.File) {}
