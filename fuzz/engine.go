package fuzz

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gamewire/gamewire/wire"
)

// Bounds and defaults of a run. The defaults are gentle: a run aimed at
// a server by mistake sends little.
const (
	// DefaultRate is the default rate, in messages per second.
	DefaultRate = 100
	// MaxRate is the highest rate a Config may ask for.
	MaxRate = 50000
	// DefaultDuration is how long a run lasts by default.
	DefaultDuration = time.Minute
	// MaxDuration is the longest run a Config may ask for.
	MaxDuration = 24 * time.Hour
	// DefaultTimeout is how long the fuzzer waits for an answer.
	DefaultTimeout = 2 * time.Second
	// DefaultBurst is how many messages one case sends on a connection.
	DefaultBurst = 32
	// DefaultProbeEvery is how many messages go between two probes on a
	// connection.
	DefaultProbeEvery = 8
	// DefaultMaxFindings is how many distinct findings end a run.
	DefaultMaxFindings = 10
	// DefaultMinimiseRuns is how many replays minimising a finding may
	// take.
	DefaultMinimiseRuns = 64
	// DefaultRecoverWait is how long a run without a Monitor waits for a
	// target that went down to come back.
	DefaultRecoverWait = 10 * time.Second
)

// Config sets up a run of the fuzzer against one server.
type Config struct {
	// Protocol is the protocol to speak (see fuzz/sessions).
	Protocol *Protocol
	// Target is the server's address, host:port. It must be a loopback
	// address unless AllowRemote is set (see CheckTarget).
	Target string
	// AllowRemote allows a target outside the loopback range.
	AllowRemote bool
	// Seed is the seed of all the run's randomness: the same seed against
	// the same server sends the same messages.
	Seed int64
	// Rate bounds the messages sent per second (0: DefaultRate; at most
	// MaxRate).
	Rate float64
	// Duration bounds the run (0: DefaultDuration; at most MaxDuration).
	Duration time.Duration
	// MaxMessages ends the run after that many fuzz messages (0: no
	// bound but Duration).
	MaxMessages int
	// MaxFindings ends the run after that many distinct findings (0:
	// DefaultMaxFindings).
	MaxFindings int
	// Timeout is how long an answer may take (0: DefaultTimeout): a probe
	// unanswered for that long is a hang.
	Timeout time.Duration
	// Burst is how many messages a case sends on one connection (0:
	// DefaultBurst); ProbeEvery how many go between two probes on it (0:
	// DefaultProbeEvery).
	Burst, ProbeEvery int
	// MinimiseRuns bounds the replays that minimise one finding (0:
	// DefaultMinimiseRuns; -1: do not minimise).
	MinimiseRuns int
	// RecoverWait is how long, without a Monitor, the run waits for a
	// target that went down to come back (0: DefaultRecoverWait).
	RecoverWait time.Duration
	// Monitor, if set, runs the server: the fuzzer asks it whether the
	// server died and how, and has it restart the server after a crash or
	// a hang (see ExecMonitor).
	Monitor Monitor
	// OutDir is where reproducers are written ("": none are).
	OutDir string
	// Progress, if set, receives a progress line (ending in \r) about once
	// a second, and a newline at the end.
	Progress io.Writer
}

// FindingKind says what went wrong with the target.
type FindingKind string

// The kinds of findings.
const (
	// Crash: the server died (its process exited, or nothing accepts
	// connections at the target any more).
	Crash FindingKind = "crash"
	// Hang: the server stopped answering: a new connection gets no answer
	// within the timeout.
	Hang FindingKind = "hang"
	// Stall: the fuzzed connection gets no answer within the timeout while
	// a new connection is still served.
	Stall FindingKind = "stall"
)

// Finding is one way the fuzzer upset the target.
type Finding struct {
	// Kind and Detail say what happened ("exit status 2", "no answer to
	// CMSG_PONG within 2s").
	Kind   FindingKind
	Detail string
	// State is the session state the messages were sent in: the lowest
	// that still triggers it, once minimised.
	State string
	// Units are the units of the run that triggers it, as sent: the
	// session's first (KindSession), then the fuzz units, minimised.
	Units []Unit
	// Before is how many units were sent in the case that found it, before
	// minimisation.
	Before int
	// AfterMessages is how many fuzz messages the run had sent when it
	// found it, and After how long it had run.
	AfterMessages int
	After         time.Duration
	// Minimised says minimisation ran; Reproduced that a last replay of
	// the minimised units triggered it again.
	Minimised, Reproduced bool
	// Hits counts the cases that found it (the same minimised trigger).
	Hits int
	// File is the reproducer written for it, if any.
	File string
	// Signature identifies the finding among the run's: the server's
	// crash line ("panic: ...", "fatal error: ...", a sanitizer's
	// "SUMMARY: ..."), or the exit status, or else the kind and the last
	// unit of the minimised trigger. Findings with one signature are one.
	Signature string
}

