package main

import (
	"encoding/hex"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/leanovate/gopter"

	"github.com/gamewire/gamewire/fuzz/bzflaggen"
	"github.com/gamewire/gamewire/fuzz/lwargen"
	"github.com/gamewire/gamewire/fuzz/paintballgen"
	"github.com/gamewire/gamewire/fuzz/retrotankgen"
	"github.com/gamewire/gamewire/fuzz/tfightersgen"
)

// Float bit patterns JSON numbers cannot hold, or that are easy to lose
// on the way through float64 and decimal text: signalling and quiet NaNs
// with payloads and either sign, the infinities, -0, the smallest
// denormal, the largest finite value, and the finite sentinels
// marshalExact itself uses (so that its retry is exercised).
var (
	specialF32 = []uint64{0x7f800001, 0xffbfffff, 0x7fc00000, 0xffc00001, 0x7fa00000, 0x7f800000, 0xff800000,
		0x80000000, 0x00000001, 0x7f7fffff, 0x7f7ffffc, 0x7f7fffeb}
	specialF64 = []uint64{0x7ff0000000000001, 0xfff7ffffffffffff, 0x7ff8000000000000, 0xfff8000000000001,
		0x7ff0000000000000, 0xfff0000000000000, 0x8000000000000000, 0x0000000000000001,
		0x7fefffffffffffff, 0x7feffffffffffff8, 0x7fefffffffffff93}
)

// setSpecialFloats sets every plain float in v to the special patterns in
// turn, starting at k.
func setSpecialFloats(v reflect.Value, k *int) {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if !isFloatKind(v.Type()) {
			return
		}
		if v.Kind() == reflect.Float32 {
			setBits(v, specialF32[*k%len(specialF32)])
		} else {
			setBits(v, specialF64[*k%len(specialF64)])
		}
		*k++
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			setSpecialFloats(v.Elem(), k)
		}
	case reflect.Array, reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			setSpecialFloats(v.Index(i), k)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				setSpecialFloats(v.Field(i), k)
			}
		}
	}
}

type appender interface {
	AppendBinary(b []byte) ([]byte, error)
}

// identityCase is one protocol and direction, with a generator of its
// messages (or, for lwar, packets).
type identityCase struct {
	name  string
	args  []string
	gen   gopter.Gen
	forms []string // every form the generator must reach
}

func identityCases() []identityCase {
	forms := func(proto, from string) []string {
		var names []string
		for _, m := range registry[proto].messages {
			if m.sentBy(from) {
				names = append(names, m.Name)
			}
		}
		return names
	}
	return []identityCase{
		{"bzflag client", []string{"-proto", "bzflag", "-from", "client"}, bzflaggen.FromClient(), forms("bzflag", "client")},
		{"bzflag server", []string{"-proto", "bzflag", "-from", "server"}, bzflaggen.FromServer(), forms("bzflag", "server")},
		{"tfighters client", []string{"-proto", "tfighters", "-from", "client"}, tfightersgen.ClientMessage(), forms("tfighters", "client")},
		{"tfighters server", []string{"-proto", "tfighters", "-from", "server"}, tfightersgen.ServerMessage(), forms("tfighters", "server")},
		{"tfighters any", []string{"-proto", "tfighters"}, tfightersgen.Message(), nil},
		{"paintball client", []string{"-proto", "paintball", "-from", "client"}, paintballgen.ClientMessage(), forms("paintball", "client")},
		{"paintball server", []string{"-proto", "paintball", "-from", "server"}, paintballgen.ServerMessage(), forms("paintball", "server")},
		{"retrotank", []string{"-proto", "retrotank"}, retrotankgen.Message(), forms("retrotank", "")},
		{"lwar", []string{"-proto", "lwar"}, lwargen.Packet(), forms("lwar", "")},
	}
}

// TestGeneratedIdentity generates messages of every type of every
// protocol, half of them with their floats set to NaNs, infinities, -0 and
// other patterns, and checks that the command's decode -json | encode
// gives back every byte.
func TestGeneratedIdentity(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 100
	}
	for _, tc := range identityCases() {
		t.Run(tc.name, func(t *testing.T) {
			n := n
			if tc.args[1] == "lwar" {
				n /= 4 // packets of up to 40 messages each
			}
			params := gopter.DefaultGenParameters()
			params.Rng = rand.New(rand.NewSource(1))
			var lines []string
			k := 0
			for i := 0; i < n; i++ {
				v, ok := tc.gen(params).Retrieve()
				if !ok {
					continue
				}
				if i%2 == 1 {
					setSpecialFloats(reflect.ValueOf(v), &k)
				}
				m, ok := v.(appender)
				if !ok {
					t.Fatalf("generated %T, not a message", v)
				}
				b, err := m.AppendBinary(nil)
				if err != nil {
					continue // a value the codec refuses: not a unit of any input
				}
				lines = append(lines, hex.EncodeToString(b))
			}
			if len(lines) < n/2 {
				t.Fatalf("only %d of %d generated messages encode", len(lines), n)
			}
			in := strings.Join(lines, "\n") + "\n"
			code, js, errs := runCLI(t, in, append([]string{"decode", "-hex", "-json"}, tc.args...)...)
			if code != exitOK {
				t.Fatalf("decode: exit %d: %s", code, firstLines(errs, 5))
			}
			if k > 0 && !strings.Contains(js, `"float32:0x7f800001"`) && !strings.Contains(js, `"float64:0x7ff0000000000001"`) {
				t.Errorf("%d floats set to NaNs and infinities, none written as bits", k)
			}
			t.Logf("%d messages, %d special floats", len(lines), k)
			for _, f := range tc.forms {
				if !strings.Contains(js, `"msg":"`+f+`"`) {
					t.Errorf("no %s among %d generated messages", f, len(lines))
				}
			}
			code, out, errs := runCLI(t, js, append([]string{"encode", "-hex"}, tc.args...)...)
			if code != exitOK {
				t.Fatalf("encode: exit %d: %s", code, firstLines(errs, 5))
			}
			got := strings.Split(strings.TrimSpace(out), "\n")
			jsLines := strings.Split(strings.TrimSpace(js), "\n")
			if registry[tc.args[1]].datagram {
				for i := range lines {
					if i >= len(got) || got[i] != lines[i] {
						t.Fatalf("datagram %d: decode | encode =\n%s\nwant\n%s\nJSON %s", i+1, at(got, i), lines[i], at(jsLines, i))
					}
				}
				return
			}
			for i := range lines {
				if i >= len(got) || got[i] != lines[i] {
					t.Fatalf("message %d: decode | encode =\n%s\nwant\n%s\nJSON %s", i+1, at(got, i), lines[i], at(jsLines, i))
				}
			}
		})
	}
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "(none)"
}

func firstLines(s string, n int) string {
	l := strings.SplitN(s, "\n", n+1)
	if len(l) > n {
		l = l[:n]
	}
	return strings.Join(l, "\n")
}
