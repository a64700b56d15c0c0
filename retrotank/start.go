package retrotank

import "errors"

// ErrStartContradiction is returned by StartTracker.Observe for a
// GAME_START that is newer by id but not by start time, or the reverse:
// the spec says each condition implies the other (docs/errata/retrotank.md,
// E17). The known start stands.
var ErrStartContradiction = errors.New("retrotank: GAME_START newer by id or by start time, not both")

// StartTracker keeps the game's start time from the GAME_START messages a
// client receives, by the spec's rule: "If a start message with a newer ID
// and later start time (each condition implies the other) is received,
// then the later start time is correct."
type StartTracker struct {
	id   MessageID
	time uint32
	ok   bool
}

// Observe takes a received GAME_START and reports whether it changed the
// start time. The same message again changes nothing; one that is older
// by both id and time is stale and ignored; one that is newer by one and
// not the other is ignored with ErrStartContradiction. Start times are
// compared as the game clock wraps (serial arithmetic on 32 bits). A nil
// m is refused with ErrNil.
func (s *StartTracker) Observe(m *GameStart) (bool, error) {
	if m == nil {
		return false, ErrNil
	}
	if !s.ok {
		s.id, s.time, s.ok = m.ID, m.StartTime, true
		return true, nil
	}
	ci := serial16(m.ID, s.id)
	ct := serial32(m.StartTime, s.time)
	switch {
	case ci > 0 && ct > 0:
		s.id, s.time = m.ID, m.StartTime
		return true, nil
	case ci == ct: // the same message again, or an older one
		return false, nil
	}
	return false, ErrStartContradiction
}

// serial16 compares a and b in serial arithmetic: 1 if a is newer, -1 if
// older, 0 if equal.
func serial16(a, b MessageID) int {
	switch {
	case a == b:
		return 0
	case a.Newer(b):
		return 1
	}
	return -1
}

// serial32 is serial16 for 32-bit game times.
func serial32(a, b uint32) int {
	switch d := a - b; {
	case d == 0:
		return 0
	case d < 1<<31:
		return 1
	}
	return -1
}

// Start returns the start time in common game time; ok is false before
// the first GAME_START.
func (s *StartTracker) Start() (t uint32, ok bool) { return s.time, s.ok }

// Started reports whether the game has started at common game time now:
// a start time is known and now is at or after it, compared as the 32-bit
// clock wraps (now is after the start when now - start, modulo 2^32, is
// below 2^31; docs/errata/retrotank.md, S11). A start time
// announced for up to 2^31 ms (24.8 days) ahead reads as not yet started.
func (s *StartTracker) Started(now uint32) bool { return s.ok && serial32(now, s.time) >= 0 }
