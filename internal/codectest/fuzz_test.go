package codectest

import (
	"errors"
	"testing"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// validator is a value whose Validate returns a given error.
type validator struct{ err error }

func (v validator) Validate() error { return v.err }

// TestFuzzChecks: each fuzz check passes what it should and fails, with
// its own message, what it should not.
func TestFuzzChecks(t *testing.T) {
	current = noBug
	form := toyForm(0, fieldA, fieldB, fieldFlag, fieldName)
	field := form.Err("flag", wire.ErrInvalid)
	good := []byte{0x7e, 0, 1, 0, 0, 0, 2, 1, 2, 'h', 'i'}
	runCases(t, []testCase{
		{"error", func(t *recorder) { CheckError(t, field) }, ""},
		{"error wrapped", func(t *recorder) { CheckError(t, errors.Join(errors.New("reading"), field)) }, ""},
		{"bare sentinel", func(t *recorder) { CheckError(t, wire.ErrShort) }, `error short input \(\*errors.errorString\) is not a \*wire.Error`},
		{"no sentinel", func(t *recorder) { CheckError(t, &wire.Error{Err: errors.New("odd")}) }, "has no known sentinel"},
		{"valid", func(t *recorder) { CheckValidate(t, validator{}) }, ""},
		{"rule", func(t *recorder) { CheckValidate(t, validator{field}) }, ""},
		{"rule too long", func(t *recorder) { CheckValidate(t, validator{form.Err("name", wire.ErrTooLong)}) }, ""},
		{"rule unnamed", func(t *recorder) { CheckValidate(t, validator{form.Err("", wire.ErrInvalid)}) }, "names no rule"},
		{"rule short", func(t *recorder) { CheckValidate(t, validator{form.Err("flag", wire.ErrShort)}) }, "names no rule"},
		{"rule bare", func(t *recorder) { CheckValidate(t, validator{wire.ErrInvalid}) }, "is not a \\*wire.Error"},
		{"raw", func(t *recorder) { CheckValidate(t, wire.NewRaw(form.Table(), 9, wire.Both, []byte{9})) }, ""},
		{"reencode", func(t *recorder) { CheckReencode(t, &toy{A: 1, B: 2, Flag: true, Name: []byte("hi")}, good) }, ""},
		{"reencode differs", func(t *recorder) { CheckReencode(t, &toy{A: 1, B: 2, Name: []byte("hi")}, good) }, "decodes but re-encodes to 7e000100000002000268"},
		{"reencode size", func(t *recorder) {
			current = badSize
			defer func() { current = noBug }()
			CheckReencode(t, &toy{A: 1, B: 2, Flag: true, Name: []byte("hi")}, good)
		}, "Size 12"},
	})
}

// TestDecodingFuzz runs Decoding.Fuzz on the toy's table with the
// allocating decoder a package has (wire.Decode), then with decoders that
// disagree with the Decoder.
func TestDecodingFuzz(t *testing.T) {
	defer func() { current, layoutForm = noBug, nil }()
	current = noBug
	forms := []spec.Form{{Name: "Toy", Code: 0x7e, From: wire.Both, Type: "toy", Fields: []spec.Field{fieldA, fieldB, fieldFlag, fieldName}}}
	table := toyTable(forms, func(int) wire.Message { return new(toy) })
	layoutForm = &forms[0]
	decode := func(b []byte, from wire.Direction) (wire.Message, int, error) { return wire.Decode(table, b, from) }
	good := []byte{0x7e, 0, 1, 0, 0, 0, 2, 1, 2, 'h', 'i'}
	long := append(good[:len(good):len(good)], 0)
	tests := []struct {
		name   string
		decode func([]byte, wire.Direction) (wire.Message, int, error)
		in     []byte
		want   string
	}{
		{"agrees", decode, good, ""},
		{"agrees, trailing", decode, long, ""},
		{"fails", decode, good[:5], ""},
		{"unknown", decode, []byte{0x7f, 1}, ""},
		{"other length", func(b []byte, from wire.Direction) (wire.Message, int, error) {
			m, n, err := decode(b, from)
			return m, n - 1, err
		}, good, "Decode disagrees with the Decoder: .* 10 bytes <nil>, the Decoder .* 11 bytes <nil>"},
		{"refuses", func(b []byte, from wire.Direction) (wire.Message, int, error) {
			return nil, 0, forms[0].Err("flag", wire.ErrInvalid)
		}, good, "Decode disagrees"},
		{"another form", func(b []byte, from wire.Direction) (wire.Message, int, error) {
			_, n, err := decode(b, from)
			return &wire.Raw{}, n, err
		}, good, "Decode disagrees"},
		{"bare error", func(b []byte, from wire.Direction) (wire.Message, int, error) {
			return nil, 0, wire.ErrInvalid
		}, good, "is not a \\*wire.Error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Decoding{Decoder: wire.NewDecoder(table), Decode: tt.decode, From: []wire.Direction{wire.Both}}
			var r recorder
			d.Fuzz(&r, tt.in)
			r.match(t, tt.want)
		})
	}
}
