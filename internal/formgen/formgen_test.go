package main

import (
	"bytes"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// TestGeneratedIsCurrent regenerates the checked-in test packages: the
// output must be what is checked in, byte for byte (go generate ./...
// leaves the tree unchanged).
func TestGeneratedIsCurrent(t *testing.T) {
	for _, dir := range []string{"internal/toy", "internal/toydgram"} {
		got, err := generate(dir, "forms.go", "forms_gen.go")
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		want, err := os.ReadFile(filepath.Join(dir, "forms_gen.go"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s/forms_gen.go is not what formgen writes now: run go generate ./...", dir)
		}
	}
}

// table returns a forms.go with the given declarations after a minimal
// valid protocol, and the line the declarations start on.
func table(protocol, forms string) string {
	if protocol == "" {
		protocol = `spec.Protocol{Name: "t", Header: []spec.Field{{Name: "code", Type: "u8", Role: spec.CodeRole}}, MaxFrame: 64}`
	}
	if forms == "" {
		forms = `[]spec.Form{{Name: "A", Code: 1, From: spec.Both, Type: "A"}}`
	}
	return "package t\n\nimport \"github.com/gamewire/gamewire/wire/spec\"\n\nvar protocol = " + protocol + "\n\nvar forms = " + forms + "\n"
}

func generateSource(src string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "forms.go", src, 0)
	if err != nil {
		return nil, err
	}
	return generateFile(fset, f, nil)
}

// TestEvalErrors checks that what formgen cannot evaluate is an error
// that names the file, line and column.
func TestEvalErrors(t *testing.T) {
	form := func(fields string) string {
		return `[]spec.Form{{Name: "A", Code: 1, From: spec.Both, Type: "A", Fields: []spec.Field{` + fields + `}}}`
	}
	tests := []struct {
		name string
		src  string
		want string // a regular expression
	}{
		{"a function call", table("", form(`{Name: "a", Type: f()}`)), `^forms.go:7:\d+: formgen cannot evaluate f\(\.\.\.\)`},
		{"an unknown identifier", table("", form(`{Name: "a", Type: "u8", Max: limit}`)), `^forms.go:7:\d+: limit is not a constant declared in this file`},
		{"an unknown wire name", table("", form(`{Name: "a", Type: "u8", Role: spec.Nope}`)), `^forms.go:7:\d+: formgen does not know spec.Nope`},
		{"another package", table("", form(`{Name: "a", Type: strings.ToUpper("u8")}`)), `^forms.go:7:\d+: formgen cannot evaluate strings.ToUpper`},
		{"division", table("", form(`{Name: "a", Type: "u8", Max: 8 / 2}`)), `^forms.go:7:\d+: formgen does not evaluate the operator /`},
		{"a string minus a number", table("", form(`{Name: "a", Type: "u8" - 1}`)), `^forms.go:7:\d+: invalid operands of -`},
		{"a string for an int", table("", form(`{Name: "a", Type: "u8", Max: "8"}`)), `^forms.go:7:\d+: forms\[0\].Fields\[0\].Max wants an integer`},
		{"a negative code", table("", `[]spec.Form{{Name: "A", Code: -1, Type: "A"}}`), `^forms.go:7:\d+: forms\[0\].Code wants an integer that fits a uint32`},
		{"an int for a string", table("", form(`{Name: 1, Type: "u8"}`)), `forms\[0\].Fields\[0\].Name wants a string`},
		{"an int for a bool", table("", `[]spec.Form{{Name: "A", Code: 1, Type: "A", Hand: 1}}`), `forms\[0\].Hand wants a bool`},
		{"positional fields", table("", `[]spec.Form{{"A"}}`), `^forms.go:7:\d+: forms\[0\]: formgen needs keyed fields`},
		{"an unknown field", table("", `[]spec.Form{{Nom: "A"}}`), `^forms.go:7:\d+: spec.Form has no field Nom`},
		{"a wrong element type", table("", `[]spec.Form{spec.Field{Name: "A"}}`), `^forms.go:7:\d+: forms\[0\] wants a spec.Form literal`},
		{"a wrong slice type", table("", `[]spec.Field{}`), `^forms.go:7:\d+: forms wants a \[\]spec.Form literal`},
		{"an indexed element", table("", `[]spec.Form{0: {Name: "A"}}`), `^forms.go:7:\d+: forms: formgen needs the elements in order`},
		{"no protocol", "package t\n\nimport \"github.com/gamewire/gamewire/wire/spec\"\n\nvar forms = []spec.Form{}\n", `^forms.go:1:1: no .var protocol`},
		{"no forms", "package t\n\nimport \"github.com/gamewire/gamewire/wire/spec\"\n\nvar protocol = spec.Protocol{}\n", `^forms.go:1:1: no .var forms`},
		{"no spec import", "package t\n\nvar forms = 1\n", `^forms.go:1:1: the file does not import`},
		{"iota", table("", form(`{Name: "a", Type: "u8", Max: m}`)) + "const m = iota\n", `^forms.go:8:11: formgen does not evaluate iota`},
		{"implicit repetition", table("", form(`{Name: "a", Type: "u8", Max: b}`)) + "const (\n\ta = 1\n\tb\n)\n", `^forms.go:7:\d+: formgen needs constant b, declared at forms.go:10:2, to have a value of its own`},
		{"an unused iota block", table("", "") + "const (\n\ta = iota\n\tb\n)\n", ``},
		{"a cycle", table("", form(`{Name: "a", Type: "u8", Max: m}`)) + "const m = n\nconst n = m + 1\n", `^forms.go:\d+:\d+: constant m is defined in terms of itself`},
		{"a variable that is not a literal", table("", form(`{Name: "a", Type: "u8"}`)) + "var h = make([]spec.Field, 1)\n", ``},
		{"a header naming no literal", table(`spec.Protocol{Name: "t", Header: h, MaxFrame: 64}`, "") + "var h = make([]spec.Field, 1)\n", `^forms.go:8:9: protocol.Header wants a \[\]spec.Field literal, not make\(\.\.\.\)`},
		{"a header naming nothing", table(`spec.Protocol{Name: "t", Header: h, MaxFrame: 64}`, ""), `^forms.go:5:\d+: protocol.Header: h is not a variable declared in this file`},
		{"a bad layout", table("", form(`{Name: "a", Type: "u9"}`)), `^forms.go: spec: A.a: unknown field type u9`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := generateSource(tt.src)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil || !regexp.MustCompile(tt.want).MatchString(err.Error()) {
				t.Fatalf("error %v, want %s", err, tt.want)
			}
		})
	}
}

