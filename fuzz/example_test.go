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
