package compare

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math"
	"math/rand"
	"runtime"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/wire"
)

// variant is one way to decode and encode a Record.
type variant struct {
	name   string
	decode func(m *Record, b []byte) error
	append func(b []byte, m *Record) ([]byte, error)
	// quiets is set for encoding/binary, which reads and writes float32
	// fields through reflection's float64 and so turns signalling NaNs
	// into quiet ones (on amd64 and arm64): it is not lossless.
	quiets bool
}

func variants() []variant {
	c := new(Binary)
	return []variant{
		{"gamewire", DecodeWire, func(b []byte, m *Record) ([]byte, error) { return AppendWire(b, m), nil }, false},
		{"gamewire-fields", DecodeWire, func(b []byte, m *Record) ([]byte, error) { return AppendWireFields(b, m), nil }, false},
		{"binary", c.Decode, c.Append, true},
		{"handwritten", DecodeHandwritten, func(b []byte, m *Record) ([]byte, error) { return AppendHandwritten(b, m), nil }, false},
	}
}

// same reports whether a and b are equal, floats compared by their bits.
func same(a, b *Record) bool {
	fa, fb := floats(a), floats(b)
	return a.ID == b.ID && a.Status == b.Status && fa == fb &&
		a.Team == b.Team && a.Flags == b.Flags && a.Tag == b.Tag
}

func floats(m *Record) (bits [8]uint32) {
	for i, v := range []float32{m.Pos[0], m.Pos[1], m.Pos[2], m.Vel[0], m.Vel[1], m.Vel[2], m.Azimuth, m.AngVel} {
		bits[i] = math.Float32bits(v)
	}
	return bits
}

// quieted returns m with every signalling NaN made quiet, as a conversion
// of a float32 to float64 and back does on amd64 and arm64.
func quieted(m Record) Record {
	q := func(f *float32) {
		if b := math.Float32bits(*f); b&0x7f800000 == 0x7f800000 && b&0x007fffff != 0 {
			*f = math.Float32frombits(b | 0x00400000)
		}
	}
	for _, f := range []*float32{&m.Pos[0], &m.Pos[1], &m.Pos[2], &m.Vel[0], &m.Vel[1], &m.Vel[2], &m.Azimuth, &m.AngVel} {
		q(f)
	}
	return m
}

// expect returns what v should produce for m: m itself, or m quieted.
func (v variant) expect(m Record) Record {
	if v.quiets {
		return quieted(m)
	}
	return m
}

// randomRecord draws every field from raw bits, so NaN payloads, -0 and
// infinities appear among the floats.
func randomRecord(rng *rand.Rand) Record {
	f := func() float32 {
		if rng.Intn(8) == 0 { // make the special values common
			return math.Float32frombits([]uint32{0x7fc00001, 0x7f800001, 0x80000000, 0x7f800000, 0xff800000}[rng.Intn(5)])
		}
		return math.Float32frombits(rng.Uint32())
	}
	m := Record{
		ID: rng.Uint32(), Status: uint16(rng.Uint32()),
		Pos: [3]float32{f(), f(), f()}, Vel: [3]float32{f(), f(), f()},
		Azimuth: f(), AngVel: f(),
		Team: uint8(rng.Uint32()), Flags: uint8(rng.Uint32()),
	}
	rng.Read(m.Tag[:])
	return m
}

// golden is one record with its encoding written out by hand.
var golden = struct {
	m   Record
	hex string
}{
	Record{
		ID: 0x01020304, Status: 0xa0b0,
		Pos:     [3]float32{1, -2.5, float32(math.Inf(1))},
		Vel:     [3]float32{math.Float32frombits(0x80000000), math.Float32frombits(0x7fc00001), 0.5},
		Azimuth: -1, AngVel: math.Float32frombits(0x00000001),
		Team: 7, Flags: 0x81,
		Tag: [8]byte{'p', 'l', 'a', 'y', 'e', 'r', 0, 0},
	},
	"01020304 a0b0" +
		" 3f800000 c0200000 7f800000" +
		" 80000000 7fc00001 3f000000" +
		" bf800000 00000001" +
		" 07 81" +
		" 706c6179 65720000",
}

func TestGolden(t *testing.T) {
	want, err := hex.DecodeString(strings.ReplaceAll(golden.hex, " ", ""))
	if err != nil || len(want) != Size {
		t.Fatalf("bad golden hex: %d bytes, %v", len(want), err)
	}
	for _, v := range variants() {
		got, err := v.append([]byte{0xee}, &golden.m)
		if err != nil || !bytes.Equal(got, append([]byte{0xee}, want...)) {
			t.Errorf("%s: append = % x, %v; want ee % x", v.name, got, err, want)
		}
		var m Record
		if err := v.decode(&m, want); err != nil || !same(&m, &golden.m) {
			t.Errorf("%s: decode = %+v, %v; want %+v", v.name, m, err, golden.m)
		}
	}
}

