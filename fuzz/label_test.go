package fuzz

import (
	"context"
	"io"
	"math/rand"
	"net"
	"testing"
	"time"

	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/wire"
	"github.com/leanovate/gopter/gen"
)

// idleSession is a session with one state and nothing to say.
type idleSession struct{}

func (idleSession) State() int                { return 0 }
func (idleSession) Next(int) wire.Message     { return nil }
func (idleSession) Handle(wire.Message) error { return nil }

// minimalProtocol is paintball's table with a session that sends nothing
// and no probe, its valid messages all GameDumpRequest.
func minimalProtocol() *Protocol {
	return &Protocol{Name: "paintball", Table: paintball.Table(), States: []string{"connected"},
		NewSession: func() Session { return idleSession{} },
		Valid:      gen.Const(wire.Message(&paintball.GameDumpRequest{}))}
}

// sink is a loopback stream server that reads and drops what it gets, and
// is alive for a Protocol without a probe.
func sink(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() { io.Copy(io.Discard, c); c.Close() }()
		}
	}()
	return ln.Addr().String()
}

// frame returns msg's frame with its code set to c.
func frameWithCode(t *testing.T, msg wire.Message, c paintball.Code) []byte {
	t.Helper()
	b, err := msg.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	b[1], b[2] = byte(c>>8), byte(c) // paintball: marker, then a u16 code
	return b
}

// TestLabelsReadFromWire: a unit whose code was changed is labelled by
// the form its bytes now are, in what the mutator makes and in what a
// case records as sent, whatever label it came with.
func TestLabelsReadFromWire(t *testing.T) {
	p := minimalProtocol()
	m := newMutator(p, rand.New(rand.NewSource(1)))
	for _, k := range []Kind{KindWrongDirection, KindUnknownCode} {
		u, ok := m.make(k, nil)
		if !ok {
			t.Fatalf("no %s unit", k)
		}
		if want := formName(p, u.Bytes); u.Form != want || u.Form == "GameDumpRequest" {
			t.Errorf("%s unit %x labelled %q, want %q (its code is not GameDumpRequest's)", k, u.Bytes, u.Form, want)
		}
	}
	if got := formName(p, frameWithCode(t, &paintball.GameDumpRequest{}, paintball.CodeUpdate)); got != "code 0x41" {
		t.Errorf("a server-only code is labelled %q, want code 0x41", got)
	}
	if got := formName(p, []byte{paintball.Marker}); got != "unknown" {
		t.Errorf("a frame too short for a code is labelled %q, want unknown", got)
	}

	f, err := New(Config{Protocol: p, Target: sink(t), Rate: MaxRate, Timeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	units := []Unit{
		// A GameDumpRequest whose code byte was changed to ShootUpdateRequest's.
		{Bytes: frameWithCode(t, &paintball.GameDumpRequest{}, paintball.CodeShootUpdateRequest), Repeat: 1, Kind: KindBytes, Form: "GameDumpRequest", Framed: true},
		{Bytes: frameWithCode(t, &paintball.GameDumpRequest{}, 0x7a7a), Repeat: 1, Kind: KindUnknownCode, Form: "GameDumpRequest", Framed: true},
	}
	var res caseResult
	f.runCase(context.Background(), &res, 0, replaySource(units), false)
	sent := fuzzUnits(res.sent)
	if len(sent) != 2 {
		t.Fatalf("sent %d fuzz units, want 2 (%+v)", len(sent), res)
	}
	for i, want := range []string{"ShootUpdateRequest", "code 0x7a7a"} {
		if sent[i].Form != want {
			t.Errorf("unit %d (%x) recorded as %q, want %q", i, sent[i].Bytes, sent[i].Form, want)
		}
	}
	fd := Finding{Kind: Stall, Units: res.sent}
	if sig := f.signature(fd); sig != "stall|unknown-code|code 0x7a7a|" {
		t.Errorf("signature %q names another form than the wire's", sig)
	}
}
