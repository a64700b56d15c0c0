// Package codectest is the shared test harness of gamewire's protocol
// packages: every message type of every protocol goes through the same
// checks of the per-message contract in docs/ARCHITECTURE.md.
//
// Check draws values from a gopter generator and verifies, for each:
//
//   - value -> bytes -> value is the identity (go-cmp diff on failure), and
//     the encoding is Size() bytes long; MarshalBinary agrees with
//     AppendBinary, and AppendBinary leaves the bytes before it untouched;
//   - bytes -> value -> bytes is the identity, for the encoding and for
//     mutated copies of it: whatever decodes re-encodes byte for byte, to
//     Size() bytes, and whatever fails returns a *wire.Error; Decode leaves
//     its input as it was;
//   - every strict prefix of a valid encoding fails with wire.ErrShort,
//     carrying a *wire.Error, and nothing panics;
//   - UnmarshalBinary rejects trailing bytes with wire.ErrTrailing and does
//     not alias its input;
//   - decoding into a reused value equals decoding into a fresh one;
//   - AppendBinary into a buffer with capacity, Decode into a reused value
//     and a failing Decode allocate nothing (testing.AllocsPerRun, on the
//     first samples and on the one with the longest encoding; not under the
//     race detector, which allocates);
//   - the generator yields T (or *T) and, for a type with fields, more than
//     one distinct encoding, so that the checks above do not pass on a
//     single value;
//   - for a type that implements wire.Message (a Form method), the layout
//     in its protocol's table agrees with the codec: the fields, header
//     included, are contiguous and do not overlap, and the sizes agree
//     with them; every encoding lies within the form's Size and MaxSize;
//     and changing the bytes of each field at a fixed offset changes that
//     field, and only that field, after decoding (the Go field whose json
//     tag is the spec's field name), or fails at that field; changing a
//     code or marker makes Decode fail. A type without a Form method gets
//     every other check.
//
// A panic in the codec is caught and reported as a failure of the check
// that caused it. The package's own tests run every check against a toy
// codec with one deliberate defect at a time, so each check is known to
// fail when it should.
//
// Golden checks one known encoding both ways, Goldens a table of them,
// CheckBroken a table of frames that must fail (sentinel, message, field,
// offset), and Hex reads the hex the vectors are written in.
//
// The packages' other tests share the rest: the checks of their fuzz
// targets (CheckError, CheckValidate, CheckReencode, Decoding.Fuzz,
// AddSeeds, AddStream); reading a recorded capture back (CheckCapture,
// Frames, Holds, ReadAll); their benchmarks (BenchEncode, BenchDecode);
// enum text (CheckText); and Sources, for tests that keep something out
// of a package's code. The loopback tests' network plumbing lives in
// internal/nettest.
package codectest

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/leanovate/gopter"
)

// Message is the per-message contract of docs/ARCHITECTURE.md.
type Message = spec.Codec

// TB is the part of testing.TB the harness uses; *testing.T satisfies it.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
}

type config struct {
	samples        int
	seed           int64
	cmpOpts        []cmp.Option
	prefixesDecode bool
	rest           bool
	allocs         bool
	layout         bool
}

// Option changes what Check does.
type Option func(*config)

// Samples sets how many generated values Check tries (default 200).
func Samples(n int) Option { return func(c *config) { c.samples = n } }

// Seed sets the generator's seed (default 1), for reproducible runs.
func Seed(s int64) Option { return func(c *config) { c.seed = s } }

// CmpOptions adds go-cmp options for comparing values (floats are always
// compared by their bits, and nil and empty slices are equal).
func CmpOptions(opts ...cmp.Option) Option {
	return func(c *config) { c.cmpOpts = append(c.cmpOpts, opts...) }
}

// PrefixesMayDecode is for message types of which a strict prefix can be a
// valid message itself (the last field runs to the end of the input, or a
// list ends where the input does). Check then requires of each prefix only
// that it fails with ErrShort or decodes to something that re-encodes to
// the bytes it consumed.
func PrefixesMayDecode() Option { return func(c *config) { c.prefixesDecode = true } }

// TakesRest is for message types whose last field is "the rest of the
// input": trailing bytes are part of the message, so Check does not
// expect UnmarshalBinary to reject them. It implies PrefixesMayDecode.
func TakesRest() Option {
	return func(c *config) { c.rest, c.prefixesDecode = true, true }
}

// NoAllocs turns off the allocation checks (they always run unless the
// race detector is on, which makes allocation counts meaningless).
func NoAllocs() Option { return func(c *config) { c.allocs = false } }

// NoLayout turns off the layout checks of a wire.Message (for a codec
// whose form's layout is not meant to be read at fixed offsets).
func NoLayout() Option { return func(c *config) { c.layout = false } }

