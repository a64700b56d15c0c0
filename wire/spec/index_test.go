package spec_test

import (
	"fmt"
	"testing"

	"github.com/gamewire/gamewire/wire/codec"
	"github.com/gamewire/gamewire/wire/internal/toy"
	"github.com/gamewire/gamewire/wire/spec"
)

// TestIndex checks the code index a Decoder copies, over the toy table
// and over tables whose codes have the shapes the protocols use, in code
// fields of both orders and both widths: Key holds a code in a direction
// exactly when Lookup finds a form for it; its slot is Slot's and within
// Slots; and FrameKey makes the same key from a frame that carries the
// code, or reports false when the frame stops before the code's second
// byte.
func TestIndex(t *testing.T) {
	le := toy.Protocol
	le.Order = codec.LittleEndian
	narrow := toy.Protocol
	narrow.Header = []spec.Field{{Name: "length", Type: "u8", Role: spec.LengthRole}, {Name: "code", Type: "u8", Role: spec.CodeRole}}
	tables := map[string]*spec.Table{"toy": toy.Table}
	for field, p := range map[string]spec.Protocol{"big-endian u16": toy.Protocol, "little-endian u16": le, "u8": narrow} {
		for shape, forms := range codeShapes() {
			tables[field+", "+shape] = spec.NewTable(p, forms, nil)
		}
	}
	for name, tb := range tables {
		x := tb.Index()
		if x != tb.Index() {
			t.Fatalf("%s: Index returns another index each time", name)
		}
		code := tb.HeaderLayout()[0]
		for _, fl := range tb.HeaderLayout() {
			if fl.Role == spec.CodeRole {
				code = fl
			}
		}
		if x.Slots() < 2 || x.Slots()&(x.Slots()-1) != 0 {
			t.Errorf("%s: %d slots, want a power of two of 2 at least", name, x.Slots())
		}
		frame := make([]byte, code.Offset+2)
		for c := uint32(0); c <= 0xffff; c++ {
			for from := range spec.Direction(4) {
				k, slot, ok := x.Key(c, from)
				if want := from != 0 && tb.Lookup(c, from) != nil; ok != want {
					t.Fatalf("%s: Key(%#x, %v) holds %v, Lookup says %v", name, c, from, ok, want)
				}
				if slot != x.Slot(k) || int(slot) >= x.Slots() {
					t.Fatalf("%s: Key(%#x, %v) = slot %d; Slot(%#x) = %d of %d", name, c, from, slot, k, x.Slot(k), x.Slots())
				}
				if c >= 1<<(8*code.Size) {
					continue // no frame carries it
				}
				for i := range frame {
					frame[i] = 0xa5
				}
				tb.Order.PutUint(frame[code.Offset:code.Offset+code.Size], uint64(c))
				if fk, ok := x.FrameKey(frame, from); !ok || fk != k {
					t.Fatalf("%s: FrameKey(% x, %v) = %#x, %v; Key(%#x) = %#x", name, frame, from, fk, ok, c, k)
				}
				if _, ok := x.FrameKey(frame[:code.Offset+1], from); ok {
					t.Fatalf("%s: FrameKey of a frame that stops before the code's second byte", name)
				}
			}
		}
	}
	if !raceEnabled {
		x := toy.Table.Index()
		frame := toy.Frame(&toy.Ping{Value: 1})
		if n := testing.AllocsPerRun(100, func() {
			k, _ := x.FrameKey(frame, spec.FromClient)
			_ = x.Slot(k)
			x.Key(toy.CodePing, spec.FromClient)
		}); n != 0 {
			t.Errorf("FrameKey, Slot and Key allocate %v", n)
		}
	}
}

// codeShapes returns forms whose codes have the shapes the protocols
// use: pairs of letters, a code space split by direction at 0x8000,
// single bytes, and none at all.
func codeShapes() map[string][]spec.Form {
	shapes := map[string][]spec.Form{"none": nil}
	for i := range 300 {
		letters := uint32('a'+i%26)<<8 | uint32('a'+i/26)
		shapes["letters"] = append(shapes["letters"], spec.Form{Code: letters, From: spec.Direction(1 + i%3)})
		split := uint32(i)
		if i%2 == 1 {
			split |= 0x8000
		}
		shapes["split"] = append(shapes["split"], spec.Form{Code: split, From: spec.Direction(1 + i%2)})
		if i < 256 {
			shapes["bytes"] = append(shapes["bytes"], spec.Form{Code: uint32(i), From: spec.Direction(1 + i%3)})
		}
	}
	for name, forms := range shapes {
		for i := range forms {
			forms[i].Name = fmt.Sprint(name, i)
		}
	}
	return shapes
}

func TestUnknownCode(t *testing.T) {
	err := toy.Table.UnknownCode()
	checkError(t, err, codec.Error{Protocol: "toy", Message: "frame", Field: "code", Offset: 2, Err: codec.ErrUnknownCode})
	if toy.Table.UnknownCode() != err {
		t.Error("UnknownCode builds its error again")
	}
	raw := toy.Table.RawForm()
	if raw.Name != "unknown" || raw.Type != "Raw" || raw.From != spec.Both || raw.Index != -1 || raw.Table() != toy.Table ||
		raw.Size != 4 || raw.MaxSize != 32 || len(raw.Layout()) != 2 || raw.Protocol != "toy" {
		t.Errorf("RawForm = %+v", raw)
	}
}
