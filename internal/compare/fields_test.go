package compare

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

// fields returns the field values of a decoded message in order, each as
// a string, whatever the variant's types: integers of any width and
// signedness by their bits, floats by their bits, booleans, byte arrays
// and byte slices by their bytes, other arrays and slices element by
// element (a slice with its length), structs field by field. Fields
// tagged cmp:"-" (a plain struct's frame header, which gamewire's
// messages keep implicit) are left out. Two variants agree on a message
// when their lists are equal.
func fields(v any) []string {
	var out []string
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer {
		rv = rv.Elem()
	}
	flatten(&out, rv, "")
	return out
}

func flatten(out *[]string, v reflect.Value, path string) {
	put := func(s string) { *out = append(*out, path+"="+s) }
	switch v.Kind() {
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Tag.Get("cmp") == "-" || !f.IsExported() && !f.Anonymous {
				continue
			}
			name := f.Name
			if f.Anonymous {
				name = ""
			}
			flatten(out, v.Field(i), join(path, name))
		}
	case reflect.Bool:
		put(fmt.Sprint(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := uint64(v.Int()) & mask(v.Type().Size())
		put(fmt.Sprintf("%#x", bits))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		put(fmt.Sprintf("%#x", v.Uint()))
	case reflect.Float32:
		// Read the bits in place: through float64 a signalling NaN
		// would turn quiet.
		f := float32(v.Float())
		if v.CanAddr() {
			f = *(*float32)(v.Addr().UnsafePointer())
		}
		put(fmt.Sprintf("f32:%#x", math.Float32bits(f)))
	case reflect.Float64:
		put(fmt.Sprintf("f64:%#x", math.Float64bits(v.Float())))
	case reflect.String:
		put(fmt.Sprintf("% x", v.String()))
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			b := make([]byte, v.Len())
			reflect.Copy(reflect.ValueOf(b), v)
			put(fmt.Sprintf("[%d]% x", len(b), b))
			return
		}
		if v.Kind() == reflect.Slice {
			put(fmt.Sprintf("len %d", v.Len()))
		}
		for i := range v.Len() {
			flatten(out, v.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			put("nil")
			return
		}
		flatten(out, v.Elem(), path)
	default:
		put("unsupported " + v.Kind().String())
	}
}

func join(path, name string) string {
	if path == "" || name == "" {
		return path + name
	}
	return path + "." + name
}

func mask(size uintptr) uint64 {
	if size >= 8 {
		return math.MaxUint64
	}
	return 1<<(8*size) - 1
}

// sameFields reports the first difference between two field lists,
// ignoring the field names (the variants name fields their own way).
func sameFields(a, b []string) (string, bool) {
	value := func(s string) string { return s[strings.LastIndexByte(s, '=')+1:] }
	for i := range max(len(a), len(b)) {
		switch {
		case i >= len(a):
			return "missing " + b[i], false
		case i >= len(b):
			return "extra " + a[i], false
		case value(a[i]) != value(b[i]):
			return a[i] + " vs " + b[i], false
		}
	}
	return "", true
}

func TestFields(t *testing.T) {
	type inner struct {
		A int8
		B [2]uint16
	}
	type msg struct {
		H    uint32 `cmp:"-"`
		In   inner
		F    float32
		Ok   bool
		Text []byte
		List []inner
	}
	m := &msg{H: 7, In: inner{-1, [2]uint16{1, 2}}, F: math.Float32frombits(0x7f800001), Ok: true,
		Text: []byte("hi"), List: []inner{{A: 3}}}
	got := strings.Join(fields(m), " ")
	want := "In.A=0xff In.B[0]=0x1 In.B[1]=0x2 F=f32:0x7f800001 Ok=true Text=[2]68 69 " +
		"List=len 1 List[0].A=0x3 List[0].B[0]=0x0 List[0].B[1]=0x0"
	if got != want {
		t.Errorf("fields = %s\nwant     %s", got, want)
	}
	// A uint8 of 0xff and an int8 of -1 are the same bits.
	if d, ok := sameFields(fields(&struct{ X uint8 }{0xff}), fields(&struct{ Y int8 }{-1})); !ok {
		t.Errorf("uint8 0xff and int8 -1 differ: %s", d)
	}
	if _, ok := sameFields(fields(&struct{ X uint8 }{1}), fields(&struct{ Y int8 }{2})); ok {
		t.Error("1 and 2 are the same")
	}
	if _, ok := sameFields(fields(&struct{ X, Y uint8 }{1, 2}), fields(&struct{ Y uint8 }{1})); ok {
		t.Error("lists of different lengths are the same")
	}
}