// Trigger returns the finding's fuzz units (without the session's).
func (fd *Finding) Trigger() []Unit { return fuzzUnits(fd.Units) }

// Summary is what a run did.
type Summary struct {
	Protocol, Target string
	Seed             int64
	// Messages counts fuzz messages sent; SessionMessages the session's
	// own and the probes.
	Messages, SessionMessages int
	// Cases counts connections fuzzed; Drops those the server closed
	// while it stayed alive (it refused what it got).
	Cases, Drops int
	// Restarts counts restarts of the server by the Monitor.
	Restarts int
	// Unblamed counts failures with no fuzz unit to blame, which are
	// never findings: the target was down before a case (or a replay)
	// began and the case before was no suspect, or a case that failed had
	// sent no fuzz unit. The target was brought back and the run went on.
	Unblamed int
	// Reached counts, for each state of Protocol.States, the cases that
	// reached it.
	Reached []int
	// States names the states.
	States []string
	// Findings are the distinct findings, in the order found.
	Findings []Finding
	// Elapsed is the run's length; Stopped says why it ended.
	Elapsed time.Duration
	Stopped string
}

// Rate returns the fuzz messages sent per second.
func (s *Summary) Rate() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Messages) / s.Elapsed.Seconds()
}

// String is the summary as `gamewire fuzz` prints it.
func (s *Summary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "gamewire fuzz: %s at %s, seed %d, %s (stopped: %s)\n", s.Protocol, s.Target, s.Seed, s.Elapsed.Round(time.Millisecond), s.Stopped)
	fmt.Fprintf(&b, "sent: %d fuzz messages (%.0f/s), %d session messages and probes; %d cases, %d dropped by the server, %d restarts\n",
		s.Messages, s.Rate(), s.SessionMessages, s.Cases, s.Drops, s.Restarts)
	b.WriteString("states reached:")
	for i, n := range s.Reached {
		fmt.Fprintf(&b, " %s %d", s.States[i], n)
	}
	fmt.Fprintf(&b, "\nfindings: %d; failures with no fuzz unit to blame (not findings): %d\n", len(s.Findings), s.Unblamed)
	for i, fd := range s.Findings {
		fmt.Fprintf(&b, "  %d. %s in state %s after %d messages (%s): %s\n", i+1, fd.Kind, fd.State, fd.AfterMessages, fd.After.Round(time.Millisecond), fd.Detail)
		trig := fd.Trigger()
		var names []string
		for _, u := range trig {
			n := string(u.Kind)
			if u.Form != "" {
				n += " " + u.Form
			}
			if u.Field != "" {
				n += "." + u.Field
			}
			if u.count() > 1 {
				n += fmt.Sprintf(" x%d", u.count())
			}
			names = append(names, n)
		}
		fmt.Fprintf(&b, "     trigger: %d of %d units: %s", len(trig), fd.Before, strings.Join(names, ", "))
		if fd.Hits > 1 {
			fmt.Fprintf(&b, "; found %d times", fd.Hits)
		}
		switch {
		case !fd.Minimised:
			b.WriteString("; not minimised")
		case fd.Reproduced:
			b.WriteString("; replay reproduces it")
		default:
			b.WriteString("; replay did NOT reproduce it")
		}
		b.WriteString("\n")
		if fd.File != "" {
			fmt.Fprintf(&b, "     reproducer: %s\n", fd.File)
		}
	}
	return b.String()
}

// Fuzzer runs a protocol's session against one server and sends it
// generated and mutated messages. Make one with New; it is for one
// goroutine.
type Fuzzer struct {
	cfg   Config
	p     *Protocol
	addr  string
	mut   *mutator
	pace  pacer
	sum   Summary
	start time.Time
	end   time.Time
	last  time.Time // last progress line
	stop  string
	seen  map[string]int // finding signature -> index in sum.Findings
	// doubt says the last case or replay judged ended suspiciously, or a
	// finding was just handled: the target gets a health check before the
	// next one (see healthy).
	doubt bool
}

