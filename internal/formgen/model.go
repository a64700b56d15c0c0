package main

import (
	"errors"
	"go/ast"
	"strconv"
	"strings"
	"unicode"

	"github.com/gamewire/gamewire/wire/spec"
)

// kind is how the generator encodes a field.
type kind int

const (
	kPrim      kind = iota // u8 ... f64
	kBytes                 // bytes[N] (and u8[N])
	kArray                 // T[N] of a primitive T
	kComp                  // a composite type
	kCompArray             // T[N] of a composite type T
	kCString
	kStr8
	kStr16
	kUTF
	kRest
	kList
)

func (k kind) variable() bool { return k >= kCString }

// field is a laid-out spec.Field with what the generator needs to know.
type field struct {
	*spec.Field
	idx     int    // index in the form's Layout, for ErrAt
	goName  string // the Go field; empty for none
	goType  string
	natural string // the Go type the wire type implies
	kind    kind
	elem    string     // the element's wire type (arrays)
	n       int        // the array's length
	comp    *spec.Form // the composite type (kComp, kCompArray, kList entries)
	count   *field     // a list's count field
	list    *field     // the list a count field counts
	limit   int        // most bytes of a string or rest (NUL included), most entries of a list
}

// form is a message form or composite type with its fields.
type form struct {
	*spec.Form
	index  int    // in the table's forms; -1 for a composite type
	goType string // the Go type
	fields []*field
	length *field // the LengthRole field, if any
	fixed  bool
	prefix int // the end of the fixed part (the first variable field's offset)
	// putGet says formgen writes a composite type's put and get: a Hand
	// form or type holds it, or the package's other files give it a
	// method or name it in a type. The generated code does not call them.
	putGet bool
}

// holds marks in names the composite types (by spec name) that f holds
// as a field, an array or a list entry.
func (f *form) holds(names map[string]bool) {
	for _, fl := range f.fields {
		if fl.comp != nil {
			names[fl.comp.Name] = true
		}
	}
}

// naturals are the Go types of the primitive wire types.
var naturals = map[string]string{
	"u8": "uint8", "s8": "int8", "u16": "uint16", "s16": "int16",
	"u32": "uint32", "s32": "int32", "u64": "uint64", "s64": "int64",
	"f32": "float32", "f64": "float64",
}

// model builds the generator's view of one form of table t.
func model(t *spec.Table, f *spec.Form, index int) (*form, error) {
	fm := &form{Form: f, index: index, goType: f.Type, fixed: f.Fixed()}
	if fm.goType == "" {
		if index >= 0 {
			return nil, errors.New("form " + f.Name + " has no Type (its Go type)")
		}
		fm.goType = f.Name
	}
	if !isIdent(fm.goType) || !ast.IsExported(fm.goType) {
		return nil, errors.New(f.Name + ": Type " + strconv.Quote(fm.goType) + " is not an exported Go identifier")
	}
	layout := f.Layout()
	fm.prefix = f.Size
	names := map[string]*field{}
	goNames := map[string]bool{}
	nHeader := len(layout) - len(f.Fields)
	for i := range layout {
		fl := &field{Field: &layout[i], idx: i}
		where := f.Name + "." + fl.Name
		if fl.Offset < 0 && i < nHeader {
			return nil, errors.New(where + ": a header field must have a fixed offset")
		}
		if err := fl.classify(t); err != nil {
			return nil, errors.New(where + ": " + err.Error())
		}
		if fl.kind.variable() && fm.prefix == f.Size {
			fm.prefix = fl.Offset
		}
		if fl.Role == spec.LengthRole {
			if fl.kind != kPrim || fl.Type[0] != 'u' {
				return nil, errors.New(where + ": a length must be u8, u16 or u32")
			}
			fm.length = fl
		}
		if (fl.Role == spec.CodeRole || fl.Role == spec.MarkerRole) && (fl.kind != kPrim || fl.Type[0] != 'u') {
			return nil, errors.New(where + ": a code or marker must be an unsigned integer")
		}
		names[fl.Name] = fl
		fm.fields = append(fm.fields, fl)
	}
	for i, fl := range fm.fields {
		where := f.Name + "." + fl.Name
		if fl.kind == kRest && i != len(fm.fields)-1 {
			return nil, errors.New(where + ": rest must be the last field")
		}
		if fl.kind == kList && fl.Count == "" && i != len(fm.fields)-1 {
			return nil, errors.New(where + ": a list without a Count runs to the end of the frame: it must be the last field")
		}
		if fl.kind == kList && fl.Count != "" {
			c := names[fl.Count]
			if c == nil || c.idx >= fl.idx {
				return nil, errors.New(where + ": its Count " + strconv.Quote(fl.Count) + " must name an earlier field")
			}
			if c.kind != kPrim || c.Type[0] != 'u' || c.Role != spec.Data || c.list != nil {
				return nil, errors.New(where + ": its Count " + c.Name + " must be an unsigned integer counting only this list")
			}
			if c.Offset < 0 && c.idx != fl.idx-1 {
				return nil, errors.New(where + ": a count after a variable part must come right before its list")
			}
			if max := maxUnsigned(c.Type); fl.limit > max {
				fl.limit = max
			}
			fl.count, c.list = c, fl
		}
	}
	for _, fl := range fm.fields {
		if err := fl.goField(f.Hand); err != nil {
			return nil, errors.New(f.Name + "." + fl.Name + ": " + err.Error())
		}
		if fl.goName != "" {
			if goNames[fl.goName] {
				return nil, errors.New(f.Name + ": two fields are called " + fl.goName + " in Go")
			}
			goNames[fl.goName] = true
		}
	}
	return fm, nil
}

