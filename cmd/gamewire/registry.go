package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"sync"

	"github.com/gamewire/gamewire/internal/dissector"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// Message is what every gamewire message type satisfies.
type Message interface {
	Size() int
	AppendBinary(b []byte) ([]byte, error)
	UnmarshalBinary(b []byte) error
}

// messageInfo describes one message form of a protocol.
type messageInfo struct {
	Name string         // the spec's name: "MsgEnter", "Connect", "CMSG_VERSION"
	Code int            // the code or type id on the wire
	From string         // "client", "server" or "both": who sends this form
	New  func() Message // a new zero value (a pointer to the message type)
}

// tableMessages describes every form of the message table t.
func tableMessages(t *spec.Table) []messageInfo {
	out := make([]messageInfo, len(t.Forms))
	for i := range t.Forms {
		f := &t.Forms[i]
		out[i] = messageInfo{
			Name: f.Name,
			Code: int(f.Code),
			From: f.From.String(), // "client", "server" or "both"
			New:  func() Message { return t.New(f) },
		}
	}
	return out
}

// tableProtocol returns the protocol name, described by summary, whose
// messages are the forms of its message table t (tableMessages).
func tableProtocol(name, summary string, t *spec.Table) *protocol {
	p := &protocol{name: name, summary: summary, table: t, messages: tableMessages(t)}
	if !t.Datagram {
		p.split = tableSplit(t)
	}
	return p
}

// tableSplit returns a split function that cuts a stream into frames as
// table t frames them (wire.Stream.NextFrame).
func tableSplit(t *spec.Table) func(io.Reader) func() ([]byte, error) {
	return func(r io.Reader) func() ([]byte, error) { return wire.NewStream(t, r, wire.FromServer).NextFrame }
}

// sentBy reports whether the form is sent by from ("" matches all).
func (m messageInfo) sentBy(from string) bool {
	return from == "" || m.From == "both" || m.From == from
}

// titledTable is a table spec prints after a protocol's own.
type titledTable struct {
	title string
	table *spec.Table
}

// protocol is what a protocol package registers. Each protocol has a file
// of its own, proto_<name>.go, whose init calls register.
type protocol struct {
	name      string
	summary   string // one line: the spec and the transport
	datagram  bool   // one unit per datagram (else a byte stream split into frames)
	needsFrom bool   // decode and encode need -from (the direction picks the layout)
	noFrom    bool   // -from means nothing for this protocol (noFromWhy says why)
	noFromWhy string
	timesync  string // the protocol -timesync switches to (retrotank's time-sync datagrams)
	headerLen int    // bytes of the per-message header, for spec

	// ownLimit says the protocol's encode and decode apply their own
	// limit on a frame or datagram (lwar's packets), not the table's
	// HardMax.
	ownLimit bool

	messages []messageInfo // for spec, and for the helpers below

	// table is the protocol's message table, when its package has one:
	// spec prints it as declared instead of measuring the codecs.
	table *spec.Table
	// more are tables spec prints after table, each under its title
	// (bzflag's world database blocks, which travel inside MsgGetWorld).
	more []titledTable
	// codeName, if set, gives a code's text as the spec writes it ("gw").
	codeName func(code uint32) string

	// port is the protocol's default port (TCP for a stream, UDP for
	// datagrams): decode -pcap recognises the protocol by it and its
	// dissector registers on it; 0 for none (decode -pcap needs -proto).
	port uint16
	// dissector is what the protocol's Wireshark dissector needs beyond
	// its table (title, displays, a datagram's packet header; its port
	// and enums are filled in); nil for a protocol without one.
	dissector *dissector.Options

	// split returns a function that yields one frame at a time from a
	// stream (stream protocols only), io.EOF at a clean end.
	split func(r io.Reader) func() ([]byte, error)

	// decode turns one frame or datagram into one JSON object (see
	// messageJSON for the shape).
	decode func(unit []byte, from string) ([]byte, error)

	// textExtra, if set, returns for one decode run a function that may
	// give more JSON objects to print, as text only, after a unit's line
	// (bzflag's assembled world).
	textExtra func() func(unit []byte, from string) [][]byte

	// blobs are the JSON keys text output summarises (blobKeys), found
	// once.
	blobs     map[string]bool
	blobsOnce sync.Once

	// encode turns one JSON object back into the exact bytes.
	encode func(obj []byte, from string) ([]byte, error)
}