// New checks cfg and returns a Fuzzer. It fails on a target outside the
// loopback range without AllowRemote, and on bounds out of range.
func New(cfg Config) (*Fuzzer, error) {
	if cfg.Protocol == nil || cfg.Protocol.Table == nil || cfg.Protocol.NewSession == nil {
		return nil, errors.New("fuzz: Config.Protocol is not set (see fuzz/sessions)")
	}
	addr, err := CheckTarget(cfg.Target, cfg.AllowRemote)
	if err != nil {
		return nil, err
	}
	switch {
	case cfg.Rate < 0 || cfg.Rate > MaxRate:
		return nil, fmt.Errorf("fuzz: rate %g is out of range: 0 to %d messages per second", cfg.Rate, MaxRate)
	case cfg.Duration < 0 || cfg.Duration > MaxDuration:
		return nil, fmt.Errorf("fuzz: duration %s is out of range: 0 to %s", cfg.Duration, MaxDuration)
	case cfg.Timeout < 0 || cfg.MaxMessages < 0 || cfg.Burst < 0 || cfg.ProbeEvery < 0 || cfg.MaxFindings < 0:
		return nil, errors.New("fuzz: negative Timeout, MaxMessages, Burst, ProbeEvery or MaxFindings")
	}
	orDefault(&cfg.Rate, DefaultRate)
	orDefault(&cfg.Duration, DefaultDuration)
	orDefault(&cfg.Timeout, DefaultTimeout)
	orDefault(&cfg.Burst, DefaultBurst)
	orDefault(&cfg.ProbeEvery, DefaultProbeEvery)
	orDefault(&cfg.MaxFindings, DefaultMaxFindings)
	orDefault(&cfg.MinimiseRuns, DefaultMinimiseRuns)
	orDefault(&cfg.RecoverWait, DefaultRecoverWait)
	f := &Fuzzer{cfg: cfg, p: cfg.Protocol, addr: addr, seen: map[string]int{}}

	f.mut = newMutator(f.p, rand.New(rand.NewSource(cfg.Seed)))
	f.pace.rate = cfg.Rate
	f.sum = Summary{Protocol: f.p.Name, Target: addr, Seed: cfg.Seed, States: f.p.States, Reached: make([]int, len(f.p.States))}
	return f, nil
}

// orDefault sets *v to d when it is the zero value.
func orDefault[T comparable](v *T, d T) {
	var zero T
	if *v == zero {
		*v = d
	}
}

// Run fuzzes the target until the duration, the message bound or the
// findings bound is reached, ctx is done, or the target is down and does
// not come back. With a Monitor, it starts the server first and stops it
// at the end. The error is for a run that could not start; findings are
// in the Summary.
func (f *Fuzzer) Run(ctx context.Context) (*Summary, error) {
	f.start = time.Now()
	f.end = f.start.Add(f.cfg.Duration)
	f.pace.start = f.start
	if m := f.cfg.Monitor; m != nil {
		if err := m.Restart(ctx); err != nil {
			return nil, fmt.Errorf("fuzz: starting the server: %w", err)
		}
		defer m.Stop()
	}
	if ok, kind, detail := f.startAlive(ctx); !ok {
		return nil, fmt.Errorf("fuzz: %s at %s does not answer before the run (%s: %s)", f.p.Name, f.addr, kind, detail)
	}
	var prev *caseResult // the case before, as it went
	prevFound := false   // prev was handed to found already
	for f.running(ctx) {
		// A case never starts on a target that is down: after a case
		// that ended in doubt, the target is checked first, and a target
		// found down is the late work of the case before (if it fuzzed
		// and is not a finding already) or no one's; either way found
		// brings it back before the next case.
		if ok, kind, detail := f.healthy(ctx); !ok {
			out := Outcome{Failed: true, Kind: kind, Detail: detail + " (seen before the next case)"}
			if prev != nil && !prevFound {
				f.found(ctx, prev, out)
			} else {
				f.found(ctx, &caseResult{}, out)
			}
			prev, prevFound = nil, true
			continue
		}
		// Each case draws from a generator of its own, seeded from the
		// seed and the case's number: how long the cases before it ran
		// (which depends on the server's timing) does not change it.
		f.mut.reseed(f.cfg.Seed + int64(f.sum.Cases)*0x5851f42d4c957f2d)
		state := f.mut.rng.Intn(len(f.p.States))
		var res caseResult
		f.runCase(ctx, &res, state, f.fuzzSource(), true)
		f.sum.Cases++
		for i := 0; i <= res.reached && i < len(f.sum.Reached); i++ {
			f.sum.Reached[i]++
		}
		out := f.judge(ctx, &res)
		switch {
		case out.Failed && len(fuzzUnits(res.sent)) == 0 && prev != nil && !prevFound:
			// Nothing fuzzed on this connection: what the case before
			// sent took effect late (a slow server checked alive before
			// it read it), so that case is the finding's.
			f.found(ctx, prev, out)
		case out.Failed:
			// found saves no finding for a case that fuzzed nothing.
			f.found(ctx, &res, out)
		case res.closed != nil:
			f.sum.Drops++
		}
		prev, prevFound = &res, out.Failed
		f.progress(false)
	}
	f.sum.Elapsed = time.Since(f.start)
	f.sum.Stopped = f.stop
	f.progress(true)
	return &f.sum, nil
}

// running reports whether the run goes on, setting f.stop when not.
func (f *Fuzzer) running(ctx context.Context) bool {
	switch {
	case f.stop != "":
	case ctx.Err() != nil:
		f.stop = "interrupted"
	case !time.Now().Before(f.end):
		f.stop = "duration"
	case f.cfg.MaxMessages > 0 && f.sum.Messages >= f.cfg.MaxMessages:
		f.stop = "message bound"
	case len(f.sum.Findings) >= f.cfg.MaxFindings:
		f.stop = "findings bound"
	default:
		return true
	}
	return false
}

