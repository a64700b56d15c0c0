package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/fuzz/sessions"
)

// The command line's bounds: gentler than the library's.
const (
	fuzzMaxRate     = 10000
	fuzzMaxDuration = 24 * time.Hour
)

const fuzzUsage = `usage:
  gamewire fuzz -proto P -target HOST:PORT [-seed N] [-rate R] [-duration D] [-exec "CMD ARGS"]
                [-out DIR] [-allow-remote] [-timeout D] [-max-messages N] [-max-findings N]
  gamewire fuzz -proto P -target HOST:PORT -replay FILE [-exec "CMD ARGS"] [-allow-remote]

Fuzzes a server of protocol P at HOST:PORT: plays the protocol's session with
gamewire's own state machines to reach each state (before the handshake, after
it, joined, in game), then sends generated valid messages, boundary values and
structure-aware mutations (wrong lengths and counts, unknown and wrong-direction
codes, truncations, rule-breaking values, out-of-order session steps, floods,
and sequence tricks on lwar's reliable channel). For bzflag it reads the
server's hello and goes on at the reconnect port it names, on the same host.
It watches for closed or reset connections, answers that do not come within
-timeout, and a server that stops answering. With -exec it starts the server,
restarts it after a crash or a hang and records its exit status or signal.

Each finding is minimised to the shortest run of messages that still triggers it
and saved in -out as PROTO-NNN-KIND.bin (the byte stream sent, which
"gamewire decode -proto P -from client FILE" prints; datagram protocols: .hex,
one datagram per line as sent (lwar: whole packets), for
"gamewire decode -proto P -hex FILE") with a .json
sidecar that says in which session state to send it. -replay FILE sends a
reproducer again and says whether the target failed.

Only a loopback target (127.0.0.0/8, ::1, localhost) is allowed unless
-allow-remote is given: fuzz only servers you run. All randomness comes from
-seed (printed in the summary: the same seed sends the same messages).
`

const fuzzExit = `Exit status: 0 no finding (or the replay did not fail the target), 1 findings
(or the replay failed it again), 2 usage error or the target could not be fuzzed.
`

