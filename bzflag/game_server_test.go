package bzflag_test

import (
	"errors"
	"net"
	"net/netip"
	"testing"
	"time"

	"github.com/gamewire/gamewire/bzflag"
	"github.com/gamewire/gamewire/wire"
)

// gameServer is the server side of a whole game for one client, written
// with the package's own types, as bzfs 1.7 answers: the join (through
// tinyServer's listeners and world, with a robot already in and one flag
// on the ground), MsgAccept to MsgNetworkRelay, the UDP link when udp is
// set (its port in answer to MsgUDPLinkRequest; up with the client's
// first datagram; then MsgPlayerUpdate, MsgShotBegin and MsgLagPing go
// over it), a MsgLagPing once the player is alive, and the broadcasts of
// what the player does (MsgAlive, MsgGrabFlag, MsgDropFlag, MsgTeleport,
// MsgKilled, MsgScore). It polls its two sockets in one goroutine.
type gameServer struct {
	*tinyServer
	udp  *net.UDPConn // nil: bzfs -noudp (MsgUDPLinkRequest unanswered)
	link *bzflag.UDPLink

	// what the server saw: the codes from the client, by transport, and
	// whether the lag ping came back
	tcpCodes, udpCodes []bzflag.Code
	pinged, ponged     bool

	// bad, if set, is written as it is on TCP before MsgAccept: a frame
	// the client's reader must skip.
	bad []byte
}

func newGameServer(udp bool) (*gameServer, error) {
	ts, err := newTinyServer()
	if err != nil {
		return nil, err
	}
	s := &gameServer{tinyServer: ts}
	if udp {
		s.udp, err = net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
		if err != nil {
			ts.Close()
			return nil, err
		}
		s.link = bzflag.NewUDPLink(s.udp, bzflag.FromClient)
	}
	return s, nil
}

func (s *gameServer) Close() {
	s.tinyServer.Close()
	if s.udp != nil {
		s.udp.Close()
	}
}

// startGameServer starts a gameServer serving one client, closed when
// the test ends; wait returns what serve returned.
func startGameServer(t *testing.T, udp bool) (s *gameServer, wait func() error) {
	t.Helper()
	s, err := newGameServer(udp)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s, background(s.serve)
}

// errServerTimeout ends a session that takes too long.
var errServerTimeout = errors.New("game server: session too long")