// TestEvalValues checks the expressions formgen does evaluate, by the
// table they give.
func TestEvalValues(t *testing.T) {
	src := `package t

import (
	c "github.com/gamewire/gamewire/wire/codec"
	w "github.com/gamewire/gamewire/wire/spec"
)

const (
	base        = 0x10
	code uint16 = base<<4 | 2 // typed, from another constant
	name        = "Msg" + "A"
	size        = (3 + 1) * 2
	neg         = -4
)

var header = []w.Field{{Name: "len", Type: "u8", Role: w.LengthRole, Adjust: -neg - 3}, {Name: "code", Type: "u16", Role: w.CodeRole}}

var protocol = w.Protocol{Name: "t", Order: c.LittleEndian, Header: header, MaxFrame: 1 << 8, Split: nil}

var forms = []w.Form{
	{Name: name, Code: uint32(code), From: w.FromClient | w.FromServer, Type: "A", Hand: false,
		Fields: []w.Field{{Name: "x", Type: "bytes[" + "8" + "]", Max: +size}}},
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "forms.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	e, err := newEvaluator(fset, f)
	if err != nil {
		t.Fatal(err)
	}
	p, forms, err := e.table(f)
	if err != nil {
		t.Fatal(err)
	}
	if p.Order != codec.LittleEndian || p.MaxFrame != 256 || len(p.Header) != 2 || p.Header[0].Adjust != 1 || p.Header[1].Role != spec.CodeRole {
		t.Errorf("protocol = %+v", p)
	}
	if len(forms) != 1 || forms[0].Name != "MsgA" || forms[0].Code != 0x102 || forms[0].From != wire.Both || forms[0].Fields[0].Type != "bytes[8]" || forms[0].Fields[0].Max != 8 {
		t.Errorf("forms = %+v", forms)
	}
	if _, err := generateFile(fset, f, nil); err != nil {
		t.Errorf("generate: %v", err)
	}
}

// TestModelErrors checks the tables formgen refuses although wire lays
// them out: what it could not generate a correct codec for.
func TestModelErrors(t *testing.T) {
	form := func(fields string) string {
		return `[]spec.Form{{Name: "A", Code: 1, From: spec.Both, Type: "A", Fields: []spec.Field{` + fields + `}}}`
	}
	types := `spec.Protocol{Name: "t", Header: []spec.Field{{Name: "code", Type: "u8", Role: spec.CodeRole}}, MaxFrame: 64, Types: []spec.Form{{Name: "E", Fields: []spec.Field{{Name: "e", Type: "u8"}}}}}`
	tests := []struct {
		name  string
		proto string
		forms string
		want  string
	}{
		{"no Go type", "", `[]spec.Form{{Name: "A", Code: 1, From: spec.Both}}`, `form A has no Type`},
		{"a bad Go type", "", `[]spec.Form{{Name: "A", Code: 1, From: spec.Both, Type: "a"}}`, `A: Type "a" is not an exported Go identifier`},
		{"one Go type twice", "", `[]spec.Form{{Name: "A", Code: 1, From: spec.Both, Type: "A"}, {Name: "B", Code: 2, From: spec.Both, Type: "A"}}`, `forms A and B have one Go type, A`},
		{"rest not last", "", form(`{Name: "r", Type: "rest"}, {Name: "a", Type: "u8"}`), `A.r: rest must be the last field`},
		{"a list without Count, not last", types, form(`{Name: "l", Type: "list", Entry: "E"}, {Name: "a", Type: "u8"}`), `A.l: a list without a Count runs to the end of the frame: it must be the last field`},
		{"a count after its list", types, form(`{Name: "l", Type: "list", Count: "n", Entry: "E"}, {Name: "n", Type: "u8"}`), `A.l: its Count "n" must name an earlier field`},
		{"a signed count", types, form(`{Name: "n", Type: "s8"}, {Name: "l", Type: "list", Count: "n", Entry: "E"}`), `A.l: its Count n must be an unsigned integer`},
		{"a count far after a variable part", types, form(`{Name: "s", Type: "str8"}, {Name: "n", Type: "u8"}, {Name: "x", Type: "u8"}, {Name: "l", Type: "list", Count: "n", Entry: "E"}`), `A.l: a count after a variable part must come right before its list`},
		{"a data field without Go", "", form(`{Name: "a", Type: "u8", Go: "-"}`), `A.a: the field holds data but its Go is "-"`},
		{"a count with Go", types, form(`{Name: "n", Type: "u8", Go: "N int"}, {Name: "l", Type: "list", Count: "n", Entry: "E"}`), `A.n: a code, length, marker or list count has no Go field`},
		{"a bad Go name", "", form(`{Name: "a", Type: "u8", Go: "a uint8"}`), `A.a: Go field name "a" is not an exported identifier`},
		{"a string as a Go string", "", form(`{Name: "s", Type: "str8", Go: "S string"}`), `A.s: a str8 field's Go type must be \[\]byte or a named \[\]byte type`},
		{"two Go fields of one name", "", form(`{Name: "a", Type: "u8"}, {Name: "b", Type: "u8", Go: "A"}`), `A: two fields are called A in Go`},
		{"a signed length", `spec.Protocol{Name: "t", Header: []spec.Field{{Name: "len", Type: "s16", Role: spec.LengthRole}, {Name: "code", Type: "u8", Role: spec.CodeRole}}, MaxFrame: 64}`, "", `A.len: a length must be u8, u16 or u32`},
		{"a float marker", `spec.Protocol{Name: "t", Header: []spec.Field{{Name: "m", Type: "f32", Role: spec.MarkerRole}, {Name: "code", Type: "u8", Role: spec.CodeRole}}, MaxFrame: 64}`, "", `A.m: a code or marker must be an unsigned integer`},
		{"a variable header", "", `[]spec.Form{{Name: "A", Code: 1, From: spec.Both, Type: "A", Header: []spec.Field{{Name: "s", Type: "str8"}, {Name: "code", Type: "u8", Role: spec.CodeRole}}}}`, `A.code: a header field must have a fixed offset`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := generateSource(table(tt.proto, tt.forms))
			if err == nil || !regexp.MustCompile(tt.want).MatchString(err.Error()) {
				t.Fatalf("error %v, want %s", err, tt.want)
			}
		})
	}
}