// runFuzz is `gamewire fuzz`: it returns the exit status.
func runFuzz(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gamewire fuzz", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		proto       = fs.String("proto", "", "protocol: "+strings.Join(sessions.Names(), ", "))
		target      = fs.String("target", "", "the server's address, HOST:PORT (loopback only without -allow-remote)")
		seed        = fs.Int64("seed", 0, "seed of all randomness (0: one from the clock, printed)")
		rate        = fs.Float64("rate", fuzz.DefaultRate, fmt.Sprintf("messages per second, at most %d", fuzzMaxRate))
		duration    = fs.Duration("duration", fuzz.DefaultDuration, "how long to run, at most "+fuzzMaxDuration.String())
		execCmd     = fs.String("exec", "", "the server's command line (split at spaces; quote an argument with \" or ')")
		replay      = fs.String("replay", "", "send the reproducer FILE again instead of fuzzing")
		allowRemote = fs.Bool("allow-remote", false, "allow a target outside the loopback range")
		out         = fs.String("out", "gamewire-fuzz", "directory for reproducers")
		timeout     = fs.Duration("timeout", fuzz.DefaultTimeout, "how long an answer may take")
		maxMessages = fs.Int("max-messages", 0, "stop after this many messages (0: no bound but -duration)")
		maxFindings = fs.Int("max-findings", fuzz.DefaultMaxFindings, "stop after this many distinct findings")
	)
	fs.Usage = func() {
		fmt.Fprint(stderr, fuzzUsage)
		fmt.Fprintln(stderr, "\nFlags:")
		fs.PrintDefaults()
		fmt.Fprint(stderr, fuzzExit)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	usage := func(msg string) int {
		fmt.Fprintf(stderr, "gamewire fuzz: %s\n", msg)
		return exitUsage
	}
	switch {
	case fs.NArg() > 0:
		return usage("unexpected argument " + fs.Arg(0))
	case *proto == "":
		return usage("-proto is required (" + strings.Join(sessions.Names(), ", ") + ")")
	case *target == "":
		return usage("-target HOST:PORT is required")
	case *rate <= 0 || *rate > fuzzMaxRate:
		return usage(fmt.Sprintf("-rate must be above 0 and at most %d messages per second", fuzzMaxRate))
	case *duration <= 0 || *duration > fuzzMaxDuration:
		return usage("-duration must be above 0 and at most " + fuzzMaxDuration.String())
	case *timeout <= 0 || *timeout > time.Minute:
		return usage("-timeout must be above 0 and at most 1m")
	case *maxMessages < 0 || *maxFindings < 1:
		return usage("-max-messages must not be negative, -max-findings must be at least 1")
	}
	p := sessions.ByName(*proto)
	if p == nil {
		return usage(fmt.Sprintf("no fuzzer for protocol %q (%s)", *proto, strings.Join(sessions.Names(), ", ")))
	}
	addr, err := fuzz.CheckTarget(*target, *allowRemote)
	if err != nil {
		return usage(strings.TrimPrefix(err.Error(), "fuzz: "))
	}
	if *seed == 0 {
		*seed = time.Now().UnixNano()%1_000_000_000 + 1
	}
	cfg := fuzz.Config{
		Protocol: p, Target: addr, AllowRemote: *allowRemote, Seed: *seed, Rate: *rate,
		Duration: *duration, MaxMessages: *maxMessages, MaxFindings: *maxFindings, Timeout: *timeout, OutDir: *out, Progress: stderr,
	}
	var mon *fuzz.ExecMonitor
	if *execCmd != "" {
		argv, err := splitCommand(*execCmd)
		if err != nil || len(argv) == 0 {
			return usage("-exec: cannot split the command line: " + fmt.Sprint(err))
		}
		network := "tcp"
		if p.Datagram() {
			network = "udp"
		}
		mon = &fuzz.ExecMonitor{Path: argv[0], Args: argv[1:], Target: addr, Network: network}
		cfg.Monitor = mon
	}
	f, err := fuzz.New(cfg)
	if err != nil {
		return usage(strings.TrimPrefix(err.Error(), "fuzz: "))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *replay != "" {
		r, err := fuzz.ReadReproducer(*replay)
		if err != nil {
			fmt.Fprintf(stderr, "gamewire fuzz: %v\n", err)
			return exitUsage
		}
		o, err := f.Replay(ctx, r)
		if err != nil {
			fmt.Fprintf(stderr, "gamewire fuzz: %v\n", err)
			return exitUsage
		}
		if !o.Failed {
			fmt.Fprintf(stdout, "replay of %s: the target survived (%d units sent in state %s)\n", *replay, o.Sent, o.State)
			return exitOK
		}
		fmt.Fprintf(stdout, "replay of %s: reproduced: %s in state %s: %s\n", *replay, o.Kind, o.State, o.Detail)
		if mon != nil && mon.Tail() != "" {
			fmt.Fprintf(stdout, "server output (last lines):\n%s\n", lastLines(mon.Tail(), 10))
		}
		return exitMalformed
	}
	sum, err := f.Run(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "gamewire fuzz: %v\n", err)
		return exitUsage
	}
	fmt.Fprint(stdout, sum)
	if mon != nil {
		if exits := mon.Exits(); len(exits) > 0 {
			fmt.Fprintf(stdout, "server runs ended: %s\n", strings.Join(exits, "; "))
		}
	}
	if len(sum.Findings) > 0 {
		return exitMalformed
	}
	return exitOK
}

// splitCommand splits a command line at spaces, keeping what is inside
// double or single quotes together (no other shell syntax).
func splitCommand(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '"' || c == '\'':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				args = append(args, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, errors.New("unterminated quote")
	}
	if in {
		args = append(args, cur.String())
	}
	return args, nil
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
