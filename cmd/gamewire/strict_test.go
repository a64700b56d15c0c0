package main

import (
	"reflect"
	"strings"
	"testing"
)

// TestEncodeRejectsUnknownKeys: a misspelt field must not encode as a
// zero value without a word, in any protocol's encoder.
func TestEncodeRejectsUnknownKeys(t *testing.T) {
	tests := []struct {
		name, stdin string
		args        []string
	}{
		{"bzflag", `{"msg":"MsgTimeLeft","timeLeftt":5}`, []string{"encode", "-proto", "bzflag", "-from", "server", "-hex"}},
		{"lwar", `{"msg":"Packet","ack":0,"timestamp":0,"messages":[{"msg":"Name","seqno":1,"nam":"x"}]}`, []string{"encode", "-proto", "lwar", "-hex"}},
		{"tfighters", `{"msg":"CMSG_VERSION","myversionn":1}`, []string{"encode", "-proto", "tfighters", "-from", "client", "-hex"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCLI(t, tt.stdin, tt.args...)
			if code != exitMalformed || !strings.Contains(errs, "unknown field") {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 naming the unknown field", code, out, errs)
			}
		})
	}
}

func TestCheckStrict(t *testing.T) {
	type inner struct {
		V [2]uint8 `json:"v"`
	}
	type msg struct {
		Pos   [3]float32 `json:"position"`
		Inner inner      `json:"inner"`
		List  []inner    `json:"list"`
		Name  toyName    `json:"name"` // a TextUnmarshaler: its JSON is its own
	}
	tests := []struct {
		in   string
		want string // "" for no error
	}{
		{`{"position":[1,2,3],"inner":{"v":[1,2]},"list":[{"v":[3,4]}],"name":"ab"}`, ""},
		{`{"position":[1,2]}`, "field position: 2 values, it holds exactly 3"},
		{`{"position":[1,2,3,4]}`, "field position: 4 values, it holds exactly 3"},
		{`{"inner":{"v":[1]}}`, "field inner.v: 1 values, it holds exactly 2"},
		{`{"list":[{"v":[1,2]},{"v":[1,2,3]}]}`, "field list[1].v: 3 values, it holds exactly 2"},
		{`{"position":[1,2,3],"position":[1,2,3]}`, "field position: the key appears twice"},
		{`{"inner":{"v":[1,2],"v":[1,2]}}`, "field inner.v: the key appears twice"},
		{`{"unknown":[1],"other":{"a":1}}`, ""}, // unknown keys are DisallowUnknownFields' to report
		{`{"position":[1,2,3]`, "EOF"},
	}
	for _, tt := range tests {
		err := checkStrict([]byte(tt.in), reflect.TypeOf(&msg{}))
		if (tt.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("checkStrict(%s) = %v, want %q", tt.in, err, tt.want)
		}
	}
}

// TestEncodeRefusesLenientJSON checks the command itself.
func TestEncodeRefusesLenientJSON(t *testing.T) {
	flag := `"flagNum":0,"flag":{"flagId":"RedFlag","status":"FlagOnGround","type":"FlagNormal","ownerId":{"serverHostAddr":"0.0.0.0","port":0,"number":0},"position":%s,"launch":[0,0,0],"landing":[0,0,0],"flightTime":0,"flightEnd":0,"initialVelocity":0}`
	tests := []struct{ pos, want string }{
		{"[1,2]", "field flag.position: 2 values, it holds exactly 3"},
		{"[1,2,3,4]", "field flag.position: 4 values, it holds exactly 3"},
	}
	for _, tt := range tests {
		in := `{"msg":"MsgFlagUpdate",` + strings.Replace(flag, "%s", tt.pos, 1) + "}"
		code, _, errs := runCLI(t, in, "encode", "-proto", "bzflag", "-from", "server", "-hex")
		if code != exitMalformed || !strings.Contains(errs, tt.want) {
			t.Errorf("%s: exit %d, %q", tt.pos, code, errs)
		}
	}
	code, _, errs := runCLI(t, `{"msg":"MsgTimeLeft","timeLeft":5,"timeLeft":6}`, "encode", "-proto", "bzflag", "-from", "server", "-hex")
	if code != exitMalformed || !strings.Contains(errs, "field timeLeft: the key appears twice") {
		t.Errorf("duplicate key: exit %d, %q", code, errs)
	}
}
