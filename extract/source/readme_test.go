package source_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestREADMEExample: the library example of the README is the code of
// Example, which go test compiles and runs, so that the two never drift.
func TestREADMEExample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "## The library")
	_, block, ok2 := strings.Cut(after, "```go\n")
	block, _, ok3 := strings.Cut(block, "```")
	_, body, ok4 := strings.Cut(string(src), "func Example() {\n")
	body, _, ok5 := strings.Cut(body, "\n}\n")
	if !ok || !ok2 || !ok3 || !ok4 || !ok5 {
		t.Fatal("the README's example or Example not found")
	}
	var lines []string // Example's body, one tab out
	for _, l := range strings.Split(strings.TrimRight(body, "\n"), "\n") {
		lines = append(lines, strings.TrimPrefix(l, "\t"))
	}
	if code := strings.Join(lines, "\n"); strings.TrimSpace(block) != strings.TrimSpace(code) {
		t.Errorf("the README's example is not Example's code:\n%s\n---\n%s", block, code)
	}
}
