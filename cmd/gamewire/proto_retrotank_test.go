package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// retrotankCapture returns the datagrams of testdata/retrotank's loopback
// capture sent by the server or by the clients.
func retrotankCapture(t *testing.T, who string) []string {
	b, err := os.ReadFile("../../testdata/retrotank/loopback-" + who + ".hex")
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(b))
}

// TestRetrotankDecodeEncodeIdentity: decode -json | encode -hex gives back
// every datagram of the capture, with and without -from.
func TestRetrotankDecodeEncodeIdentity(t *testing.T) {
	for _, c := range []struct{ who, from string }{{"server", "server"}, {"client", "client"}, {"server", ""}, {"client", ""}} {
		dgs := retrotankCapture(t, c.who)
		in := strings.Join(dgs, "\n") + "\n"
		args := []string{"decode", "-proto", "retrotank", "-hex", "-json"}
		if c.from != "" {
			args = append(args, "-from", c.from)
		}
		code, out, errs := runCLI(t, in, args...)
		if code != exitOK {
			t.Fatalf("decode %v: exit %d, %s", args, code, errs)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != len(dgs) {
			t.Fatalf("%d lines for %d datagrams", len(lines), len(dgs))
		}
		var first map[string]any
		if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
			t.Fatal(err)
		}
		if c.who == "server" && (first["msg"] != "MSG_TYPE_CONN_ACCEPT" || first["code"] != 3.0) {
			t.Errorf("first server datagram: %s", lines[0])
		}
		encArgs := []string{"encode", "-proto", "retrotank", "-hex"}
		if c.from != "" {
			encArgs = append(encArgs, "-from", c.from)
		}
		code, hexOut, errs := runCLI(t, out, encArgs...)
		if code != exitOK {
			t.Fatalf("encode: exit %d, %s", code, errs)
		}
		if got := strings.Fields(hexOut); strings.Join(got, "\n") != strings.Join(dgs, "\n") {
			t.Errorf("decode | encode differs for the %s's datagrams", c.who)
		}
	}
}

// TestRetrotankNegativeScore: a player's score is signed (errata E13):
// decode -json prints -4, not 65532, and encode writes fffc back.
func TestRetrotankNegativeScore(t *testing.T) {
	const dg = "0b001402000100000103fffc0102fffd"
	code, out, errs := runCLI(t, dg+"\n", "decode", "-proto", "retrotank", "-hex", "-json")
	if code != exitOK {
		t.Fatalf("decode: exit %d, %s", code, errs)
	}
	var m struct {
		Scores []struct{ Score int } `json:"scores"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Scores) != 2 || m.Scores[0].Score != -4 || m.Scores[1].Score != -3 {
		t.Errorf("scores %+v, want -4 and -3: %s", m.Scores, out)
	}
	code, hexOut, errs := runCLI(t, out, "encode", "-proto", "retrotank", "-hex")
	if code != exitOK || strings.TrimSpace(hexOut) != dg {
		t.Errorf("encode: exit %d, %q, %s; want %s", code, hexOut, errs, dg)
	}
}

func TestRetrotankTimesync(t *testing.T) {
	in := "0300012345\n0300012345" + "00abcdef\n"
	code, out, errs := runCLI(t, in, "decode", "-proto", "retrotank-timesync", "-hex", "-json")
	if code != exitOK {
		t.Fatalf("decode: exit %d, %s", code, errs)
	}
	want := `{"msg":"TimeRequest","code":0,"client":3,"clientTime":74565}` + "\n" +
		`{"msg":"TimeReply","code":0,"client":3,"clientTime":74565,"serverTime":11259375}` + "\n"
	if out != want {
		t.Errorf("decode =\n%s\nwant\n%s", out, want)
	}
	code, hexOut, errs := runCLI(t, out, "encode", "-proto", "retrotank-timesync", "-hex")
	if code != exitOK || strings.Join(strings.Fields(hexOut), "\n")+"\n" != in {
		t.Errorf("encode: exit %d, %q, %s", code, hexOut, errs)
	}
	if code, _, errs := runCLI(t, "03000123\n", "decode", "-proto", "retrotank-timesync", "-hex"); code != exitMalformed || !strings.Contains(errs, "4 bytes") {
		t.Errorf("a 4-byte datagram: exit %d, %s", code, errs)
	}
	// -proto retrotank -timesync is the same protocol.
	if code, out2, errs := runCLI(t, in, "decode", "-proto", "retrotank", "-timesync", "-hex", "-json"); code != exitOK || out2 != want {
		t.Errorf("-timesync: exit %d, %q, %s", code, out2, errs)
	}
	if code, _, errs := runCLI(t, in, "decode", "-proto", "tfighters", "-timesync", "-hex"); code != exitUsage || !strings.Contains(errs, "-timesync means nothing for -proto tfighters") {
		t.Errorf("-timesync for tfighters: exit %d, %s", code, errs)
	}
}

func TestRetrotankMalformed(t *testing.T) {
	tests := []struct {
		name, in, from string
		want           string // in stderr
	}{
		{"cut ACK", "0005030001", "", "ids"},
		{"unknown type", "0e000102", "", "unknown code"},
		{"CONN_REQ from the server", "010112345678", "server", "unknown code"},
		{"trailing byte", "0d001502ff", "", "trailing"},
		{"partial obstacle", "06000300020001000100000000", "", "obstacles"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var args string
			if tc.from != "" {
				args = "-from " + tc.from
			}
			// a good datagram after the bad one is still decoded
			out := checkDecodeFails(t, "retrotank", args, tc.in+"\n0005010001\n", exitMalformed, tc.want)
			if !strings.Contains(out, "MSG_TYPE_ACK") {
				t.Errorf("the datagram after the bad one is lost: %q", out)
			}
		})
	}
}

func TestRetrotankSpec(t *testing.T) {
	checkSpec(t, "retrotank", "MSG_TYPE_ACK", "MSG_TYPE_PLAYER_SPAWN", "messageId", "obstacles", "type Area (8 bytes)")
}