// TestRecordAgree: on random records the three encoders write the same bytes,
// and the three decoders read them back to the same record; on random
// bytes the three decoders agree, and each encoder writes the bytes again.
func TestRecordAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	vs := variants()
	for range 2000 {
		m := randomRecord(rng)
		var encs [][]byte
		for _, v := range vs {
			b, err := v.append(nil, &m)
			if err != nil || len(b) != Size {
				t.Fatalf("%s: append %+v: %d bytes, %v", v.name, m, len(b), err)
			}
			encs = append(encs, b)
		}
		for i, v := range vs {
			want := v.expect(m)
			if w := AppendWire(nil, &want); !bytes.Equal(encs[i], w) {
				t.Fatalf("%s encodes %+v as % x, want % x", v.name, m, encs[i], w)
			}
			var got Record
			if err := v.decode(&got, encs[0]); err != nil || !same(&got, &want) {
				t.Fatalf("%s decodes % x as %+v, %v; want %+v", v.name, encs[0], got, err, want)
			}
		}

		raw := make([]byte, Size+rng.Intn(3)) // extra bytes are ignored
		rng.Read(raw)
		var first Record // as wire decodes raw
		for i, v := range vs {
			var got Record
			if err := v.decode(&got, raw); err != nil {
				t.Fatalf("%s: decode % x: %v", v.name, raw, err)
			}
			if i == 0 {
				first = got
			}
			if want := v.expect(first); !same(&got, &want) {
				t.Fatalf("%s decodes % x as %+v, want %+v", v.name, raw, got, want)
			}
			b, _ := v.append(nil, &got)
			if want := v.expect(first); !bytes.Equal(b, AppendWire(nil, &want)) {
				t.Fatalf("%s: % x decodes and encodes as % x", v.name, raw[:Size], b)
			}
		}
		if b := AppendWire(nil, &first); !bytes.Equal(b, raw[:Size]) {
			t.Fatalf("wire: % x decodes and encodes as % x", raw[:Size], b)
		}
	}
}

// TestBinaryQuietsNaN shows the difference that TestAgree allows for: a
// signalling NaN survives wire and the hand-written code, not
// encoding/binary. If this fails, encoding/binary became lossless and
// quiets can go. Whether a float32 round trip through float64 quiets a NaN
// is up to the processor: this was seen on amd64 and arm64.
func TestBinaryQuietsNaN(t *testing.T) {
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" {
		t.Skip("NaN quieting in encoding/binary was only observed on amd64 and arm64")
	}
	m := Record{AngVel: math.Float32frombits(0x7f800001)}
	for _, v := range variants() {
		b, _ := v.append(nil, &m)
		var back Record
		v.decode(&back, AppendWire(nil, &m))
		lost := !bytes.Equal(b, AppendWire(nil, &m)) || !same(&back, &m)
		if lost != v.quiets {
			t.Errorf("%s: signalling NaN lost: %t, want %t", v.name, lost, v.quiets)
		}
	}
}

func TestShort(t *testing.T) {
	b := make([]byte, Size)
	for _, v := range variants() {
		for n := range Size {
			var m Record
			err := v.decode(&m, b[:n])
			var e *wire.Error
			if !errors.Is(err, wire.ErrShort) || !errors.As(err, &e) || e.Offset != n {
				t.Fatalf("%s: decode of %d bytes: %v, want ErrShort at byte %d", v.name, n, err, n)
			}
		}
	}
}

// TestRecordAllocs checks that wire and the hand-written code allocate nothing;
// encoding/binary's are reported by the benchmarks.
func TestRecordAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	for _, v := range variants() {
		if v.name == "binary" {
			continue
		}
		in := AppendWire(nil, &golden.m)
		buf := make([]byte, 0, Size)
		var m Record
		if n := testing.AllocsPerRun(100, func() { v.decode(&m, in) }); n != 0 {
			t.Errorf("%s: decode %v allocations, want 0", v.name, n)
		}
		if n := testing.AllocsPerRun(100, func() { buf, _ = v.append(buf[:0], &m) }); n != 0 {
			t.Errorf("%s: encode %v allocations, want 0", v.name, n)
		}
	}
}

var (
	sinkErr   error
	sinkBytes []byte
)

// benchRecordDecode decodes one Record per op: gamewire, binary,
// handwritten (BenchmarkDecode/record/...).
func benchRecordDecode(b *testing.B) {
	in := AppendWire(nil, &golden.m)
	for _, v := range variants() {
		b.Run("record/"+v.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(Size)
			var m Record
			for b.Loop() {
				sinkErr = v.decode(&m, in)
			}
		})
	}
}

// benchRecordEncode encodes one Record per op into a reused buffer
// (BenchmarkEncode/record/...).
func benchRecordEncode(b *testing.B) {
	for _, v := range variants() {
		b.Run("record/"+v.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(Size)
			buf := make([]byte, 0, Size)
			m := golden.m
			for b.Loop() {
				buf, sinkErr = v.append(buf[:0], &m)
			}
			sinkBytes = buf
		})
	}
}
