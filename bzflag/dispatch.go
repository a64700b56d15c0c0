package bzflag

import (
	"sort"

	"github.com/gamewire/gamewire/wire"
)

// form is one message form: its layout and a constructor.
type form struct {
	layout *Layout
	new    func() Message
}

// forms lists every message form the package decodes.
var forms = [...]form{
	{enterLayout, func() Message { return new(Enter) }},
	{acceptLayout, func() Message { return new(Accept) }},
	{rejectLayout, func() Message { return new(Reject) }},
	{superKillLayout, func() Message { return new(SuperKill) }},
	{getWorldRequestLayout, func() Message { return new(GetWorldRequest) }},
	{getWorldReplyLayout, func() Message { return new(GetWorldReply) }},
	{addPlayerLayout, func() Message { return new(AddPlayer) }},
	{removePlayerLayout, func() Message { return new(RemovePlayer) }},
	{flagUpdateLayout, func() Message { return new(FlagUpdate) }},
	{teamUpdateLayout, func() Message { return new(TeamUpdate) }},
	{aliveFromClientLayout, func() Message { return new(AliveFromClient) }},
	{aliveFromServerLayout, func() Message { return new(AliveFromServer) }},
	{playerUpdateLayout, func() Message { return new(PlayerUpdate) }},
	{shotBeginLayout, func() Message { return new(ShotBegin) }},
	{messageFromClientLayout, func() Message { return new(MessageFromClient) }},
	{messageFromServerLayout, func() Message { return new(MessageFromServer) }},
	{exitLayout, func() Message { return new(Exit) }},
	{timeLeftLayout, func() Message { return new(TimeLeft) }},
	{scoreOverLayout, func() Message { return new(ScoreOver) }},
	{setTTLLayout, func() Message { return new(SetTTL) }},
	{networkRelayLayout, func() Message { return new(NetworkRelay) }},
	{killedFromClientLayout, func() Message { return new(KilledFromClient) }},
	{killedFromServerLayout, func() Message { return new(KilledFromServer) }},
	{grabFlagFromClientLayout, func() Message { return new(GrabFlagFromClient) }},
	{grabFlagFromServerLayout, func() Message { return new(GrabFlagFromServer) }},
	{dropFlagFromClientLayout, func() Message { return new(DropFlagFromClient) }},
	{dropFlagFromServerLayout, func() Message { return new(DropFlagFromServer) }},
	{captureFlagFromClientLayout, func() Message { return new(CaptureFlagFromClient) }},
	{captureFlagFromServerLayout, func() Message { return new(CaptureFlagFromServer) }},
	{shotEndLayout, func() Message { return new(ShotEnd) }},
	{scoreFromClientLayout, func() Message { return new(ScoreFromClient) }},
	{scoreFromServerLayout, func() Message { return new(ScoreFromServer) }},
	{teleportFromClientLayout, func() Message { return new(TeleportFromClient) }},
	{teleportFromServerLayout, func() Message { return new(TeleportFromServer) }},
	{gmUpdateLayout, func() Message { return new(GMUpdate) }},
	{lagPingLayout, func() Message { return new(LagPing) }},
	{idAckLayout, func() Message { return new(IDAck) }},
	{clientVersionLayout, func() Message { return new(ClientVersion) }},
	{udpLinkRequestLayout, func() Message { return new(UDPLinkRequest) }},
	{udpLinkEstablishedLayout, func() Message { return new(UDPLinkEstablished) }},
	{wantWHashRequestLayout, func() Message { return new(WantWHashRequest) }},
	{wantWHashReplyLayout, func() Message { return new(WantWHashReply) }},
	{queryGameRequestLayout, func() Message { return new(QueryGameRequest) }},
	{queryGameReplyLayout, func() Message { return new(QueryGameReply) }},
	{queryPlayersRequestLayout, func() Message { return new(QueryPlayersRequest) }},
	{queryPlayersReplyLayout, func() Message { return new(QueryPlayersReply) }},
	{acquireRadioFromClientLayout, func() Message { return new(AcquireRadioFromClient) }},
	{acquireRadioFromServerLayout, func() Message { return new(AcquireRadioFromServer) }},
	{releaseRadioFromClientLayout, func() Message { return new(ReleaseRadioFromClient) }},
	{releaseRadioFromServerLayout, func() Message { return new(ReleaseRadioFromServer) }},
}

