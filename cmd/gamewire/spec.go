package main

import (
	"bufio"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// printSpec prints the message table of p. Offsets and sizes are not
// typed in by hand: each field is measured on the codec itself, by
// encoding the zero value and then the value with that one field set to
// all one bits, and looking at which bytes change. A field whose size is
// not fixed (a string or a list) shows "var", and offsets after it are
// those of the encoding where every variable field is empty.
func printSpec(p *protocol, out io.Writer) error {
	if p.table != nil {
		return printTableSpec(p, out)
	}
	w := bufio.NewWriter(out)
	defer w.Flush()
	fmt.Fprintf(w, "%s: %s\n", p.name, p.summary)
	if p.headerLen > 0 {
		fmt.Fprintf(w, "every message starts with a %d-byte header, included in the offsets and sizes below\n", p.headerLen)
	}
	fmt.Fprintln(w, `offsets and sizes in bytes; "var": variable length (offsets after it are for an empty one); "?": not fixed (the field is present or placed according to other fields)`)
	for _, info := range p.messages {
		m := info.New()
		zero, err := m.AppendBinary(nil)
		size := fmt.Sprint(len(zero))
		if err != nil {
			size = "?"
		} else if hasVariable(reflect.TypeOf(m).Elem()) {
			size = fmt.Sprintf("%d+var", len(zero))
		}
		fmt.Fprintf(w, "\n%-24s code %5d (0x%04x)  from %-6s  size %s\n", info.Name, info.Code, info.Code, info.From, size)
		if err != nil {
			continue
		}
		for _, f := range measure(m, zero, p.headerLen) {
			fmt.Fprintf(w, "  %-8s %-6s %-28s %s\n", f.offset, f.size, f.name, f.typ)
		}
	}
	return nil
}

type fieldRow struct{ offset, size, name, typ string }

// measure lists the leaf fields of *m with where they sit in the encoding.
func measure(m Message, zero []byte, headerLen int) []fieldRow {
	var rows []fieldRow
	v := reflect.ValueOf(m).Elem()
	walkFields(v, "", func(f reflect.Value, name string) {
		row := fieldRow{offset: "?", size: "?", name: name, typ: typeName(f.Type())}
		if isVariable(f.Type()) {
			row.size = "var"
			// Where does it start? Put one element in and see where the
			// encoding first differs.
			if setOne(f) {
				if b, err := m.AppendBinary(nil); err == nil {
					// The header may hold the length, which changes too.
					if i := firstDiff(zero[min(headerLen, len(zero)):], b[min(headerLen, len(b)):]); i >= 0 {
						i += min(headerLen, len(zero))
						row.offset = fmt.Sprint(i)
					}
				}
			}
		} else {
			saved := reflect.New(f.Type()).Elem()
			saved.Set(f)
			setOnes(f)
			if b, err := m.AppendBinary(nil); err == nil && len(b) == len(zero) {
				if i, j := firstDiff(zero, b), lastDiff(zero, b); i >= 0 {
					row.offset = fmt.Sprint(i)
					row.size = fmt.Sprint(j - i + 1)
				}
			}
			f.Set(saved)
		}
		f.Set(reflect.Zero(f.Type()))
		rows = append(rows, row)
	})
	return rows
}

// walkFields calls f for each exported leaf field, naming it by its JSON
// key (nested structs as "outer.inner").
func walkFields(v reflect.Value, prefix string, f func(reflect.Value, string)) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		name := jsonName(sf)
		if name == "-" {
			continue
		}
		fv := v.Field(i)
		if sf.Type.Kind() == reflect.Struct && !isLeafStruct(sf.Type) {
			walkFields(fv, prefix+name+".", f)
			continue
		}
		f(fv, prefix+name)
	}
}

func jsonName(sf reflect.StructField) string {
	tag := sf.Tag.Get("json")
	if name, _, _ := strings.Cut(tag, ","); name != "" {
		return name
	}
	return sf.Name
}

// isLeafStruct reports structs that encode themselves as text (such as
// addresses) and so count as one field.
func isLeafStruct(t reflect.Type) bool {
	return reflect.PointerTo(t).Implements(textMarshaler) || t.Implements(textMarshaler)
}

var textMarshaler = reflect.TypeOf((*interface{ MarshalText() ([]byte, error) })(nil)).Elem()

func isVariable(t reflect.Type) bool {
	return t.Kind() == reflect.Slice || t.Kind() == reflect.String
}

func hasVariable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Slice, reflect.String:
		return true
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).IsExported() && hasVariable(t.Field(i).Type) {
				return true
			}
		}
	case reflect.Array:
		return hasVariable(t.Elem())
	}
	return false
}

// setOnes sets every bit of a fixed-size value.
func setOnes(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(-1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(^uint64(0))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(-1.5)
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			setOnes(v.Index(i))
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				setOnes(v.Field(i))
			}
		}
	}
}

// setOne gives a variable field one element (or one byte) of all ones.
func setOne(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.String:
		v.SetString("A")
		return true
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		setOnes(s.Index(0))
		if v.Type().Elem().Kind() == reflect.Uint8 {
			s.Index(0).SetUint('A')
		}
		v.Set(s)
		return true
	}
	return false
}

func firstDiff(a, b []byte) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return n
	}
	return -1
}

func lastDiff(a, b []byte) int {
	for i := len(a) - 1; i >= 0; i-- {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

func typeName(t reflect.Type) string {
	s := t.String()
	if i := strings.LastIndexByte(s, '.'); i >= 0 && !strings.HasPrefix(s, "[") {
		s = s[i+1:]
	}
	if t.Kind() != reflect.Struct && t.Name() != "" && t.Name() != t.Kind().String() {
		s += " (" + kindName(t) + ")"
	}
	return s
}

func kindName(t reflect.Type) string {
	if t.Kind() == reflect.Array {
		return fmt.Sprintf("[%d]%s", t.Len(), t.Elem().Kind())
	}
	if t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
		return "bytes"
	}
	return t.Kind().String()
}
