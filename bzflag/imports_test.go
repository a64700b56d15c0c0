package bzflag_test

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImports enforces the project's rule for protocol packages, as
// dnsmessage's TestNoFmt does: the code of bzflag and bzflag/world imports
// only the standard library, package wire, internal/session (the session
// plumbing the protocol packages share) and (bzflag) bzflag/world, and
// neither fmt nor reflect.
func TestImports(t *testing.T) {
	const mod = "github.com/gamewire/gamewire/"
	allowed := map[string]bool{mod + "wire": true, mod + "internal/session": true, mod + "bzflag/world": true}
	for _, dir := range []string{".", "world"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				std := !strings.Contains(strings.SplitN(path, "/", 2)[0], ".")
				switch {
				case path == "fmt" || path == "reflect":
					t.Errorf("%s imports %s", name, path)
				case !std && !allowed[path]:
					t.Errorf("%s imports %s: only the standard library, wire and internal/session", name, path)
				}
			}
		}
	}
}
