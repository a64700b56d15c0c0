package gamewire_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportedConstsShowValues: go doc prints an exported constant as it
// is written, so one defined by an unexported name (`const IDSize =
// idSize`) hides its number from the reader. Every exported constant of
// every package is written with its value, or with exported names and
// other packages' constants (MaxPacketSize - HeaderSize, time.Second);
// an unexported constant it agrees with is tied to it by a compile-time
// check beside it.
func TestExportedConstsShowValues(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				v := s.(*ast.ValueSpec)
				for i, n := range v.Names {
					if !n.IsExported() || i >= len(v.Values) {
						continue
					}
					if u := unexportedName(v.Values[i]); u != "" {
						t.Errorf("%s: const %s is defined by %s: go doc shows the name, not the value", fset.Position(n.Pos()), n.Name, u)
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// unexportedName returns the first unexported name of this package that
// the expression x uses, or "": not another package's (time.Second), nor
// a predeclared one (iota, true, uint32).
func unexportedName(x ast.Expr) string {
	found := ""
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			return false
		case *ast.Ident:
			if found == "" && !n.IsExported() && types.Universe.Lookup(n.Name) == nil {
				found = n.Name
			}
		}
		return found == ""
	})
	return found
}
