package codectest

import (
	"bytes"
	"errors"
	"reflect"
	"strings"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
	"github.com/google/go-cmp/cmp"
)

// former is a message that knows its entry in its protocol's table
// (wire.Message); Check runs the layout checks on those only.
type former interface{ Form() *spec.Form }

// layoutOf returns the form of message type P, or nil when P has none (a
// type that does not implement Form yet, or wire.Raw's stand-in form).
func layoutOf[T any, P interface {
	*T
	Message
}]() *spec.Form {
	f, ok := any(P(new(T))).(former)
	if !ok {
		return nil
	}
	form := f.Form()
	if form == nil || form.Index < 0 {
		return nil
	}
	return form
}

// checkLayout checks that the form's fields, header included, are
// contiguous and do not overlap: the first at byte 0, each fixed field
// where the one before it ends, the first variable field there too and
// every field after it without an offset; and that the sizes agree with
// the fields.
func (h *harness[T, P]) checkLayout(f *spec.Form) {
	h.t.Helper()
	l := f.Layout()
	if len(l) == 0 {
		h.fail("%s: form %s has no layout (not built by spec.NewTable?)", h.name, f.Name)
		return
	}
	end, variable := 0, false
	for i := range l {
		fl := &l[i]
		switch {
		case variable:
			if fl.Offset != -1 {
				h.fail("%s: %s.%s lies after a variable field but has offset %d, want -1", h.name, f.Name, fl.Name, fl.Offset)
				return
			}
		case fl.Offset != end:
			h.fail("%s: %s.%s is at byte %d, but the field before it ends at byte %d (fields must be contiguous, not overlap)", h.name, f.Name, fl.Name, fl.Offset, end)
			return
		case fl.Size == 0:
			variable = true
		}
		end += fl.Size
	}
	switch {
	case !variable && (f.Size != end || f.MaxSize != end):
		h.fail("%s: %s is fixed, its fields end at byte %d, but Size = %d and MaxSize = %d", h.name, f.Name, end, f.Size, f.MaxSize)
	case variable && (f.Size < end || f.MaxSize < f.Size):
		h.fail("%s: %s: Size = %d and MaxSize = %d, but the fixed fields alone take %d bytes", h.name, f.Name, f.Size, f.MaxSize, end)
	}
}

// goFields maps the spec's field names (the json tags) to the indexes of
// T's Go fields.
func goFields(t reflect.Type) map[string]int {
	m := map[string]int{}
	if t.Kind() != reflect.Struct {
		return m
	}
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if name != "" && name != "-" {
			m[name] = i
		}
	}
	return m
}

// counts returns the names of the fields that count a list.
func counts(l []spec.Field) map[string]bool {
	m := map[string]bool{}
	for i := range l {
		if l[i].Count != "" {
			m[l[i].Count] = true
		}
	}
	return m
}

// masks are the changes tried on a field's bytes: every bit, the lowest
// bit of the last byte, the highest of the first. A field whose codec
// rejects one of them (a boolean byte) is tried with the next.
var masks = []func(p []byte){
	func(p []byte) {
		for i := range p {
			p[i] ^= 0xff
		}
	},
	func(p []byte) { p[len(p)-1] ^= 0x01 },
	func(p []byte) { p[0] ^= 0x80 },
}

// sampleLayout checks one valid encoding b of v against the form: its
// size lies within the form's, and changing the bytes of each field at
// a fixed offset changes that field, and only that field, after decoding.
func (h *harness[T, P]) sampleLayout(where func() string, f *spec.Form, b []byte) {
	h.t.Helper()
	if len(b) < f.Size || len(b) > f.MaxSize {
		h.fail("%s: encoded in %d bytes, outside %s's layout: %d to %d bytes", where(), len(b), f.Name, f.Size, f.MaxSize)
		return
	}
	base := P(new(T))
	if _, err := safeDecode(base, b); err != nil {
		return // reported by sample
	}
	tags := goFields(reflect.TypeFor[T]())
	isCount := counts(f.Layout())
	m := make([]byte, len(b))
	x := P(new(T))
	for _, fl := range f.Layout() {
		if fl.Offset < 0 || fl.Size == 0 {
			break
		}
		field, ok := tags[fl.Name]
		switch {
		case fl.Role == spec.CodeRole || fl.Role == spec.MarkerRole:
			copy(m, b)
			masks[0](m[fl.Offset : fl.Offset+fl.Size])
			if n, err := safeDecode(x, m); err == nil {
				h.fail("%s: with its %s changed (%x) the frame still decodes (%d bytes): the codec does not read %s at byte %d", where(), fl.Name, m, n, fl.Name, fl.Offset)
			}
			continue
		case fl.Role == spec.LengthRole || isCount[fl.Name]:
			continue // the mutation checks cover what follows from these
		case !ok:
			h.fail("%s: %s.%s has no Go field tagged json:%q", where(), f.Name, fl.Name, fl.Name)
			continue
		}
		h.fieldChange(where, f, &fl, field, b, m, base, x)
	}
}

// fieldChange changes the bytes of field fl in a copy m of b and checks
// that decoding changes Go field i of the value and nothing else.
func (h *harness[T, P]) fieldChange(where func() string, f *spec.Form, fl *spec.Field, i int, b, m []byte, base, x P) {
	h.t.Helper()
	goName := reflect.TypeFor[T]().Field(i).Name
	for _, mask := range masks {
		copy(m, b)
		mask(m[fl.Offset : fl.Offset+fl.Size])
		n, err := safeDecode(x, m)
		if err != nil {
			var we *wire.Error
			if errors.As(err, &we) && we.Field != fl.Name {
				h.fail("%s: with the bytes of %s.%s (bytes %d to %d) changed, Decode fails at field %s: %v", where(), f.Name, fl.Name, fl.Offset, fl.Offset+fl.Size, we.Field, err)
				return
			}
			continue // the codec rejects this value of the field: try another
		}
		if n != len(b) {
			h.fail("%s: with the bytes of %s.%s changed, Decode reads %d bytes, want %d", where(), f.Name, fl.Name, n, len(b))
			return
		}
		bv, xv := reflect.ValueOf(base).Elem(), reflect.ValueOf(x).Elem()
		if cmp.Equal(bv.Field(i).Interface(), xv.Field(i).Interface(), h.c.cmpOpts...) {
			h.fail("%s: changing bytes %d to %d, %s.%s in the layout, leaves %s as it was: the codec does not read it there", where(), fl.Offset, fl.Offset+fl.Size, f.Name, fl.Name, goName)
			return
		}
		for j := range bv.NumField() {
			if j == i || !bv.Type().Field(j).IsExported() {
				continue
			}
			if !cmp.Equal(bv.Field(j).Interface(), xv.Field(j).Interface(), h.c.cmpOpts...) {
				h.fail("%s: changing bytes %d to %d, %s.%s in the layout, changes %s too: the layout and the codec disagree", where(), fl.Offset, fl.Offset+fl.Size, f.Name, fl.Name, bv.Type().Field(j).Name)
				return
			}
		}
		if re, err := safeAppend(x, nil); err != nil || !bytes.Equal(re, m) {
			h.fail("%s: with the bytes of %s.%s changed to %x, the value re-encodes to %x, %v", where(), f.Name, fl.Name, m, re, err)
		}
		return
	}
	// Every value tried is one the codec rejects, at this field: it does
	// read the field there.
}
