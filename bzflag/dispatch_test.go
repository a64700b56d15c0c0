package bzflag_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/gamewire/gamewire/wire"
	"github.com/leanovate/gopter"
)

// sample draws n values from g with a fixed seed.
func sample(g gopter.Gen, n int) []any {
	params := gopter.DefaultGenParameters().WithSize(20)
	params.Rng.Seed(7)
	var out []any
	for len(out) < n {
		r := g(params)
		if v, ok := r.Retrieve(); ok {
			out = append(out, v)
		}
	}
	return out
}

// direction returns the direction m's layout travels in (FromClient for
// forms shared by both).
func direction(t *testing.T, m bzflag.Message) bzflag.Direction {
	t.Helper()
	if f := m.Form(); f.From.Has(bzflag.FromClient) {
		return bzflag.FromClient
	}
	return bzflag.FromServer
}

// TestTable checks the table against the types: one entry per form,
// New and Form agreeing with it, zero values' sizes within its bounds,
// fields named as in JSON, contiguous and inside the frame, and no two
// forms with the same code and direction.
func TestTable(t *testing.T) {
	seen := map[[2]int]string{}
	for i := range bzflag.Table().Forms {
		l := &bzflag.Table().Forms[i]
		for _, d := range []bzflag.Direction{bzflag.FromClient, bzflag.FromServer} {
			if !l.From.Has(d) {
				continue
			}
			k := [2]int{int(l.Code), int(d)}
			if prev, ok := seen[k]; ok {
				t.Errorf("%s and %s share code %#x from %v", prev, l.Type, l.Code, d)
			}
			seen[k] = l.Type
			m := bzflag.New(bzflag.Code(l.Code), d)
			if m == nil || reflect.TypeOf(m).Elem().Name() != l.Type {
				t.Errorf("New(%#x, %v) = %T, want %s", l.Code, d, m, l.Type)
				continue
			}
			if m.Form() != l {
				t.Errorf("%s: Form() is not the table's entry", l.Type)
			}
			if m.Size() < l.Size || m.Size() > l.MaxSize {
				t.Errorf("%s: zero value Size() = %d, table says %d..%d", l.Type, m.Size(), l.Size, l.MaxSize)
			}
		}
		if l.Name != bzflag.Code(l.Code).String() {
			t.Errorf("%s: form name %q, code name %q", l.Type, l.Name, bzflag.Code(l.Code))
		}
		// Field names are those of JSON, so that errors and the CLI agree.
		names := map[string]bool{"length": true, "code": true}
		jsonNames(reflect.TypeOf(bzflag.Table().New(l)).Elem(), names)
		off := 0
		for _, f := range l.Layout() {
			if !names[f.Name] {
				t.Errorf("%s: table field %q is not a JSON name of the type", l.Type, f.Name)
			}
			if f.Offset != off {
				t.Errorf("%s.%s at %d, want %d", l.Type, f.Name, f.Offset, off)
			}
			off += f.Size
		}
		if off > l.MaxSize || (l.Fixed() && off != l.Size) {
			t.Errorf("%s: fields end at %d, size %d..%d", l.Type, off, l.Size, l.MaxSize)
		}
	}
	// 50 forms, 8 of them shared by both directions.
	if len(bzflag.Table().Forms) != 50 || len(seen) != 58 {
		t.Errorf("%d forms, %d (code, direction) pairs, want 50 and 58", len(bzflag.Table().Forms), len(seen))
	}
}

// jsonNames adds the JSON names of t's fields, and of the fields of its
// struct fields, to names.
func jsonNames(t reflect.Type, names map[string]bool) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		names[name] = true
		if f.Type.Kind() == reflect.Struct {
			jsonNames(f.Type, names)
		}
	}
}

