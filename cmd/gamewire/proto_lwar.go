package main

import (
	"encoding/json"
	"fmt"

	"github.com/gamewire/gamewire/internal/dissector"
	"github.com/gamewire/gamewire/lwar"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// lwar is a datagram protocol: one unit is one UDP packet, printed as one
// JSON object with the packet header and the messages it holds:
//
//	{"msg":"Packet","appId":4067461061,"ack":1,"timestamp":3000,
//	 "messages":[{"msg":"Join","code":3,"seqno":1,"playerId":{...},"name":"Axel"}, ...]}
//
// The Chat message's "msg" field (its text) appears as "message", since
// "msg" names the message type in every JSON object. A datagram over the
// spec's 512 bytes (the original server sends some, docs/errata/lwar.md
// E5) is decoded and printed with "oversize":true, and encode writes it
// back as it was; without that key encode refuses more than 512 bytes.
func init() {
	p := tableProtocol("lwar", "lwar network protocol rev. 14 (2013-06-04), UDP datagrams, big-endian; a 12-byte packet header (appId, ack, timestamp), then messages", lwar.Table())
	p.datagram = true
	p.ownLimit = true // a packet over 512 bytes decodes as "oversize", and encodes only so marked
	p.port = lwar.DefaultPort
	p.dissector = &dissector.Options{
		Title: "lwar",
		// "Packet Header: the following data is included at the
		// beginning of every UDP packet sent by a server or a client."
		// The table describes messages; the datagram's header is here.
		PacketName: "Packet",
		Packet: []spec.Field{
			{Name: "appId", Type: "u32", Role: spec.MarkerRole, Value: uint64(lwar.AppID), Doc: "Must always be 0xf27087c5"},
			{Name: "ack", Type: "u32", Doc: "Sequence number of the last reliable message that has been processed"},
			{Name: "timestamp", Type: "u32", Doc: "Timestamp of the unreliable messages contained in the packet"},
		},
	}
	p.decode = lwarDecode
	p.encode = func(obj []byte, _ string) ([]byte, error) { return lwarEncode(p, obj) }
	register(p)
}

// lwarPacket is the JSON form of a packet.
type lwarPacket struct {
	Msg       string            `json:"msg"`
	AppID     *uint32           `json:"appId,omitempty"`
	Ack       uint32            `json:"ack"`
	Timestamp uint32            `json:"timestamp"`
	Oversize  bool              `json:"oversize,omitempty"`
	Messages  []json.RawMessage `json:"messages"`
}

// lwarDecode decodes one datagram sent by from ("" for either side).
func lwarDecode(unit []byte, from string) ([]byte, error) {
	it := lwar.Iterator{Policy: wire.Lax} // keep what a real server sends, up to lwar.HardMaxPacketSize
	if d := direction(from); d != wire.Both {
		it.From = d // else 0: either
	}
	if err := it.Reset(unit); err != nil {
		return nil, err
	}
	appID := lwar.AppID
	out := lwarPacket{Msg: "Packet", AppID: &appID, Ack: it.Header.Ack, Timestamp: it.Header.Timestamp,
		Oversize: len(unit) > lwar.MaxPacketSize, Messages: []json.RawMessage{}}
	for it.Next() {
		m := it.Message()
		obj, err := messageJSON(m.Form().Name, int(m.Form().Code), m)
		if err != nil {
			return nil, err
		}
		out.Messages = append(out.Messages, obj)
	}
	if err := it.Err(); err != nil {
		return nil, fmt.Errorf("message %d: %w", len(out.Messages)+1, err) // err names the byte offset
	}
	return json.Marshal(out)
}

func lwarEncode(p *protocol, obj []byte) ([]byte, error) {
	var in lwarPacket
	if err := decodeJSON(obj, &in, ""); err != nil {
		return nil, fmt.Errorf("lwar: packet: %w", err)
	}
	if in.Msg != "Packet" {
		return nil, fmt.Errorf(`lwar: "msg" is %q; each line is one packet, "msg":"Packet"`, in.Msg)
	}
	if in.AppID != nil && *in.AppID != lwar.AppID {
		return nil, fmt.Errorf("lwar: appId must be %d (0x%x), not %d", lwar.AppID, lwar.AppID, *in.AppID)
	}
	pkt := lwar.Packet{Header: lwar.Header{Ack: in.Ack, Timestamp: in.Timestamp}}
	for i, raw := range in.Messages {
		h, err := readHeader(raw)
		if err != nil {
			return nil, fmt.Errorf("lwar: message %d: %w", i+1, err)
		}
		info, err := lookupMessage(p, h.Msg, "")
		if err != nil {
			return nil, fmt.Errorf("message %d: %w", i+1, err)
		}
		if h.Code != nil && *h.Code != info.Code {
			return nil, fmt.Errorf("lwar: message %d: %s has code %d, not %d", i+1, h.Msg, info.Code, *h.Code)
		}
		m := info.New().(lwar.Message)
		if err := unmarshalFields(raw, m); err != nil {
			return nil, fmt.Errorf("lwar: message %d (%s): %w", i+1, h.Msg, err)
		}
		pkt.Messages = append(pkt.Messages, m)
	}
	encode := pkt.AppendBinary
	if in.Oversize {
		encode = pkt.AppendLax
	}
	b, err := encode(nil)
	if err != nil {
		return nil, fmt.Errorf("lwar: packet of %d bytes: %w", pkt.Size(), err)
	}
	return b, nil
}
