package bzflag

// RejectCode is the reason carried by MsgReject.
type RejectCode uint16

// Reject codes, numbered as in BZFlag 1.7's include/Protocol.h.
const (
	RejectBadRequest RejectCode = iota // bogus data in MsgEnter
	RejectBadTeam                      // invalid team id
	RejectBadType                      // invalid client type
	RejectNoRogues                     // rogue team requested but rogues not allowed
	RejectTeamFull                     // no more players allowed on the team
	RejectServerFull                   // no more players allowed on any team
)

var rejectCodeNames = []string{"RejectBadRequest", "RejectBadTeam", "RejectBadType", "RejectNoRogues", "RejectTeamFull", "RejectServerFull"}

// String returns the constant's name, or the number for unknown values.
func (c RejectCode) String() string { return enumString(rejectCodeNames, int64(c)) }

// MarshalText returns the String form.
func (c RejectCode) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText accepts a name or a number.
func (c *RejectCode) UnmarshalText(t []byte) error { return unmarshalEnum(c, rejectCodeNames, t) }

// Known reports whether c is one of the constants above.
func (c RejectCode) Known() bool { return c <= RejectServerFull }