// allocSamples is how many of the first samples get the allocation checks;
// so does the sample with the longest encoding, whose lists and strings are
// the fullest (an allocation per element does not show on empty ones).
const allocSamples = 8

// maxErrors bounds how many failures one Check reports.
const maxErrors = 8

// Check runs every check of the contract on values drawn from g, which
// must generate T or *T.
func Check[T any, P interface {
	*T
	Message
}](t TB, g gopter.Gen, opts ...Option) {
	t.Helper()
	c := config{samples: 200, seed: 1, allocs: !RaceEnabled, layout: true}
	for _, o := range opts {
		o(&c)
	}
	c.cmpOpts = append(c.cmpOpts, cmpopts.EquateEmpty(), floatBits)
	h := &harness[T, P]{t: t, c: c, name: reflect.TypeFor[T]().String()}
	if c.layout {
		h.form = layoutOf[T, P]()
		if h.form != nil {
			h.checkLayout(h.form)
		}
	}
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(c.seed))
	var prev, longest P
	longestLen, longestIndex := -1, 0
	for i := 0; i < c.samples && h.failures < maxErrors; i++ {
		v, other, ok := draw[T, P](g, params)
		if other != nil {
			h.fail("generator produced a %T, want %s or *%s", other, h.name, h.name)
			return
		}
		if !ok {
			continue
		}
		h.sample(i, v, prev, params.Rng)
		if i < allocSamples && c.allocs {
			h.allocs(v)
		}
		if n := v.Size(); n > longestLen {
			longest, longestLen, longestIndex = v, n, i
		}
		prev = v
	}
	if longestIndex >= allocSamples && c.allocs && h.failures == 0 {
		h.allocs(longest)
	}
	switch {
	case h.failures > 0:
	case h.drawn == 0:
		h.fail("generator produced no value of type %s", h.name)
	case h.drawn >= minVaried && len(h.encodings) == 1 && hasFields(reflect.TypeFor[T]()):
		// Every check above passes vacuously on one value: a generator
		// stuck on a constant (a forgotten field generator, a sieve that
		// lets one value through) tests nothing.
		h.fail("%s: all %d generated values encode to the same bytes: the generator does not vary", h.name, h.drawn)
	}
}

// minVaried is how many values a generator must have produced before
// Check expects more than one distinct encoding of a type with fields.
const minVaried = 20

// hasFields reports whether values of t can differ: a struct with an
// exported field, or any non-struct type.
func hasFields(t reflect.Type) bool {
	if t.Kind() != reflect.Struct {
		return true
	}
	for i := range t.NumField() {
		if t.Field(i).IsExported() {
			return true
		}
	}
	return false
}

// draw takes one value from g; it copies a T so the test owns it. A value
// of another type is returned as other.
func draw[T any, P interface {
	*T
	Message
}](g gopter.Gen, params *gopter.GenParameters) (v P, other any, ok bool) {
	for range 10 {
		r := g(params)
		x, ok := r.Retrieve()
		if !ok {
			continue
		}
		switch v := x.(type) {
		case T:
			return P(&v), nil, true
		case P:
			if v != nil {
				return v, nil, true
			}
		}
		return nil, x, false
	}
	return nil, nil, false
}

type harness[T any, P interface {
	*T
	Message
}] struct {
	t         TB
	c         config
	name      string
	failures  int
	drawn     int
	encodings map[string]bool // distinct encodings seen, up to two
	form      *spec.Form      // the type's form, for the layout checks; nil for none
}

func (h *harness[T, P]) fail(format string, args ...any) {
	h.t.Helper()
	h.failures++
	if h.failures <= maxErrors {
		h.t.Errorf(format, args...)
	}
}

func (h *harness[T, P]) diff(a, b P) string { return cmp.Diff(*a, *b, h.c.cmpOpts...) }

