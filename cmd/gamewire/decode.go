package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/gamewire/gamewire/wire"
	"github.com/gamewire/gamewire/wire/spec"
)

// decodeOptions are decode's flags.
type decodeOptions struct {
	from    string // "client", "server" or ""
	hexIn   bool   // the input is hex text
	asJSON  bool   // print JSON lines, else text lines
	verbose bool   // text lines show every field whole (textPrinter)
	live    bool   // flush each line (input from a pipe or a terminal)
}

// malformed is the error decode returns when some units did not decode:
// each was reported as it came, and decoding went on with the next.
type malformed struct{ bad, total int }

func (e malformed) Error() string {
	return fmt.Sprintf("%d of %d units malformed", e.bad, e.total)
}

// decode prints one line per message (stream) or datagram. A unit that
// does not decode is reported on errOut (which unit, message, field, byte
// offset) and decoding goes on with the next, where the framing allows:
// every datagram and hex line stands alone, and a stream frame whose
// length was read is consumed whole. A stream whose framing is broken
// stops there, after everything before it was printed. The error returned
// says whether anything was malformed.
//
// Each line is flushed as soon as it is printed when live is set (input
// from a pipe or a terminal), so that a live capture shows each message as
// it arrives; from a file, output is buffered.
func decode(p *protocol, o decodeOptions, in io.Reader, out, errOut io.Writer) (err error) {
	from := o.from
	text := newTextPrinter(p, o.verbose)
	var line []byte
	var extra func(unit []byte, from string) [][]byte
	if !o.asJSON && p.textExtra != nil {
		extra = p.textExtra()
	}
	w := bufio.NewWriter(out)
	defer func() {
		if ferr := w.Flush(); err == nil {
			err = ferr
		}
	}()
	var bad, total int
	report := func(err error) {
		bad++
		w.Flush() // keep stdout and stderr in step for a person reading both
		fmt.Fprintf(errOut, "gamewire: %v\n", err)
	}
	emit := func(unit []byte) error {
		total++
		if err := checkDecoded(p, unit); err != nil {
			return err
		}
		obj, err := p.decode(unit, from)
		if err != nil {
			err = explainDecode(p, unit, from, err)
			if wrongDirection(p, unit, from) {
				return fmt.Errorf("%w (it decodes as sent by the %s: is -from %s right?)", err, otherSide(from), from)
			}
			return err
		}
		if !o.asJSON {
			line = text.line(line[:0], obj)
			obj = line
		}
		w.Write(obj)
		w.WriteByte('\n')
		if extra != nil {
			for _, x := range extra(unit, from) {
				if len(x) > 0 && x[0] == '{' {
					x = text.line(line[:0], x) // else a text line already
					line = x
				}
				w.Write(x)
				w.WriteByte('\n')
			}
		}
		if o.live {
			return w.Flush()
		}
		return nil
	}
	finish := func(err error) error {
		if err == nil && bad > 0 {
			err = malformed{bad, total}
		}
		return err
	}
	if p.datagram {
		return finish(eachDatagram(in, o.hexIn, func(n int, d []byte, derr error) error {
			if derr != nil {
				total++
				report(derr)
				return nil
			}
			if err := emit(d); err != nil {
				if !o.hexIn && looksHex(d) {
					report(fmt.Errorf("datagram %d: %w%s", n, err, hexHint))
				} else {
					report(fmt.Errorf("datagram %d: %w", n, err))
				}
			}
			return nil
		}))
	}
	hint := ""
	if o.hexIn {
		in = newHexReader(in)
	} else {
		br := bufio.NewReader(in)
		if start, _ := br.Peek(64); looksHex(start) {
			hint = hexHint
		}
		in = br
	}
	next := p.split(in)
	offset := 0
	for n := 1; ; n++ {
		frame, err := next()
		if err == io.EOF {
			return finish(nil)
		}
		if err != nil {
			// Broken framing: nothing after this point can be split. A
			// frame too long says its length and the limit itself.
			return finish(fmt.Errorf("message %d at stream offset %d: %w%s", n, offset, err, hint))
		}
		if err := emit(frame); err != nil {
			report(fmt.Errorf("message %d at stream offset %d: %w%s", n, offset, err, hint))
		}
		offset += len(frame)
	}
}

// wrongDirection reports whether unit, which does not decode as sent by
// from, does decode as sent by the other side.
func wrongDirection(p *protocol, unit []byte, from string) bool {
	if from == "" {
		return false
	}
	_, err := p.decode(unit, otherSide(from))
	return err == nil
}

// hexHint follows an error on binary input that looks like hex text.
const hexHint = " (the input looks like hex text: decode it with -hex)"

// looksHex reports whether b, the start of an input read as binary, is
// rather hex digits and white space.
func looksHex(b []byte) bool {
	digits := 0
	for _, c := range b {
		switch {
		case '0' <= c && c <= '9', 'a' <= c && c <= 'f', 'A' <= c && c <= 'F':
			digits++
		case c == ' ', c == '\t', c == '\n', c == '\r':
		default:
			return false
		}
	}
	return digits >= 2
}

// eachDatagram calls f with each datagram of the input: one per non-blank
// line of hex, or the whole input as one datagram. A line that is not hex
// is passed to f as an error, and the lines after it go on.
func eachDatagram(in io.Reader, hexIn bool, f func(n int, d []byte, err error) error) error {
	if !hexIn {
		d, err := readDatagram(in)
		if err != nil {
			return err
		}
		return f(1, d, nil)
	}
	return eachLine(in, func(n int, line []byte) error {
		d, err := decodeHexLine(n, line)
		return f(n, d, err)
	})
}

// decodeUnit decodes unit as table t's form for its code sent in
// direction d (Both: the form either side sends with it), into a new
// value, checking its layout and not the spec's rules: decode prints what
// arrived, rules broken or not. A code t has no form for in that
// direction fails with t's ErrUnknownCode; trailing bytes are the
// caller's to judge, from the length returned.
func decodeUnit(t *spec.Table, unit []byte, d wire.Direction) (wire.Message, int, error) {
	c, err := t.Code(unit)
	if err != nil {
		return nil, 0, err
	}
	f := t.Lookup(c, d)
	if f == nil {
		return nil, 0, t.UnknownCode()
	}
	m := t.New(f)
	n, err := m.Decode(unit)
	if err != nil {
		return nil, n, err
	}
	return m, n, nil
}
