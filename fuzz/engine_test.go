package fuzz_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/fuzz/planted"
	"github.com/gamewire/gamewire/fuzz/sessions"
)

// plantedCase is one planted fault and what the fuzzer must report.
type plantedCase struct {
	fault, proto string
	kind         fuzz.FindingKind
	state        string // the lowest state the minimised trigger needs
	maxMessages  int    // the bound within which it must be found
}

var plantedCases = []plantedCase{
	{"tfighters-accel", "tfighters", fuzz.Crash, "connected", 20000},
	{"tfighters-turn-joined", "tfighters", fuzz.Crash, "joined", 30000},
	{"tfighters-len3", "tfighters", fuzz.Hang, "connected", 20000},
	{"paintball-shoot", "paintball", fuzz.Crash, "connected", 20000},
	{"paintball-name256", "paintball", fuzz.Stall, "logged-in", 20000},
	{"bzflag-enter-team", "bzflag", fuzz.Crash, "hello", 30000},
	{"bzflag-len3", "bzflag", fuzz.Hang, "hello", 30000},
	{"bzflag-alive-joined", "bzflag", fuzz.Crash, "joined", 30000},
	{"retrotank-len8", "retrotank", fuzz.Hang, "connected", 20000},
	{"retrotank-spawn-joined", "retrotank", fuzz.Crash, "accepted", 30000},
	{"lwar-connect-name", "lwar", fuzz.Crash, "new", 30000},
	{"lwar-chat255", "lwar", fuzz.Hang, "new", 30000},
	// lwar.Server sends the game state and Synced with its Join: a
	// client is joined as soon as it is connected.
	{"lwar-selection-joined", "lwar", fuzz.Crash, "joined", 30000},
}

// plantedServer is a planted server of either kind.
type plantedServer interface {
	fuzz.Monitor
	Start() error
	Addr() string
}

func newPlanted(name string) plantedServer {
	if s := planted.New(name); s != nil {
		return s
	}
	if s := planted.NewUDP(name); s != nil {
		return s
	}
	return nil
}

func TestPlantedFaults(t *testing.T) {
	for _, tc := range plantedCases {
		t.Run(tc.fault, func(t *testing.T) {
			if !raceEnabled {
				t.Parallel() // under the race detector, one at a time: timeouts are real time
			}
			srv := newPlanted(tc.fault)
			if err := srv.Start(); err != nil {
				t.Fatal(err)
			}
			defer srv.Stop()
			dir := t.TempDir()
			// Under the race detector everything is slower, the
			// servers' goroutines unevenly so: the timeout is scaled.
			timeout := 500 * time.Millisecond
			if raceEnabled {
				timeout = 1500 * time.Millisecond
			}
			cfg := fuzz.Config{
				Protocol: sessions.ByName(tc.proto), Target: srv.Addr(), Seed: 1,
				Rate: fuzz.MaxRate, Duration: 60 * time.Second, MaxMessages: tc.maxMessages, MaxFindings: 1,
				Timeout: timeout, Monitor: srv, OutDir: dir,
			}
			f, err := fuzz.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			sum, err := f.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s\n%.0f messages/s; found after %v", sum, sum.Rate(), time.Since(start))
			if len(sum.Findings) != 1 {
				t.Fatalf("%d findings within %d messages, want 1", len(sum.Findings), tc.maxMessages)
			}
			fd := sum.Findings[0]
			if fd.Kind != tc.kind || !fd.Minimised || !fd.Reproduced || fd.State != tc.state {
				t.Errorf("finding %s in state %s (minimised %v, reproduced %v), want %s in state %s", fd.Kind, fd.State, fd.Minimised, fd.Reproduced, tc.kind, tc.state)
			}
			if n := len(fd.Trigger()); n != 1 {
				t.Errorf("minimised trigger has %d units, want 1", n)
			}
			// The reproducer file replays it.
			if fd.File == "" {
				t.Fatal("no reproducer written")
			}
			if _, err := os.Stat(filepath.Join(dir, filepath.Base(fd.File))); err != nil {
				t.Fatal(err)
			}
			r, err := fuzz.ReadReproducer(fd.File)
			if err != nil {
				data, _ := os.ReadFile(fd.File)
				side, _ := os.ReadFile(strings.TrimSuffix(fd.File, filepath.Ext(fd.File)) + ".json")
				t.Fatalf("%v\n%s\n%s", err, data, side)
			}
			srv.Restart(context.Background())
			cfg.Monitor = nil
			g, err := fuzz.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			out, err := g.Replay(context.Background(), r)
			if err != nil {
				t.Fatal(err)
			}
			if !out.Failed || out.Kind != tc.kind {
				t.Errorf("replay of %s: %+v, want a %s", fd.File, out, tc.kind)
			}
		})
	}
}
