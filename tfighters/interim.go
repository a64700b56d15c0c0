package tfighters

import "github.com/gamewire/gamewire/wire"

// Interim: what forms_gen.go will hold once internal/formgen lands.

func newMessage(i int) wire.Message {
	switch i {
	case 0:
		return new(Hi)
	case 1:
		return new(Motd)
	case 2:
		return new(Ping)
	case 3:
		return new(Lag)
	case 4:
		return new(SpawnReady)
	case 5:
		return new(ServerAccel)
	case 6:
		return new(ServerTurn)
	case 7:
		return new(Invincible)
	case 8:
		return new(Hit)
	case 9:
		return new(ServerSay)
	case 10:
		return new(ServerTeamSay)
	case 11:
		return new(NewUser)
	case 12:
		return new(DelObj)
	case 13:
		return new(Kill)
	case 14:
		return new(ServerNewBullet)
	case 15:
		return new(ServerNick)
	case 16:
		return new(ServerSpawn)
	case 17:
		return new(Quit)
	case 18:
		return new(Kick)
	case 19:
		return new(NickReply)
	case 20:
		return new(Version)
	case 21:
		return new(Pass)
	case 22:
		return new(ClientNick)
	case 23:
		return new(Pong)
	case 24:
		return new(ClientSpawn)
	case 25:
		return new(ClientAccel)
	case 26:
		return new(ClientTurn)
	case 27:
		return new(ClientNewBullet)
	case 28:
		return new(Cmd)
	case 29:
		return new(ClientSay)
	case 30:
		return new(ClientTeamSay)
	}
	return nil
}

// Form returns the table's form of Hi.
func (*Hi) Form() *wire.Form { return &forms[0] }

// Form returns the table's form of Motd.
func (*Motd) Form() *wire.Form { return &forms[1] }

// Form returns the table's form of Ping.
func (*Ping) Form() *wire.Form { return &forms[2] }

// Form returns the table's form of Lag.
func (*Lag) Form() *wire.Form { return &forms[3] }

// Form returns the table's form of SpawnReady.
func (*SpawnReady) Form() *wire.Form { return &forms[4] }

// Form returns the table's form of ServerAccel.
func (*ServerAccel) Form() *wire.Form { return &forms[5] }

// Form returns the table's form of ServerTurn.
func (*ServerTurn) Form() *wire.Form { return &forms[6] }

// Form returns the table's form of Invincible.
func (*Invincible) Form() *wire.Form { return &forms[7] }

// Form returns the table's form of Hit.
func (*Hit) Form() *wire.Form { return &forms[8] }

// Form returns the table's form of ServerSay.
func (*ServerSay) Form() *wire.Form { return &forms[9] }

// Form returns the table's form of ServerTeamSay.
func (*ServerTeamSay) Form() *wire.Form { return &forms[10] }

// Form returns the table's form of NewUser.
func (*NewUser) Form() *wire.Form { return &forms[11] }

// Form returns the table's form of DelObj.
func (*DelObj) Form() *wire.Form { return &forms[12] }

// Form returns the table's form of Kill.
func (*Kill) Form() *wire.Form { return &forms[13] }

// Form returns the table's form of ServerNewBullet.
func (*ServerNewBullet) Form() *wire.Form { return &forms[14] }

// Form returns the table's form of ServerNick.
func (*ServerNick) Form() *wire.Form { return &forms[15] }

// Form returns the table's form of ServerSpawn.
func (*ServerSpawn) Form() *wire.Form { return &forms[16] }

// Form returns the table's form of Quit.
func (*Quit) Form() *wire.Form { return &forms[17] }

// Form returns the table's form of Kick.
func (*Kick) Form() *wire.Form { return &forms[18] }

// Form returns the table's form of NickReply.
func (*NickReply) Form() *wire.Form { return &forms[19] }

// Form returns the table's form of Version.
func (*Version) Form() *wire.Form { return &forms[20] }

// Form returns the table's form of Pass.
func (*Pass) Form() *wire.Form { return &forms[21] }

// Form returns the table's form of ClientNick.
func (*ClientNick) Form() *wire.Form { return &forms[22] }

// Form returns the table's form of Pong.
func (*Pong) Form() *wire.Form { return &forms[23] }

// Form returns the table's form of ClientSpawn.
func (*ClientSpawn) Form() *wire.Form { return &forms[24] }

// Form returns the table's form of ClientAccel.
func (*ClientAccel) Form() *wire.Form { return &forms[25] }

// Form returns the table's form of ClientTurn.
func (*ClientTurn) Form() *wire.Form { return &forms[26] }

// Form returns the table's form of ClientNewBullet.
func (*ClientNewBullet) Form() *wire.Form { return &forms[27] }

// Form returns the table's form of Cmd.
func (*Cmd) Form() *wire.Form { return &forms[28] }

// Form returns the table's form of ClientSay.
func (*ClientSay) Form() *wire.Form { return &forms[29] }

// Form returns the table's form of ClientTeamSay.
func (*ClientTeamSay) Form() *wire.Form { return &forms[30] }
