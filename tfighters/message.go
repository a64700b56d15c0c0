package tfighters

import "github.com/gamewire/gamewire/wire"

// Message is what every message type of the package satisfies, Raw
// included.
type Message interface {
	wire.Codec
	// Code returns the message's type code.
	Code() Code
	// Validate checks the rules of the spec and the original peers.
	Validate() error
}

// New returns a new, zero message of the type for code c, or nil for a code
// the spec does not define.
func New(c Code) Message {
	switch c {
	case CodeHi:
		return new(Hi)
	case CodeMotd:
		return new(Motd)
	case CodePing:
		return new(Ping)
	case CodeLag:
		return new(Lag)
	case CodeSpawnReady:
		return new(SpawnReady)
	case CodeServerAccel:
		return new(ServerAccel)
	case CodeServerTurn:
		return new(ServerTurn)
	case CodeInvincible:
		return new(Invincible)
	case CodeHit:
		return new(Hit)
	case CodeServerSay:
		return new(ServerSay)
	case CodeServerTeamSay:
		return new(ServerTeamSay)
	case CodeNewUser:
		return new(NewUser)
	case CodeDelObj:
		return new(DelObj)
	case CodeKill:
		return new(Kill)
	case CodeServerNewBullet:
		return new(ServerNewBullet)
	case CodeServerNick:
		return new(ServerNick)
	case CodeServerSpawn:
		return new(ServerSpawn)
	case CodeQuit:
		return new(Quit)
	case CodeKick:
		return new(Kick)
	case CodeNickReply:
		return new(NickReply)
	case CodeVersion:
		return new(Version)
	case CodePass:
		return new(Pass)
	case CodeClientNick:
		return new(ClientNick)
	case CodePong:
		return new(Pong)
	case CodeClientSpawn:
		return new(ClientSpawn)
	case CodeClientAccel:
		return new(ClientAccel)
	case CodeClientTurn:
		return new(ClientTurn)
	case CodeClientNewBullet:
		return new(ClientNewBullet)
	case CodeCmd:
		return new(Cmd)
	case CodeClientSay:
		return new(ClientSay)
	case CodeClientTeamSay:
		return new(ClientTeamSay)
	}
	return nil
}

// PeekCode returns the type code of the message at the start of b.
func PeekCode(b []byte) (Code, error) {
	if len(b) < HeaderLen {
		return 0, wire.NewError(proto, "frame", "type", len(b), wire.ErrShort)
	}
	return Code(le.U16(b[2:])), nil
}

// checkDirection reports a code that does not travel in direction from.
func checkDirection(c Code, from Direction) error {
	if from != AnyDirection && c.From() != from {
		return wire.NewError(proto, c.errName(), "type", 2, wire.ErrInvalid)
	}
	return nil
}

// Parse decodes the message at the start of b into a new value of the type
// its code names, and returns it with its length. A code that does not
// travel in direction from fails with ErrInvalid, a code the spec does not
// define with ErrUnknownCode. Parse allocates; see Decoder for hot loops.
func Parse(from Direction, b []byte) (Message, int, error) {
	c, err := PeekCode(b)
	if err != nil {
		return nil, 0, err
	}
	if err := checkDirection(c, from); err != nil {
		return nil, 0, err
	}
	m := New(c)
	if m == nil {
		return nil, 0, wire.NewError(proto, unknownName, "type", 2, wire.ErrUnknownCode)
	}
	n, err := m.Decode(b)
	if err != nil {
		return nil, 0, err
	}
	return m, n, nil
}
