package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"unicode"
)

// decode prints one line per message (stream) or datagram.
func decode(p *protocol, from string, in io.Reader, hexIn, asJSON bool, out io.Writer) error {
	w := bufio.NewWriter(out)
	defer w.Flush()
	emit := func(unit []byte) error {
		obj, err := p.decode(unit, from)
		if err != nil {
			return err
		}
		if !asJSON {
			obj = textLine(obj)
		}
		w.Write(obj)
		return w.WriteByte('\n')
	}
	if p.datagram {
		return eachDatagram(in, hexIn, func(n int, d []byte) error {
			if err := emit(d); err != nil {
				return fmt.Errorf("datagram %d: %w", n, err)
			}
			return nil
		})
	}
	if hexIn {
		raw, err := readHexStream(in)
		if err != nil {
			return err
		}
		in = bytes.NewReader(raw)
	}
	next := p.split(in)
	offset := 0
	for n := 1; ; n++ {
		frame, err := next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("message %d at stream offset %d: %w", n, offset, err)
		}
		if err := emit(frame); err != nil {
			return fmt.Errorf("message %d at stream offset %d: %w", n, offset, err)
		}
		offset += len(frame)
	}
}

// encode reads JSON lines and writes the bytes they stand for.
func encode(p *protocol, from string, in io.Reader, hexOut bool, out io.Writer) error {
	w := bufio.NewWriter(out)
	defer w.Flush()
	return jsonLines(in, func(n int, line []byte) error {
		b, err := p.encode(line, from)
		if err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		if hexOut {
			w.WriteString(hex.EncodeToString(b))
			return w.WriteByte('\n')
		}
		_, err = w.Write(b)
		return err
	})
}

// eachDatagram calls f with each datagram of the input: one per non-blank
// line of hex, or the whole input as one datagram.
func eachDatagram(in io.Reader, hexIn bool, f func(n int, d []byte) error) error {
	if !hexIn {
		d, err := io.ReadAll(in)
		if err != nil {
			return err
		}
		return f(1, d)
	}
	return jsonLines(in, func(n int, line []byte) error {
		d, err := hex.DecodeString(string(stripSpace(line)))
		if err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		return f(n, d)
	})
}

// readHexStream reads hex digits, ignoring white space.
func readHexStream(in io.Reader) ([]byte, error) {
	text, err := io.ReadAll(in)
	if err != nil {
		return nil, err
	}
	b, err := hex.DecodeString(string(stripSpace(text)))
	if err != nil {
		return nil, fmt.Errorf("hex input: %w", err)
	}
	return b, nil
}

func stripSpace(b []byte) []byte {
	return bytes.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, b)
}

// textLine turns a JSON object {"msg":M,"code":C,...} into the plain text
// line "M code=C(0xC) {...fields}" ("M {...fields}" when there is no code,
// as for a datagram).
func textLine(obj []byte) []byte {
	var h struct {
		Msg  string `json:"msg"`
		Code *int   `json:"code"`
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(obj, &h) != nil || json.Unmarshal(obj, &fields) != nil {
		return obj
	}
	delete(fields, "msg")
	delete(fields, "code")
	rest, err := json.Marshal(fields)
	if err != nil {
		return obj
	}
	if h.Code == nil {
		return fmt.Appendf(nil, "%s %s", h.Msg, rest)
	}
	return fmt.Appendf(nil, "%s code=%d(0x%04x) %s", h.Msg, *h.Code, *h.Code, rest)
}
