package main

import (
	"encoding/hex"
	"encoding/json"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/fuzz/tfightersgen"
	"github.com/gamewire/gamewire/tfighters"
	"github.com/leanovate/gopter"
)

// tfightersFrames are frames captured from the original server (see
// tfighters/golden_test.go) and a frame of an undefined code.
var tfightersFrames = "0a0000000100000005000000" + "06000007004f6b00" + "0a000200fd19000000000000" +
	"29000006050000002823000018790000504600000000000000000000000000000000000000416c69636500" +
	"130000040500000028230000187900000119000000" + "0500bc7a010203"

func TestTfightersDecodeEncodeIdentity(t *testing.T) {
	inputs := map[string]string{"original frames": tfightersFrames}
	for _, f := range []string{"loopback-client.bin", "loopback-server.bin"} {
		b, err := os.ReadFile("../../testdata/tfighters/" + f)
		if err != nil {
			t.Fatal(err)
		}
		inputs[f] = hex.EncodeToString(b)
	}
	for name, in := range inputs {
		code, out, errs := runCLI(t, in, "decode", "-proto", "tfighters", "-hex", "-json")
		if code != exitOK {
			t.Fatalf("%s: decode: exit %d, %s", name, code, errs)
		}
		code, back, errs := runCLI(t, out, "encode", "-proto", "tfighters", "-hex")
		if code != exitOK {
			t.Fatalf("%s: encode: exit %d, %s", name, code, errs)
		}
		if got := strings.Join(strings.Fields(back), ""); got != in {
			t.Errorf("%s: decode | encode =\n%s\nwant\n%s", name, got, in)
		}
	}
	_, out, _ := runCLI(t, tfightersFrames, "decode", "-proto", "tfighters", "-hex", "-json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var newUser, raw map[string]any
	json.Unmarshal([]byte(lines[3]), &newUser)
	json.Unmarshal([]byte(lines[5]), &raw)
	if newUser["msg"] != "SMSG_NEWUSER" || newUser["code"] != 1536.0 || newUser["x"] != "90.00" ||
		newUser["nick"] != "Alice" || newUser["type"] != "T_PLAYER" || newUser["pendingMoves"] != 0.0 {
		t.Errorf("SMSG_NEWUSER = %s", lines[3])
	}
	if raw["msg"] != "0x7abc" || raw["data"] != "\x01\x02\x03" {
		t.Errorf("undefined code = %s", lines[5])
	}
}

func TestTfightersMalformed(t *testing.T) {
	checkDecodeCases(t, "tfighters", []decodeCase{
		{"cut frame", "", "0a00000001000000", "short"},
		{"len below 2", "", "01000000", "len"},
		{"client code from the server", "-from server", "0600008001000000", "type"},
		{"frame longer than its fields", "", "070003000100000000", "field len"},
	})
}

func TestTfightersSpec(t *testing.T) {
	checkSpec(t, "tfighters", "CMSG_VERSION", "SMSG_NICKREPLY", "pendingMoves", "little-endian")
}

// TestTfightersEveryMessage: decode | encode is the identity on a stream
// of generated messages of every code (any field values that encode,
// strings of any bytes but NUL, and undefined codes), in both directions.
func TestTfightersEveryMessage(t *testing.T) {
	params := gopter.DefaultGenParameters()
	params.Rng = rand.New(rand.NewSource(1))
	params.MaxSize = 16 // strings of up to 16 bytes
	for _, tt := range []struct {
		from string
		g    gopter.Gen
	}{
		{"server", tfightersgen.ServerMessage()},
		{"client", tfightersgen.ClientMessage()},
		{"", tfightersgen.Message()},
	} {
		var stream []byte
		seen := map[tfighters.Code]bool{}
		for n := 0; n < 2000 && (n < 100 || len(seen) < len(tfighters.Codes)); n++ {
			v, ok := tt.g(params).Retrieve()
			if !ok {
				continue
			}
			m := v.(tfighters.Message)
			if c := tfighters.CodeOf(m); c.Known() {
				seen[c] = true
			}
			var err error
			if stream, err = m.AppendBinary(stream); err != nil {
				t.Fatal(err)
			}
		}
		in := hex.EncodeToString(stream)
		args := []string{"-proto", "tfighters", "-hex"}
		if tt.from != "" {
			args = append(args, "-from", tt.from)
		}
		code, out, errs := runCLI(t, in, append([]string{"decode", "-json"}, args...)...)
		if code != exitOK {
			t.Fatalf("from %q: decode: exit %d, %s", tt.from, code, errs)
		}
		code, back, errs := runCLI(t, out, append([]string{"encode"}, args...)...)
		if code != exitOK {
			t.Fatalf("from %q: encode: exit %d, %s", tt.from, code, errs)
		}
		if got := strings.Join(strings.Fields(back), ""); got != in {
			t.Errorf("from %q: decode | encode differs", tt.from)
		}
		for _, c := range tfighters.Codes {
			if seen[c] != (tt.from == "" || c.From().String() == tt.from) {
				t.Errorf("from %q: %s seen %v", tt.from, c, seen[c])
			}
		}
	}
}

// TestTfightersSpecMatchesLayout: spec prints every form of the package's
// table (tfighters.Table), field by field with offsets and sizes.
func TestTfightersSpecMatchesLayout(t *testing.T) {
	_, out, _ := runCLI(t, "", "spec", "-proto", "tfighters")
	rows := map[string][]string{} // message name -> "offset size name" rows
	var msg string
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) > 2 && f[1] == "code":
			msg = f[0]
		case msg != "" && strings.HasPrefix(line, "  ") && len(f) >= 3 && f[0] != "offset":
			rows[msg] = append(rows[msg], strings.Join(f[:3], " "))
		}
	}
	tab := tfighters.Table()
	for i := range tab.Forms {
		form := &tab.Forms[i]
		var want []string
		for _, f := range form.Layout() {
			size := strconv.Itoa(f.Size)
			if !f.Fixed() {
				size = "var"
			}
			want = append(want, strconv.Itoa(f.Offset)+" "+size+" "+f.Name)
		}
		if got := rows[form.Name]; strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: spec shows\n%s\nthe table says\n%s", form.Name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
