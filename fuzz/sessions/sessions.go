// Package sessions holds the fuzz.Protocol of every protocol gamewire
// speaks: the message table, the session's states and the state machine
// that plays it (the protocol package's own Client), the generators of
// fuzz/*gen, and the probe that tells a live server from a hung one.
//
//	bzflag     connected, hello, joined, playing       (TCP, hello and reconnect)
//	tfighters  connected, handshake, joined, playing   (TCP)
//	paintball  connected, logged-in, in-game           (TCP)
//	retrotank  connected, accepted, ready              (UDP)
//	lwar       new, connected, joined, in-game         (UDP, reliable channel)
//
// ByName finds one by the name `gamewire fuzz -proto` takes.
package sessions

import (
	"sort"

	"github.com/gamewire/gamewire/fuzz"
	"github.com/gamewire/gamewire/wire"
)

// byName maps a protocol's name to its constructor.
var byName = map[string]func() *fuzz.Protocol{
	"bzflag":    BZFlag,
	"tfighters": TFighters,
	"lwar":      Lwar,
	"paintball": Paintball,
	"retrotank": RetroTank,
}

// ByName returns the fuzz.Protocol called name, or nil.
func ByName(name string) *fuzz.Protocol {
	if f, ok := byName[name]; ok {
		return f()
	}
	return nil
}

// Names returns the names of the protocols, sorted.
func Names() []string {
	var ns []string
	for n := range byName {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}

// holdback keeps back the messages a state machine sends that would take
// the session past the state asked for (TFighters' nick before joining,
// Paintball's dump request before the game), and gives them back once a
// state at or past theirs is asked for.
type holdback struct{ held []wire.Message }

// next returns the next message to send for state target: a held one
// once target >= at, else the next of src, holding back those hold picks
// while target < at.
func (h *holdback) next(target, at int, src func() wire.Message, hold func(wire.Message) bool) wire.Message {
	if target >= at && len(h.held) > 0 {
		m := h.held[0]
		h.held = h.held[1:]
		return m
	}
	for {
		m := src()
		if m == nil || target >= at || !hold(m) {
			return m
		}
		h.held = append(h.held, m)
	}
}