// serve serves one client from handshake to MsgExit.
func (s *gameServer) serve() error {
	nc, _, err := s.accept()
	if err != nil {
		return err
	}
	defer nc.Close()
	c := bzflag.NewConn(nc, bzflag.FromClient)
	adm := &bzflag.Server{Worlds: s.worlds}
	peer := nc.RemoteAddr().(*net.TCPAddr).AddrPort()
	assigned := bzflag.PlayerID{Host: bzflag.IPv4{127, 0, 0, 1}, Port: peer.Port(), Number: 0}
	flag := bzflag.FlagStatus{ID: bzflag.GuidedMissileFlag, Status: bzflag.FlagOnGround,
		Type: bzflag.FlagUnstable, Position: bzflag.Vec3{5, 5, 0}}
	var me bzflag.PlayerID // the id the client gave in MsgEnter, until MsgIdAck
	// send goes over UDP what bzfs sends there once the link is up.
	send := func(m bzflag.Message) error {
		if s.link != nil && s.link.Up() && bzflag.ServerOverUDP(bzflag.CodeOf(m)) {
			return s.link.WriteMessage(m)
		}
		return c.WriteMessage(m)
	}
	end := time.Now().Add(10 * time.Second)
	for time.Now().Before(end) {
		var m bzflag.Message
		nc.SetReadDeadline(time.Now().Add(5 * time.Millisecond))
		m, err = c.Next()
		if wire.IsTimeout(err) && s.link != nil {
			// A read deadline is not the end of the stream: poll UDP.
			s.udp.SetReadDeadline(time.Now().Add(5 * time.Millisecond))
			m, err = s.link.Next()
			if wire.IsTimeout(err) {
				continue
			}
			if err != nil {
				return err
			}
			s.udpCodes = append(s.udpCodes, bzflag.CodeOf(m))
		} else if wire.IsTimeout(err) {
			continue
		} else if err != nil {
			return err
		} else {
			s.tcpCodes = append(s.tcpCodes, bzflag.CodeOf(m))
		}
		reply, err := adm.Handle(m)
		if err != nil {
			return err
		}
		if reply != nil {
			if err := c.WriteMessage(reply); err != nil {
				return err
			}
		}
		if adm.State() == bzflag.ServerDeciding {
			e := adm.Request()
			me = e.ID
			if s.bad != nil {
				if _, err := nc.Write(s.bad); err != nil {
					return err
				}
			}
			for _, r := range []bzflag.Message{
				adm.Accept(assigned),
				&bzflag.TeamUpdate{Team: bzflag.RogueTeam, Players: 1, Active: 1},
				&bzflag.TeamUpdate{Team: e.Team, Players: 1, Active: 1},
				&bzflag.FlagUpdate{Index: 0, Flag: flag},
				&bzflag.AddPlayer{ID: robotID, Type: bzflag.ComputerPlayer, Team: bzflag.RogueTeam, Wins: 3,
					CallSign: bzflag.NewCallSign("robot"), Email: bzflag.NewEmail("robot@localhost")},
				adm.Welcome(),
			} {
				if err := c.WriteMessage(r); err != nil {
					return err
				}
			}
		}
		switch m := m.(type) {
		case *bzflag.IDAck:
			me = assigned
		case *bzflag.NetworkRelay:
			err = c.WriteMessage(&bzflag.Accept{})
		case *bzflag.UDPLinkRequest:
			if s.link != nil {
				s.link.Expect(netip.AddrPortFrom(peer.Addr(), m.Port))
				err = c.WriteMessage(&bzflag.UDPLinkRequest{Port: uint16(s.udp.LocalAddr().(*net.UDPAddr).Port)})
			}
		case *bzflag.AliveFromClient:
			err = send(&bzflag.AliveFromServer{ID: me, Position: m.Position, Forward: m.Forward})
			if err == nil && !s.pinged {
				s.pinged = true
				err = send(&bzflag.LagPing{Seq: 1})
			}
		case *bzflag.LagPing:
			s.ponged = m.Seq == 1
		case *bzflag.PlayerUpdate:
			// The robot follows the player, one meter behind.
			err = send(&bzflag.PlayerUpdate{ID: robotID, Status: bzflag.StatusAlive,
				Position: bzflag.Vec3{m.Position[0] - 1, m.Position[1], m.Position[2]}, Azimuth: m.Azimuth})
		case *bzflag.GrabFlagFromClient:
			flag.Status, flag.Owner = bzflag.FlagOnTank, me
			err = send(&bzflag.GrabFlagFromServer{Grabber: me, Index: m.Index, Flag: flag})
		case *bzflag.DropFlagFromClient:
			flag.Status, flag.Owner, flag.Position = bzflag.FlagOnGround, bzflag.PlayerID{}, m.Position
			err = send(&bzflag.DropFlagFromServer{Dropper: me, Index: 0, Flag: flag})
		case *bzflag.TeleportFromClient:
			err = send(&bzflag.TeleportFromServer{ID: me, From: m.From, To: m.To})
		case *bzflag.KilledFromClient:
			err = send(&bzflag.KilledFromServer{Victim: me, Killer: m.Killer, ShotID: m.ShotID})
			if err == nil {
				err = send(&bzflag.ScoreFromServer{ID: robotID, Wins: 4})
			}
		case *bzflag.Exit:
			// What came over UDP before MsgExit is still counted.
			for s.link != nil {
				s.udp.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
				m, err := s.link.Next()
				if err != nil {
					break
				}
				s.udpCodes = append(s.udpCodes, bzflag.CodeOf(m))
			}
			return nil
		}
		if err != nil {
			return err
		}
	}
	return errServerTimeout
}
