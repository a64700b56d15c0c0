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
