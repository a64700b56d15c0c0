// Package dissectors holds the Wireshark dissectors gamewire generates, one
// Lua file per protocol (`gamewire dissector -proto all`, run by go
// generate in cmd/gamewire), and gamewire.lua, the runtime they all load
// from their folder. The runtime is not generated: gamewire.lua is its
// hand-written source, embedded here, which `gamewire dissector -runtime`
// (and -proto with a directory) writes out (Runtime).
package dissectors

import _ "embed"

//go:embed gamewire.lua
var runtime string

// Runtime returns gamewire.lua, the Lua code every generated dissector
// shares: it reads a protocol file's table and builds the Wireshark
// protocol from it.
func Runtime() []byte { return []byte(runtime) }