// progress writes the progress line, at most once a second (and always
// at the end, with a newline).
func (f *Fuzzer) progress(final bool) {
	w := f.cfg.Progress
	if w == nil || !final && time.Since(f.last) < time.Second {
		return
	}
	f.last = time.Now()
	el := time.Since(f.start)
	rate := float64(f.sum.Messages) / max(el.Seconds(), 1e-9)
	var st []string
	for i, n := range f.sum.Reached {
		st = append(st, fmt.Sprintf("%s %d", f.p.States[i], n))
	}
	fmt.Fprintf(w, "\rfuzz %s %s: %s, %d messages (%.0f/s), %d cases [%s], %d findings, %d restarts   ",
		f.p.Name, f.addr, el.Round(time.Second), f.sum.Messages, rate, f.sum.Cases, strings.Join(st, ", "), len(f.sum.Findings), f.sum.Restarts)
	if final {
		fmt.Fprintln(w)
	}
}

// fuzzSource returns the source of a fuzz case's units.
func (f *Fuzzer) fuzzSource() func(i int, history [][]byte) (Unit, bool) {
	return func(i int, history [][]byte) (Unit, bool) {
		if i >= f.cfg.Burst {
			return Unit{}, false
		}
		return f.mut.next(history), true
	}
}

// replaySource returns a source that sends units.
func replaySource(units []Unit) func(int, [][]byte) (Unit, bool) {
	return func(i int, _ [][]byte) (Unit, bool) {
		if i >= len(units) {
			return Unit{}, false
		}
		return units[i], true
	}
}

// caseResult is what one case did.
type caseResult struct {
	sent    []Unit
	reached int
	setupOK bool   // the session reached the state asked for
	closed  error  // the error that ended the connection, if it ended
	stalled string // a probe that went unanswered
	desync  bool   // a unit broke the stream's framing
	refused bool   // the dial was refused
	dialErr error
	// answered says the case ended with a probe answered: the target
	// was alive at the end.
	answered bool
}

