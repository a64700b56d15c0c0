package lwar

import "github.com/gamewire/gamewire/wire"

// Stats is the spec's "Stats" message (id 101, unreliable, server to
// client): periodically updates the clients' stats (pings, scores).
//
// On the wire the entries follow a uint8 "num", so a message holds at
// most MaxEntries of them. Decode reuses the capacity of Entries.
type Stats struct {
	Entries []StatsEntry `json:"entries"` // the entries; "num" is len(Entries)
}

// StatsEntry is one entry of Stats: the stats of one player.
type StatsEntry struct {
	Player ID     `json:"player"` // "player": the player whose stats are updated
	Kills  uint16 `json:"kills"`  // "kills": the player kills
	Deaths uint16 `json:"deaths"` // "deaths": the player deaths
	Ping   uint16 `json:"ping"`   // "ping": the player ping
}

// StatsEntrySize is the encoded size of one StatsEntry.
const StatsEntrySize = 10

// Form returns the message's entry in the table.
func (*Stats) Form() *wire.Form { return &forms[10] }

// Size returns the encoded length: 2 bytes plus 10 per entry.
func (m *Stats) Size() int { return 2 + StatsEntrySize*len(m.Entries) }

// AppendBinary appends the encoded message. More than MaxEntries entries
// cannot be encoded (wire.ErrTooLong, field num).
func (m *Stats) AppendBinary(b []byte) ([]byte, error) { return appendList(b, m.Form(), m.Entries) }

// MarshalBinary returns the encoded message.
func (m *Stats) MarshalBinary() ([]byte, error) { return m.AppendBinary(make([]byte, 0, m.Size())) }

// Decode decodes the message at the start of b into Entries' storage.
func (m *Stats) Decode(b []byte) (n int, err error) {
	m.Entries, n, err = decodeList(b, m.Form(), StatsEntrySize, m.Entries)
	return n, err
}

// UnmarshalBinary decodes a message that is all of b.
func (m *Stats) UnmarshalBinary(b []byte) error { return unmarshal(m, b) }

// Validate returns nil: the wire format of Stats can say nothing the spec
// forbids.
func (*Stats) Validate() error { return nil }

func (e StatsEntry) append(b []byte) []byte {
	b = appendID(b, e.Player)
	b = be.AppendU16(b, e.Kills)
	b = be.AppendU16(b, e.Deaths)
	return be.AppendU16(b, e.Ping)
}

func (e *StatsEntry) read(b []byte) {
	_ = b[StatsEntrySize-1]
	e.Player = readID(b)
	e.Kills = be.U16(b[4:])
	e.Deaths = be.U16(b[6:])
	e.Ping = be.U16(b[8:])
}
