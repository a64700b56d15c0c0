package gamewire_test

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// The floors of the house, bottom up (docs/ARCHITECTURE.md): a package
// imports the module's packages only from floors below its own, or from
// its own folder's sub-packages (bzflag imports bzflag/world), or, on the
// tools' floor, from that floor. Protocol packages do not import each
// other.
var floors = []struct {
	name     string
	packages []string // import paths below the module, a trailing "/" for a whole folder
}{
	{"codec primitives", []string{"wire/codec"}},
	{"message tables", []string{"wire/spec"}},
	{"stream layer", []string{"wire"}},
	{"sessions", []string{"session"}},
	{"protocols", []string{"bzflag", "bzflag/world", "lwar", "tfighters", "retrotank", "paintball"}},
	{"tools", []string{"internal/", "wire/internal/", "fuzz", "fuzz/", "dissectors"}},
	{"command", []string{"cmd/"}},
}

// library is how many floors, from the bottom, make the library: their
// code imports only the standard library and the floors below, and
// neither fmt nor reflect (errors are built without fmt so the decode path
// stays cheap; nothing is reflected on).
const library = 5

const module = "github.com/gamewire/gamewire"

// floorOf returns the floor of a package of the module (its path below
// the module), or -1 for the module's root package.
func floorOf(t *testing.T, rel string) int {
	for i, f := range floors {
		for _, p := range f.packages {
			if rel == p || strings.HasSuffix(p, "/") && strings.HasPrefix(rel, p) {
				return i
			}
		}
	}
	if rel != "" {
		t.Errorf("package %s is on no floor: add it to the floors of imports_test.go and docs/ARCHITECTURE.md", rel)
	}
	return -1
}

// goList returns, for every package of the module, its import path below
// the module and the module's or standard packages it imports: with the
// imports of its tests too when tests is set.
func goList(t *testing.T, tests bool) map[string][]string {
	t.Helper()
	format := `{{.ImportPath}} {{join .Imports " "}}`
	if tests {
		format = `{{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}}`
	}
	out, err := exec.Command("go", "list", "-f", format, "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		rel := strings.TrimPrefix(strings.TrimPrefix(fields[0], module), "/")
		pkgs[rel] = fields[1:]
	}
	return pkgs
}

// TestImports holds every package to the floors of the house.
func TestImports(t *testing.T) {
	pkgs := goList(t, false)
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages: run the test from the module root", len(pkgs))
	}
	for rel, imports := range pkgs {
		floor := floorOf(t, rel)
		if floor < 0 {
			continue
		}
		for _, imp := range imports {
			first, _, _ := strings.Cut(imp, "/")
			std := !strings.Contains(first, ".")
			switch {
			case floor < library && (imp == "fmt" || imp == "reflect"):
				t.Errorf("%s imports %s: the library builds its errors without fmt and reflects on nothing", rel, imp)
			case floor < library && !std && !strings.HasPrefix(imp, module+"/"):
				t.Errorf("%s imports %s: the library imports only the standard library and itself", rel, imp)
			case strings.HasPrefix(imp, module+"/"):
				to := strings.TrimPrefix(imp, module+"/")
				tf := floorOf(t, to)
				own := strings.HasPrefix(to, rel+"/")
				if !own && !(tf < floor || tf == floor && floors[floor].name == "tools") {
					t.Errorf("%s (%s) imports %s (%s): imports run downwards only", rel, floors[floor].name, to, floors[tf].name)
				}
			}
		}
	}
}

// TestToolsFloor: no package both imports a protocol package and is
// imported by one, tests included (a protocol's tests may use the tools
// that know no protocol: the harness, the loopback plumbing).
func TestToolsFloor(t *testing.T) {
	pkgs := goList(t, true)
	// ours returns the path below the module of an import of the module.
	ours := func(imp string) (string, bool) {
		if !strings.HasPrefix(imp, module+"/") {
			return "", false
		}
		return strings.TrimPrefix(imp, module+"/"), true
	}
	protocol := func(rel string) bool { return floorOf(t, rel) == 4 }
	importsProtocol := map[string]bool{}
	for rel, imports := range pkgs {
		for _, imp := range imports {
			if to, ok := ours(imp); ok && protocol(to) {
				importsProtocol[rel] = true
			}
		}
	}
	for rel, imports := range pkgs {
		if !protocol(rel) {
			continue
		}
		for _, imp := range imports {
			if to, ok := ours(imp); ok && importsProtocol[to] && !protocol(to) {
				t.Errorf("%s (or its tests) imports %s, which imports a protocol package", rel, to)
			}
		}
	}
}

// TestCommandLinksNoTestMachinery: the gamewire binary carries no test
// harness (the standard testing package comes in with gopter, whose
// generators the fuzzer draws from: gopter's Properties can run under a
// *testing.T).
func TestCommandLinksNoTestMachinery(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "./cmd/gamewire").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	if !bytes.Contains(out, []byte(module+"/wire\n")) {
		t.Fatalf("go list -deps ./cmd/gamewire lists no wire: %s", out)
	}
	for _, p := range []string{module + "/internal/codectest", module + "/internal/nettest", "github.com/google/go-cmp/"} {
		if bytes.Contains(out, []byte(p)) {
			t.Errorf("cmd/gamewire links %s", strings.TrimSpace(p))
		}
	}
}
