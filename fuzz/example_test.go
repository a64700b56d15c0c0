package fuzz_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/fuzz/planted"
	"github.com/gamewire/gamewire/fuzz/sessions"
)

// Example fuzzes a Paintball server end to end: a server built from
// this repository's paintball package, listening on 127.0.0.1, with a
// crash planted on a Shoot Update Request whose shooting state is 255
// (the spec allows 0 to 2). The fuzzer plays the session, finds the
// crash, has the server restarted (the planted server is its own
// Monitor; `gamewire fuzz -exec` uses an ExecMonitor), minimises the
// finding to one message, writes a reproducer, and replays it.
func Example() {
	srv := planted.New("paintball-shoot")
	if err := srv.Start(); err != nil {
		panic(err)
	}
	defer srv.Stop()
	dir, _ := os.MkdirTemp("", "gamewire-fuzz")
	defer os.RemoveAll(dir)

	f, err := fuzz.New(fuzz.Config{
		Protocol:    sessions.Paintball(),
		Target:      srv.Addr(), // loopback only, unless AllowRemote
		Seed:        1,
		Rate:        5000,
		Duration:    time.Minute,
		MaxFindings: 1,
		Timeout:     time.Second,
		Monitor:     srv,
		OutDir:      dir,
	})
	if err != nil {
		panic(err)
	}
	sum, err := f.Run(context.Background())
	if err != nil {
		panic(err)
	}
	fd := sum.Findings[0]
	trigger := fd.Trigger()
	fmt.Println(fd.Kind, "in state", fd.State, "by", len(trigger), "message:", trigger[0].Form)

	// The reproducer file sends it again (gamewire fuzz -replay FILE).
	r, err := fuzz.ReadReproducer(fd.File)
	if err != nil {
		panic(err)
	}
	out, err := f.Replay(context.Background(), r)
	if err != nil {
		panic(err)
	}
	fmt.Println("replay:", out.Kind)
	// Output:
	// crash in state connected by 1 message: ShootUpdateRequest
	// replay: crash
}

// Example_protocols fuzzes a BZFlag server, whose hello the fuzzer reads
// before it reconnects at the port the hello names, and an lwar server
// over UDP, where every unit travels in a packet of the session's
// reliable channel: each server is built from this repository's package,
// with a crash planted on one rule-breaking value (a MsgEnter of no
// team; a Connect whose name is over 32 bytes).
func Example_protocols() {
	type server interface {
		fuzz.Monitor
		Start() error
		Addr() string
	}
	for _, tc := range []struct {
		srv   server
		proto *fuzz.Protocol
	}{
		{planted.New("bzflag-enter-team"), sessions.BZFlag()},
		{planted.NewUDP("lwar-connect-name"), sessions.Lwar()},
	} {
		if err := tc.srv.Start(); err != nil {
			panic(err)
		}
		f, err := fuzz.New(fuzz.Config{Protocol: tc.proto, Target: tc.srv.Addr(), Seed: 1, Rate: 5000,
			MaxFindings: 1, Timeout: time.Second, Monitor: tc.srv})
		if err != nil {
			panic(err)
		}
		sum, err := f.Run(context.Background())
		if err != nil {
			panic(err)
		}
		fd := sum.Findings[0]
		fmt.Println(tc.proto.Name+":", fd.Kind, "in state", fd.State, "by", len(fd.Trigger()), "message:", fd.Trigger()[0].Form)
		tc.srv.Stop()
	}
	// Output:
	// bzflag: crash in state hello by 1 message: MsgEnter
	// lwar: crash in state new by 1 message: Connect
}
