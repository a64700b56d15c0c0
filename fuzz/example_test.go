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

// Example fuzzes three servers end to end, each built from this
// repository's protocol package, listening on 127.0.0.1, with a crash
// planted on one rule-breaking value: Paintball (a Shoot Update Request
// whose shooting state is 255; the spec allows 0 to 2), BZFlag (a
// MsgEnter of no team; the fuzzer reads the server's hello and reconnects
// at the port it names) and lwar over UDP (a Connect whose name is over
// 32 bytes; every unit travels in a packet of the session's reliable
// channel). The fuzzer plays each session, finds the crash, has the
// server restarted (a planted server is its own Monitor; `gamewire fuzz
// -exec` uses an ExecMonitor), minimises the finding to one message,
// writes a reproducer, and replays it.
func Example() {
	dir, _ := os.MkdirTemp("", "gamewire-fuzz")
	defer os.RemoveAll(dir)
	type server interface {
		fuzz.Monitor
		Start() error
		Addr() string
	}
	for _, tc := range []struct {
		srv   server
		proto *fuzz.Protocol
	}{
		{planted.New("paintball-shoot"), sessions.Paintball()},
		{planted.New("bzflag-enter-team"), sessions.BZFlag()},
		{planted.NewUDP("lwar-connect-name"), sessions.Lwar()},
	} {
		if err := tc.srv.Start(); err != nil {
			panic(err)
		}
		f, err := fuzz.New(fuzz.Config{
			Protocol:    tc.proto,
			Target:      tc.srv.Addr(), // loopback only, unless AllowRemote
			Seed:        1,
			Rate:        5000,
			Duration:    time.Minute,
			MaxFindings: 1,
			Timeout:     time.Second,
			Monitor:     tc.srv,
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
		fmt.Println(tc.proto.Name+":", fd.Kind, "in state", fd.State, "by", len(trigger), "message:", trigger[0].Form)

		// The reproducer file sends it again (gamewire fuzz -replay FILE).
		r, err := fuzz.ReadReproducer(fd.File)
		if err != nil {
			panic(err)
		}
		out, err := f.Replay(context.Background(), r)
		if err != nil {
			panic(err)
		}
		fmt.Println(tc.proto.Name, "replay:", out.Kind)
		tc.srv.Stop()
	}
	// Output:
	// paintball: crash in state connected by 1 message: ShootUpdateRequest
	// paintball replay: crash
	// bzflag: crash in state hello by 1 message: MsgEnter
	// bzflag replay: crash
	// lwar: crash in state new by 1 message: Connect
	// lwar replay: crash
}
