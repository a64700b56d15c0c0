package compare

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// unit is one decoded unit of a capture.
type unit struct {
	b []byte
	k Kind
}

// units returns every unit of c as gamewire's decoder splits it.
func units(t testing.TB, p *Protocol, c *Capture) []unit {
	t.Helper()
	var us []unit
	if _, err := Walk(c, p.Gamewire(), func(b []byte, k Kind, _ any) { us = append(us, unit{b, k}) }); err != nil {
		t.Fatalf("gamewire: %v", err)
	}
	return us
}

func load(t testing.TB, p *Protocol) []*Capture {
	t.Helper()
	cs, err := p.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestAgree: on every unit of every capture of every protocol, the
// hand-written code and encoding/binary decode the same field values as
// gamewire, consume the same bytes, and each variant re-encodes the unit
// byte for byte, both from its reused decoder value and from a value of
// its own.
func TestAgree(t *testing.T) {
	for _, p := range protocols {
		t.Run(p.Name, func(t *testing.T) {
			for _, c := range load(t, p) {
				us := units(t, p, c)
				if len(us) == 0 {
					t.Fatalf("%s: no units", c.File)
				}
				for _, d := range disagreements(c, us, codecs(p)) {
					t.Error(d)
				}
			}
		})
	}
}

// namedCodec is a variant's name and constructor.
type namedCodec struct {
	name string
	new  func() Codec
}

// codecs returns p's codecs: gamewire's first, the hand-written code
// second, then encoding/binary and gamewire's checked decoder if any.
func codecs(p *Protocol) []namedCodec {
	cs := []namedCodec{{"gamewire", p.Gamewire}, {"handwritten", p.Handwritten}, {"binary", p.Binary}}
	if p.Checked != nil {
		cs = append(cs, namedCodec{"gamewire-checked", p.Checked})
	}
	return cs
}

// disagreements decodes every unit of c with each codec of cs and returns
// what differs from the first codec, and every unit a codec does not
// decode whole or re-encode byte for byte.
func disagreements(c *Capture, us []unit, cs []namedCodec) []string {
	var out []string
	reused := make([]Codec, len(cs))
	for i, v := range cs {
		reused[i] = v.new()
	}
	for j, u := range us {
		var want []string
		for i, v := range cs {
			got, n, err := reused[i].Decode(u.b, u.k)
			if err != nil || n != len(u.b) {
				out = append(out, fmt.Sprintf("%s unit %d: %s decodes %d of %d bytes: %v", c.File, j, v.name, n, len(u.b), err))
				continue
			}
			f := fields(got)
			if i == 0 {
				want = f
			} else if d, ok := sameFields(f, want); !ok {
				out = append(out, fmt.Sprintf("%s unit %d (% x): %s disagrees with %s: %s", c.File, j, head(u.b), v.name, cs[0].name, d))
			}
			again, err := reused[i].Appender(got).AppendBinary([]byte{0xee})
			if err != nil || !bytes.Equal(again[1:], u.b) || again[0] != 0xee {
				out = append(out, fmt.Sprintf("%s unit %d: %s re-encodes % x as % x, %v", c.File, j, v.name, u.b, again, err))
			}
			own := v.new()
			got, _, _ = own.Decode(u.b, u.k)
			if again, _ := own.Appender(got).AppendBinary(nil); !bytes.Equal(again, u.b) {
				out = append(out, fmt.Sprintf("%s unit %d: %s, fresh, re-encodes % x as % x", c.File, j, v.name, u.b, again))
			}
		}
	}
	return out
}

// TestAgreeCatches shows that disagreements notices a codec that decodes
// one field wrong, and one that consumes too little.
func TestAgreeCatches(t *testing.T) {
	p := tfightersProtocol
	var c *Capture
	for _, x := range load(t, p) {
		if x.From == FromClient {
			c = x
		}
	}
	us := units(t, p, c)
	for _, tt := range []struct {
		name  string
		short bool
		want  string
	}{
		{"field", false, "broken disagrees with gamewire: B=0x0 vs Accel=0xff"},
		{"short", true, "broken decodes 16 of 17 bytes"},
	} {
		broken := func() Codec { return &skewed{Codec: p.Handwritten(), short: tt.short} }
		ds := strings.Join(disagreements(c, us, []namedCodec{{"gamewire", p.Gamewire}, {"broken", broken}}), "\n")
		if !strings.Contains(ds, tt.want) {
			t.Errorf("%s: disagreements do not say %q:\n%s", tt.name, tt.want, ds)
		}
	}
}

// skewed is a broken codec: it zeroes the signed byte of the tfighters
// movement forms, or (short) says each of them is a byte shorter.
type skewed struct {
	Codec
	short bool
}

func (s *skewed) Decode(b []byte, k Kind) (any, int, error) {
	v, n, err := s.Codec.Decode(b, k)
	if m, ok := v.(*tfMove); ok {
		if s.short {
			n--
		} else {
			m.B = 0
		}
	}
	return v, n, err
}

func head(b []byte) []byte { return b[:min(len(b), 8)] }

// TestWalk: the three codecs split every capture into the same number of
// units, and copyFrames into as many frames as gamewire's stream.
func TestWalk(t *testing.T) {
	for _, p := range protocols {
		for _, c := range load(t, p) {
			var counts []int
			for _, v := range codecs(p) {
				n, err := Walk(c, v.new(), nil)
				if err != nil {
					t.Fatalf("%s: %s: %v", p.Name, v.name, err)
				}
				counts = append(counts, n)
			}
			if counts[1] != counts[0] || counts[2] != counts[0] {
				t.Errorf("%s: units gamewire, handwritten, binary: %v", c.File, counts)
			}
			if n := copyFrames(p, c, make([]byte, 1<<16)); n <= 0 {
				t.Errorf("%s: copyFrames = %d", c.File, n)
			}
		}
	}
}

// TestStreams: every way of using gamewire's stream decoder reads every
// capture, twice in a row (a warm decoder goes round again), as the same
// messages as gamewire's decoder.
func TestStreams(t *testing.T) {
	for _, p := range protocols {
		for _, s := range p.Streams {
			r := s.New()
			for _, c := range load(t, p) {
				var want [][]string
				Walk(c, p.Gamewire(), func(_ []byte, k Kind, v any) {
					if k != PacketHeader {
						want = append(want, fields(v))
					}
				})
				for round := range 2 {
					var got [][]string
					n, err := r.Read(c, func(v any) { got = append(got, fields(v)) })
					if err != nil || n != len(want) || len(got) != len(want) {
						t.Fatalf("%s %s round %d: %d messages (%d visited), %v; want %d", p.Name, s.Name, round, n, len(got), err, len(want))
					}
					for i := range got {
						if d, ok := sameFields(got[i], want[i]); !ok {
							t.Fatalf("%s %s round %d message %d: %s", p.Name, s.Name, round, i, d)
						}
					}
				}
			}
		}
	}
}

// TestProtocolAllocs: gamewire's and the hand-written decoders, the
// encoders into a buffer with room, and gamewire's streams (a warm one,
// one reset) allocate nothing. encoding/binary's and a new stream's
// allocations are reported by the benchmarks.
func TestProtocolAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	for _, p := range protocols {
		cs := load(t, p)
		for _, v := range codecs(p) {
			if v.name == "binary" {
				continue // reported by the benchmarks
			}
			codec := v.new()
			decode := func() {
				for _, c := range cs {
					Walk(c, codec, nil)
				}
			}
			decode()
			if n := testing.AllocsPerRun(20, decode); n != 0 {
				t.Errorf("%s: %s decoding the captures: %v allocations, want 0", p.Name, v.name, n)
			}
			vals, size := keep(t, p, cs, v.new)
			buf := make([]byte, 0, size)
			if n := testing.AllocsPerRun(20, func() { encodeAll(buf, vals) }); n != 0 {
				t.Errorf("%s: %s encoding the captures: %v allocations, want 0", p.Name, v.name, n)
			}
		}
		for _, st := range p.Streams {
			if st.Name == "new" {
				continue // a new decoder allocates its buffer and values
			}
			r := st.New()
			read := func() {
				for _, c := range cs {
					r.Read(c, nil)
				}
			}
			read()
			if n := testing.AllocsPerRun(20, read); n != 0 {
				t.Errorf("%s: %s stream: %v allocations, want 0", p.Name, st.Name, n)
			}
		}
	}
}

