// Command formgen writes a protocol package's forms_gen.go from the
// message table in its forms.go. Every protocol package runs it with
//
//	//go:generate go run github.com/gamewire/gamewire/internal/formgen
//
// in forms.go, which holds, as literals,
//
//	var protocol = spec.Protocol{...}
//	var forms = []spec.Form{...}
//	var table = spec.NewTable(protocol, forms, newMessage)
//
// # What it reads
//
// formgen parses forms.go (the file named by $GOFILE, in the current
// directory) and evaluates the two literals into real spec values: string,
// integer and bool literals; +, -, *, << and | of them, parenthesised;
// conversions to basic types (uint32(x)); the constants of packages codec
// and spec (codec.BigEndian,
// codec.LittleEndian, spec.FromClient, spec.FromServer, spec.Both,
// spec.Data, spec.CodeRole, spec.LengthRole, spec.MarkerRole); constants
// declared in forms.go itself, typed or untyped, that have a value of
// their own (an iota block may sit in the file, but the table cannot use
// its constants); nested []spec.Field and []spec.Form literals, or the name of
// a variable of forms.go that holds one (a shared header). Protocol.Split
// is code and is not evaluated (it does not change the layout). Anything
// else is an error naming its file:line:column.
//
// It then builds the table with spec.NewTable, the layout code the
// runtime uses, so the offsets and sizes of the generated code and of the
// table cannot disagree.
//
// # What it writes
//
// forms_gen.go holds, for every composite type of Protocol.Types, its
// struct and a size constant, and, where hand-written code can use them
// (see the conventions), unexported put and get at fixed offsets;
// for every form, its struct (one Go field per data field, json tag = the
// spec's field name), Form, and unless the form is Hand, Size,
// AppendBinary, MarshalBinary, Decode and UnmarshalBinary; and newMessage,
// the constructor spec.NewTable takes. What every form does the same way
// is not written again in each: packages spec and codec hold it once (the
// errors of a frame whose length or header is not the form's,
// spec.Form.Mismatch; UnmarshalBinary's trailing bytes, spec.Form.Exact;
// which error a string that does not fit gets, codec.CStringError and
// codec.CountedError; a list's reuse of its capacity, codec.Resize), and
// a form's methods hold only what its layout says, with the fast path (a fixed frame's length and header compared at
// once, fields read and stored at constant offsets, the strings' checks
// and copies) inline.
//
// Doc comments quote the table (wording.go): a type's comment gives the
// spec's name for the message (Form.Spec, the spec's own words, where
// Form.Name is not), its direction and its description (Form.Doc); a
// field's gives the spec's name for the field (Field.Spec or Name) and its
// description (Field.Doc). A Go type with the spec's name is "the spec's
// Connect message", never "Connect is Connect"; a description that only
// repeats the field's name is left out; an article goes by the sound of
// the name after it ("an Update", "an SMSG_PING", "a MsgEnter").
//
// Go fields: Field.Go is "Name Type", "Name", "-" or empty. Empty gives the
// exported form of the spec's name ("playerId" -> PlayerID) with the Go
// type the wire type implies (u16 -> uint16, f32[3] -> [3]float32,
// bytes[N] -> [N]byte, a composite type -> its Go type, cstring, str8,
// str16, utf and rest -> []byte, list -> a slice of the entry's type). A
// named type over a primitive (an enum) is converted on the way in and
// out. A header's code, length and marker and a list's count have no Go
// field ("-" or empty): their values follow from the form and the list.
//
// Conventions:
//
//   - Validate is the type's own: formgen parses the package's other
//     files and writes `Validate() error { return nil }` only for a type
//     that has none, so a message the spec sets no rule for needs no file
//     of its own.
//   - Decode fails with the prebuilt error of the field at fault, and
//     returns that field's offset (spec.Form.Short for an input that ends
//     early); a field after a variable part has no static offset, and its
//     error gets the exact one from wire.Decoder or wire.Stream. On failure
//     the value is zeroed, keeping its slices' capacity.
//   - A code or marker that is not the form's fails with wire.ErrInvalid
//     at that field. A length that disagrees with the fields (a fixed
//     form's length other than its size, bytes left in a variable frame
//     after its last field) fails with wire.ErrInvalid at the length; a
//     frame that runs past the input is wire.ErrShort. Without a length
//     field, Decode returns how much it read.
//   - Encoding a value too long for its field (Max, or what its length
//     prefix or count can say) fails with wire.ErrTooLong at that field,
//     a NUL inside a cstring with wire.ErrInvalid, and b is returned as it
//     was. Decoding such a value fails the same way (a list's count over
//     Max at the count field).
//   - A list without a Count runs to the end of the frame (it must be the
//     last field): its entries are what the bytes left hold, and a part of
//     an entry fails with wire.ErrShort at the list.
//   - UnmarshalBinary's trailing bytes are the message's prebuilt
//     wire.ErrTrailing.
//   - A composite type with Hand set is written by hand (struct, put and
//     get); formgen writes nothing for it.
//   - The generated code writes a composite field or list entry in place,
//     field by field, and calls no put or get of a generated type. So
//     formgen writes a composite's put and get only for hand-written
//     code, where it may use them: when a Hand form or Hand composite
//     type of the table holds the composite as a field, an array of it or
//     a list entry (its hand codec needs them), or when the package's
//     other files (not the tests) give the composite's Go type a method
//     (such as an AppendBinary built on put) or name it in a type they
//     declare (such as a hand-written list's entry). Any other composite
//     gets its struct and size only.
//   - A form whose struct the package's other files declare keeps that
//     struct (fields the table does not hold, such as a flag for an
//     optional part, or struct tags, such as omitempty). Unless the form
//     is Hand, formgen still writes its codec, which reads and writes the
//     Go fields the table names; a Hand form's fields may have any Go type.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