// runCase runs one case: a new connection, the session played to state,
// then the units src gives, a probe every ProbeEvery units and one at the
// end. fuzzing counts the units as fuzz messages and stops at the run's
// bounds.
func (f *Fuzzer) runCase(ctx context.Context, res *caseResult, state int, src func(int, [][]byte) (Unit, bool), fuzzing bool) {
	to := f.cfg.Timeout
	pr, err := dial(ctx, f.p, f.addr, to, true)
	if err != nil {
		res.refused, res.dialErr = errors.Is(err, errRefused), err
		return
	}
	defer func() { pr.close() }() // pr may change: a redirect (Greeter)
	sess := f.p.NewSession()
	pk, _ := sess.(Packer)
	var history [][]byte
	send := func(u Unit) bool {
		if pk != nil {
			u.Packet = pk.Pack(&u)
		}
		if u.Kind != KindSession && u.Kind != KindProbe {
			// Label the unit by what goes on the wire (the frame at the
			// end of its datagram, for a Whole protocol), not by what it
			// was made from.
			frame := u.Bytes
			if n := len(u.Packet); n > 0 && n >= len(frame) {
				frame = u.Packet[n-len(frame):]
			}
			u.Form = formName(f.p, frame)
		}
		if u.Kind == KindSession || u.Kind == KindProbe {
			f.sum.SessionMessages += u.count()
		} else {
			f.pace.wait(ctx, u.count())
			if fuzzing {
				f.sum.Messages += u.count()
			}
		}
		res.sent = append(res.sent, u)
		if err := pr.write(&u, to); err != nil {
			res.closed = err
			return false
		}
		return true
	}
	sendSession := func(m wire.Message) error {
		b := encode(m)
		if b == nil {
			return nil
		}
		history = append(history, b)
		if !send(Unit{Bytes: b, Repeat: 1, Kind: KindSession, Form: m.Form().Name, Framed: true}) {
			return res.closed
		}
		return nil
	}
	flush := func(target int) bool {
		for m := sess.Next(target); m != nil; m = sess.Next(target) {
			if sendSession(m) != nil {
				return false
			}
		}
		return true
	}
	handle := func(m wire.Message) bool { sess.Handle(m); return false }
	// leave sends the session's goodbye, if it has one (a datagram
	// protocol's server cannot see the socket close).
	leave := func() {
		if l, ok := sess.(Leaver); ok && res.closed == nil {
			if m := l.Leave(); m != nil {
				send(Unit{Bytes: encode(m), Repeat: 1, Kind: KindSession, Form: m.Form().Name, Framed: true})
			}
		}
	}
	// Play the session to the state.
	reached, silent, err := f.play(ctx, &pr, sess, state, sendSession)
	res.reached = sess.State()
	switch {
	case err != nil:
		if res.closed == nil {
			res.closed = err
		}
		return
	case silent:
		if p, _ := f.probeFor(sess); p != nil {
			res.stalled = "no answer within " + to.String() + " while playing the session to state " + f.p.stateName(state)
		}
		return
	case !reached:
		return
	}
	res.setupOK = true
	answered := false
	probe := func() bool {
		answered = false
		msg, isAnswer := f.probeFor(sess)
		if msg == nil || res.desync || res.closed != nil {
			return true
		}
		// Let the answers to what was sent before arrive first, so that
		// they are not taken for the probe's (for a few milliseconds: a
		// server that talks all the time never falls quiet).
		for settle := time.Now().Add(min(to, 5*time.Millisecond)); time.Now().Before(settle); {
			got, err := pr.poll(250*time.Microsecond, func(m wire.Message) bool { sess.Handle(m); return true })
			if err != nil {
				res.closed = err
				return false
			}
			if !got {
				break
			}
		}
		if !flush(sess.State()) {
			return false
		}
		b := encode(msg)
		if !send(Unit{Bytes: b, Repeat: 1, Kind: KindProbe, Form: msg.Form().Name, Framed: true}) {
			return false
		}
		got, err := pr.poll(to, func(m wire.Message) bool {
			sess.Handle(m)
			if isAnswer(m) {
				return true
			}
			flush(sess.State())
			return false
		})
		if err != nil {
			res.closed = err
			return false
		}
		if !got {
			if e, ok := sess.(Ender); ok && e.Ended() {
				res.closed = errEnded
				return false
			}
			res.stalled = "no answer to " + msg.Form().Name + " within " + to.String() + " on the fuzzed connection"
			return false
		}
		answered = true
		return flush(sess.State())
	}
	since := 0 // units since the last probe
	for i := 0; ; i++ {
		if fuzzing && !f.running(ctx) {
			break
		}
		u, ok := src(i, history)
		if !ok {
			break
		}
		// A unit that breaks the framing ends the probes: probe first, so
		// that what came before it is judged.
		if (!u.Framed && !f.p.Datagram() || f.ends(u.Bytes)) && since > 0 && !probe() {
			return
		}
		if !send(u) {
			return
		}
		since++
		if _, err := pr.poll(0, handle); err != nil {
			res.closed = err
			return
		}
		if !flush(sess.State()) {
			return
		}
		if !u.Framed && !f.p.Datagram() || f.ends(u.Bytes) {
			res.desync = true
			break
		}
		if since >= f.cfg.ProbeEvery {
			if !probe() {
				return
			}
			since = 0
		}
	}
	defer leave()
	if !probe() || answered {
		res.answered = answered
		return
	}
	// No probe: a server that closes after the last message gets a moment
	// while fuzzing, and the whole timeout in a replay (a minimisation's
	// or -replay's), whose verdict must not hang on how soon a loaded
	// machine runs the server.
	wait := min(to/10, 20*time.Millisecond)
	if !fuzzing {
		wait = to
	}
	if _, err := pr.poll(wait, handle); err != nil {
		res.closed = err
	}
}

// play drives sess on the connection *pr toward state target: it sends
// what the session asks through send, reads the server's hello and
// follows the port it names (Greeter), and hands the session what the
// server sends, until the session reaches target. It reports whether it
// did, or whether the server fell silent for the timeout, or the error
// that ended the connection.
func (f *Fuzzer) play(ctx context.Context, pr **peer, sess Session, target int, send func(wire.Message) error) (reached, silent bool, err error) {
	to := f.cfg.Timeout
	deadline := time.Now().Add(20 * to)
	for {
		if p := *pr; target > 0 && p.helloLen > 0 && p.hello == nil {
			h, err := p.awaitHello(to)
			if err != nil || h == nil {
				return false, h == nil && err == nil, err
			}
			if err := f.greet(ctx, pr, sess, h); err != nil {
				return false, false, err
			}
		}
		for m := sess.Next(target); m != nil; m = sess.Next(target) {
			if err := send(m); err != nil {
				return false, false, err
			}
		}
		if sess.State() >= target {
			return true, false, nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false, false, nil
		}
		got, err := (*pr).poll(to, func(m wire.Message) bool { sess.Handle(m); return true })
		if err != nil || !got {
			return false, err == nil, err
		}
		if e, ok := sess.(Ender); ok && e.Ended() {
			return false, false, errEnded
		}
	}
}

// greet hands the server's hello to the session and, when it names
// another port, connects there (the target's host, the port named),
// closes the first connection and puts the new one in *pr.
func (f *Fuzzer) greet(ctx context.Context, pr **peer, sess Session, hello []byte) error {
	g, ok := sess.(Greeter)
	if !ok {
		return nil
	}
	port, err := g.Greet(hello)
	if err != nil {
		// The server answered, refusing the client (a full server).
		return fmt.Errorf("%w: %w", errEnded, err)
	}
	if port == 0 {
		return nil
	}
	host, _, _ := net.SplitHostPort(f.addr)
	np, err := dial(ctx, f.p, net.JoinHostPort(host, strconv.Itoa(port)), f.cfg.Timeout, false)
	if err != nil {
		return err
	}
	// The first connection closes after the second is made, as the
	// original clients do (a server may drop a client whose first
	// connection closes before it reconnects).
	(*pr).close()
	*pr = np
	return nil
}

