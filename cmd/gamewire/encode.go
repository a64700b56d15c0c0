package main

import (
	"bufio"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"reflect"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// encode reads JSON lines and writes the bytes they stand for.
func encode(p *protocol, from string, in io.Reader, hexOut bool, out io.Writer) (err error) {
	w := bufio.NewWriter(out)
	defer func() {
		if ferr := w.Flush(); err == nil {
			err = ferr
		}
	}()
	return eachLine(in, func(n int, line []byte) error {
		if p.datagram && !hexOut && n > 1 {
			// Raw datagrams written back to back lose their boundaries.
			return fmt.Errorf("line %d: a second datagram: without -hex the output is one datagram (use -hex for one per line)", n)
		}
		b, err := p.encode(line, from)
		if err == nil {
			err = checkEncoded(p, b, from)
		}
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

// appendMessage encodes m, naming the field, its length and its bound
// when a variable field is too long for the table.
func appendMessage(m Message) ([]byte, error) {
	b, err := m.AppendBinary(nil)
	if err == nil {
		return b, nil
	}
	var we *wire.Error
	fm, ok := m.(interface{ Form() *spec.Form })
	if !errors.Is(err, wire.ErrTooLong) || !errors.As(err, &we) || we.Field == "" || !ok {
		return nil, err
	}
	for _, f := range fm.Form().Layout() {
		if f.Name != we.Field || f.Max <= 0 {
			continue
		}
		v := reflect.ValueOf(m).Elem()
		if index := fieldIndex(v.Type(), f.Name); index != nil {
			fv := v.FieldByIndex(index)
			if fv.Kind() == reflect.Slice || fv.Kind() == reflect.String {
				unit := "bytes"
				if fv.Kind() == reflect.Slice && fv.Type().Elem().Kind() != reflect.Uint8 {
					unit = "entries"
				}
				max := f.Max
				if f.Type == "cstring" {
					max-- // the bound holds the terminating NUL
				}
				return nil, fmt.Errorf("%s: %s: field %s: %d %s, at most %d", we.Protocol, we.Message, f.Name, fv.Len(), unit, max)
			}
		}
	}
	return nil, err
}
