package scanner

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShortcuts runs checkShortcuts over the corpus, a byte at a time
// among other ways: the slowest test of the package. Its file is the last
// one, so that go test -failfast (mutation testing) stops at the quick
// tests before it when they fail.
func TestShortcuts(t *testing.T) {
	// Runs longer than the default maximum length; the seeds of
	// FuzzShortcuts reach the maximum with small ones.
	inputs := append(shortcutInputs[:len(shortcutInputs):len(shortcutInputs)],
		strings.Repeat("mailto:", 1300)+" http://a.example/ "+strings.Repeat("http://x.example/\u00e9", 500))
	for _, in := range append(inputs, corpusTexts(t)...) {
		for _, mode := range proseModes {
			for _, chunk := range []int{0, 1, 7, 4096} {
				if chunk == 1 && len(in) > 1<<16 {
					continue
				}
				for _, max := range []int{0, 40} {
					checkShortcuts(t, []byte(in), mode, chunk, max)
				}
			}
		}
	}
}

// corpusTexts returns the text files of the corpus.
func corpusTexts(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob("../corpus/*.txt")
	var texts []string
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(b))
	}
	return texts
}
