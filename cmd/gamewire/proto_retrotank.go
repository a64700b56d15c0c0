package main

import (
	"errors"
	"fmt"

	"github.com/gamewire/gamewire/internal/dissector"
	"github.com/gamewire/gamewire/retrotank"
	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// retrotank is a datagram protocol: one unit is one UDP datagram holding
// one message, printed as one JSON object:
//
//	{"msg":"MSG_TYPE_CONN_ACCEPT","code":3,"messageId":1,"client":0,"randId":3735928559}
//
// Every type code has one layout, so -from is optional: without it a code
// is read in the direction that has it (client first). The time-sync
// datagrams of port 26001 have no type byte: they are the protocol
// "retrotank-timesync" (5 bytes from the client, 9 from the server; -from
// or the length tells them apart), which -proto retrotank -timesync names
// too.
func init() {
	p := retrotankProtocol("retrotank", retrotank.Table(),
		"Retro Tank Super Attack (2007), UDP datagrams on port 26000, big-endian; a type byte, then a message id on acknowledged messages; MSG_TYPE_* numbered 0-13 in the spec's order (docs/errata/retrotank.md)",
		retrotankDecode)
	p.timesync = "retrotank-timesync"
	p.port = retrotank.ServerPort
	p.dissector = &dissector.Options{Title: "Retro Tank"}
	register(p)
	ts := retrotankProtocol("retrotank-timesync", retrotank.TimeTable(),
		"Retro Tank Super Attack time synchronisation, UDP datagrams on port 26001, big-endian, no type byte: TimeRequest (client, 5 bytes), TimeReply (server, 9 bytes)",
		retrotankDecodeTime)
	ts.port = retrotank.TimeSyncPort
	ts.dissector = &dissector.Options{Title: "Retro Tank time sync", ByDirection: true}
	register(ts)
}

func retrotankProtocol(name string, t *spec.Table, summary string, decode func([]byte, string) ([]byte, error)) *protocol {
	p := tableProtocol(name, summary, t)
	p.datagram = true
	p.decode = decode
	p.encode = encodeTable(p)
	return p
}

func retrotankDecode(unit []byte, from string) ([]byte, error) {
	var first error
	for _, d := range directions(from, wire.FromClient, wire.FromServer) {
		m, n, err := decodeUnit(retrotank.Table(), unit, d)
		if err == nil && n != len(unit) {
			err = m.Form().Err("", wire.ErrTrailing)
		}
		if err == nil {
			return messageJSON(m.Form().Name, int(m.Form().Code), m)
		}
		if first == nil || errors.Is(first, wire.ErrUnknownCode) {
			first = err // the direction that knows the code says what is wrong
		}
	}
	return nil, first
}

func retrotankDecodeTime(unit []byte, from string) ([]byte, error) {
	dirs := directions(from, wire.FromClient, wire.FromServer)
	if from == "" {
		switch len(unit) {
		case 5:
			dirs = dirs[:1]
		case 9:
			dirs = dirs[1:]
		default:
			return nil, fmt.Errorf("retrotank-timesync: a datagram of %d bytes: TimeRequest is 5, TimeReply 9", len(unit))
		}
	}
	m, _, err := retrotank.DecodeTime(unit, dirs[0])
	if err != nil {
		return nil, err
	}
	return messageJSON(m.Form().Name, int(m.Form().Code), m)
}
