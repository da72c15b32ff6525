package source

import (
	"io/fs"
	"iter"
	"os"
	"path/filepath"
)

// File is an input that Files finds.
type File struct {
	Path string
	// Size is the file's size in bytes, -1 when it is not known.
	Size int64
	// Walked says the file was found in a directory, not named: the
	// urlsift command skips such a file when it is binary, as grep -r
	// does.
	Walked bool
	// Err says the file, or a directory on the way, could not be read.
	Err error
}

// Files returns the inputs that name stands for, as the urlsift command
// reads its arguments: the file itself, or the regular files of the
// directory, walked in lexical order. A symbolic link named so is
// followed, to a directory too; links met in a walk are not.
func Files(name string) iter.Seq[File] { return files(name, true) }

// Paths is Files without the sizes of the files found in a directory
// (Size -1): a system call less for each, which a tree of small files
// feels. A file named itself has its size.
func Paths(name string) iter.Seq[File] { return files(name, false) }

func files(name string, sizes bool) iter.Seq[File] {
	return func(yield func(File) bool) {
		info, err := os.Stat(name)
		if err != nil || !info.IsDir() {
			f := File{Path: name, Size: -1, Err: err}
			if err == nil {
				f.Size = info.Size()
			}
			yield(f)
			return
		}
		root := name
		if l, err := os.Lstat(name); err == nil && l.Mode()&fs.ModeSymlink != 0 {
			root = name + string(filepath.Separator) // WalkDir follows a root named so
		}
		stopped := false
		err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			f := File{Path: path, Walked: true, Size: -1, Err: err}
			switch {
			case err != nil:
				f.Walked = false
			case !d.Type().IsRegular():
				return nil
			case sizes:
				if info, err := d.Info(); err == nil {
					f.Size = info.Size()
				}
			}
			if !yield(f) {
				stopped = true
				return filepath.SkipAll
			}
			return nil
		})
		if err != nil && !stopped {
			yield(File{Path: name, Size: -1, Err: err})
		}
	}
}
