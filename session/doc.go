// Package session holds the one shape of every gamewire client and
// server, and the drivers that run one over a socket.
//
// # The contract
//
// Every client and server of every protocol (bzflag, lwar, tfighters,
// retrotank, paintball) is a Session: a state machine that does no I/O, as
// quinn-proto's Connection and Python's h11 are. It is handed what
// arrived (Handle: a frame or a datagram, its peer, and the time), says
// what to send (Transmit, until it has nothing), says when it next needs
// to be called (Deadline, then Tick), and says when it has ended (Done).
// What happened in the game it reports as events of its own package,
// read from it between calls; its actions (join, move, shoot, chat,
// leave) are methods that queue messages, each checked before it is
// queued (wire.CheckSend). A session on stream connections is Framed (its
// table frames the bytes); a server on stream connections is a Server
// (told when a peer connects and leaves, and able to hang up on one).
//
// # The drivers
//
// Conn runs a Framed session over one net.Conn (a client), Listener runs a
// Server over a net.Listener (a server and its many peers), and Packet
// runs any session over a net.PacketConn (a client with its server, or a
// server and the peers its datagrams come from). Each reads its sockets on
// goroutines of its own and does everything else in Poll, on the caller's
// goroutine, so a game loop is:
//
//	for {
//		err := d.Poll(ctx, 16*time.Millisecond) // a frame's time at most
//		var refused *session.Refused
//		if err != nil && !errors.As(err, &refused) {
//			return err // the connection ended, ctx is done, or the session is Done
//		}
//		// read the session's events; call its actions
//	}
//
// Poll honours the session's deadline and ctx, and allocates nothing in
// steady state. Run polls until the end, for a server with nothing else
// to do.
//
// # The plumbing
//
// The protocol packages share, too, the queue of messages waiting to be
// sent (Queue, PushValid), the error of a message or call that a
// session's state does not allow (SequenceError), the names of a state
// machine's states (Name, NameOr) and the defaults of a configuration
// (Default).
//
// The package sits below the protocol packages (they import it) and above
// package wire.
package session