// sample runs the value-level checks on v; prev is the previous sample
// (nil for the first), used to dirty a reused value.
func (h *harness[T, P]) sample(i int, v, prev P, rng *rand.Rand) {
	h.t.Helper()
	h.drawn++
	b, err := safeAppend(v, nil)
	if err != nil {
		h.fail("%s sample %d: AppendBinary: %v\nvalue: %+v", h.name, i, err, *v)
		return
	}
	where := func() string { return h.name + " sample " + itoa(i) + " (" + hex.EncodeToString(b) + ")" }
	if len(h.encodings) < 2 {
		if h.encodings == nil {
			h.encodings = make(map[string]bool)
		}
		h.encodings[string(b)] = true
	}
	if len(b) != v.Size() {
		h.fail("%s: len(AppendBinary) = %d, Size() = %d", where(), len(b), v.Size())
	}
	if m, err := safeMarshal(v); err != nil || !bytes.Equal(m, b) {
		h.fail("%s: MarshalBinary = %x, %v; want %x", where(), m, err, b)
	}
	prefix := []byte{0xde, 0xad}
	if out, err := safeAppend(v, prefix); err != nil || !bytes.Equal(out[:2], []byte{0xde, 0xad}) || !bytes.Equal(out[2:], b) {
		h.fail("%s: AppendBinary after a prefix = %x, %v; want dead%x", where(), out, err, b)
	}

	// bytes -> value: a fresh value.
	fresh := P(new(T))
	in := bytes.Clone(b)
	n, err := safeDecode(fresh, in)
	if err != nil || n != len(b) {
		h.fail("%s: Decode = %d, %v; want %d, nil", where(), n, err, len(b))
		return
	}
	if !bytes.Equal(in, b) {
		h.fail("%s: Decode changed its input to %x", where(), in)
	}
	if d := h.diff(v, fresh); d != "" {
		h.fail("%s: value -> bytes -> value differs (-want +got):\n%s", where(), d)
	}
	if re, err := safeAppend(fresh, nil); err != nil || !bytes.Equal(re, b) {
		h.fail("%s: bytes -> value -> bytes = %x, %v", where(), re, err)
	}

	// Reused value, dirtied by the previous sample.
	if prev != nil {
		reused := P(new(T))
		if pb, err := safeAppend(prev, nil); err == nil {
			safeDecode(reused, pb)
		}
		if n, err := safeDecode(reused, b); err != nil || n != len(b) {
			h.fail("%s: Decode into a reused value = %d, %v", where(), n, err)
		} else if d := h.diff(fresh, reused); d != "" {
			h.fail("%s: decode into a reused value differs from a fresh one (-fresh +reused):\n%s", where(), d)
		}
	}

	// UnmarshalBinary: no trailing bytes, no aliasing.
	in = bytes.Clone(b)
	u := P(new(T))
	if err := safeUnmarshal(u, in); err != nil {
		h.fail("%s: UnmarshalBinary: %v", where(), err)
	} else {
		for j := range in {
			in[j] ^= 0xff
		}
		if d := h.diff(v, u); d != "" {
			h.fail("%s: UnmarshalBinary result aliases its input (changed when the input did):\n%s", where(), d)
		}
	}
	if !h.c.rest {
		if err := safeUnmarshal(P(new(T)), append(bytes.Clone(b), 0)); !errors.Is(err, wire.ErrTrailing) {
			h.fail("%s: UnmarshalBinary with a trailing byte = %v; want wire.ErrTrailing", where(), err)
		}
	}

	h.prefixes(where, b)
	h.mutations(where, b, rng)
	if h.form != nil {
		h.sampleLayout(where, h.form, b)
	}
}

// prefixes checks every strict prefix of the valid encoding b.
func (h *harness[T, P]) prefixes(where func() string, b []byte) {
	h.t.Helper()
	x := P(new(T))
	for i := 0; i < len(b); i++ {
		n, err := safeDecode(x, b[:i])
		if err == nil && h.c.prefixesDecode {
			if n < 0 || n > i {
				h.fail("%s: Decode of the %d-byte prefix consumed %d bytes", where(), i, n)
				return
			}
			if re, err := safeAppend(x, nil); err != nil || !bytes.Equal(re, b[:n]) || x.Size() != n {
				h.fail("%s: prefix of %d bytes decodes (%d bytes) but re-encodes to %x, %v (Size %d)", where(), i, n, re, err, x.Size())
				return
			}
			continue
		}
		if !errors.Is(err, wire.ErrShort) {
			h.fail("%s: Decode of the %d-byte prefix = %d, %v; want wire.ErrShort", where(), i, n, err)
			return
		}
		var we *wire.Error
		if !errors.As(err, &we) {
			h.fail("%s: Decode of the %d-byte prefix: error %q carries no *wire.Error", where(), i, err)
			return
		}
	}
}

// mutations flips bytes of b: what decodes must re-encode to exactly the
// bytes it consumed, with Size() equal to that count.
func (h *harness[T, P]) mutations(where func() string, b []byte, rng *rand.Rand) {
	h.t.Helper()
	if len(b) == 0 {
		return
	}
	x := P(new(T))
	m := make([]byte, len(b))
	for range 16 {
		copy(m, b)
		for range 1 + rng.Intn(3) {
			m[rng.Intn(len(m))] ^= byte(1 + rng.Intn(255))
		}
		n, err := safeDecode(x, m)
		if _, isPanic := err.(panicError); isPanic {
			h.fail("%s: Decode of mutated %x: %v", where(), m, err)
			return
		}
		if err != nil {
			var we *wire.Error
			if !errors.As(err, &we) {
				h.fail("%s: Decode of mutated %x: error %q carries no *wire.Error", where(), m, err)
				return
			}
			continue
		}
		if n < 0 || n > len(m) {
			h.fail("%s: Decode of mutated %x consumed %d bytes", where(), m, n)
			return
		}
		re, err := safeAppend(x, nil)
		if err != nil || !bytes.Equal(re, m[:n]) || x.Size() != n {
			h.fail("%s: mutated %x decodes (%d bytes) but re-encodes to %x, %v (Size %d)", where(), m, n, re, err, x.Size())
			return
		}
	}
}