var sprintf = fmt.Sprintf

func main() { os.Exit(run(os.Args[1:], os.Getenv("GOFILE"), os.Stderr)) }

// run is the command: it returns the exit status, 0 when the file was
// written (or is current, with -check), 1 on an error, 2 on a usage
// error. gofile is $GOFILE, the table's file when no argument names it.
func run(args []string, gofile string, stderr io.Writer) int {
	fs := flag.NewFlagSet("formgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "forms_gen.go", "the file to write, in the table's directory")
	check := fs.Bool("check", false, "do not write: fail if the file is not what formgen would write")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: formgen [-o forms_gen.go] [-check] [forms.go]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	src := gofile
	switch {
	case fs.NArg() == 1:
		src = fs.Arg(0)
	case fs.NArg() > 1:
		fs.Usage()
		return 2
	}
	if src == "" {
		src = "forms.go"
	}
	code, err := generate(filepath.Dir(src), filepath.Base(src), filepath.Base(*out))
	if err != nil {
		fmt.Fprintln(stderr, "formgen:", err)
		return 1
	}
	path := filepath.Join(filepath.Dir(src), filepath.Base(*out))
	if *check {
		if old, err := os.ReadFile(path); err != nil || !bytes.Equal(old, code) {
			fmt.Fprintf(stderr, "formgen: %s is not current: run go generate\n", path)
			return 1
		}
		return 0
	}
	if err := os.WriteFile(path, code, 0o666); err != nil {
		fmt.Fprintln(stderr, "formgen:", err)
		return 1
	}
	return 0
}

// generate returns the generated file for the table in dir/file; out is
// the generated file's name, which is not read for hand-written methods.
func generate(dir, file, out string) ([]byte, error) {
	fset := token.NewFileSet()
	path := filepath.Join(dir, file)
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := parser.ParseFile(fset, file, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	hand, err := handWritten(dir, file, out)
	if err != nil {
		return nil, err
	}
	return generateFile(fset, f, hand)
}

// generateFile returns the generated file for the parsed table f; hand
// is what the package's other files declare (see handWritten).
func generateFile(fset *token.FileSet, f *ast.File, hand map[string]bool) ([]byte, error) {
	e, err := newEvaluator(fset, f)
	if err != nil {
		return nil, err
	}
	p, forms, err := e.table(f)
	if err != nil {
		return nil, err
	}
	t, err := newTable(p, forms)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", fset.Position(f.Package).Filename, err)
	}
	var types, fs []*form
	byHand := map[string]bool{} // composites a Hand form or type holds, by spec name
	for i := range t.Types {
		m, err := model(t, &t.Types[i], -1)
		if err != nil {
			return nil, err
		}
		if m.Hand {
			m.holds(byHand)
			continue
		}
		types = append(types, m)
	}
	goTypes := map[string]string{}
	for i := range t.Forms {
		m, err := model(t, &t.Forms[i], i)
		if err != nil {
			return nil, err
		}
		if other, dup := goTypes[m.goType]; dup {
			return nil, fmt.Errorf("forms %s and %s have one Go type, %s", other, m.Name, m.goType)
		}
		goTypes[m.goType] = m.Name
		if m.Hand {
			m.holds(byHand)
		}
		fs = append(fs, m)
	}
	for _, ty := range types {
		ty.putGet = byHand[ty.Name] || hand["uses "+ty.goType]
	}
	g := &gen{pkg: f.Name.Name, source: fset.Position(f.Package).Filename, t: t, hand: hand}
	return g.generate(types, fs)
}

// newTable calls spec.NewTable, turning its panics on a bad table into an
// error.
func newTable(p spec.Protocol, forms []spec.Form) (t *spec.Table, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return spec.NewTable(p, forms, func(int) wire.Message { return nil }), nil
}

// handWritten scans the files of the package in dir other than the
// table's, the generated file and the tests, and returns what they
// declare: "type T" for a type T they declare, "T" for a Go type T with
// a Validate method, and "uses T" for a type they give any method (on T
// or *T) or name in a type they declare, whose put and get their code may
// call.
func handWritten(dir, table, out string) (map[string]bool, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	have := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range names {
		base := filepath.Base(name)
		if base == table || base == out || strings.HasSuffix(base, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				for _, sp := range gd.Specs {
					ts := sp.(*ast.TypeSpec)
					have["type "+ts.Name.Name] = true
					ast.Inspect(ts.Type, func(n ast.Node) bool {
						switch n := n.(type) {
						case *ast.SelectorExpr: // another package's type
							return false
						case *ast.Ident:
							have["uses "+n.Name] = true
						}
						return true
					})
				}
				continue
			}
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || len(fn.Recv.List) != 1 {
				continue
			}
			t := fn.Recv.List[0].Type
			if s, ok := t.(*ast.StarExpr); ok {
				t = s.X
			}
			if id, ok := t.(*ast.Ident); ok {
				have["uses "+id.Name] = true
				if fn.Name.Name == "Validate" {
					have[id.Name] = true
				}
			}
		}
	}
	return have, nil
}
