package fuzz

import "context"

// minimise returns the shortest run of units it finds that still makes
// the target fail with kind, and the lowest state (at most state) in which
// it does. Every attempt is a replay on a new connection; a replay that
// fails the target is followed by recover. At most MinimiseRuns replays
// are made: past that, the shortest run found so far is returned.
//
// It first tries the last unit alone, then finds the shortest prefix (the
// failure is detected after the unit that caused it, so a prefix holds
// it), then tries the prefix's last unit alone, then removes chunks of the
// rest (delta debugging's complements), then chunks of the whole trigger
// (a failure seen one unit late leaves an innocent last unit), and last
// lowers the state.
func (f *Fuzzer) minimise(ctx context.Context, state int, units []Unit, kind FindingKind) ([]Unit, int) {
	budget := f.cfg.MinimiseRuns
	test := func(s int, us []Unit) bool {
		if budget <= 0 || ctx.Err() != nil || len(us) == 0 {
			return false
		}
		budget--
		// A replay starts on a healthy target, else what it finds is
		// the replay before's (or no one's).
		if !f.readyForReplay(ctx) {
			budget = 0
			return false
		}
		var res caseResult
		f.runCase(ctx, &res, s, replaySource(us), false)
		o := f.judge(ctx, &res)
		if o.Failed && !f.recover(ctx, o.Kind != Stall) {
			budget = 0
		}
		// It counts only if it sent the units it tests.
		return o.Failed && o.Kind == kind && len(fuzzUnits(res.sent)) > 0
	}
	if len(units) == 0 {
		return units, state
	}
	// Most often the unit just before the failure was seen does it alone.
	if last := units[len(units)-1]; len(units) > 1 && test(state, []Unit{last}) {
		return f.lowerState(state, []Unit{last}, test)
	}
	lo, hi := 1, len(units)
	for lo < hi {
		mid := (lo + hi) / 2
		if test(state, units[:mid]) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	last := units[hi-1]
	rest := append([]Unit(nil), units[:hi-1]...)
	withLast := func(c []Unit) []Unit { return append(append([]Unit(nil), c...), last) }
	if len(rest) > 0 {
		if test(state, []Unit{last}) {
			rest = nil
		} else {
			rest = ddmin(rest, func(c []Unit) bool { return test(state, withLast(c)) })
		}
	}
	// The failure may have been seen one unit late (a server slow to
	// die): the last unit gets its chance to go too.
	trigger := withLast(rest)
	if len(trigger) > 1 {
		trigger = ddmin(trigger, func(c []Unit) bool { return test(state, c) })
	}
	return f.lowerState(state, trigger, test)
}

// lowerState returns the lowest state, at most state, in which units
// still make test hold.
func (f *Fuzzer) lowerState(state int, units []Unit, test func(int, []Unit) bool) ([]Unit, int) {
	for s := state - 1; s >= 0; s-- {
		if !test(s, units) {
			break
		}
		state = s
	}
	return units, state
}

// ddmin removes chunks of c while test still holds for what is left
// (delta debugging, complements only): chunks of half, then quarters, and
// so on down to single units.
func ddmin(c []Unit, test func([]Unit) bool) []Unit {
	n := 2
	for len(c) >= 2 {
		chunk := (len(c) + n - 1) / n
		reduced := false
		for i := 0; i < len(c); i += chunk {
			rest := append(append([]Unit(nil), c[:i]...), c[min(i+chunk, len(c)):]...)
			if test(rest) {
				c, n, reduced = rest, max(n-1, 2), true
				break
			}
		}
		if !reduced {
			if n >= len(c) {
				break
			}
			n = min(2*n, len(c))
		}
	}
	if len(c) == 1 && test(nil) {
		return nil
	}
	return c
}