// classify sets the field's kind and limits.
func (fl *field) classify(t *spec.Table) error {
	limit := func(n int) int {
		if n <= 0 || n > t.HardMax {
			return t.HardMax
		}
		return n
	}
	if nat, ok := naturals[fl.Type]; ok {
		fl.kind, fl.natural = kPrim, nat
		return nil
	}
	switch fl.Type {
	case "cstring":
		fl.kind, fl.limit = kCString, limit(fl.Max)
	case "str8":
		fl.kind, fl.limit = kStr8, min(255, limit(fl.Max))
	case "str16":
		fl.kind, fl.limit = kStr16, min(0xffff, limit(fl.Max))
	case "utf":
		fl.kind, fl.limit = kUTF, min(0xffff, limit(fl.Max))
	case "rest":
		fl.kind, fl.limit = kRest, limit(fl.Max)
	case "list":
		fl.kind, fl.comp = kList, t.Type(fl.Entry)
		if fl.Max > 0 {
			fl.limit = fl.Max
		} else {
			fl.limit = t.HardMax / fl.comp.Size
		}
		fl.natural = "[]" + goTypeOf(fl.comp)
		return nil
	}
	if fl.kind.variable() {
		fl.natural = "[]byte"
		return nil
	}
	if elem, n, ok := spec.ParseArray(fl.Type); ok {
		fl.elem, fl.n = elem, n
		switch {
		case elem == "bytes" || elem == "u8":
			fl.kind, fl.natural = kBytes, "["+strconv.Itoa(n)+"]byte"
		case naturals[elem] != "":
			fl.kind, fl.natural = kArray, "["+strconv.Itoa(n)+"]"+naturals[elem]
		default:
			fl.kind, fl.comp = kCompArray, t.Type(elem)
			fl.natural = "[" + strconv.Itoa(n) + "]" + goTypeOf(fl.comp)
		}
		return nil
	}
	fl.kind, fl.comp = kComp, t.Type(fl.Type)
	fl.natural = goTypeOf(fl.comp)
	return nil
}

// goField sets the Go field from Field.Go: "Name Type", "Name", "-" or
// empty. A field of a Hand form may have any Go type: its codec is the
// package's own.
func (fl *field) goField(hand bool) error {
	implied := fl.Role == spec.CodeRole || fl.Role == spec.LengthRole || fl.Role == spec.MarkerRole || fl.list != nil
	switch {
	case fl.Go == "-":
		if !implied {
			return errors.New(`the field holds data but its Go is "-": only a code, length, marker or list count has no Go field`)
		}
		return nil
	case implied:
		if fl.Go != "" {
			return errors.New("a code, length, marker or list count has no Go field: write Go: \"-\" or nothing")
		}
		return nil
	case fl.Go == "":
		fl.goName, fl.goType = exported(fl.Name), fl.natural
	default:
		name, typ, ok := strings.Cut(strings.TrimSpace(fl.Go), " ")
		fl.goName, fl.goType = name, strings.TrimSpace(typ)
		if !ok {
			fl.goType = fl.natural
		}
	}
	if !isIdent(fl.goName) || !ast.IsExported(fl.goName) {
		return errors.New("Go field name " + strconv.Quote(fl.goName) + " is not an exported identifier")
	}
	if !hand && fl.kind.variable() && fl.kind != kList && fl.goType == "string" {
		return errors.New(withArticle(fl.Type) + " field's Go type must be []byte or a named []byte type: its bytes are copied into reused capacity")
	}
	return nil
}

// goTypeOf returns the Go type of a composite type.
func goTypeOf(t *spec.Form) string {
	if t.Type != "" {
		return t.Type
	}
	return t.Name
}

func maxUnsigned(typ string) int {
	return 1<<(8*spec.PrimitiveSize(typ)) - 1
}

// exported returns the exported Go name of a spec's lowerCamelCase name:
// the first letter upper case, and "Id" as a word written "ID"
// ("playerId" -> "PlayerID").
func exported(name string) string {
	r := []rune(name)
	if len(r) == 0 {
		return ""
	}
	r[0] = unicode.ToUpper(r[0])
	s := string(r)
	for _, w := range []string{"Id", "Url", "Ip"} {
		var b strings.Builder
		for {
			i := strings.Index(s, w)
			if i < 0 {
				b.WriteString(s)
				break
			}
			end := i + len(w)
			b.WriteString(s[:i])
			if end == len(s) || unicode.IsUpper(rune(s[end])) || unicode.IsDigit(rune(s[end])) {
				b.WriteString(strings.ToUpper(w))
			} else {
				b.WriteString(w)
			}
			s = s[end:]
		}
		s = b.String()
	}
	return s
}

// unexported returns the unexported form of a Go name: its leading run of
// capitals in lower case, but for the last when a lower-case letter
// follows ("IDAck" -> "idAck", "Enter" -> "enter", "ID" -> "id").
func unexported(name string) string {
	r := []rune(name)
	n := 0
	for n < len(r) && unicode.IsUpper(r[n]) {
		n++
	}
	if n > 1 && n < len(r) && unicode.IsLower(r[n]) {
		n--
	}
	if n == 0 {
		n = 1
	}
	for i := 0; i < n; i++ {
		r[i] = unicode.ToLower(r[i])
	}
	return string(r)
}

func isIdent(s string) bool {
	for i, c := range s {
		if !(unicode.IsLetter(c) || c == '_' || (i > 0 && unicode.IsDigit(c))) {
			return false
		}
	}
	return s != ""
}
