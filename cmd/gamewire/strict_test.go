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