// TestRegistry: every protocol is complete, its first stream is the
// warm one and the ratios program finds the names it looks for.
func TestRegistry(t *testing.T) {
	if len(protocols) < 3 {
		t.Errorf("%d protocols registered", len(protocols))
	}
	seen := map[string]bool{}
	for _, p := range protocols {
		if p.Name == "" || seen[p.Name] || len(p.Files) == 0 || p.Gamewire == nil || p.Handwritten == nil || p.Binary == nil {
			t.Errorf("incomplete or repeated protocol %+v", p)
		}
		seen[p.Name] = true
		if p.Datagram == (p.FrameLen != nil) || !p.Datagram && p.From == nil {
			t.Errorf("%s: a stream protocol needs FrameLen and From, a datagram protocol no FrameLen", p.Name)
		}
		if len(p.Streams) == 0 || p.Streams[0].Name != "warm" {
			t.Errorf("%s: the first stream must be warm", p.Name)
		}
		names := map[string]bool{}
		for _, s := range p.Streams {
			if names[s.Name] || s.Name == "copy" {
				t.Errorf("%s: stream name %q repeated or taken", p.Name, s.Name)
			}
			names[s.Name] = true
		}
		if len(load(t, p)) == 0 {
			t.Errorf("%s: no captures", p.Name)
		}
	}
}