// TestNames checks the Go names formgen derives from the spec's.
func TestNames(t *testing.T) {
	for _, tt := range []struct{ in, exported string }{
		{"playerId", "PlayerID"}, {"id", "ID"}, {"identity", "Identity"}, {"serverUrl", "ServerURL"},
		{"hostIp2", "HostIP2"}, {"callSign", "CallSign"}, {"x", "X"}, {"idAck", "IDAck"},
	} {
		if got := exported(tt.in); got != tt.exported {
			t.Errorf("exported(%q) = %q, want %q", tt.in, got, tt.exported)
		}
	}
	for _, tt := range []struct{ in, unexported string }{
		{"Enter", "enter"}, {"PlayerID", "playerID"}, {"IDAck", "idAck"}, {"ID", "id"}, {"X", "x"},
	} {
		if got := unexported(tt.in); got != tt.unexported {
			t.Errorf("unexported(%q) = %q, want %q", tt.in, got, tt.unexported)
		}
	}
}

// TestHandWritten checks the scan of the package's other files: a
// Validate on T or *T keeps formgen from writing one, the types they
// declare (a Hand form's hand-written struct) are recorded, and so are the
// types their code may call put or get on (a method's receiver, a type
// named in a declared type).
func TestHandWritten(t *testing.T) {
	got, err := handWritten("internal/toy", "forms.go", "forms_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{
		"Hello":        true,                                             // hello.go's Validate
		"type Message": true, "type PlayerType": true, "type Rank": true, // types.go
		"uses Hello": true, "uses Odd": true, // methods in hello.go and odd.go
		"uses uint16": true, "uses int32": true, // named in types.go's declarations
	}
	if !maps.Equal(got, want) {
		t.Errorf("handWritten = %v, want %v", got, want)
	}
}