// errEnded is the end of a session the server ended (Ender), or refused
// in its hello (Greeter).
var errEnded = errors.New("the server ended the session")

// ends reports whether frame b has a code of Protocol.Ends.
func (f *Fuzzer) ends(b []byte) bool {
	if len(f.p.Ends) == 0 {
		return false
	}
	c, err := f.p.Table.Code(b)
	return err == nil && slices.Contains(f.p.Ends, c)
}

// probeFor returns the protocol's probe for session s, if it has one.
func (f *Fuzzer) probeFor(s Session) (wire.Message, func(wire.Message) bool) {
	if f.p.Probe == nil {
		return nil, nil
	}
	return f.p.Probe(s)
}

// Outcome is what a case or a replay found.
type Outcome struct {
	// Failed says the target failed; Kind and Detail say how.
	Failed bool
	Kind   FindingKind
	Detail string
	// State is the state the session reached.
	State string
	// Sent counts the units written.
	Sent int
}

// judge decides whether a case found something: a connection that ended,
// a broken stream or an unanswered probe is checked against a new
// connection (and the Monitor), since a server may well close a
// connection that sent it nonsense.
func (f *Fuzzer) judge(ctx context.Context, res *caseResult) Outcome {
	out := Outcome{State: f.p.stateName(res.reached), Sent: len(res.sent)}
	suspect := res.refused || res.dialErr != nil || res.closed != nil || res.desync || res.stalled != "" || !res.setupOK || !res.answered
	if !suspect && f.cfg.Monitor != nil {
		if dead, _ := f.cfg.Monitor.Exited(); dead {
			suspect = true
		}
	}
	f.doubt = suspect
	if !suspect {
		return out
	}
	ok, kind, detail := f.alive(ctx)
	switch {
	case !ok:
		out.Failed, out.Kind, out.Detail = true, kind, detail
		if res.stalled != "" {
			out.Detail += "; first: " + res.stalled
		}
	case res.stalled != "":
		out.Failed, out.Kind, out.Detail = true, Stall, res.stalled+"; new connections are served"
	}
	return out
}

// alive checks the target with a new connection: the session played to
// LiveState and its probe answered. It returns the kind of failure and
// what was seen when the check fails.
//
// A check that times out (Hang), or whose connection the server closes
// while it still runs, is made once more before it counts, so that a
// moment of slowness (a loaded machine) is not taken for a failure.
func (f *Fuzzer) alive(ctx context.Context) (bool, FindingKind, string) {
	ok, kind, detail := f.aliveOnce(ctx)
	if !ok && (kind == Hang || strings.HasPrefix(detail, closedDuring)) {
		ok, kind, detail = f.aliveOnce(ctx)
	}
	return ok, kind, detail
}

// healthy checks the target before a case or a replay when the last one
// ended in doubt (f.doubt): a case that ends with its probe answered
// leaves a target known to be alive, and costs no check. It returns what
// alive does; a target that passes clears the doubt.
func (f *Fuzzer) healthy(ctx context.Context) (bool, FindingKind, string) {
	if !f.doubt {
		return true, "", ""
	}
	ok, kind, detail := f.alive(ctx)
	f.doubt = !ok
	return ok, kind, detail
}

// readyForReplay makes sure a replay starts on a healthy target: checked
// (healthy) and, if down, brought back. False when it does not come back.
func (f *Fuzzer) readyForReplay(ctx context.Context) bool {
	if ok, _, _ := f.healthy(ctx); ok {
		return true
	}
	return f.recover(ctx, true)
}

// startGrace is how long a server the Monitor has just started is given
// to answer a liveness check: a UDP server says nothing of its socket
// until it is bound, and a loaded machine (the race detector) starts a
// process slowly.
const startGrace = 10 * time.Second

// startAlive is alive for a target that may just have been started: with
// a Monitor, it checks again for up to startGrace while the server runs
// and does not answer yet.
func (f *Fuzzer) startAlive(ctx context.Context) (bool, FindingKind, string) {
	ok, kind, detail := f.alive(ctx)
	m := f.cfg.Monitor
	for end := time.Now().Add(startGrace); !ok && m != nil && time.Now().Before(end) && ctx.Err() == nil; {
		if dead, _ := m.Exited(); dead {
			break
		}
		time.Sleep(50 * time.Millisecond)
		ok, kind, detail = f.alive(ctx)
	}
	return ok, kind, detail
}

// closedDuring starts the detail of a liveness check whose connection the
// server closed or reset while it was still running (else the Monitor's
// word or a refused connection says more): checked once more, as a hang
// is.
const closedDuring = "a new connection was closed during the session: "