var registry = map[string]*protocol{}

// register adds p; it is called from init functions.
func register(p *protocol) {
	if _, dup := registry[p.name]; dup {
		panic("gamewire: protocol " + p.name + " registered twice")
	}
	registry[p.name] = p
}

// messageJSON returns m as one JSON object: "msg" (the spec's name),
// "code", then m's own fields as encoding/json writes them (the message
// types carry json tags with the spec's field names), with the floats
// JSON numbers cannot hold as the strings of their bits (floats.go).
func messageJSON(name string, code int, m any) ([]byte, error) {
	fields, err := marshalExact(m)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, len(fields)+len(name)+32)
	b = append(b, `{"msg":`...)
	b = strconv.AppendQuote(b, name)
	b = append(b, `,"code":`...)
	b = strconv.AppendInt(b, int64(code), 10)
	if len(fields) > 2 && fields[0] == '{' {
		b = append(b, ',')
		b = append(b, fields[1:]...)
	} else if len(fields) >= 2 && fields[0] == '{' {
		b = append(b, '}')
	} else {
		b = append(b, `,"value":`...)
		b = append(b, fields...)
		b = append(b, '}')
	}
	return b, nil
}

// header is the part of a JSON line that names the message.
type header struct {
	Msg  string `json:"msg"`
	Code *int   `json:"code"`
}

// readHeader returns the "msg" and "code" of a JSON object.
func readHeader(obj []byte) (header, error) {
	var h header
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(obj, &fields); err != nil {
		return h, fmt.Errorf("not a JSON object: %s", shortJSON(obj))
	}
	if m, ok := fields["msg"]; ok {
		if err := decodeJSON(m, &h.Msg, "msg"); err != nil {
			return h, err
		}
	}
	if c, ok := fields["code"]; ok && string(c) != "null" {
		var code uint32
		if err := decodeJSON(c, &code, "code"); err != nil {
			return h, err
		}
		h.Code = new(int)
		*h.Code = int(code)
	}
	if h.Msg == "" {
		return h, fmt.Errorf(`JSON object has no "msg"`)
	}
	return h, nil
}

// lookupMessage finds the message form named name sent by from.
func lookupMessage(p *protocol, name, from string) (messageInfo, error) {
	for _, m := range p.messages {
		if m.Name == name && m.sentBy(from) {
			return m, nil
		}
	}
	if from != "" {
		return messageInfo{}, fmt.Errorf("%s: no message %q sent by the %s", p.name, name, from)
	}
	return messageInfo{}, fmt.Errorf("%s: no message %q", p.name, name)
}

// encodeTable is an encode function for protocols whose JSON lines each
// hold one message of the table: it looks the message up by "msg", fills a
// new value from the JSON and appends its bytes.
func encodeTable(p *protocol) func(obj []byte, from string) ([]byte, error) {
	return func(obj []byte, from string) ([]byte, error) {
		h, err := readHeader(obj)
		if err != nil {
			return nil, err
		}
		info, err := lookupMessage(p, h.Msg, from)
		if err != nil {
			return nil, err
		}
		if h.Code != nil && *h.Code != info.Code {
			return nil, fmt.Errorf("%s: %s has code %d, not %d", p.name, h.Msg, info.Code, *h.Code)
		}
		m := info.New()
		if err := unmarshalFields(obj, m); err != nil {
			return nil, fmt.Errorf("%s: %s: %w", p.name, h.Msg, err)
		}
		return appendMessage(m)
	}
}

// twoLetters names a code as BZFlag's spec writes it: its two bytes as
// letters ("gw" for 0x6777), when both are printable ASCII.
func twoLetters(c uint32) string {
	hi, lo := byte(c>>8), byte(c)
	if c > 0xffff || hi <= ' ' || hi > '~' || lo <= ' ' || lo > '~' {
		return ""
	}
	return string([]byte{hi, lo})
}
