package main

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/gamewire/gamewire/wire"
)

// unmarshalFields fills m (a pointer to a message) from the JSON object
// obj, whose "msg" and "code" name the message. It reads the object
// field by field, so that every error names the field (its JSON path), the
// value and what the field holds, in the words of JSON rather than of Go:
//
//	field type: invalid value "Bogus"
//	field callSign: 40 bytes, at most 32
//	field playerId.port: "x" is not an integer from 0 to 65535
//	field position: 2 values, it holds exactly 3
//	field team: the key appears twice
//
// It is stricter than encoding/json, which an encoder must be: a key that
// is not a field, a key given twice, and an array of the wrong length are
// refused (encoding/json would drop, keep the last, pad or cut). A float
// may be the string of its bits (see floats.go).
func unmarshalFields(obj []byte, m any) error {
	v := reflect.ValueOf(m)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return fmt.Errorf("cannot fill %T", m)
	}
	return fillValue(obj, v.Elem(), "", true)
}

// decodeJSON fills *v from the JSON value raw as unmarshalFields does a
// field: errors name path, the value and what it should be.
func decodeJSON(raw []byte, v any, path string) error {
	return fillValue(raw, reflect.ValueOf(v).Elem(), path, false)
}

// fillValue fills v from the JSON value raw; path names v in errors. At
// the top level the keys "msg" and "code" are skipped (they name the
// message, not a field).
func fillValue(raw []byte, v reflect.Value, path string, top bool) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return fieldErr(path, "no value")
	}
	t := v.Type()
	if string(raw) == "null" {
		return nil // as encoding/json: the zero value stays
	}
	if hasUnmarshaler(t) {
		if top && raw[0] == '{' {
			// A message with a JSON form of its own reads its fields only.
			var fields map[string]json.RawMessage
			if json.Unmarshal(raw, &fields) == nil {
				delete(fields, "msg")
				delete(fields, "code")
				raw, _ = json.Marshal(fields)
			}
		}
		return leaf(raw, v, path)
	}
	switch {
	case isFloatKind(t) && raw[0] == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return fieldErr(path, "not valid JSON text")
		}
		bits, err := parseFloatBits(s, t.Kind())
		if err != nil {
			return fieldErr(path, err.Error())
		}
		setBits(v, bits)
		return nil
	case t.Kind() == reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(t.Elem()))
		}
		return fillValue(raw, v.Elem(), path, top)
	case t.Kind() == reflect.Struct && raw[0] == '{':
		return fillStruct(raw, v, path, top)
	case (t.Kind() == reflect.Array || t.Kind() == reflect.Slice && t.Elem().Kind() != reflect.Uint8) && raw[0] == '[':
		// Arrays of bytes too: encoding/json would pad or cut them.
		elems, err := splitArray(raw)
		if err != nil {
			return fieldErr(path, "not valid JSON")
		}
		if t.Kind() == reflect.Array && len(elems) != t.Len() {
			return fieldErr(path, fmt.Sprintf("%d values, it holds exactly %d", len(elems), t.Len()))
		}
		if t.Kind() == reflect.Slice {
			v.Set(reflect.MakeSlice(t, len(elems), len(elems)))
		}
		for i, e := range elems {
			if err := fillValue(e, v.Index(i), fmt.Sprintf("%s[%d]", path, i), false); err != nil {
				return err
			}
		}
		return nil
	}
	return leaf(raw, v, path)
}

// fillStruct fills the struct v from the JSON object raw, key by key.
func fillStruct(raw []byte, v reflect.Value, path string, top bool) error {
	members, err := splitObject(raw)
	if err != nil {
		return fieldErr(path, "not valid JSON")
	}
	seen := map[string]bool{}
	for _, m := range members {
		if seen[m.key] {
			return fieldErr(join(path, m.key), "the key appears twice")
		}
		seen[m.key] = true
		if top && (m.key == "msg" || m.key == "code") {
			continue
		}
		index := fieldIndex(v.Type(), m.key)
		if index == nil {
			return fmt.Errorf("unknown field %q%s (fields: %s)", m.key, inPath(path), strings.Join(jsonFieldNames(v.Type()), ", "))
		}
		if err := fillValue(m.val, v.FieldByIndex(index), join(path, m.key), false); err != nil {
			return err
		}
	}
	return nil
}

// jsonMember is one key and its value in a JSON object.
type jsonMember struct {
	key string
	val json.RawMessage
}

// splitObject returns the members of the JSON object raw in their order,
// a repeated key as often as it appears (encoding/json would keep the
// last).
func splitObject(raw []byte) ([]jsonMember, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	var out []jsonMember
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var val json.RawMessage
		if err := d.Decode(&val); err != nil {
			return nil, err
		}
		out = append(out, jsonMember{key, val})
	}
	_, err := d.Token() // '}'
	return out, err
}

// joinObject is the inverse of splitObject.
func joinObject(members []jsonMember) []byte {
	b := []byte{'{'}
	for i, m := range members {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(m.key)
		b = append(b, k...)
		b = append(b, ':')
		b = append(b, m.val...)
	}
	return append(b, '}')
}

// join names key within path, as the errors do: "flag.position".
func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func inPath(path string) string {
	if path == "" {
		return ""
	}
	return " in " + path
}

