package main

import (
	"encoding"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"github.com/gamewire/gamewire/internal/dissector"
	"github.com/gamewire/gamewire/wire/spec"
)

// gamewire dissector -proto P [FILE] writes the Wireshark dissector of P,
// generated from its message table (internal/dissector), to FILE or to
// standard output; when FILE is a directory it writes P.lua and the shared
// runtime, gamewire.lua, into it. -proto all writes every protocol's and
// the runtime into the directory FILE; -runtime writes the runtime alone.
// The generated files are in dissectors/. The protocols are those of the
// registry with a table and dissector options (protocol.dissector).

//go:generate go run . dissector -proto all ../../dissectors

// dissectorCommand is `gamewire dissector`.
func dissectorCommand(proto string, runtime bool, files []string, stdout io.Writer) error {
	if len(files) > 1 {
		return usageError{"at most one output file or directory"}
	}
	out := "-"
	if len(files) == 1 {
		out = files[0]
	}
	if runtime {
		if proto != "" {
			return usageError{"-runtime writes the runtime alone: no -proto (a directory as FILE gets both)"}
		}
		return writeOut(out, dissector.RuntimeFile, dissector.Runtime(), stdout)
	}
	if proto == "" {
		return usageError{"-proto is required (protocols with a table: " + tableList() + "), or -runtime"}
	}
	names := []string{proto}
	if proto == "all" {
		if !isDir(out) {
			return usageError{"-proto all needs the output directory"}
		}
		names = dissectorNames()
	}
	for _, name := range names {
		lua, err := dissectorFor(name)
		if err != nil {
			return err
		}
		if err := writeOut(out, name+".lua", lua, stdout); err != nil {
			return err
		}
	}
	if isDir(out) {
		// A protocol's file loads the runtime from its own folder.
		return writeOut(out, dissector.RuntimeFile, dissector.Runtime(), stdout)
	}
	return nil
}

// writeOut writes a generated file to out: standard output for "-", the
// file name into a directory, or the file out.
func writeOut(out, name string, b []byte, stdout io.Writer) error {
	switch {
	case out == "-":
		_, err := stdout.Write(b)
		return err
	case isDir(out):
		return os.WriteFile(filepath.Join(out, name), b, 0o644)
	}
	return os.WriteFile(out, b, 0o644)
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// dissectorNames returns the names of the protocols that have a
// dissector (a table and dissector options), sorted.
func dissectorNames() []string {
	var names []string
	for name, p := range registry {
		if p.table != nil && p.dissector != nil {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}

func tableList() string {
	return strings.Join(dissectorNames(), ", ")
}

// dissectorFor generates the dissector of the protocol called name.
func dissectorFor(name string) ([]byte, error) {
	p := registry[name]
	if p == nil || p.table == nil || p.dissector == nil {
		return nil, usageError{fmt.Sprintf("no message table for %q (protocols with a table: %s)", name, tableList())}
	}
	o := *p.dissector
	o.Command = "gamewire dissector -proto " + name
	o.Port = int(p.port)
	o.Enums, o.Flags = enumsOf(p.table)
	return dissector.Generate(p.table, o)
}

// enumsOf finds the enum types of a table's Go types, and the names of
// their values, by asking the types themselves: a named integer type
// whose MarshalText (or String) gives an identifier for a value names
// that value. A type whose named values are single bits and which names
// two of them together as "A|B" is a bit set (flags). The table holds no
// enum values of its own (yet).
func enumsOf(t *spec.Table) (enums, flags map[string][]dissector.Value) {
	types := map[string]reflect.Type{}
	var walk func(rt reflect.Type)
	walk = func(rt reflect.Type) {
		switch rt.Kind() {
		case reflect.Struct:
			for i := 0; i < rt.NumField(); i++ {
				walk(rt.Field(i).Type)
			}
		case reflect.Array, reflect.Slice, reflect.Pointer:
			walk(rt.Elem())
		case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Uint8, reflect.Uint16, reflect.Uint32:
			if rt.Name() != "" && rt.PkgPath() != "" {
				types[rt.Name()] = rt
			}
		}
	}
	for i := range t.Forms {
		if m := t.New(&t.Forms[i]); m != nil {
			walk(reflect.TypeOf(m))
		}
	}
	out := map[string][]dissector.Value{}
	flags = map[string][]dissector.Value{}
	for name, rt := range types {
		var vals []dissector.Value
		lo, hi := int64(0), int64(1)<<(8*rt.Size())-1
		if rt.Kind() >= reflect.Int8 && rt.Kind() <= reflect.Int64 {
			lo, hi = -(int64(1) << (8*rt.Size() - 1)), int64(1)<<(8*rt.Size()-1)-1
		}
		const most = 1 << 16
		if hi-lo >= most {
			lo, hi = -most/2, most/2
			if rt.Kind() >= reflect.Uint8 {
				lo, hi = 0, most
			}
		}
		for v := lo; v <= hi; v++ {
			x := reflect.New(rt).Elem()
			if x.CanInt() {
				x.SetInt(v)
			} else {
				x.SetUint(uint64(v))
			}
			if s, ok := valueName(x); ok {
				vals = append(vals, dissector.Value{Value: v, Name: s})
			}
		}
		switch {
		case isBitSet(rt, vals):
			flags[name] = vals
		case len(vals) > 0:
			out[name] = vals
		}
	}
	return out, flags
}

// isBitSet reports whether the named values of type rt are single bits
// that the type names together as "A|B".
func isBitSet(rt reflect.Type, vals []dissector.Value) bool {
	if len(vals) < 2 {
		return false
	}
	for _, v := range vals {
		if v.Value <= 0 || v.Value&(v.Value-1) != 0 {
			return false
		}
	}
	x := reflect.New(rt).Elem()
	if x.CanInt() {
		x.SetInt(vals[0].Value | vals[1].Value)
	} else {
		x.SetUint(uint64(vals[0].Value | vals[1].Value))
	}
	return valueText(x) == vals[0].Name+"|"+vals[1].Name
}

// valueName returns the name x's type gives its value, if it is an
// identifier (not a numeric fallback such as "TeamColor(9)" or "0x7abc").
func valueName(x reflect.Value) (string, bool) {
	s := valueText(x)
	if s == "" || !(s[0] == '_' || s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return "", false
		}
	}
	return s, true
}

// valueText returns x's MarshalText, or its String, or "".
func valueText(x reflect.Value) string {
	switch v := x.Interface().(type) {
	case encoding.TextMarshaler:
		b, err := v.MarshalText()
		if err != nil {
			return ""
		}
		return string(b)
	case fmt.Stringer:
		return v.String()
	}
	return ""
}
