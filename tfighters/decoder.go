package tfighters

import "github.com/gamewire/gamewire/wire"

// Decoder decodes messages without allocating: it keeps one value per
// message type and decodes each message into the value of its type, which
// stays valid (and owned by the Decoder) until the next message of the
// same type. It is gopacket's DecodingLayerParser idea.
//
// The zero Decoder accepts both directions and returns a *Raw for codes
// the spec does not define.
type Decoder struct {
	// From is the direction the decoded messages travel in; codes of the
	// other direction fail with ErrInvalid. AnyDirection accepts both.
	From Direction
	// Strict makes codes the spec does not define fail with
	// ErrUnknownCode instead of decoding as a *Raw.
	Strict bool

	hi              Hi
	motd            Motd
	ping            Ping
	lag             Lag
	spawnReady      SpawnReady
	serverAccel     ServerAccel
	serverTurn      ServerTurn
	invincible      Invincible
	hit             Hit
	serverSay       ServerSay
	serverTeamSay   ServerTeamSay
	newUser         NewUser
	delObj          DelObj
	kill            Kill
	serverNewBullet ServerNewBullet
	serverNick      ServerNick
	serverSpawn     ServerSpawn
	quit            Quit
	kick            Kick
	nickReply       NickReply
	version         Version
	pass            Pass
	clientNick      ClientNick
	pong            Pong
	clientSpawn     ClientSpawn
	clientAccel     ClientAccel
	clientTurn      ClientTurn
	clientNewBullet ClientNewBullet
	cmd             Cmd
	clientSay       ClientSay
	clientTeamSay   ClientTeamSay
	raw             Raw
}

// NewDecoder returns a Decoder for messages that travel in direction from.
func NewDecoder(from Direction) *Decoder { return &Decoder{From: from} }

// value returns the Decoder's value for code c, or nil.
func (d *Decoder) value(c Code) Message {
	switch c {
	case CodeHi:
		return &d.hi
	case CodeMotd:
		return &d.motd
	case CodePing:
		return &d.ping
	case CodeLag:
		return &d.lag
	case CodeSpawnReady:
		return &d.spawnReady
	case CodeServerAccel:
		return &d.serverAccel
	case CodeServerTurn:
		return &d.serverTurn
	case CodeInvincible:
		return &d.invincible
	case CodeHit:
		return &d.hit
	case CodeServerSay:
		return &d.serverSay
	case CodeServerTeamSay:
		return &d.serverTeamSay
	case CodeNewUser:
		return &d.newUser
	case CodeDelObj:
		return &d.delObj
	case CodeKill:
		return &d.kill
	case CodeServerNewBullet:
		return &d.serverNewBullet
	case CodeServerNick:
		return &d.serverNick
	case CodeServerSpawn:
		return &d.serverSpawn
	case CodeQuit:
		return &d.quit
	case CodeKick:
		return &d.kick
	case CodeNickReply:
		return &d.nickReply
	case CodeVersion:
		return &d.version
	case CodePass:
		return &d.pass
	case CodeClientNick:
		return &d.clientNick
	case CodePong:
		return &d.pong
	case CodeClientSpawn:
		return &d.clientSpawn
	case CodeClientAccel:
		return &d.clientAccel
	case CodeClientTurn:
		return &d.clientTurn
	case CodeClientNewBullet:
		return &d.clientNewBullet
	case CodeCmd:
		return &d.cmd
	case CodeClientSay:
		return &d.clientSay
	case CodeClientTeamSay:
		return &d.clientTeamSay
	}
	return nil
}

// Decode decodes the message at the start of b and returns it with its
// length. The message is the Decoder's own value for its type: it is
// overwritten by the next message of that type, and it does not alias b.
func (d *Decoder) Decode(b []byte) (Message, int, error) {
	c, err := PeekCode(b)
	if err != nil {
		return nil, 0, err
	}
	if err := checkDirection(c, d.From); err != nil {
		return nil, 0, err
	}
	m := d.value(c)
	if m == nil {
		if d.Strict {
			return nil, 0, wire.NewError(proto, unknownName, "type", 2, wire.ErrUnknownCode)
		}
		m = &d.raw
	}
	n, err := m.Decode(b)
	if err != nil {
		return nil, 0, err
	}
	return m, n, nil
}
