//go:build !linux

package main

import "os"

// openFile is os.Open (see open_linux.go).
func openFile(name string) (*os.File, error) { return os.Open(name) }