// TestPutGet checks which composites get put and get: those a Hand form
// (A, as an array) or a Hand type (B) holds, and those the package's
// other files use (C); not those only generated code writes (D, E), nor
// the composites inside a kept one (F, which A's put writes in place).
func TestPutGet(t *testing.T) {
	src := table(`spec.Protocol{Name: "t", Header: []spec.Field{{Name: "code", Type: "u8", Role: spec.CodeRole}}, MaxFrame: 64,
		Types: []spec.Form{
			{Name: "F", Fields: []spec.Field{{Name: "f", Type: "u8"}}},
			{Name: "A", Fields: []spec.Field{{Name: "a", Type: "F"}}},
			{Name: "B", Fields: []spec.Field{{Name: "b", Type: "u8"}}},
			{Name: "C", Fields: []spec.Field{{Name: "c", Type: "u8"}}},
			{Name: "D", Fields: []spec.Field{{Name: "d", Type: "u8"}}},
			{Name: "E", Fields: []spec.Field{{Name: "e", Type: "u8"}}},
			{Name: "H", Hand: true, Fields: []spec.Field{{Name: "b", Type: "B"}}},
		}}`,
		`[]spec.Form{
			{Name: "M1", Code: 1, From: spec.Both, Type: "M1", Hand: true, Fields: []spec.Field{{Name: "as", Type: "A[2]"}}},
			{Name: "M2", Code: 2, From: spec.Both, Type: "M2", Fields: []spec.Field{
				{Name: "h", Type: "H"}, {Name: "a", Type: "A"}, {Name: "c", Type: "C"}, {Name: "d", Type: "D"},
				{Name: "n", Type: "u8"}, {Name: "es", Type: "list", Count: "n", Entry: "E"}}},
		}`)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "forms.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	out, err := generateFile(fset, f, map[string]bool{"uses C": true})
	if err != nil {
		t.Fatal(err)
	}
	for ty, keep := range map[string]bool{"A": true, "B": true, "C": true, "D": false, "E": false, "F": false} {
		for _, m := range []string{"put", "get"} {
			decl := "func (v *" + ty + ") " + m + "(p []byte)"
			if bytes.Contains(out, []byte(decl)) != keep {
				t.Errorf("%s written: %v, want %v:\n%s", decl, !keep, keep, out)
			}
		}
	}
	if !bytes.Contains(out, []byte("for the package's hand-written code")) {
		t.Errorf("put and get do not say whom they are for:\n%s", out)
	}
}

