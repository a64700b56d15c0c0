package main

import (
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

// TestUnmarshalFieldsStrict: what encoding/json would let pass (an array
// padded or cut, a key given twice, a key that is no field) is refused,
// with the field's path.
func TestUnmarshalFieldsStrict(t *testing.T) {
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
		{`{"unknown":[1],"other":{"a":1}}`, `unknown field "unknown"`},
		{`{"inner":{"w":1}}`, `unknown field "w" in inner`},
	}
	for _, tt := range tests {
		err := unmarshalFields([]byte(tt.in), &msg{})
		if (tt.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("unmarshalFields(%s) = %v, want %q", tt.in, err, tt.want)
		}
	}
}

func TestSplitObject(t *testing.T) {
	in := `{"a":1,"b":{"c":[1,2]},"a":"x\u0000"}`
	members, err := splitObject([]byte(in))
	if err != nil || len(members) != 3 || members[2].key != "a" {
		t.Fatalf("splitObject = %v, %v; want three members, the repeated key kept", members, err)
	}
	if got := string(joinObject(members)); got != in {
		t.Errorf("joinObject = %s, want %s", got, in)
	}
	for _, bad := range []string{`[1]`, `{"a":1`, `{"a":}`, ``} {
		if _, err := splitObject([]byte(bad)); err == nil {
			t.Errorf("splitObject(%s) took it", bad)
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
	dups := []struct{ in, from, proto, want string }{
		{`{"msg":"MsgTimeLeft","timeLeft":5,"timeLeft":6}`, "server", "bzflag", "field timeLeft: the key appears twice"},
		{`{"msg":"CMSG_VERSION","myversion":1,"myversion":2}`, "client", "tfighters", "field myversion: the key appears twice"},
		{`{"msg":"CMSG_SAY","text":"a","text":"b"}`, "client", "tfighters", "field text: the key appears twice"},
		{`{"msg":"SMSG_PING","time":1,"wide":true,"wide":false}`, "server", "tfighters", "field wide: the key appears twice"},
	}
	for _, tt := range dups {
		code, _, errs := runCLI(t, tt.in, "encode", "-proto", tt.proto, "-from", tt.from, "-hex")
		if code != exitMalformed || !strings.Contains(errs, tt.want) {
			t.Errorf("%s: exit %d, %q; want %q", tt.in, code, errs, tt.want)
		}
	}
}
