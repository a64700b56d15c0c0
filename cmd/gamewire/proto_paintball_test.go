package main

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// paintballFrames are packets typed from the spec's tables: every type,
// a NaN facing with a payload, -0, an undefined object type, a shooting
// state the spec does not define, usernames with NUL, a character beyond
// U+FFFF, a lone surrogate, a backslash and a quote.
var paintballServer = strings.Join([]string{
	"2a00460004" + "62c08062", // "b\x00b"
	"2a00460006eda0bdedb880",  // U+1F600
	"2a00460003eda080",        // a lone surrogate
	"2a00460003" + "5c2241",   // \"A
	"2a0041 0050 00000007 00000064 000000c8 fffffffb 00000003 3ff921fb54442d18",
	"2a0041 0058 ffffffff ffffffff ffffffff 00000000 00000000 7ff0000000000001", // 'X', dead, NaN payload
	"2a0041 0042 00000009 00000001 00000002 00000003 00000004 fff0000000000000", // -Inf
}, "")

var paintballClient = strings.Join([]string{
	"2a00460005616c696365",
	"2a0043 0000000a fffffff6 8000000000000000", // -0
	"2a0043 00000000 00000000 7ff8000000000000", // NaN
	"2a004400", "2a004401", "2a004402", "2a004407",
	"2a0045",
}, "")

func TestPaintballDecodeEncodeIdentity(t *testing.T) {
	inputs := map[string][2]string{
		"server frames": {strings.ReplaceAll(paintballServer, " ", ""), "server"},
		"client frames": {strings.ReplaceAll(paintballClient, " ", ""), "client"},
	}
	for _, f := range []string{"loopback-client", "loopback-server"} {
		b, err := os.ReadFile("../../testdata/paintball/" + f + ".bin")
		if err != nil {
			t.Fatal(err)
		}
		inputs[f] = [2]string{hex.EncodeToString(b), strings.TrimPrefix(f, "loopback-")}
	}
	for name, in := range inputs {
		for _, from := range []string{"", in[1]} {
			args := []string{"-proto", "paintball", "-hex"}
			if from != "" {
				args = append(args, "-from", from)
			}
			code, out, errs := runCLI(t, in[0], append([]string{"decode", "-json"}, args...)...)
			if code != exitOK {
				t.Fatalf("%s: decode: exit %d, %s", name, code, errs)
			}
			code, back, errs := runCLI(t, out, append([]string{"encode"}, args...)...)
			if code != exitOK {
				t.Fatalf("%s: encode: exit %d, %s", name, code, errs)
			}
			if got := strings.Join(strings.Fields(back), ""); got != in[0] {
				t.Errorf("%s -from %q: decode | encode =\n%s\nwant\n%s", name, from, got, in[0])
			}
		}
	}
	_, out, _ := runCLI(t, strings.ReplaceAll(paintballServer, " ", ""), "decode", "-proto", "paintball", "-hex", "-json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []map[string]any{
		{"msg": "Login", "code": 70.0, "username": `b\x00b`},
		{"msg": "Login", "username": "😀"},
		{"msg": "Login", "username": `\xed\xa0\x80`},
		{"msg": "Login", "username": `\\"A`},
		{"msg": "Update", "code": 65.0, "objectType": "player", "objectId": 7.0, "velocityX": -5.0, "facing": 1.5707963267948966},
		{"msg": "Update", "objectType": "88", "positionX": -1.0, "facing": "float64:0x7ff0000000000001"},
		{"msg": "Update", "objectType": "paintball", "facing": "float64:0xfff0000000000000"},
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	for i, w := range want {
		var got map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &got); err != nil {
			t.Fatalf("line %d: %v: %s", i, err, lines[i])
		}
		for k, v := range w {
			if got[k] != v {
				t.Errorf("line %d: %s = %v, want %v (%s)", i, k, got[k], v, lines[i])
			}
		}
	}
}

func TestPaintballMalformed(t *testing.T) {
	tests := []struct {
		name, args, in, want string
		lines                int
	}{
		{"missing marker", "", "2a0045" + "2b0045" + "2a0045", "marker", 1},
		{"type B", "-from client", "2a0045" + "2a0042", "unknown code", 1},
		{"bare NUL in a username", "", "2a0046000100" + "2a0045", "username", 1},
		{"cut", "", "2a0045" + "2a00410050", "short", 1},
		{"request from the server", "-from server", "2a0045", "client", 0},
	}
	for _, tt := range tests {
		out := checkDecodeFails(t, "paintball", tt.args, tt.in, exitMalformed, tt.want)
		if n := len(strings.Fields(strings.TrimSpace(out))); tt.lines == 0 && out != "" || tt.lines > 0 && strings.Count(out, "\n") != tt.lines {
			t.Errorf("%s: printed %q (%d fields), want %d lines", tt.name, out, n, tt.lines)
		}
	}
	code, _, errs := runCLI(t, `{"msg":"PlayerUpdateRequest","velocityX":1,"velocityY":2,"facing":"float64:0x12"}`, "encode", "-proto", "paintball")
	if code != exitMalformed || !strings.Contains(errs, "facing") {
		t.Errorf("a short facing string: exit %d, %s", code, errs)
	}
	code, _, errs = runCLI(t, `{"msg":"Login","username":"a","name":"b"}`, "encode", "-proto", "paintball")
	if code != exitMalformed {
		t.Errorf("an unknown key: exit %d, %s", code, errs)
	}
}