// keep decodes every unit of cs into a value of its own, with a new
// codec of the variant for each, and returns them with their total size.
func keep(t testing.TB, p *Protocol, cs []*Capture, newCodec func() Codec) ([]Appender, int) {
	t.Helper()
	var vals []Appender
	size := 0
	for _, c := range cs {
		for _, u := range units(t, p, c) {
			codec := newCodec()
			v, n, err := codec.Decode(u.b, u.k)
			if err != nil {
				t.Fatal(err)
			}
			vals = append(vals, codec.Appender(v))
			size += n
		}
	}
	return vals, size
}

// encodeAll encodes vals one after the other into buf.
func encodeAll(buf []byte, vals []Appender) ([]byte, error) {
	var err error
	for _, v := range vals {
		if buf, err = v.AppendBinary(buf); err != nil {
			return buf, err
		}
	}
	return buf, nil
}

func captureBytes(cs []*Capture) int64 {
	var n int64
	for _, c := range cs {
		n += int64(c.Len())
	}
	return n
}

var sinkInt int

// BenchmarkDecode decodes every capture of each protocol per op, unit by
// unit as a stream splits it: gamewire's decoder, the hand-written code,
// encoding/binary, and a copy of each frame (the floor).
func BenchmarkDecode(b *testing.B) {
	for _, p := range protocols {
		cs := load(b, p)
		for _, v := range codecs(p) {
			b.Run(p.Name+"/"+v.name, func(b *testing.B) {
				codec := v.new()
				b.SetBytes(captureBytes(cs))
				b.ReportAllocs()
				for b.Loop() {
					for _, c := range cs {
						n, err := Walk(c, codec, nil)
						if err != nil {
							b.Fatal(err)
						}
						sinkInt += n
					}
				}
			})
		}
		b.Run(p.Name+"/copy", func(b *testing.B) { benchCopy(b, p, cs) })
	}
	benchRecordDecode(b)
}

func benchCopy(b *testing.B, p *Protocol, cs []*Capture) {
	buf := make([]byte, 1<<16)
	b.SetBytes(captureBytes(cs))
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range cs {
			sinkInt += copyFrames(p, c, buf)
		}
	}
}

// BenchmarkEncode encodes every message of each protocol's captures per
// op into one reused buffer, from values decoded beforehand; copy
// appends each unit's bytes (the floor).
func BenchmarkEncode(b *testing.B) {
	for _, p := range protocols {
		cs := load(b, p)
		for _, v := range codecs(p) {
			if v.name == "gamewire-checked" {
				continue // encodes as gamewire does
			}
			b.Run(p.Name+"/"+v.name, func(b *testing.B) {
				vals, size := keep(b, p, cs, v.new)
				buf := make([]byte, 0, size)
				b.SetBytes(int64(size))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := encodeAll(buf[:0], vals); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		b.Run(p.Name+"/copy", func(b *testing.B) {
			var us [][]byte
			size := 0
			for _, c := range cs {
				for _, u := range units(b, p, c) {
					us = append(us, u.b)
					size += len(u.b)
				}
			}
			buf := make([]byte, 0, size)
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				buf = buf[:0]
				for _, u := range us {
					buf = append(buf, u...)
				}
			}
		})
	}
	benchRecordEncode(b)
}

// BenchmarkStream reads every capture of each protocol per op with
// gamewire's own stream decoder, each way it can be set up, and copies
// each frame (the floor).
func BenchmarkStream(b *testing.B) {
	for _, p := range protocols {
		cs := load(b, p)
		for _, s := range p.Streams {
			b.Run(p.Name+"/"+s.Name, func(b *testing.B) {
				r := s.New()
				for _, c := range cs {
					if _, err := r.Read(c, nil); err != nil { // warm up
						b.Fatal(err)
					}
				}
				b.SetBytes(captureBytes(cs))
				b.ReportAllocs()
				for b.Loop() {
					for _, c := range cs {
						n, err := r.Read(c, nil)
						if err != nil {
							b.Fatal(err)
						}
						sinkInt += n
					}
				}
			})
		}
		b.Run(p.Name+"/copy", func(b *testing.B) { benchCopy(b, p, cs) })
	}
}

func TestReadHex(t *testing.T) {
	f := t.TempDir() + "/c.hex"
	if err := os.WriteFile(f, []byte("# a comment\n0102\n\n  ff  \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ds, err := readHex(f)
	if err != nil || len(ds) != 2 || !bytes.Equal(ds[0], []byte{1, 2}) || !bytes.Equal(ds[1], []byte{0xff}) {
		t.Errorf("readHex = %x, %v; want [0102 ff]", ds, err)
	}
	if err := os.WriteFile(f, []byte("0102\nzz\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readHex(f); err == nil || !strings.Contains(err.Error(), ":2:") {
		t.Errorf("readHex of a bad line: %v, want an error naming line 2", err)
	}
}
