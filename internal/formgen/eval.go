package main

import (
	"go/ast"
	"go/constant"
	"go/token"
	"path"
	"reflect"
	"strconv"

	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/spec"
)

// The import paths of the packages a table is written with, and of the
// package generated code names its messages and errors with.
const (
	specPath  = "github.com/gamewire/gamewire/wire/spec"
	codecPath = "github.com/gamewire/gamewire/wire/codec"
	wirePath  = "github.com/gamewire/gamewire/wire"
)

// specConsts and codecConsts are the identifiers of packages spec and
// codec a table may use, with
// their values.
var codecConsts = map[string]int64{
	"BigEndian":    int64(codec.BigEndian),
	"LittleEndian": int64(codec.LittleEndian),
}

var specConsts = map[string]int64{
	"FromClient": int64(spec.FromClient),
	"FromServer": int64(spec.FromServer),
	"Both":       int64(spec.Both),
	"Data":       int64(spec.Data),
	"CodeRole":   int64(spec.CodeRole),
	"LengthRole": int64(spec.LengthRole),
	"MarkerRole": int64(spec.MarkerRole),
}

// basicTypes are the conversions an expression may use (uint32(CodeX)).
var basicTypes = map[string]bool{
	"int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true,
	"byte": true, "rune": true, "string": true,
}

// posError is an error at a place in the source.
type posError struct {
	pos token.Position
	msg string
}

func (e *posError) Error() string { return e.pos.String() + ": " + e.msg }

// evaluator evaluates the literals of one forms.go into spec values.
type evaluator struct {
	fset     *token.FileSet
	spec     string              // the file's name for package spec
	codec    string              // the file's name for package codec
	consts   map[string]ast.Expr // constant declarations of the file, by name
	vars     map[string]ast.Expr // variable declarations of the file, by name
	values   map[string]constant.Value
	busy     map[string]bool      // constants being evaluated, to catch cycles
	implicit map[string]token.Pos // constants without a value of their own (iota blocks)
}

// newEvaluator indexes the declarations of f.
func newEvaluator(fset *token.FileSet, f *ast.File) (*evaluator, error) {
	e := &evaluator{
		fset:     fset,
		consts:   make(map[string]ast.Expr),
		vars:     make(map[string]ast.Expr),
		values:   make(map[string]constant.Value),
		busy:     make(map[string]bool),
		implicit: make(map[string]token.Pos),
	}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := &e.spec
		switch p {
		case specPath:
		case codecPath:
			name = &e.codec
		default:
			continue
		}
		*name = path.Base(p)
		if imp.Name != nil {
			*name = imp.Name.Name
		}
	}
	if e.spec == "" {
		return nil, e.errorf(f.Package, "the file does not import %s", specPath)
	}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || (g.Tok != token.CONST && g.Tok != token.VAR) {
			continue
		}
		for _, s := range g.Specs {
			vs := s.(*ast.ValueSpec)
			if len(vs.Values) != len(vs.Names) {
				if g.Tok == token.CONST {
					for _, n := range vs.Names {
						e.implicit[n.Name] = n.Pos() // an error if the table uses it
					}
				}
				continue // a var without a value: not for the table
			}
			for i, n := range vs.Names {
				if g.Tok == token.CONST {
					e.consts[n.Name] = vs.Values[i]
				} else {
					e.vars[n.Name] = vs.Values[i]
				}
			}
		}
	}
	return e, nil
}

func (e *evaluator) errorf(pos token.Pos, format string, args ...any) error {
	return &posError{e.fset.Position(pos), sprintf(format, args...)}
}

// eval evaluates a constant expression.
func (e *evaluator) eval(x ast.Expr) (constant.Value, error) {
	switch x := x.(type) {
	case *ast.BasicLit:
		v := constant.MakeFromLiteral(x.Value, x.Kind, 0)
		if v.Kind() == constant.Unknown {
			return nil, e.errorf(x.Pos(), "bad literal %s", x.Value)
		}
		return v, nil
	case *ast.ParenExpr:
		return e.eval(x.X)
	case *ast.Ident:
		return e.ident(x)
	case *ast.SelectorExpr:
		if pkg, ok := x.X.(*ast.Ident); ok && (pkg.Name == e.spec || pkg.Name == e.codec) {
			consts := specConsts
			if pkg.Name == e.codec {
				consts = codecConsts
			}
			if v, ok := consts[x.Sel.Name]; ok {
				return constant.MakeInt64(v), nil
			}
			return nil, e.errorf(x.Pos(), "formgen does not know %s.%s", pkg.Name, x.Sel.Name)
		}
	case *ast.UnaryExpr:
		if x.Op == token.ADD || x.Op == token.SUB {
			v, err := e.eval(x.X)
			if err != nil {
				return nil, err
			}
			if !isNumber(v) {
				return nil, e.errorf(x.Pos(), "%s of a non-number", x.Op)
			}
			return constant.UnaryOp(x.Op, v, 0), nil
		}
	case *ast.BinaryExpr:
		return e.binary(x)
	case *ast.CallExpr:
		if fn, ok := x.Fun.(*ast.Ident); ok && basicTypes[fn.Name] && len(x.Args) == 1 {
			v, err := e.eval(x.Args[0])
			if err != nil {
				return nil, err
			}
			if (fn.Name == "string") != (v.Kind() == constant.String) {
				return nil, e.errorf(x.Pos(), "formgen converts numbers to numbers and strings to strings only")
			}
			return v, nil
		}
	}
	return nil, e.errorf(x.Pos(), "formgen cannot evaluate %s: use literals, +, -, *, <<, |, constants of this file and those of spec and codec", e.text(x))
}

