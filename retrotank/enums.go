package retrotank

import (
	"strconv"

	"github.com/gamewire/gamewire/wire"
)

// MsgType is a message type code, the first byte of every datagram on the
// game port (MSG_TYPE_*). The spec gives no values: the constants
// (MsgTypeAck ... MsgTypePlayerSpawn) follow the order of the spec
// (docs/errata/retrotank.md, E2), in the one const block of forms.go.
type MsgType uint8

// String returns the spec's name (MSG_TYPE_ACK), or the number for a code
// the table does not know.
func (t MsgType) String() string {
	for i := range table.Forms {
		if table.Forms[i].Code == uint32(t) {
			return table.Forms[i].Name
		}
	}
	return strconv.Itoa(int(t))
}

// MarshalText returns String's text.
func (t MsgType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText accepts a spec name or a number from 0 to 255.
func (t *MsgType) UnmarshalText(b []byte) error {
	for i := range table.Forms {
		if table.Forms[i].Name == string(b) {
			*t = MsgType(table.Forms[i].Code)
			return nil
		}
	}
	v, err := parseUint(b, 8)
	if err != nil {
		return err
	}
	*t = MsgType(v)
	return nil
}

// PlayerID is a client's id, which is its player's id (CONN_ACCEPT's
// localPlayer; docs/errata/retrotank.md, E5).
type PlayerID uint8

// Team is a team id (TEAM_RED, TEAM_BLUE). The spec gives no values: red
// 0 and blue 1 follow its order (E16); GAME_OVER's -1 for a draw is
// TeamNone.
type Team uint8

// The teams.
const (
	TeamRed  Team = 0    // TEAM_RED
	TeamBlue Team = 1    // TEAM_BLUE
	TeamNone Team = 0xff // -1: no team (GAME_OVER's draw)
)

// teamNames are the words String writes and UnmarshalText reads.
var teamNames = [...]struct {
	team Team
	name string
}{{TeamRed, "red"}, {TeamBlue, "blue"}, {TeamNone, "none"}}

// String returns "red", "blue", "none", or the number.
func (t Team) String() string {
	for _, n := range teamNames {
		if n.team == t {
			return n.name
		}
	}
	return strconv.Itoa(int(t))
}

// Valid reports whether t is red or blue.
func (t Team) Valid() bool { return t == TeamRed || t == TeamBlue }

// MarshalText returns String's text.
func (t Team) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText accepts "red", "blue", "none" or a number from 0 to 255.
func (t *Team) UnmarshalText(b []byte) error {
	for _, n := range teamNames {
		if n.name == string(b) {
			*t = n.team
			return nil
		}
	}
	v, err := parseUint(b, 8)
	if err == nil {
		*t = Team(v)
	}
	return err
}

// UpdateFlags are PLAYER_UPDATE's player flags (PLAYER_FLAGS): which
// player data portions follow, in the order of the bits. The spec names
// the flags in a numbered list and gives no values: bit i is the (i+1)th
// of the list (docs/errata/retrotank.md, E19).
type UpdateFlags uint16

// The player flags.
const (
	UpdateIdent UpdateFlags = 1 << 0 // PLAYER_UPDATE_IDENT: player identity
	UpdateTank  UpdateFlags = 1 << 1 // PLAYER_UPDATE_TANK: tank position and rotation
	UpdateShell UpdateFlags = 1 << 2 // PLAYER_UPDATE_SHELL: shell position and rotation
	UpdateDFS   UpdateFlags = 1 << 3 // PLAYER_UPDATE_DFS: dead time, flags and score; only from the server

	// UpdateKnown is every flag the spec names.
	UpdateKnown = UpdateIdent | UpdateTank | UpdateShell | UpdateDFS
)

var flagNames = [...]string{"IDENT", "TANK", "SHELL", "DFS"}

// String returns the names of the set flags joined by "|" ("IDENT|TANK"),
// unknown bits as a hexadecimal number ("TANK|0x100"), "0" for none.
func (f UpdateFlags) String() string {
	b, _ := f.MarshalText()
	return string(b)
}

// MarshalText returns String's text.
func (f UpdateFlags) MarshalText() ([]byte, error) {
	if f == 0 {
		return []byte("0"), nil
	}
	var b []byte
	for i, n := range flagNames {
		if f&(1<<i) != 0 {
			if len(b) > 0 {
				b = append(b, '|')
			}
			b = append(b, n...)
		}
	}
	if rest := f &^ UpdateKnown; rest != 0 {
		if len(b) > 0 {
			b = append(b, '|')
		}
		b = append(b, "0x"...)
		b = strconv.AppendUint(b, uint64(rest), 16)
	}
	return b, nil
}

// UnmarshalText accepts what MarshalText writes: flag names and numbers
// (decimal or 0x hexadecimal) joined by "|".
func (f *UpdateFlags) UnmarshalText(b []byte) error {
	var v UpdateFlags
	for len(b) > 0 {
		i := 0
		for i < len(b) && b[i] != '|' {
			i++
		}
		part := b[:i]
		if i < len(b) {
			b = b[i+1:]
		} else {
			b = nil
		}
		found := false
		for j, n := range flagNames {
			if string(part) == n {
				v |= 1 << j
				found = true
			}
		}
		if !found {
			u, err := parseUint(part, 16)
			if err != nil {
				return err
			}
			v |= UpdateFlags(u)
		}
	}
	*f = v
	return nil
}

// parseUint parses a decimal or 0x-prefixed hexadecimal number of at most
// bits bits, failing with wire.ErrInvalid.
func parseUint(b []byte, bits int) (uint64, error) {
	s := string(b)
	base := 10
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s, base = s[2:], 16
	}
	v, err := strconv.ParseUint(s, base, bits)
	if err != nil {
		return 0, wire.ErrInvalid
	}
	return v, nil
}
