package main

import (
	"encoding/hex"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestErrorsNameFieldValueLimit runs encode and decode on inputs each
// mistaken in one way, through the command, and checks the one error line:
// it names the field, the value and the limit, says the package once, and
// names no Go type.
func TestErrorsNameFieldValueLimit(t *testing.T) {
	long := strings.Repeat("a", 9000)
	tests := []struct {
		name, in string
		args     []string
		want     string
	}{
		{"enum", `{"msg":"MsgEnter","code":25966,"type":"Bogus"}`, []string{"encode", "-proto", "bzflag", "-from", "client"},
			`bzflag: MsgEnter: field type: invalid value "Bogus"`},
		{"fixed string", `{"msg":"MsgEnter","callSign":"` + strings.Repeat("x", 40) + `"}`, []string{"encode", "-proto", "bzflag", "-from", "client"},
			`bzflag: MsgEnter: field callSign: 40 bytes, at most 32`},
		{"number for enum", `{"msg":"MsgEnter","type":5}`, []string{"encode", "-proto", "bzflag", "-from", "client"},
			`bzflag: MsgEnter: field type: invalid value 5`},
		{"string for integer", `{"msg":"SMSG_ACCEL","id":"x"}`, []string{"encode", "-proto", "tfighters"},
			`tfighters: SMSG_ACCEL: field id: "x" is not an integer from 0 to 4294967295`},
		{"fraction for integer", `{"msg":"Update","objectId":1.5}`, []string{"encode", "-proto", "paintball"},
			`paintball: Update: field objectId: 1.5 is not an integer from -2147483648 to 2147483647`},
		{"nested", `{"msg":"MsgEnter","playerId":{"port":"x"}}`, []string{"encode", "-proto", "bzflag", "-from", "client"},
			`bzflag: MsgEnter: field playerId.port: "x" is not an integer from 0 to 65535`},
		{"bad float string", `{"msg":"Update","facing":"NaN"}`, []string{"encode", "-proto", "paintball"},
			`paintball: Update: field facing: "NaN" is not a number nor float64:0x<16 hex digits>`},
		{"cstring", `{"msg":"CMSG_SAY","text":"` + long + `"}`, []string{"encode", "-proto", "tfighters"},
			`tfighters: CMSG_SAY: field text: 9000 bytes, at most 8189`},
		{"raw frame over the limit", `{"msg":"0x7abc","code":31420,"type":"0x7abc","data":"` + long + `"}`, []string{"encode", "-proto", "tfighters"},
			`tfighters: frame length 9004 exceeds 8194`},
		{"decode frame over the limit", "2823e803", []string{"decode", "-proto", "tfighters", "-hex"},
			`tfighters: frame length 9002 exceeds 8194`},
		{"retrotank datagram over the limit", strings.Repeat("00", 70000), []string{"decode", "-proto", "retrotank", "-hex"},
			`retrotank: datagram length 70000 exceeds`},
		{"unknown field", `{"msg":"SMSG_ACCEL","idd":1}`, []string{"encode", "-proto", "tfighters"},
			`tfighters: SMSG_ACCEL: unknown field "idd" (fields: id, `},
		// decode: the library's error names message, field and offset;
		// the command adds the value and the bounds.
		{"length of another form", "000a746f0001000200020005000300", []string{"decode", "-proto", "bzflag", "-from", "server"},
			`bzflag: MsgTimeLeft: field length at byte 0: invalid value (value 10: a frame of 14 bytes; MsgTimeLeft is 6)`},
		{"short datagram", "02000400", []string{"decode", "-proto", "retrotank"},
			`retrotank: MSG_TYPE_CONN_DENY: field randId at byte 1: short input (datagram of 4 bytes; MSG_TYPE_CONN_DENY is 5)`},
		{"variable form", "0b0001", []string{"decode", "-proto", "retrotank"},
			`(datagram of 3 bytes; MSG_TYPE_SCORE is 8 to 1028)`},
		{"code of the other side", "04000080ffff", []string{"decode", "-proto", "tfighters", "-from", "server"},
			`field type at byte 2: invalid value (code 32768 (0x8000))`},
		{"msg not a string", `{"msg":5}`, []string{"encode", "-proto", "bzflag", "-from", "client"}, `field msg: 5 is not a string`},
		{"packet field", `{"msg":"Packet","ack":"x","messages":[]}`, []string{"encode", "-proto", "lwar"},
			`lwar: packet: field ack: "x" is not an integer from 0 to 4294967295`},
		{"packet unknown field", `{"msg":"Packet","ackk":1,"messages":[]}`, []string{"encode", "-proto", "lwar"}, `lwar: packet: unknown field "ackk"`},
		{"ping wide", `{"msg":"SMSG_PING","wide":1}`, []string{"encode", "-proto", "tfighters"}, `tfighters: SMSG_PING: field wide: 1 is not true or false`},
		{"byte array length", `{"msg":"Packet","ack":0,"timestamp":0,"messages":[{"msg":"Selection","weaponType":[1,2]}]}`, []string{"encode", "-proto", "lwar"},
			`lwar: message 1 (Selection): field weaponType: 2 values, it holds exactly 4`},
		{"array length", `{"msg":"MsgPlayerUpdate","position":[1,2]}`, []string{"encode", "-proto", "bzflag", "-from", "client"},
			`field position: 2 values, it holds exactly 3`},
	}
	goType := regexp.MustCompile(`Go (struct|value)|of type|\b(uint|int)(8|16|32|64)\b|\[\]byte|json:`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := runCLI(t, tt.in+"\n", append(tt.args, "-hex")...)
			if code != exitMalformed || !strings.Contains(errs, tt.want) {
				t.Errorf("exit %d, %q; want 1 and %q", code, errs, tt.want)
			}
			if goType.MatchString(errs) {
				t.Errorf("%q names a Go type", errs)
			}
			for _, line := range strings.Split(errs, "\n") {
				if p := tt.args[2] + ": "; strings.Count(line, p) > 1 {
					t.Errorf("%q says %q more than once", line, p)
				}
			}
		})
	}
}

