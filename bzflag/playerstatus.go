package bzflag

// PlayerStatus is the spec's PlayerStatus bit field of MsgPlayerUpdate.
// BZFlag 1.7 sends it as a signed short (include/PlayerState.h); the bits
// are the same.
type PlayerStatus uint16

// Player status bits, as in BZFlag 1.7's include/PlayerState.h.
const (
	StatusDead         PlayerStatus = 0      // not alive, not paused ("DeadStatus")
	StatusAlive        PlayerStatus = 1 << 0 // alive ("Alive")
	StatusPaused       PlayerStatus = 1 << 1 // paused ("Paused")
	StatusExploding    PlayerStatus = 1 << 2 // blowing up ("Exploding")
	StatusTeleporting  PlayerStatus = 1 << 3 // teleported recently ("Teleporting")
	StatusFlagActive   PlayerStatus = 1 << 4 // flag's powers active ("FlagActive")
	StatusCrossingWall PlayerStatus = 1 << 5 // tank inside a wall ("CrossingWall")
	StatusFalling      PlayerStatus = 1 << 6 // accelerated by gravity ("Falling")

	// StatusKnown holds every bit 1.7 defines.
	StatusKnown = StatusAlive | StatusPaused | StatusExploding | StatusTeleporting |
		StatusFlagActive | StatusCrossingWall | StatusFalling
)

var playerStatusNames = []string{"Alive", "Paused", "Exploding", "Teleporting", "FlagActive", "CrossingWall", "Falling"}

// String returns the names of the set bits joined by "|" (unknown bits as
// one hexadecimal number), or "Dead" for none.
func (s PlayerStatus) String() string { return bitsString(playerStatusNames, "Dead", uint64(s)) }

// MarshalText returns the String form.
func (s PlayerStatus) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText parses the String form.
func (s *PlayerStatus) UnmarshalText(t []byte) error {
	return unmarshalBits(s, playerStatusNames, "Dead", t)
}
