package main

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// JSON numbers hold every finite float exactly (encoding/json writes the
// shortest decimal that reads back to the same bits, -0 as -0), but no NaN
// and no infinity. A float32 or float64 field that holds one is written as
// a string of its bits in hex:
//
//	"float32:0x7f800001"          a float32 signalling NaN
//	"float32:0xff800000"          float32 -Inf
//	"float64:0x7ff8000000000001"  a float64 NaN with payload 1
//
// and encode reads such a string back into exactly those bits (any bits:
// a finite value written this way is accepted too). This holds for every
// protocol: messageJSON writes it and unmarshalFields reads it, so every
// value the library decodes survives decode -json | encode bit for bit.
const (
	float32Prefix = "float32:0x"
	float64Prefix = "float64:0x"
)

// isFloatKind reports whether t is a plain float the JSON form above
// applies to: a float type without a JSON or text form of its own.
func isFloatKind(t reflect.Type) bool {
	if t.Kind() != reflect.Float32 && t.Kind() != reflect.Float64 {
		return false
	}
	return !customJSON(t)
}

var jsonMarshaler = reflect.TypeFor[json.Marshaler]()
var textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()

var customTypes sync.Map // reflect.Type -> bool: customJSON

// customJSON reports whether t (or *t) has a JSON or text form of its own.
func customJSON(t reflect.Type) bool {
	if v, ok := customTypes.Load(t); ok {
		return v.(bool)
	}
	p := reflect.PointerTo(t)
	c := t.Implements(jsonMarshaler) || t.Implements(textMarshalerType) ||
		p.Implements(jsonMarshaler) || p.Implements(textMarshalerType) ||
		p.Implements(jsonUnmarshaler) || p.Implements(textUnmarshaler)
	customTypes.Store(t, c)
	return c
}

var floatTypes sync.Map // reflect.Type -> bool: hasFloats

// hasFloats reports whether values of t can hold a plain float (one
// nonFinite looks at), remembering the answer for each type.
func hasFloats(t reflect.Type) bool {
	if v, ok := floatTypes.Load(t); ok {
		return v.(bool)
	}
	has := findFloats(t, 0)
	floatTypes.Store(t, has)
	return has
}

func findFloats(t reflect.Type, depth int) bool {
	if depth > 16 {
		return true // deep or recursive: let nonFinite look
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		return isFloatKind(t)
	case reflect.Interface:
		return true
	case reflect.Pointer:
		return findFloats(t.Elem(), depth+1)
	case reflect.Array, reflect.Slice:
		return !customJSON(t) && t.Elem().Kind() != reflect.Uint8 && findFloats(t.Elem(), depth+1)
	case reflect.Struct:
		if customJSON(t) {
			return false
		}
		for i := 0; i < t.NumField(); i++ {
			if f := t.Field(i); f.IsExported() && f.Tag.Get("json") != "-" && findFloats(f.Type, depth+1) {
				return true
			}
		}
	}
	return false
}

// nonFinite appends to out every NaN or infinite plain float in v.
func nonFinite(v reflect.Value, out []reflect.Value) []reflect.Value {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if isFloatKind(v.Type()) {
			if x := v.Float(); math.IsNaN(x) || math.IsInf(x, 0) {
				out = append(out, v)
			}
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			out = nonFinite(v.Elem(), out)
		}
	case reflect.Array, reflect.Slice:
		if customJSON(v.Type()) || v.Type().Elem().Kind() == reflect.Uint8 {
			return out
		}
		for i := 0; i < v.Len(); i++ {
			out = nonFinite(v.Index(i), out)
		}
	case reflect.Struct:
		if customJSON(v.Type()) {
			return out
		}
		t := v.Type()
		for i := 0; i < v.NumField(); i++ {
			if f := t.Field(i); f.IsExported() && f.Tag.Get("json") != "-" {
				out = nonFinite(v.Field(i), out)
			}
		}
	}
	return out
}

// getBits and setBits read and write a float field's exact bits
// (v.Float and v.SetFloat go through float64, which quiets a float32
// signalling NaN).
func getBits(v reflect.Value) uint64 {
	if v.Kind() == reflect.Float32 && v.CanAddr() {
		return uint64(math.Float32bits(*(*float32)(v.Addr().UnsafePointer())))
	}
	if v.Kind() == reflect.Float32 {
		return uint64(math.Float32bits(float32(v.Float())))
	}
	return math.Float64bits(v.Float())
}

func setBits(v reflect.Value, bits uint64) {
	if v.Kind() == reflect.Float32 {
		*(*float32)(v.Addr().UnsafePointer()) = math.Float32frombits(uint32(bits))
		return
	}
	v.SetFloat(math.Float64frombits(bits))
}

// marshalExact is json.Marshal(m) with every NaN and infinity written as
// the string of its bits. Each such field is set, for the time of one
// Marshal, to a finite sentinel that appears nowhere else in the output,
// whose number is then replaced by the string; the fields get their bits
// back before marshalExact returns. The fields keep their order.
func marshalExact(m any) ([]byte, error) {
	v := reflect.ValueOf(m)
	if v.Kind() != reflect.Pointer {
		c := reflect.New(v.Type())
		c.Elem().Set(v)
		v, m = c, c.Interface()
	}
	if !hasFloats(v.Type()) {
		return json.Marshal(m)
	}
	fields := nonFinite(v, nil)
	if len(fields) == 0 {
		return json.Marshal(m)
	}
	saved := make([]uint64, len(fields))
	for i, f := range fields {
		saved[i] = getBits(f)
	}
	defer func() {
		for i, f := range fields {
			setBits(f, saved[i])
		}
	}()
	tokens := make([][]byte, len(fields))
	for try := 0; try < 16; try++ {
		for i, f := range fields {
			// Large finite values, distinct for each field and each try.
			k := uint64(try*len(fields) + i)
			if f.Kind() == reflect.Float32 {
				setBits(f, uint64(0x7f7fffff-17*k-3))
			} else {
				setBits(f, 0x7fefffffffffffff-101*k-7)
			}
			tok, err := json.Marshal(f.Interface())
			if err != nil {
				return nil, err
			}
			tokens[i] = tok
		}
		out, err := json.Marshal(m)
		if err != nil {
			return nil, err
		}
		unique := true
		for _, tok := range tokens {
			if bytes.Count(out, tok) != 1 {
				unique = false
				break
			}
		}
		if !unique {
			continue
		}
		for i, tok := range tokens {
			at := bytes.Index(out, tok)
			s := strconv.Quote(fmt.Sprintf("%s%016x", float64Prefix, saved[i]))
			if fields[i].Kind() == reflect.Float32 {
				s = strconv.Quote(fmt.Sprintf("%s%08x", float32Prefix, uint32(saved[i])))
			}
			out = append(out[:at], append([]byte(s), out[at+len(tok):]...)...)
		}
		return out, nil
	}
	return nil, fmt.Errorf("cannot write the non-finite floats of %T", m)
}

// parseFloatBits reads the JSON string form of a float of kind k.
func parseFloatBits(s string, k reflect.Kind) (uint64, error) {
	prefix, digits, size := float64Prefix, 16, 64
	if k == reflect.Float32 {
		prefix, digits, size = float32Prefix, 8, 32
	}
	hexPart, ok := strings.CutPrefix(s, prefix)
	bits, err := strconv.ParseUint(hexPart, 16, size)
	if !ok || len(hexPart) != digits || err != nil {
		return 0, fmt.Errorf("%s is not a number nor %s<%d hex digits> (the bits of a NaN or an infinity)", strconv.Quote(s), prefix, digits)
	}
	return bits, nil
}