// TestDecodeDispatch decodes generated frames of every type through
// Decode and a Decoder of the same (default) policy, checking the type
// chosen, the bytes, and that the two answer alike: the generated values
// break rules at times, and both then return the message with the rule's
// error.
func TestDecodeDispatch(t *testing.T) {
	d := bzflag.NewDecoder()
	for _, v := range sample(bzflaggen.Message(), 500) {
		m := v.(bzflag.Message)
		b, err := m.MarshalBinary()
		if err != nil {
			t.Fatalf("%T: %v", m, err)
		}
		from := direction(t, m)
		want := m.Validate()
		for _, dec := range []func([]byte, bzflag.Direction) (bzflag.Message, int, error){bzflag.Decode, d.Decode} {
			got, n, err := dec(b, from)
			if got == nil || fmt.Sprint(err) != fmt.Sprint(want) {
				t.Errorf("%T %x: %v, %v; want the message and %v", m, b, got, err, want)
				continue
			}
			if n != len(b) || reflect.TypeOf(got) != reflect.TypeOf(m) {
				t.Errorf("%x: decoded %T (%d bytes), want %T (%d)", b, got, n, m, len(b))
			}
			again, _ := got.MarshalBinary()
			if string(again) != string(b) {
				t.Errorf("%T: re-encoded %x, want %x", m, again, b)
			}
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name  string
		frame []byte
		from  bzflag.Direction
		kind  error
		field string
	}{
		{"unknown code", []byte{0, 0, 'z', 'z'}, bzflag.FromServer, wire.ErrUnknownCode, "code"},
		{"audio has no layout", []byte{0, 0, 'a', 'u'}, bzflag.FromClient, wire.ErrUnknownCode, "code"},
		{"enter from server", []byte{0, 0, 'e', 'n'}, bzflag.FromServer, wire.ErrUnknownCode, "code"},
		{"short header", []byte{0, 0, 'e'}, bzflag.FromClient, wire.ErrShort, "code"},
		{"wrong length", []byte{0, 1, 'e', 'x', 0}, bzflag.FromClient, wire.ErrInvalid, "length"},
		{"short enter", append([]byte{0, 172, 'e', 'n'}, make([]byte, 20)...), bzflag.FromClient, wire.ErrShort, "callSign"},
		{"addplayer length between forms", append([]byte{0, 180, 'a', 'p'}, make([]byte, 180)...), bzflag.FromServer, wire.ErrInvalid, "length"},
		{"world chunk too long", append([]byte{0x04, 0x00, 'g', 'w'}, make([]byte, 1024)...), bzflag.FromServer, wire.ErrTooLong, "data"},
		{"digest without NUL", []byte{0, 2, 'w', 'h', 'p', 'x'}, bzflag.FromServer, wire.ErrInvalid, "digest"},
		{"reject of one byte", []byte{0, 1, 'r', 'j', 0}, bzflag.FromServer, wire.ErrInvalid, "length"},
	}
	strict, checked := bzflag.NewDecoder(), bzflag.NewDecoder()
	strict.Policy = wire.Strict
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			decoders := map[string]func([]byte, bzflag.Direction) (bzflag.Message, int, error){"Strict": strict.Decode}
			if tt.kind == wire.ErrUnknownCode {
				// The default policy keeps an unknown code as a *wire.Raw,
				// in Decode and in a Decoder alike.
				for name, dec := range map[string]func([]byte, bzflag.Direction) (bzflag.Message, int, error){"Decode": bzflag.Decode, "Decoder": checked.Decode} {
					if m, n, err := dec(tt.frame, tt.from); err != nil || n != len(tt.frame) || m == nil || m.Form().Name != "unknown" {
						t.Errorf("%s(%x) = %v, %d, %v; want a *wire.Raw of the frame", name, tt.frame, m, n, err)
					}
				}
			} else {
				decoders["Decode"] = bzflag.Decode
				decoders["Decoder"] = checked.Decode
			}
			for name, dec := range decoders {
				m, _, err := dec(tt.frame, tt.from)
				var we *wire.Error
				if m != nil || !errors.Is(err, tt.kind) || !errors.As(err, &we) || we.Field != tt.field || we.Protocol != "bzflag" {
					t.Errorf("%s(%x) = %v, error %v, want %v in field %q", name, tt.frame, m, err, tt.kind, tt.field)
				}
			}
		})
	}
}

// TestSpecCodeErrata decodes the spec's own bytes where its diagrams give
// the wrong code: they do not decode as the message the spec names.
func TestSpecCodeErrata(t *testing.T) {
	// spec line 503: MsgTeamUpdate drawn with code 74 6f, which is
	// MsgTimeLeft, whose body is 2 bytes, not 10.
	teamUpdate := []byte{0x00, 0x0a, 0x74, 0x6f, 0, 1, 0, 2, 0, 2, 0, 5, 0, 3}
	if _, _, err := bzflag.Decode(teamUpdate, bzflag.FromServer); !errors.Is(err, wire.ErrInvalid) {
		t.Errorf("spec's MsgTeamUpdate bytes: %v, want ErrInvalid (MsgTimeLeft length)", err)
	}
	// spec lines 779 and 788: MsgTeleport drawn with code 73 63, which is
	// MsgScore: the bytes decode, but as a score.
	teleport := []byte{0x00, 0x0c, 0x73, 0x63, 192, 0, 2, 1, 0x14, 0x23, 0, 1, 0, 0, 0, 3}
	m, _, err := bzflag.Decode(teleport, bzflag.FromServer)
	if _, ok := m.(*bzflag.ScoreFromServer); !ok || err != nil {
		t.Errorf("spec's MsgTeleport bytes decode as %T, %v; want *ScoreFromServer", m, err)
	}
}

func TestDecoderKeepsUnknown(t *testing.T) {
	d := bzflag.NewDecoder()
	frame := []byte{0, 3, 'v', 'i', 1, 2, 3, 0xff}
	m, n, err := d.Decode(frame, bzflag.FromServer)
	raw, ok := m.(*wire.Raw)
	if err != nil || !ok || n != 7 || bzflag.Code(raw.Code) != bzflag.CodeVideo || string(raw.Frame) != string(frame[:7]) {
		t.Fatalf("Decode = %#v, %d, %v", m, n, err)
	}
	// A known form keeps its type.
	if m, _, err := d.Decode([]byte{0, 0, 'e', 'x'}, bzflag.FromClient); err != nil {
		t.Fatal(err)
	} else if _, ok := m.(*bzflag.Exit); !ok {
		t.Errorf("got %T, want *Exit", m)
	}
}

// TestDecoderAllocs checks that a warmed-up Decoder decodes every type,
// and fails, without allocating.
func TestDecoderAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts")
	}
	type frame struct {
		b    []byte
		from bzflag.Direction
	}
	var frames []frame
	for _, v := range sample(bzflaggen.Message(), 200) {
		m := v.(bzflag.Message)
		b, _ := m.MarshalBinary()
		frames = append(frames, frame{b, direction(t, m)})
	}
	frames = append(frames, frame{[]byte{0, 0, 'z', 'z'}, bzflag.FromClient}, frame{[]byte{0, 9, 'e', 'n'}, bzflag.FromClient})
	d := bzflag.NewDecoder()
	run := func() {
		for _, f := range frames {
			d.Decode(f.b, f.from)
		}
	}
	run()
	if a := testing.AllocsPerRun(20, run); a != 0 {
		t.Errorf("Decoder.Decode: %v allocations per run, want 0", a)
	}
}