// ident evaluates true, false or a constant of the file.
func (e *evaluator) ident(x *ast.Ident) (constant.Value, error) {
	switch x.Name {
	case "true":
		return constant.MakeBool(true), nil
	case "false":
		return constant.MakeBool(false), nil
	case "iota":
		return nil, e.errorf(x.Pos(), "formgen does not evaluate iota: give each constant its value")
	}
	if v, ok := e.values[x.Name]; ok {
		return v, nil
	}
	if pos, ok := e.implicit[x.Name]; ok {
		return nil, e.errorf(x.Pos(), "formgen needs constant %s, declared at %s, to have a value of its own (no implicit repetition or iota)", x.Name, e.fset.Position(pos))
	}
	def, ok := e.consts[x.Name]
	if !ok {
		return nil, e.errorf(x.Pos(), "%s is not a constant declared in this file", x.Name)
	}
	if e.busy[x.Name] {
		return nil, e.errorf(x.Pos(), "constant %s is defined in terms of itself", x.Name)
	}
	e.busy[x.Name] = true
	v, err := e.eval(def)
	delete(e.busy, x.Name)
	if err != nil {
		return nil, err
	}
	e.values[x.Name] = v
	return v, nil
}

func isNumber(v constant.Value) bool {
	k := v.Kind()
	return k == constant.Int || k == constant.Float
}

// binary evaluates x op y for the operators a table needs.
func (e *evaluator) binary(x *ast.BinaryExpr) (constant.Value, error) {
	a, err := e.eval(x.X)
	if err != nil {
		return nil, err
	}
	b, err := e.eval(x.Y)
	if err != nil {
		return nil, err
	}
	switch x.Op {
	case token.ADD:
		if a.Kind() == constant.String && b.Kind() == constant.String {
			return constant.BinaryOp(a, x.Op, b), nil
		}
		fallthrough
	case token.SUB, token.MUL:
		if isNumber(a) && isNumber(b) {
			return constant.BinaryOp(a, x.Op, b), nil
		}
	case token.OR:
		if a.Kind() == constant.Int && b.Kind() == constant.Int {
			return constant.BinaryOp(a, x.Op, b), nil
		}
	case token.SHL:
		s, ok := constant.Uint64Val(b)
		if a.Kind() == constant.Int && b.Kind() == constant.Int && ok && s < 64 {
			return constant.Shift(a, x.Op, uint(s)), nil
		}
	default:
		return nil, e.errorf(x.OpPos, "formgen does not evaluate the operator %s", x.Op)
	}
	return nil, e.errorf(x.OpPos, "invalid operands of %s", x.Op)
}

// text returns the source of a node, shortened, for messages.
func (e *evaluator) text(x ast.Node) string {
	s := sprintf("%T", x)
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return e.text(x.X) + "." + x.Sel.Name
	case *ast.CallExpr:
		return e.text(x.Fun) + "(...)"
	case *ast.CompositeLit:
		return "a composite literal"
	case *ast.FuncLit:
		return "a function literal"
	}
	return "this expression (" + s[5:] + ")"
}

// fill sets v, a value of a wire type, from the expression x.
func (e *evaluator) fill(v reflect.Value, x ast.Expr, what string) error {
	if id, ok := x.(*ast.Ident); ok && (v.Kind() == reflect.Slice || v.Kind() == reflect.Struct) {
		if id.Name == "nil" && v.Kind() == reflect.Slice {
			return nil
		}
		def, ok := e.vars[id.Name]
		if !ok {
			return e.errorf(x.Pos(), "%s: %s is not a variable declared in this file", what, id.Name)
		}
		return e.fill(v, def, what)
	}
	switch v.Kind() {
	case reflect.Struct:
		return e.fillStruct(v, x, what)
	case reflect.Slice:
		return e.fillSlice(v, x, what)
	}
	c, err := e.eval(x)
	if err != nil {
		return err
	}
	switch v.Kind() {
	case reflect.String:
		if c.Kind() != constant.String {
			return e.errorf(x.Pos(), "%s wants a string", what)
		}
		v.SetString(constant.StringVal(c))
		return nil
	case reflect.Bool:
		if c.Kind() != constant.Bool {
			return e.errorf(x.Pos(), "%s wants a bool", what)
		}
		v.SetBool(constant.BoolVal(c))
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if !isNumber(c) || !setInt(v, constant.ToInt(c)) {
			return e.errorf(x.Pos(), "%s wants an integer that fits a %s", what, v.Type())
		}
		return nil
	}
	return e.errorf(x.Pos(), "%s: formgen cannot evaluate a %s", what, v.Type())
}