// splitArray returns the elements of the JSON array raw.
func splitArray(raw []byte) ([]json.RawMessage, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	if _, err := d.Token(); err != nil {
		return nil, err
	}
	var out []json.RawMessage
	for d.More() {
		var e json.RawMessage
		if err := d.Decode(&e); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	_, err := d.Token()
	return out, err
}

// leaf fills v with encoding/json, rewriting its errors (which name Go
// types) in the words of JSON.
func leaf(raw []byte, v reflect.Value, path string) error {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	err := d.Decode(v.Addr().Interface())
	if err == nil {
		return nil
	}
	t := v.Type()
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te) && hasUnmarshaler(t):
		return fieldErr(path, "invalid value "+shortJSON(raw)+validNames(t))
	case errors.As(err, &te):
		p := path
		if te.Field != "" && !strings.HasSuffix(path, te.Field) {
			p = join(path, te.Field)
		}
		if te.Field != "" && te.Type != nil {
			return fieldErr(p, fmt.Sprintf("%s is not %s", strings.TrimPrefix(te.Value, "number "), jsonKind(te.Type)))
		}
		return fieldErr(p, fmt.Sprintf("%s is not %s", shortJSON(raw), jsonKind(t)))
	case errors.As(err, &se):
		return fieldErr(path, "not valid JSON")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fieldErr(path, "unknown field "+strings.TrimPrefix(err.Error(), "json: unknown field "))
	case errors.Is(err, wire.ErrTooLong) && t.Kind() == reflect.Array:
		var s wire.Text
		if json.Unmarshal(raw, &s) == nil {
			return fieldErr(path, fmt.Sprintf("%d bytes, at most %d", len(s), t.Len()))
		}
	}
	var we *wire.Error
	if errors.As(err, &we) || hasUnmarshaler(t) {
		return fieldErr(path, "invalid value "+shortJSON(raw)+validNames(t))
	}
	return fieldErr(path, fmt.Sprintf("%s is not %s", shortJSON(raw), jsonKind(t)))
}

// validNames lists the names an enum type accepts, when it has a String
// method that names its small values.
func validNames(t reflect.Type) string {
	if _, ok := reflect.PointerTo(t).MethodByName("String"); !ok || t.Kind() < reflect.Int || t.Kind() > reflect.Uint64 {
		return ""
	}
	var names []string
	for i := 0; i < 64; i++ {
		v := reflect.New(t).Elem()
		if v.CanInt() {
			v.SetInt(int64(i))
		} else {
			v.SetUint(uint64(i))
		}
		s := fmt.Sprint(v.Interface())
		if s == "" || s[0] >= '0' && s[0] <= '9' || strings.Contains(s, "(") {
			continue
		}
		names = append(names, s)
	}
	if len(names) == 0 || len(names) > 16 {
		return ""
	}
	return " (one of " + strings.Join(names, ", ") + ")"
}

// shortJSON shows a JSON value in an error, cut if long.
func shortJSON(raw []byte) string {
	const max = 40
	if len(raw) > max {
		return string(raw[:max]) + "..."
	}
	return string(raw)
}

// jsonKind says what JSON value a Go type takes, without naming the type.
func jsonKind(t reflect.Type) string {
	if hasUnmarshaler(t) {
		return "a valid value"
	}
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		return fmt.Sprintf("an integer from %d to %d", int64(-1)<<(bits-1), int64(1)<<(bits-1)-1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return fmt.Sprintf("an integer from 0 to %s", strconv.FormatUint(math.MaxUint64>>(64-t.Bits()), 10))
	case reflect.Float32, reflect.Float64:
		return "a number (or the string of its bits, " + float32Prefix[:8] + "...)"
	case reflect.String:
		return "a string"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return "a base64 string"
		}
		return "a list"
	case reflect.Array:
		return fmt.Sprintf("a list of %d values", t.Len())
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "a valid value"
}

var (
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
)

// hasUnmarshaler reports whether t reads its JSON itself.
func hasUnmarshaler(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return p.Implements(jsonUnmarshaler) || p.Implements(textUnmarshaler)
}

func fieldErr(path, msg string) error {
	if path == "" {
		return errors.New(msg)
	}
	return fmt.Errorf("field %s: %s", path, msg)
}

// fieldIndex returns the index of the struct field whose JSON key is key
// (an exact match first, then one that differs in case only, as
// encoding/json), or nil.
func fieldIndex(t reflect.Type, key string) []int {
	var fold []int
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || f.Anonymous && f.Tag.Get("json") == "" && f.Type.Kind() == reflect.Struct {
			continue
		}
		name := jsonKey(f)
		if name == "-" {
			continue
		}
		if name == key {
			return f.Index
		}
		if fold == nil && strings.EqualFold(name, key) {
			fold = f.Index
		}
	}
	return fold
}

func jsonKey(f reflect.StructField) string {
	tag := f.Tag.Get("json")
	if tag == "-" {
		return "-"
	}
	if n, _, _ := strings.Cut(tag, ","); n != "" {
		return n
	}
	return f.Name
}

// jsonFieldNames lists the JSON keys of a struct type.
func jsonFieldNames(t reflect.Type) []string {
	var names []string
	for _, f := range reflect.VisibleFields(t) {
		if !f.IsExported() || f.Anonymous && f.Tag.Get("json") == "" && f.Type.Kind() == reflect.Struct {
			continue
		}
		if n := jsonKey(f); n != "-" {
			names = append(names, n)
		}
	}
	return names
}