// allocs checks that the hot paths allocate nothing.
func (h *harness[T, P]) allocs(v P) {
	h.t.Helper()
	b, err := safeAppend(v, nil)
	if err != nil {
		return // reported by sample
	}
	buf := make([]byte, 0, len(b))
	if a := allocsPerRun(func() { _, _ = v.AppendBinary(buf[:0]) }); a != 0 {
		h.fail("%s: AppendBinary into a sized buffer allocates %v times", h.name, a)
	}
	x := P(new(T))
	if _, err := safeDecode(x, b); err != nil {
		return // reported by sample
	}
	if a := allocsPerRun(func() { _, _ = x.Decode(b) }); a != 0 {
		h.fail("%s: Decode into a reused value allocates %v times", h.name, a)
	}
	// The error path: the longest prefix that fails to decode (every
	// strict prefix, unless PrefixesMayDecode).
	for i := len(b) - 1; i >= 0; i-- {
		short := b[:i]
		if _, err := safeDecode(x, short); err == nil {
			continue
		} else if _, isPanic := err.(panicError); isPanic {
			return // reported by prefixes
		}
		if a := allocsPerRun(func() { _, _ = x.Decode(short) }); a != 0 {
			h.fail("%s: a failing Decode allocates %v times", h.name, a)
		}
		return
	}
}

// Golden checks that want encodes to the bytes written in hexBytes (hex
// digits; spaces, newlines and "|" separators are ignored) and that
// those bytes decode to want.
func Golden[T any, P interface {
	*T
	Message
}](t TB, want P, hexBytes string) {
	t.Helper()
	golden(t, want, P(new(T)), hexBytes)
}

// Vector is a golden vector: a message and its encoding.
type Vector struct {
	Name  string
	Value Message // a pointer to the message
	Hex   string  // as Golden reads it
}

// Goldens checks every vector as Golden does, each in a subtest of its
// name.
func Goldens(t *testing.T, vectors []Vector) {
	t.Helper()
	for _, v := range vectors {
		t.Run(v.Name, func(t *testing.T) {
			golden(t, v.Value, reflect.New(reflect.TypeOf(v.Value).Elem()).Interface().(Message), v.Hex)
		})
	}
}

// golden is Golden of want, decoding into fresh, a new value of its type.
func golden(t TB, want, fresh Message, hexBytes string) {
	t.Helper()
	name := reflect.TypeOf(want).Elem().String()
	b, err := parseHex(hexBytes)
	if err != nil {
		t.Errorf("%s golden: bad hex: %v", name, err)
		return
	}
	got, err := safeAppend(want, nil)
	if err != nil || !bytes.Equal(got, b) {
		t.Errorf("%s golden: AppendBinary = %x, %v\n                       want %x", name, got, err, b)
	}
	if want.Size() != len(b) {
		t.Errorf("%s golden: Size() = %d, want %d", name, want.Size(), len(b))
	}
	if err := safeUnmarshal(fresh, b); err != nil {
		t.Errorf("%s golden: UnmarshalBinary(%x): %v", name, b, err)
		return
	}
	elem := func(m Message) any { return reflect.ValueOf(m).Elem().Interface() }
	if d := cmp.Diff(elem(want), elem(fresh), cmpopts.EquateEmpty(), floatBits); d != "" {
		t.Errorf("%s golden: decoded value differs (-want +got):\n%s", name, d)
	}
}

// Hex returns the bytes written in s as Golden reads them (hex digits;
// spaces, newlines and "|" separators are ignored), failing t on bad hex.
func Hex(t FTB, s string) []byte {
	t.Helper()
	b, err := parseHex(s)
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

func parseHex(s string) ([]byte, error) {
	return hex.DecodeString(strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '\t' || r == '|' {
			return -1
		}
		return r
	}, s))
}

// floatBits compares floats by their bits, so NaN equals the same NaN and
// 0 differs from -0: the codec must keep the exact bits.
var floatBits = cmp.Options{
	cmp.Comparer(func(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }),
	cmp.Comparer(func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }),
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b [20]byte
	n := len(b)
	for ; i > 0; i /= 10 {
		n--
		b[n] = byte('0' + i%10)
	}
	return string(b[n:])
}