// setInt sets v, of an integer kind, to the integer constant n; false
// when n is not one or does not fit v's type.
func setInt(v reflect.Value, n constant.Value) bool {
	if i, exact := constant.Int64Val(n); exact && v.CanInt() && !v.OverflowInt(i) {
		v.SetInt(i)
		return true
	}
	if u, exact := constant.Uint64Val(n); exact && v.CanUint() && !v.OverflowUint(u) {
		v.SetUint(u)
		return true
	}
	return false
}

// literal returns x, which what wants to be a literal of type t, as a
// composite literal.
func (e *evaluator) literal(x ast.Expr, t reflect.Type, what string) (*ast.CompositeLit, error) {
	lit, ok := x.(*ast.CompositeLit)
	if !ok {
		return nil, e.errorf(x.Pos(), "%s wants a %s literal, not %s", what, t, e.text(x))
	}
	return lit, nil
}

// fillStruct sets the struct v from a keyed composite literal.
func (e *evaluator) fillStruct(v reflect.Value, x ast.Expr, what string) error {
	lit, err := e.literal(x, v.Type(), what)
	if err != nil {
		return err
	}
	if lit.Type != nil && !e.isWireType(lit.Type, v.Type().Name()) {
		return e.errorf(lit.Type.Pos(), "%s wants a %s literal", what, v.Type())
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return e.errorf(elt.Pos(), "%s: formgen needs keyed fields (Name: ...)", what)
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok || !ast.IsExported(key.Name) {
			return e.errorf(kv.Key.Pos(), "%s: bad field name", what)
		}
		sf, ok := v.Type().FieldByName(key.Name)
		if !ok {
			return e.errorf(kv.Key.Pos(), "%s has no field %s", v.Type(), key.Name)
		}
		if sf.Type.Kind() == reflect.Func {
			continue // Protocol.Split: code, read at run time, not by the layout
		}
		if err := e.fill(v.FieldByIndex(sf.Index), kv.Value, what+"."+key.Name); err != nil {
			return err
		}
	}
	return nil
}

// fillSlice sets the slice v from a composite literal of its type.
func (e *evaluator) fillSlice(v reflect.Value, x ast.Expr, what string) error {
	lit, err := e.literal(x, v.Type(), what)
	if err != nil {
		return err
	}
	elem := v.Type().Elem()
	if at, ok := lit.Type.(*ast.ArrayType); lit.Type != nil && (!ok || at.Len != nil || !e.isWireType(at.Elt, elem.Name())) {
		return e.errorf(lit.Type.Pos(), "%s wants a []%s.%s literal", what, e.spec, elem.Name())
	}
	s := reflect.MakeSlice(v.Type(), len(lit.Elts), len(lit.Elts))
	for i, elt := range lit.Elts {
		if _, ok := elt.(*ast.KeyValueExpr); ok {
			return e.errorf(elt.Pos(), "%s: formgen needs the elements in order, without indexes", what)
		}
		if err := e.fill(s.Index(i), elt, what+"["+strconv.Itoa(i)+"]"); err != nil {
			return err
		}
	}
	v.Set(s)
	return nil
}

// isWireType reports whether x names spec's type called name.
func (e *evaluator) isWireType(x ast.Expr, name string) bool {
	sel, ok := x.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == e.spec && sel.Sel.Name == name
}

// table evaluates the file's protocol and forms variables.
func (e *evaluator) table(file *ast.File) (spec.Protocol, []spec.Form, error) {
	var p spec.Protocol
	var forms []spec.Form
	px, ok := e.vars["protocol"]
	if !ok {
		return p, nil, e.errorf(file.Package, "no `var protocol = %s.Protocol{...}`", e.spec)
	}
	if err := e.fill(reflect.ValueOf(&p).Elem(), px, "protocol"); err != nil {
		return p, nil, err
	}
	fx, ok := e.vars["forms"]
	if !ok {
		return p, nil, e.errorf(file.Package, "no `var forms = []%s.Form{...}`", e.spec)
	}
	if err := e.fill(reflect.ValueOf(&forms).Elem(), fx, "forms"); err != nil {
		return p, nil, err
	}
	return p, forms, nil
}
