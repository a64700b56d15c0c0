package main

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gamewire/gamewire/bzflag"
)

// bzflagFromServer holds frames the 1.7g2 server sends that the spec does
// not show (a bare MsgReject, a MsgAddPlayer with the assigned id) and a
// frame of a code without a layout (MsgAudio).
var bzflagFromServer = "0000726a" + "0002726a0004" +
	"00b86170c00002011423000100000001000000006d65" + strings.Repeat("00", 30) + "6d6540686f7374" + strings.Repeat("00", 121) + "c000020214240002" +
	"00036175010203"

func TestBzflagDecodeEncodeIdentity(t *testing.T) {
	type input struct{ from, hex string }
	inputs := map[string]input{"server frames": {"server", bzflagFromServer}}
	for _, f := range []string{"bzfs-1.7g2-client.bin", "bzfs-1.7g2-server.bin", "loopback-client.bin", "loopback-server.bin"} {
		b, err := os.ReadFile("../../testdata/bzflag/" + f)
		if err != nil {
			t.Fatal(err)
		}
		from := "server"
		if strings.Contains(f, "client") {
			from = "client"
		}
		inputs[f] = input{from, hex.EncodeToString(b)}
	}
	for name, in := range inputs {
		code, out, errs := runCLI(t, in.hex, "decode", "-proto", "bzflag", "-from", in.from, "-hex", "-json")
		if code != exitOK {
			t.Fatalf("%s: decode: exit %d, %s", name, code, errs)
		}
		code, back, errs := runCLI(t, out, "encode", "-proto", "bzflag", "-from", in.from, "-hex")
		if code != exitOK {
			t.Fatalf("%s: encode: exit %d, %s", name, code, errs)
		}
		if got := strings.Join(strings.Fields(back), ""); got != in.hex {
			t.Errorf("%s: decode | encode =\n%s\nwant\n%s", name, got, in.hex)
		}
	}
	_, out, _ := runCLI(t, bzflagFromServer, "decode", "-proto", "bzflag", "-from", "server", "-hex", "-json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	var bare, reject, add, raw map[string]any
	json.Unmarshal([]byte(lines[0]), &bare)
	json.Unmarshal([]byte(lines[1]), &reject)
	json.Unmarshal([]byte(lines[2]), &add)
	json.Unmarshal([]byte(lines[3]), &raw)
	if bare["msg"] != "MsgReject" || bare["bare"] != true {
		t.Errorf("bare MsgReject = %s", lines[0])
	}
	if reject["code"] != 29290.0 || reject["rejectCode"] != "RejectTeamFull" {
		t.Errorf("MsgReject = %s", lines[1])
	}
	id, _ := add["playerId"].(map[string]any)
	if add["msg"] != "MsgAddPlayer" || add["callSign"] != "me" || add["team"] != "RedTeam" ||
		id["serverHostAddr"] != "192.0.2.1" || add["hasAssignedId"] != true {
		t.Errorf("MsgAddPlayer = %s", lines[2])
	}
	if raw["msg"] != "MsgAudio" || raw["body"] != "AQID" {
		t.Errorf("MsgAudio = %s", lines[3])
	}
}

func TestBzflagMalformed(t *testing.T) {
	checkDecodeFails(t, "bzflag", "", "00006578", exitUsage, "-from") // no direction
	checkDecodeCases(t, "bzflag", []decodeCase{
		{"cut frame", "-from client", "002a7075c000", "short"},
		{"length of another form", "-from server", "000a746f0001000200020005000300", "length"},
		{"frame beyond MaxPacketLen", "-from server", "04006777" + strings.Repeat("00", 1024), "bzflag: frame length 1028 exceeds 1024"},
		{"server layout from the client", "-from client", "0020616c" + strings.Repeat("00", 32), "length"},
	})
}

func TestBzflagEncodeErrors(t *testing.T) {
	tests := []struct {
		name, from, in, want string
	}{
		{"unknown name", "client", `{"msg":"MsgNope"}`, "no message"},
		{"code disagrees", "client", `{"msg":"MsgExit","code":1}`, "code"},
		{"bad enum", "client", `{"msg":"MsgEnter","team":"OrangeTeam"}`, "MsgEnter"},
	}
	for _, tt := range tests {
		code, _, errs := runCLI(t, tt.in, "encode", "-proto", "bzflag", "-from", tt.from, "-hex")
		if code != exitMalformed || !strings.Contains(errs, tt.want) {
			t.Errorf("%s: exit %d, %q; want %d and %q", tt.name, code, errs, exitMalformed, tt.want)
		}
	}
	code, out, errs := runCLI(t, `{"msg":"MsgTimeUpdate","timeLeft":300}`, "encode", "-proto", "bzflag", "-from", "server", "-hex")
	if code != exitOK || strings.TrimSpace(out) != "0002746f012c" {
		t.Errorf("MsgTimeUpdate alias: exit %d, %q, %s", code, out, errs)
	}
}

func TestBzflagSpec(t *testing.T) {
	out := checkSpec(t, "bzflag", "MsgEnter", "MsgIdAck", "MsgTeamUpdate            code 29813 (0x7475)", "callSign", "big-endian", "flightEnd")
	// Three-float vectors are 12 bytes (the measured spec printed 10:
	// the last two bytes of -1.5 do not change).
	if !regexp.MustCompile(`(?m)^  14 +12 +position +f32\[3\]`).MatchString(out) {
		t.Errorf("spec does not give MsgPlayerUpdate's position 12 bytes at 14:\n%s", out)
	}
	// One entry per message form, with its code, direction and sizes (the
	// table's: the smallest and largest frame of a variable form).
	for i := range bzflag.Table().Forms {
		l := &bzflag.Table().Forms[i]
		from := l.From.String()
		size := strconv.Itoa(l.Size)
		if !l.Fixed() {
			size += `\.\.` + strconv.Itoa(l.MaxSize)
		}
		re := regexp.MustCompile(`(?m)^` + l.Name + ` +code ` + strconv.Itoa(int(l.Code)) + ` .* from ` + from + ` +size ` + size + `\b`)
		if !re.MatchString(out) {
			t.Errorf("spec has no entry for %s (%s, code %d, from %s, size %s)", l.Type, l.Name, l.Code, from, size)
		}
		if z := bzflag.Table().New(l).Size(); z < l.Size || z > l.MaxSize {
			t.Errorf("%s: the zero value's size %d is outside the table's %d..%d", l.Type, z, l.Size, l.MaxSize)
		}
	}
}

// TestBzflagNonFiniteFloats round-trips frames whose floats JSON numbers
// cannot hold (NaN with a payload, infinities) through decode | encode.
func TestBzflagNonFiniteFloats(t *testing.T) {
	// MsgPlayerUpdate: position (0, NaN, 2), velocity (3, +Inf, 4), azimuth
	// 5, angular velocity -Inf; then a MsgFlagUpdate with a NaN flight end.
	in := "002a7075c000020114230001000100000000ffc0000140000000404000007f8000004080000040a00000ff800000" +
		"00406675" + "0002" + "000500030001" + strings.Repeat("00", 8+36) + "00000000" + "7fc12345" + "00000000"
	code, out, errs := runCLI(t, in, "decode", "-proto", "bzflag", "-from", "server", "-hex", "-json")
	if code != exitOK {
		t.Fatalf("decode: exit %d, %s", code, errs)
	}
	for _, want := range []string{`"float32:0xffc00001"`, `"float32:0x7f800000"`, `"angularVelocity":"float32:0xff800000"`, `"flightEnd":"float32:0x7fc12345"`} {
		if !strings.Contains(out, want) {
			t.Errorf("decode output lacks %s:\n%s", want, out)
		}
	}
	code, back, errs := runCLI(t, out, "encode", "-proto", "bzflag", "-from", "server", "-hex")
	if got := strings.Join(strings.Fields(back), ""); code != exitOK || got != in {
		t.Errorf("decode | encode: exit %d, %s\n%s\nwant\n%s", code, errs, got, in)
	}
	code, _, errs = runCLI(t, `{"msg":"MsgPlayerUpdate","azimuth":"fast"}`, "encode", "-proto", "bzflag", "-from", "client", "-hex")
	if code != exitMalformed || !strings.Contains(errs, "float32:0x") {
		t.Errorf("bad float string: exit %d, %s", code, errs)
	}
}
