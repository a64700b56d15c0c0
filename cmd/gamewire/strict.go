package main

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// encoding/json is lenient where an encoder must not be: it pads or cuts
// a JSON array to the length of a Go array, and the last of two equal
// keys wins. checkStrict walks the JSON against the Go type first and
// refuses both, naming the field.

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
var jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()

// checkStrict reports a duplicate key or an array of the wrong length in
// the JSON value data, read as Go type t.
func checkStrict(data []byte, t reflect.Type) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	return walkStrict(d, t, "")
}

// walkStrict reads one JSON value from d, checking it against t.
func walkStrict(d *json.Decoder, t reflect.Type, path string) error {
	tok, err := d.Token()
	if err != nil {
		return err
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	custom := t != nil && (reflect.PointerTo(t).Implements(textUnmarshaler) || reflect.PointerTo(t).Implements(jsonUnmarshaler))
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for d.More() {
			kt, err := d.Token()
			if err != nil {
				return err
			}
			key, _ := kt.(string)
			if seen[key] {
				return fmt.Errorf("field %s: the key appears twice", join(path, key))
			}
			seen[key] = true
			var ft reflect.Type
			if t != nil && !custom {
				switch t.Kind() {
				case reflect.Struct:
					ft = fieldType(t, key)
				case reflect.Map:
					ft = t.Elem()
				}
			}
			if err := walkStrict(d, ft, join(path, key)); err != nil {
				return err
			}
		}
		_, err := d.Token() // '}'
		return err
	case json.Delim('['):
		n := 0
		var et reflect.Type
		if t != nil && !custom && (t.Kind() == reflect.Array || t.Kind() == reflect.Slice) {
			et = t.Elem()
		}
		for d.More() {
			if err := walkStrict(d, et, fmt.Sprintf("%s[%d]", path, n)); err != nil {
				return err
			}
			n++
		}
		if _, err := d.Token(); err != nil { // ']'
			return err
		}
		if t != nil && !custom && t.Kind() == reflect.Array && n != t.Len() {
			return fmt.Errorf("field %s: %d values, it holds exactly %d", path, n, t.Len())
		}
	}
	return nil
}

// fieldType returns the type of the struct field whose JSON key is key
// (embedded structs included), or nil.
func fieldType(t reflect.Type, key string) reflect.Type {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name := f.Name
		if tag := f.Tag.Get("json"); tag != "" {
			if n, _, _ := strings.Cut(tag, ","); n != "" {
				name = n
			}
		}
		if f.Anonymous && f.Tag.Get("json") == "" && f.Type.Kind() == reflect.Struct {
			if ft := fieldType(f.Type, key); ft != nil {
				return ft
			}
			continue
		}
		if strings.EqualFold(name, key) {
			return f.Type
		}
	}
	return nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
