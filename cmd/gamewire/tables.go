package main

import (
	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/lwar"
	"github.com/gamewire/gamewire/paintball"
	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/tfighters"
)

// The message tables the dissectors are generated from (gamewire
// dissector, go generate ./cmd/gamewire) and decode -pcap frames by. Add a
// protocol here when its table lands.
func init() {
	dissectorTables["bzflag"] = bzflag.Table
	dissectorTables["lwar"] = lwar.Table
	dissectorTables["paintball"] = paintball.Table
	dissectorTables["retrotank"] = retrotank.Table
	dissectorTables["retrotank-timesync"] = retrotank.TimeTable
	dissectorTables["tfighters"] = tfighters.Table
}
