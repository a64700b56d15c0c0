package gamewire_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestProtocolImports keeps the codec packages lean, as DESIGN.md asks:
// a protocol package imports only wire, internal/session (the session
// plumbing the packages share), its own sub-packages and the standard
// library, and neither fmt nor reflect (errors are built without
// fmt so the decode path stays cheap; nothing is reflected on).
func TestProtocolImports(t *testing.T) {
	const module = "github.com/gamewire/gamewire/"
	checked := 0
	for _, root := range []string{"bzflag", "lwar", "tfighters", "retrotank", "paintball", "wire"} {
		filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				t.Errorf("%s: %v", path, err)
				return nil
			}
			checked++
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				first, _, _ := strings.Cut(p, "/")
				switch {
				case p == "fmt" || p == "reflect":
					t.Errorf("%s imports %s", path, p)
				case strings.HasPrefix(p, module):
					rest := strings.TrimPrefix(p, module)
					if rest != "wire" && rest != "internal/session" && !strings.HasPrefix(rest, root+"/") {
						t.Errorf("%s imports %s: only wire, internal/session and %s's own sub-packages are allowed", path, p, root)
					}
				case strings.Contains(first, "."):
					t.Errorf("%s imports %s: codec packages use the standard library only", path, p)
				}
			}
			return nil
		})
	}
	if checked == 0 {
		t.Fatal("no codec source file found: run the test from the module root")
	}
}