// TestHandType checks that a composite type with Hand set gets nothing
// generated (its struct, put and get are the package's), while the forms
// that use it do.
func TestHandType(t *testing.T) {
	src := table(`spec.Protocol{Name: "t", Header: []spec.Field{{Name: "code", Type: "u8", Role: spec.CodeRole}}, MaxFrame: 64,
		Types: []spec.Form{{Name: "Angle", Hand: true, Fields: []spec.Field{{Name: "deg", Type: "u16"}}}}}`,
		`[]spec.Form{{Name: "A", Code: 1, From: spec.Both, Type: "A", Fields: []spec.Field{{Name: "dir", Type: "Angle"}}}}`)
	out, err := generateSource(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"m.Dir.put(p[1:])", "m.Dir.get(b[1:])", "Dir Angle `json:\"dir\"`"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("the generated code has no %q:\n%s", want, out)
		}
	}
	if bytes.Contains(out, []byte("type Angle")) || bytes.Contains(out, []byte("func (v *Angle)")) {
		t.Errorf("formgen wrote code for the Hand type Angle:\n%s", out)
	}
}

// TestRun runs the command on a copy of the toy package: it writes the
// file, -check passes on it and fails on a stale one, and usage errors
// and bad tables give their exit status.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"forms.go", "types.go", "hello.go", "odd.go"} {
		b, err := os.ReadFile(filepath.Join("internal/toy", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	forms := filepath.Join(dir, "forms.go")
	var stderr bytes.Buffer
	if code := run([]string{"-check", forms}, "", &stderr); code != 1 || !bytes.Contains(stderr.Bytes(), []byte("is not current")) {
		t.Errorf("-check before generating: status %d, %q", code, stderr.String())
	}
	if code := run([]string{forms}, "", &stderr); code != 0 {
		t.Fatalf("formgen: status %d, %q", code, stderr.String())
	}
	got, _ := os.ReadFile(filepath.Join(dir, "forms_gen.go"))
	want, _ := os.ReadFile("internal/toy/forms_gen.go")
	if !bytes.Equal(got, want) {
		t.Errorf("the file written differs from internal/toy/forms_gen.go")
	}
	stderr.Reset()
	if code := run([]string{"-check"}, forms, &stderr); code != 0 {
		t.Errorf("-check after generating ($GOFILE): status %d, %q", code, stderr.String())
	}
	for _, tt := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"a.go", "b.go"}, 2, "usage: formgen"},
		{[]string{"-nope"}, 2, "flag provided but not defined"},
		{[]string{filepath.Join(dir, "missing.go")}, 1, "no such file"},
		{[]string{filepath.Join(dir, "types.go")}, 1, "no `var protocol"}, // an unused iota block is fine
		{[]string{"-o", "sub/x.go", forms}, 0, ""},
	} {
		stderr.Reset()
		if code := run(tt.args, "", &stderr); code != tt.status || !bytes.Contains(stderr.Bytes(), []byte(tt.want)) {
			t.Errorf("formgen %v: status %d, %q; want %d, %q", tt.args, code, stderr.String(), tt.status, tt.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.go")); err != nil {
		t.Errorf("-o sub/x.go: %v (the file goes beside the table)", err)
	}
}
