// Package toy is a made-up protocol that exercises every field kind of
// formgen on a big-endian, length-framed stream; its forms_gen.go is
// checked in and the formgen tests check that regenerating it changes
// nothing.
package toy

import (
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// Message is what every toy message implements.
type Message = wire.Message

// Table returns the toy protocol's table.
func Table() *spec.Table { return table }

// PlayerType is the kind of player of MsgHello's type.
type PlayerType uint16

// The player types.
const (
	PlayerTypeTank PlayerType = iota
	PlayerTypeBot
)

// Rank is a player's rank, an enum over s32.
type Rank int32
