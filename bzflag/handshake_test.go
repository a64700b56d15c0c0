package bzflag_test

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/internal/codectest"
	"github.com/gamewire/gamewire/wire"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

func handshakeGen() gopter.Gen {
	return gen.StrictStruct(reflect.TypeOf(bzflag.Handshake{}), map[string]gopter.Gen{
		"Version": gen.SliceOfN(bzflag.VersionLen, gen.UInt8()).Map(func(b []byte) (v bzflag.Version) {
			copy(v[:], b)
			return v
		}),
		"Port": gen.UInt16(),
	})
}

func TestHandshakeCodec(t *testing.T) {
	codectest.Check[bzflag.Handshake](t, handshakeGen())
	// The spec's diagram: "BZFS107b" then the port; port 5156 = 0x1424.
	codectest.Golden(t, &bzflag.Handshake{Version: bzflag.Version{'B', 'Z', 'F', 'S', '1', '0', '7', 'b'}, Port: 5156},
		"42 5a 46 53 31 30 37 62 | 14 24")
}

func TestVersionParse(t *testing.T) {
	for _, c := range []struct {
		in       string
		major    int
		minor    int
		revision byte
		field    string // "" if it parses
	}{
		{"BZFS107e", 1, 7, 'e', ""},
		{"BZFS107b", 1, 7, 'b', ""},
		{"BZFS110a", 1, 10, 'a', ""},
		{"BZFS0000", 0, 0, '0', ""},
		{"BZFS1079", 1, 7, '9', ""},
		{"bzfs107e", 0, 0, 0, "magic"},
		{"BZFSx07e", 0, 0, 0, "major"},
		{"BZFS1x7e", 0, 0, 0, "minor"},
		{"BZFS10 e", 0, 0, 0, "minor"},
		{"\x00\x00\x00\x00\x00\x00\x00\x00", 0, 0, 0, "magic"},
	} {
		var v bzflag.Version
		copy(v[:], c.in)
		major, minor, rev, err := v.Parse()
		if c.field == "" {
			if err != nil || major != c.major || minor != c.minor || rev != c.revision {
				t.Errorf("%q: Parse = %d, %d, %q, %v; want %d, %d, %q", c.in, major, minor, rev, err, c.major, c.minor, c.revision)
			}
			continue
		}
		var we *wire.Error
		if !errors.As(err, &we) || !errors.Is(err, wire.ErrInvalid) || we.Field != c.field {
			t.Errorf("%q: Parse error %v; want field %s invalid", c.in, err, c.field)
		}
	}
}

func TestVersionCompatible(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"BZFS107e", "BZFS107e", true},
		{"BZFS107e", "BZFS107b", true}, // revisions are compatible
		{"BZFS107e", "BZFS108e", false},
		{"BZFS107e", "BZFS207e", false},
		{"BZFS107e", "BZFS117e", false},
		{"BZFS107e", "XZFS107e", false},
		{"BZFSx07e", "BZFSx07e", false}, // unparseable is never compatible
	} {
		var a, b bzflag.Version
		copy(a[:], c.a)
		copy(b[:], c.b)
		if got := a.Compatible(b); got != c.want {
			t.Errorf("%s.Compatible(%s) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := b.Compatible(a); got != c.want {
			t.Errorf("%s.Compatible(%s) = %v, want %v (not symmetric)", c.b, c.a, got, c.want)
		}
	}
	if bzflag.ServerVersion.String() != "BZFS107e" {
		t.Errorf("ServerVersion = %q", bzflag.ServerVersion)
	}
}

func TestReadHandshake(t *testing.T) {
	for _, c := range []struct {
		name string
		in   []byte
		port uint16
		err  error
	}{
		{"accepted", []byte("BZFS107e\x14\x24"), 5156, nil},
		{"other revision", []byte("BZFS107a\x14\x24"), 5156, nil},
		{"refused", []byte("BZFS107e\x00\x00"), 0, bzflag.ErrRefused},
		{"incompatible", []byte("BZFS108e\x14\x24"), 5156, bzflag.ErrIncompatible},
		{"not bzflag", []byte("HTTP/1.0 200"), 0, bzflag.ErrIncompatible},
		{"short version", []byte("BZFS1"), 0, wire.ErrShort},
		{"short port", []byte("BZFS107e\x14"), 0, io.ErrUnexpectedEOF},
		{"nothing", nil, 0, wire.ErrShort},
	} {
		t.Run(c.name, func(t *testing.T) {
			h, err := bzflag.ReadHandshake(bytes.NewReader(c.in), bzflag.ServerVersion)
			if !errors.Is(err, c.err) || (c.err == nil) != (err == nil) {
				t.Fatalf("ReadHandshake = %+v, %v; want %v", h, err, c.err)
			}
			if err == nil && h.Port != c.port {
				t.Errorf("port %d, want %d", h.Port, c.port)
			}
		})
	}
}

func TestWriteHandshake(t *testing.T) {
	var b bytes.Buffer
	if err := bzflag.WriteHandshake(&b, bzflag.Handshake{Version: bzflag.ServerVersion, Port: 0x1424}); err != nil {
		t.Fatal(err)
	}
	if b.String() != "BZFS107e\x14\x24" {
		t.Errorf("wrote %q", b.String())
	}
}