// aliveOnce is one liveness check.
func (f *Fuzzer) aliveOnce(ctx context.Context) (bool, FindingKind, string) {
	if m := f.cfg.Monitor; m != nil {
		if dead, how := m.Exited(); dead {
			return false, Crash, "server exited: " + how + crashSuffix(m)
		}
	}
	to := f.cfg.Timeout
	pr, err := dial(ctx, f.p, f.addr, to, true)
	if err != nil {
		if errors.Is(err, errRefused) {
			return false, Crash, f.crashDetail("connection refused at " + f.addr)
		}
		return false, Crash, f.crashDetail("cannot connect to " + f.addr + ": " + err.Error())
	}
	defer func() { pr.close() }()
	sess := f.p.NewSession()
	write := func(m wire.Message) error {
		b := encode(m)
		if b == nil {
			return nil
		}
		f.sum.SessionMessages++
		return pr.write(&Unit{Bytes: b, Repeat: 1}, to)
	}
	ended := func(err error) (bool, FindingKind, string) {
		if isRefused(err) || errors.Is(err, errRefused) {
			return false, Crash, f.crashDetail("port unreachable at " + f.addr)
		}
		// A server that closes a well-behaved new connection is down.
		return false, Crash, f.crashDetail(closedDuring + err.Error())
	}
	reached, silent, err := f.play(ctx, &pr, sess, f.p.LiveState, write)
	switch {
	case errors.Is(err, errEnded):
		return true, "", "" // it answered, refusing the client (a full server)
	case err != nil:
		return ended(err)
	case silent:
		return false, Hang, "no answer within " + to.String() + " to a new connection in state " + f.p.stateName(sess.State())
	case !reached:
		return false, Hang, "a new connection did not reach state " + f.p.stateName(f.p.LiveState)
	}
	if l, ok := sess.(Leaver); ok {
		defer func() {
			if m := l.Leave(); m != nil {
				write(m)
			}
		}()
	}
	msg, isAnswer := f.probeFor(sess)
	if msg == nil {
		return true, "", ""
	}
	if err := write(msg); err != nil {
		return ended(err)
	}
	got, err := pr.poll(to, func(m wire.Message) bool {
		sess.Handle(m)
		for n := sess.Next(sess.State()); n != nil; n = sess.Next(sess.State()) {
			write(n)
		}
		return isAnswer(m)
	})
	if err != nil {
		return ended(err)
	}
	if !got {
		return false, Hang, "no answer to " + msg.Form().Name + " within " + to.String() + " on a new connection"
	}
	return true, "", ""
}

// crashSuffix is ": " and the server's crash line, if there is one.
func crashSuffix(m Monitor) string {
	if line := crashLine(m); line != "" {
		return ": " + line
	}
	return ""
}

