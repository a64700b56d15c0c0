package fuzz

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestNoFindingWithoutFuzzUnits: a failure in a case that sent no fuzz
// unit (only the session's) is no finding: the target is brought back,
// the failure counted in the Summary, and the run goes on.
func TestNoFindingWithoutFuzzUnits(t *testing.T) {
	f, err := New(Config{Protocol: minimalProtocol(), Target: sink(t), Rate: MaxRate,
		Timeout: 100 * time.Millisecond, RecoverWait: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	f.start = time.Now()
	res := caseResult{sent: []Unit{{Bytes: []byte{'*', 0, 'F', 0, 0}, Repeat: 1, Kind: KindSession, Form: "Login", Framed: true}}}
	f.found(context.Background(), &res, Outcome{Failed: true, Kind: Hang, Detail: "no answer"})
	if len(f.sum.Findings) != 0 {
		t.Fatalf("a case with no fuzz unit made a finding: %+v", f.sum.Findings)
	}
	if f.sum.Unblamed != 1 || f.stop != "" {
		t.Errorf("Unblamed = %d, stop = %q; want 1 and the run going on", f.sum.Unblamed, f.stop)
	}
	// Nor is a finding whose trigger came back empty saved.
	f.add(Finding{Kind: Hang, Units: res.sent, Minimised: true, Reproduced: true}, "hang|x")
	if len(f.sum.Findings) != 0 || f.sum.Unblamed != 2 {
		t.Errorf("a finding with an empty trigger was saved (%d findings, %d unblamed)", len(f.sum.Findings), f.sum.Unblamed)
	}
	if s := f.sum.String(); !strings.Contains(s, "findings: 0; failures with no fuzz unit to blame (not findings): 2") {
		t.Errorf("the summary does not give the count:\n%s", s)
	}
}

// fakeMonitor is a Monitor of a server that never really dies: it says it
// exited from its dieAt'th Exited call until it is restarted.
type fakeMonitor struct {
	calls, dieAt, restarts int
	dead                   bool
}

func (m *fakeMonitor) Restart(context.Context) error {
	m.dead = false
	m.restarts++
	return nil
}

func (m *fakeMonitor) Exited() (bool, string) {
	m.calls++
	if m.calls == m.dieAt {
		m.dead = true
	}
	return m.dead, "exit status 2"
}

func (m *fakeMonitor) Stop() error { return nil }

// TestNoCaseStartsDown: a target that goes down after a case was judged
// (late) is caught by the health check before the next case, restarted,
// and blamed on the case before; the next case does not run on it, and
// is no finding.
func TestNoCaseStartsDown(t *testing.T) {
	// Exited is called by the check before the run (1), by the liveness
	// check after the first case, which ends suspect without a probe (2),
	// and by the check before the second case (3).
	mon := &fakeMonitor{dieAt: 3}
	f, err := New(Config{Protocol: minimalProtocol(), Target: sink(t), Rate: MaxRate, Burst: 4,
		MaxMessages: 12, MaxFindings: 5, MinimiseRuns: -1, Timeout: 100 * time.Millisecond, Monitor: mon})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := f.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Log(sum)
	if len(sum.Findings) != 1 {
		t.Fatalf("%d findings, want 1", len(sum.Findings))
	}
	// The trigger is the first case's fuzz units: all the run had sent
	// when it was found.
	fd := sum.Findings[0]
	n := 0
	for _, u := range fd.Trigger() {
		n += u.count()
	}
	if n == 0 || fd.AfterMessages != n || !strings.Contains(fd.Detail, "before the next case") {
		t.Errorf("finding after %d messages, trigger of %d messages, %q: want the first case's, seen before the second", fd.AfterMessages, n, fd.Detail)
	}
	if sum.Restarts != 1 || mon.restarts != 2 || sum.Unblamed != 0 {
		t.Errorf("%d restarts (monitor %d), %d unblamed; want one restart after the start, none unblamed", sum.Restarts, mon.restarts, sum.Unblamed)
	}
}