// formKey orders (code, direction) pairs.
func formKey(c Code, from Direction) uint32 { return uint32(c)<<8 | uint32(from) }

// formTable maps formKey values, sorted, to indices into forms. A form
// shared by both directions has an entry for each.
var formTable = func() []struct {
	key uint32
	i   int
} {
	var t []struct {
		key uint32
		i   int
	}
	for i, fm := range &forms {
		for _, d := range []Direction{FromClient, FromServer} {
			if fm.layout.From == 0 || fm.layout.From == d {
				t = append(t, struct {
					key uint32
					i   int
				}{formKey(fm.layout.Code, d), i})
			}
		}
	}
	sort.Slice(t, func(a, b int) bool { return t[a].key < t[b].key })
	for i := 1; i < len(t); i++ {
		if t[i].key == t[i-1].key {
			panic("bzflag: two forms for " + forms[t[i].i].layout.Name)
		}
	}
	return t
}()

// formIndex returns the index in forms of the form for code c sent by
// from, or -1.
func formIndex(c Code, from Direction) int {
	k := formKey(c, from)
	lo, hi := 0, len(formTable)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if formTable[mid].key < k {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < len(formTable) && formTable[lo].key == k {
		return formTable[lo].i
	}
	return -1
}

// New returns a new zero message of the type for code c sent by from, or
// nil if the package has no layout for it.
func New(c Code, from Direction) Message {
	if i := formIndex(c, from); i >= 0 {
		return forms[i].new()
	}
	return nil
}

// Layouts returns the layout of every message form the package decodes,
// in the order of the spec. The Fields slices are shared: do not modify
// them.
func Layouts() []Layout {
	out := make([]Layout, len(forms))
	for i := range forms {
		out[i] = *forms[i].layout
	}
	return out
}

// Decode decodes the frame at the start of b, sent by from, into a new
// message of the right type, and returns it with the frame's length. A
// code the package has no layout for fails with wire.ErrUnknownCode. The
// message does not alias b.
func Decode(b []byte, from Direction) (Message, int, error) {
	i, err := lookup(b, from)
	if err != nil {
		return nil, 0, err
	}
	m := forms[i].new()
	n, err := m.Decode(b)
	if err != nil {
		return nil, 0, err
	}
	return m, n, nil
}

// lookup reads the header at the start of b and returns the index of its
// form.
func lookup(b []byte, from Direction) (int, error) {
	if from != FromClient && from != FromServer {
		return -1, errDirection
	}
	_, c, err := ReadHeader(b)
	if err != nil {
		return -1, err
	}
	i := formIndex(c, from)
	if i < 0 {
		return -1, errUnknownCode
	}
	return i, nil
}

var (
	errDirection   = wire.NewError(proto, "", "direction", 0, wire.ErrInvalid)
	errUnknownCode = wire.NewError(proto, "", "code", 2, wire.ErrUnknownCode)
)

// Decoder decodes frames without allocating: it keeps one value per
// message type and decodes each frame into the value of its type, in the
// manner of gopacket's DecodingLayerParser. The message Decode returns is
// overwritten by the next frame of the same type.
//
// The zero Decoder is ready to use. It is not safe for concurrent use.
type Decoder struct {
	// KeepUnknown makes Decode return a frame whose code (and direction)
	// the package has no layout for as *Raw, instead of failing with
	// wire.ErrUnknownCode. A session that must survive whatever the
	// server sends sets it.
	KeepUnknown bool

	values [len(forms)]Message
	raw    Raw
}

// Decode decodes the frame at the start of b, sent by from, and returns
// the message with the frame's length. Variable-length fields are copied
// into the Decoder's values, so the message does not alias b.
func (d *Decoder) Decode(b []byte, from Direction) (Message, int, error) {
	i, err := lookup(b, from)
	if err == errUnknownCode && d.KeepUnknown {
		n, err := d.raw.Decode(b)
		if err != nil {
			return nil, 0, err
		}
		return &d.raw, n, nil
	}
	if err != nil {
		return nil, 0, err
	}
	m := d.values[i]
	if m == nil {
		m = forms[i].new()
		d.values[i] = m
	}
	n, err := m.Decode(b)
	if err != nil {
		return nil, 0, err
	}
	return m, n, nil
}