// crashDetail adds the Monitor's word on the server to what was seen.
func (f *Fuzzer) crashDetail(seen string) string {
	m := f.cfg.Monitor
	if m == nil {
		return seen
	}
	// The exit may be reaped a little after the socket says the server is
	// gone: wait for it as long as a reply would be waited for.
	for end := time.Now().Add(max(500*time.Millisecond, f.cfg.Timeout)); ; {
		if dead, how := m.Exited(); dead {
			return "server exited: " + how + crashSuffix(m) + " (" + seen + ")"
		}
		if time.Now().After(end) {
			return seen
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// recover brings the target back after a failure: the Monitor restarts
// it; without one the run waits up to RecoverWait for it to come back.
//
// down says the target is known to be down (a crash or a hang was just
// seen), so that the Monitor restarts it without another check.
func (f *Fuzzer) recover(ctx context.Context, down bool) bool {
	ok := f.recoverOnce(ctx, down)
	if ok {
		f.doubt = false // it just passed a liveness check
	}
	return ok
}

// recoverOnce is recover without the bookkeeping.
func (f *Fuzzer) recoverOnce(ctx context.Context, down bool) bool {
	if !down {
		if ok, _, _ := f.alive(ctx); ok {
			return true
		}
	}
	if m := f.cfg.Monitor; m != nil {
		f.sum.Restarts++
		if err := m.Restart(ctx); err != nil {
			return false
		}
		ok, _, _ := f.alive(ctx)
		return ok
	}
	deadline := time.Now().Add(f.cfg.RecoverWait)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		time.Sleep(250 * time.Millisecond)
		if ok, _, _ := f.alive(ctx); ok {
			return true
		}
	}
	return false
}

// found records a finding: it brings the target back, minimises the
// trigger, replays it once more, and writes the reproducer.
//
// A case that sent no fuzz unit is no finding: there is nothing to blame.
// found brings the target back, counts it (Summary.Unblamed) and returns.
func (f *Fuzzer) found(ctx context.Context, res *caseResult, out Outcome) {
	defer func() { f.doubt = true }() // whatever the replays left, check first
	if len(fuzzUnits(res.sent)) == 0 {
		f.sum.Unblamed++
		if !f.recover(ctx, out.Kind != Stall) {
			f.stop = "target down (" + string(out.Kind) + ") and not restarted"
		}
		return
	}
	fd := Finding{Kind: out.Kind, Detail: out.Detail, State: f.p.stateName(res.reached), Units: res.sent,
		Before: len(fuzzUnits(res.sent)), AfterMessages: f.sum.Messages, After: time.Since(f.start)}
	if !f.recover(ctx, out.Kind != Stall) {
		f.stop = "target down (" + string(out.Kind) + ") and not restarted"
		f.add(fd, "")
		return
	}
	trigger, state := fuzzUnits(res.sent), res.reached
	if f.cfg.MinimiseRuns > 0 {
		trigger, state = f.minimise(ctx, state, trigger, out.Kind)
		fd.Minimised = true
		// Confirm with a last replay; a fault that depends on timing
		// (frames read together) gets three tries.
		for try := 0; try < 3 && !fd.Reproduced && f.stop == ""; try++ {
			if !f.readyForReplay(ctx) {
				f.stop = "target down before a replay and not restarted"
				break
			}
			var rr caseResult
			f.runCase(ctx, &rr, state, replaySource(trigger), false)
			o := f.judge(ctx, &rr)
			// A replay reproduces only if it sent the trigger.
			fd.Reproduced = o.Failed && o.Kind == out.Kind && len(fuzzUnits(rr.sent)) > 0
			if fd.Reproduced {
				fd.Units, fd.State, fd.Detail = rr.sent, o.State, o.Detail
			}
			if o.Failed && !f.recover(ctx, o.Kind != Stall) {
				f.stop = "target down after replay and not restarted"
			}
		}
	}
	fd.Signature = f.signature(fd)
	f.add(fd, fd.Signature)
}

// add records fd, or counts it as another hit of an earlier finding with
// the same signature.
//
// A finding whose trigger is empty is never saved: it is counted in
// Summary.Unblamed.
func (f *Fuzzer) add(fd Finding, sig string) {
	if len(fd.Trigger()) == 0 {
		f.sum.Unblamed++
		return
	}
	if i, ok := f.seen[sig]; ok && sig != "" {
		f.sum.Findings[i].Hits++
		return
	}
	fd.Hits = 1
	if f.cfg.OutDir != "" {
		r := f.reproducer(&fd)
		if path, err := r.WriteFile(f.cfg.OutDir, len(f.sum.Findings)+1); err == nil {
			fd.File = path
		} else {
			fd.Detail += "; reproducer not written: " + err.Error()
		}
	}
	if sig != "" {
		f.seen[sig] = len(f.sum.Findings)
	}
	f.sum.Findings = append(f.sum.Findings, fd)
}

// signature identifies a minimised finding: for a crash, the server's
// crash line if the Monitor has its output, else the kind and the last
// trigger unit's kind, form and field.
func (f *Fuzzer) signature(fd Finding) string {
	if fd.Kind == Crash {
		if line := crashLine(f.cfg.Monitor); line != "" {
			return string(fd.Kind) + "|" + line
		}
	}
	t := fd.Trigger()
	if len(t) == 0 {
		return string(fd.Kind) + "|" + fd.State
	}
	u := t[len(t)-1]
	return string(fd.Kind) + "|" + string(u.Kind) + "|" + u.Form + "|" + u.Field
}

// crashLine returns the line of the server's output that says why it
// crashed, when m keeps its output (ExecMonitor.Tail).
func crashLine(m Monitor) string {
	t, ok := m.(interface{ Tail() string })
	if !ok {
		return ""
	}
	var last string
	for _, line := range strings.Split(t.Tail(), "\n") {
		line = strings.TrimSpace(line)
		for _, p := range []string{"panic:", "fatal error:", "SUMMARY:", "Segmentation fault", "Assertion"} {
			if strings.HasPrefix(line, p) || p == "Assertion" && strings.Contains(line, "Assertion") {
				last = line
			}
		}
	}
	return last
}

// fuzzUnits returns the units that are not the session's nor probes.
func fuzzUnits(us []Unit) []Unit {
	var out []Unit
	for _, u := range us {
		if u.Kind != KindSession && u.Kind != KindProbe {
			out = append(out, u)
		}
	}
	return out
}

// pacer holds the send rate.
type pacer struct {
	rate  float64
	start time.Time
	sent  float64
}

// wait sleeps until n more messages are due.
func (p *pacer) wait(ctx context.Context, n int) {
	if p.start.IsZero() {
		p.start = time.Now()
	}
	due := p.start.Add(time.Duration(p.sent / p.rate * float64(time.Second)))
	p.sent += float64(n)
	d := time.Until(due)
	if d <= 0 {
		if d < -time.Second { // no burst to catch up after a pause
			p.start = p.start.Add(-d - time.Second)
		}
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
