package retrotank_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"strings"
	"testing"
)

// TestExportedConstsShowValues: go doc prints an exported constant as it
// is written, so one declared as an unexported name (`const MaxAcks =
// maxAcks`) hides its number from the reader.
func TestExportedConstsShowValues(t *testing.T) {
	pkgs, err := parser.ParseDir(token.NewFileSet(), ".", func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range pkgs {
		for name, f := range pkg.Files {
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.CONST {
					continue
				}
				for _, s := range g.Specs {
					v := s.(*ast.ValueSpec)
					for i, n := range v.Names {
						if i >= len(v.Values) || !n.IsExported() {
							continue
						}
						if id, ok := v.Values[i].(*ast.Ident); ok && !ast.IsExported(id.Name) && id.Name != "iota" && id.Name != "true" && id.Name != "false" {
							t.Errorf("%s: const %s = %s: go doc shows the name, not the value", name, n.Name, id.Name)
						}
					}
				}
			}
		}
	}
}