// TestTextOutput checks the text lines a person reads, through the
// command: codes as the spec writes them, strings cut at their
// terminator, empty fields left out and blobs summarised, and all of it
// whole with -v.
func TestTextOutput(t *testing.T) {
	stream := append(pingBytes(t, ping{Seq: 2, Name: toyName{'x', 0, 'y', 0}}), pingBytes(t, ping{Seq: 3, Name: toyName{'a', 'b', 'c', 'd'}, Note: []byte("n")})...)
	in := hex.EncodeToString(stream)
	code, out, errs := runCLI(t, in, "decode", "-proto", "toy", "-from", "client", "-hex")
	if want := "Ping code=7(0x0007) seq=2 name=x\nPing code=7(0x0007) seq=3 name=abcd note=n\n"; code != exitOK || out != want {
		t.Errorf("text: exit %d, %q (%s); want %q", code, out, errs, want)
	}
	code, out, errs = runCLI(t, in, "decode", "-proto", "toy", "-from", "client", "-hex", "-v")
	if want := "Ping code=7(0x0007) seq=2 name=x\\x00y note=\"\"\n"; code != exitOK || !strings.HasPrefix(out, want) {
		t.Errorf("text -v: exit %d, %q (%s); want %q first", code, out, errs, want)
	}
	capture, err := os.ReadFile("../../testdata/bzflag/bzfs-1.7g2-server.bin")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs = runCLI(t, string(capture), "decode", "-proto", "bzflag", "-from", "server")
	for _, want := range []string{
		"MsgGetWorld code=gw(0x6777) remaining=2134 data=256B:7374001800050009...\n",
		"MsgAccept code=ac(0x6163)\n",
		"callSign=gamewire email=gamewire@localhost",
		// The whole world download is in the capture: its objects follow.
		"\nWorld bytes=2134 bases=2 walls=4 boxes=16 pyramids=30 teleporters=10 links=20 style={style=5 players=9 ",
		"\n  Base code=ba(0x6261) teamId=1 center=[-370 0 0] angle=0 size=[30 30] safety=[-331.8 38.2 0]\n",
		"\n  Box code=bx(0x6278) center=[289.93036 360.35995 0] angle=4.27991 width=30 depth=30 height=9.42\n",
		"\n  Pyramid code=py(0x7079) ", "\n  Teleporter code=te(0x7465) ", "\n  Link code=ln(0x6c6e) ",
	} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("bzfs capture as text: exit %d (%s), no %q in\n%s", code, errs, want, out)
		}
	}
	if strings.Contains(out, `""`) || strings.Contains(out, "[]") {
		t.Errorf("empty fields printed:\n%s", out)
	}
}

// TestFromHintEveryProtocol decodes a real capture of one side as sent
// by the other, for every protocol: each message that fails says that it
// decodes as sent by the other side, wherever it is in the capture.
func TestFromHintEveryProtocol(t *testing.T) {
	tests := []struct{ proto, file, from string }{
		{"bzflag", "bzflag/bzfs-1.7g2-server.bin", "client"},
		{"tfighters", "tfighters/session-client.bin", "server"},
		{"paintball", "paintball/session-server.bin", "client"},
		{"retrotank", "retrotank/session-server.hex", "client"},
		{"lwar", "lwar/original-server.hex", "client"},
	}
	for _, tt := range tests {
		args := []string{"decode", "-proto", tt.proto, "-from", tt.from, "../../testdata/" + tt.file}
		if strings.HasSuffix(tt.file, ".hex") {
			args = append(args, "-hex")
		}
		code, _, errs := runCLI(t, "", args...)
		lines := strings.Split(strings.TrimSpace(errs), "\n")
		hint := "is -from " + tt.from + " right?)"
		if code != exitMalformed || len(lines) < 3 {
			t.Errorf("%s: exit %d, %d error lines; want 1 and an error for most messages", tt.proto, code, len(lines))
			continue
		}
		for _, l := range lines[:len(lines)-1] { // the last says how many were malformed
			if !strings.HasSuffix(l, hint) {
				t.Errorf("%s: %q has no -from hint", tt.proto, l)
			}
		}
	}
}

func TestFromHelp(t *testing.T) {
	code, _, errs := runCLI(t, "", "decode", "-h")
	for _, want := range []string{
		"bzflag               required: 14 codes have one layout from the client and another from the server",
		"lwar                 optional: every code has one form, so -from only filters",
		"tfighters            optional: every code has one form, so -from only filters",
	} {
		if code != exitOK || !strings.Contains(errs, want) {
			t.Errorf("decode -h: exit %d, no %q in\n%s", code, want, errs)
		}
	}
}
