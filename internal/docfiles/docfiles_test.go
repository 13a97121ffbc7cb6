package docfiles

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// fileName matches a file name a doc comment mentions: lower-case letters,
// digits and underscores with a .go, .s, .h or .md extension, optionally
// after a relative directory path (ai/cnn/doc.go, docs/measurements.md).
var fileName = regexp.MustCompile(`(?:[A-Za-z0-9_.-]+/)*[a-z0-9_]+\.(?:go|s|h|md)\b`)

// TestDocFilesExist: every file named in a package doc comment exists, in
// the package's directory or, for a name with a directory, relative to the
// package or to the module root.
func TestDocFilesExist(t *testing.T) {
	root := moduleRoot(t)
	docs := packageDocs(t, root)
	if len(docs) == 0 {
		t.Fatal("no package doc comment found under " + root)
	}
	var dirs []string
	for dir := range docs {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		missing := missingFiles(root, dir, docs[dir])
		if len(missing) == 0 {
			continue
		}
		t.Errorf("package %s: its doc comment names %s, not found in %s or from the module root", pkgName(dir), strings.Join(missing, ", "), dir)
	}
}

// TestFileNamePattern: the pattern finds file names with and without a
// directory, and leaves identifiers and other extensions alone.
func TestFileNamePattern(t *testing.T) {
	text := "search.go: negamax; ai/cnn/doc.go, amd64_avx2.s and kernel.h; see " +
		"docs/measurements.md, section Levels. Not ai.Searcher, cnn:champion, " +
		"cnn:runs/gen42.tnn, testdata/bench_positions.txt or e.g. this."
	got := fileName.FindAllString(text, -1)
	want := []string{"search.go", "ai/cnn/doc.go", "amd64_avx2.s", "kernel.h", "docs/measurements.md"}
	if !slices.Equal(got, want) {
		t.Errorf("file names in %q:\n got %q\nwant %q", text, got, want)
	}
}

// TestMissingFiles: a name that is not there is reported, names that are (in
// the package or from the root) are not.
func TestMissingFiles(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"go.mod", "pkg/a.go", "pkg/sub/b.go", "docs/notes.md"} {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doc := "a.go and sub/b.go; pkg/a.go from the root; docs/notes.md; gone.go and docs/gone.md."
	got := missingFiles(root, "pkg", doc)
	if want := []string{"gone.go", "docs/gone.md"}; !slices.Equal(got, want) {
		t.Errorf("missing files: got %q, want %q", got, want)
	}
}

// missingFiles returns the file names doc mentions that exist neither in the
// package directory dir (relative to root) nor, for a name with a
// directory, relative to root; each once, in order of mention.
func missingFiles(root, dir, doc string) []string {
	var missing []string
	for _, name := range fileName.FindAllString(doc, -1) {
		if slices.Contains(missing, name) {
			continue
		}
		candidates := []string{filepath.Join(root, dir, filepath.FromSlash(name))}
		if strings.Contains(name, "/") {
			candidates = append(candidates, filepath.Join(root, filepath.FromSlash(name)))
		}
		found := false
		for _, c := range candidates {
			if _, err := os.Stat(c); err == nil {
				found = true
				break
			}
		}
		if !found {
			missing = append(missing, name)
		}
	}
	return missing
}

// moduleRoot returns the directory holding go.mod, from the test's working
// directory (its package's) upwards.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// packageDocs returns, for every package directory of the module (relative
// to root, slash-separated), the text of its package doc comment: the
// comments above the package clause of its non-test files, joined. It skips
// testdata, hidden and underscore directories and nested modules, as the go
// command does.
func packageDocs(t *testing.T, root string) map[string]string {
	t.Helper()
	docs := map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if path != root {
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if _, ok := docs[rel]; !ok {
			docs[rel] = ""
		}
		if f.Doc != nil {
			docs[rel] += f.Doc.Text()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return docs
}

// pkgName names the package in dir for messages ("." is the module root).
func pkgName(dir string) string {
	if dir == "." {
		return "main (module root)"
	}
	return dir
}
