package tfighters_test

import (
	"encoding/json"
	"sort"
	"testing"

	"github.com/gamewire/gamewire/tfighters"
)

// TestLayout checks the layout tables against the codec: the fixed fields
// and a NUL per string add up to the size of the zero message, offsets
// follow each other, and the names are the JSON names of the fields.
func TestLayout(t *testing.T) {
	for _, c := range tfighters.Codes {
		fields := tfighters.Layout(c)
		m := tfighters.New(c)
		off := tfighters.HeaderLen
		size := tfighters.HeaderLen
		var names []string
		for _, f := range fields {
			if f.Offset != off {
				t.Errorf("%s.%s: offset %d, want %d", c, f.Name, f.Offset, off)
			}
			off += f.Size()
			size += f.Size()
			if f.Type == "str" {
				size++
			}
			names = append(names, f.Name)
		}
		if m.Size() != size {
			t.Errorf("%s: layout gives %d bytes, Size() = %d", c, size, m.Size())
		}
		js, _ := json.Marshal(m)
		var obj map[string]any
		json.Unmarshal(js, &obj)
		var keys []string
		for k := range obj {
			if c == tfighters.CodePing && k != "time" {
				continue // wide and timeHigh: the 64-bit form, see the errata
			}
			keys = append(keys, k)
		}
		sort.Strings(keys)
		sort.Strings(names)
		if len(keys) != len(names) {
			t.Errorf("%s: JSON keys %v, layout %v", c, keys, names)
			continue
		}
		for i := range keys {
			if keys[i] != names[i] {
				t.Errorf("%s: JSON keys %v, layout %v", c, keys, names)
				break
			}
		}
	}
	if tfighters.Layout(0x7abc) != nil {
		t.Error("layout of an undefined code")
	}
}
