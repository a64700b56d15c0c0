package tfighters_test

import (
	"encoding/json"
	"sort"
	"testing"

	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/tfighters"
)

// jsonFields returns m's fields as JSON, by key.
func jsonFields(t *testing.T, m tfighters.Message) map[string]string {
	t.Helper()
	js, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(js, &obj); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for k, v := range obj {
		out[k] = string(v)
	}
	return out
}

// TestLayout checks the table against the codec, form by form: the zero
// message encodes to the form's smallest frame; the table's field names
// (after the header) are the JSON names of the Go fields; and changing
// the bytes of one fixed field, at its offset in the table, changes that
// field, and only that one, after decoding.
func TestLayout(t *testing.T) {
	tab := tfighters.Table()
	for i := range tab.Forms {
		f := &tab.Forms[i]
		m := tab.New(f)
		if m.Form() != f {
			t.Errorf("%s: New gives %T of form %s", f.Name, m, m.Form().Name)
			continue
		}
		if f.Code != uint32(tfighters.Codes[i]) || tfighters.New(tfighters.Code(f.Code), f.From) == nil {
			t.Errorf("%s: Codes[%d] = %s", f.Name, i, tfighters.Codes[i])
		}
		b := codectest.Encode(t, m)
		if len(b) != f.Size || m.Size() != f.Size {
			t.Errorf("%s: zero message is %d bytes (Size %d), table says %d", f.Name, len(b), m.Size(), f.Size)
		}
		zero := jsonFields(t, m)
		var keys, names []string
		for k := range zero {
			keys = append(keys, k)
		}
		lay := f.Layout()
		for _, fl := range lay[2:] {
			names = append(names, fl.Name)
		}
		sort.Strings(keys)
		sort.Strings(names)
		if len(keys) != len(names) {
			t.Errorf("%s: JSON keys %v, table %v", f.Name, keys, names)
		} else {
			for j := range keys {
				if keys[j] != names[j] {
					t.Errorf("%s: JSON keys %v, table %v", f.Name, keys, names)
					break
				}
			}
		}
		for _, fl := range lay[2:] {
			if !fl.Fixed() {
				continue
			}
			if fl.Offset < 0 || fl.Offset+fl.Size > len(b) {
				t.Errorf("%s.%s: offset %d size %d outside the %d-byte frame", f.Name, fl.Name, fl.Offset, fl.Size, len(b))
				continue
			}
			c := append([]byte(nil), b...)
			for k := fl.Offset; k < fl.Offset+fl.Size; k++ {
				c[k] = 0x01
			}
			v := tab.New(f)
			if err := v.UnmarshalBinary(c); err != nil {
				t.Errorf("%s.%s: %v", f.Name, fl.Name, err)
				continue
			}
			got := jsonFields(t, v)
			for k := range zero {
				if changed := got[k] != zero[k]; changed != (k == fl.Name) {
					t.Errorf("%s: bytes %d-%d of %s change %s: %v", f.Name, fl.Offset, fl.Offset+fl.Size, fl.Name, k, changed)
				}
			}
		}
	}
	if tfighters.New(0x7abc, tfighters.AnyDirection) != nil || tfighters.New(tfighters.CodeHi, tfighters.FromClient) != nil {
		t.Error("New of an undefined code, or of the other direction")
	}
}
