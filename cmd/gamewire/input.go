package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Input is read as it arrives, with bounded memory whatever its size, so
// that a live pipe (tcpdump -w - | ..., a proxy's log) prints each message
// as soon as it is complete.

// maxLine bounds one line of JSON or hex input: far more than the largest
// message of any protocol in any text form.
const maxLine = 1 << 20

// maxDatagram bounds a datagram read whole from a file: more than any
// datagram (a UDP payload is at most 65,507 bytes).
const maxDatagram = 1 << 16

// eachLine calls f with each non-blank line of r (trimmed), numbered from
// 1, reading one line at a time. A line over maxLine bytes is an error.
func eachLine(r io.Reader, f func(n int, line []byte) error) error {
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 0, 64<<10), maxLine)
	n := 0
	for s.Scan() {
		n++
		line := bytes.TrimSpace(s.Bytes())
		if len(line) == 0 {
			continue
		}
		if err := f(n, line); err != nil {
			return err
		}
	}
	if errors.Is(s.Err(), bufio.ErrTooLong) {
		return fmt.Errorf("line %d: longer than %d bytes", n+1, maxLine)
	}
	return s.Err()
}

// hexError is a character of hex input that is not a hex digit or white
// space: where it is, and what it is.
type hexError struct {
	line, col int
	c         byte
}

func (e hexError) Error() string {
	return fmt.Sprintf("hex input: line %d, column %d: %s is not a hex digit", e.line, e.col, quoteByte(e.c))
}

// quoteByte shows a byte as a person reads it: 'g', '\n', or 0xff.
func quoteByte(c byte) string {
	if c < 0x80 {
		return strconv.QuoteRune(rune(c))
	}
	return fmt.Sprintf("0x%02x", c)
}

// hexReader turns a stream of hex digits, white space ignored, into the
// bytes they stand for, as they arrive. At the first character that is
// not a hex digit it returns the bytes before it, then a hexError. An odd
// digit at the end is an error too.
type hexReader struct {
	r         *bufio.Reader
	line, col int
	half      int // the first digit of a byte, or -1
	err       error
}

func newHexReader(r io.Reader) *hexReader {
	return &hexReader{r: bufio.NewReader(r), line: 1, half: -1}
}

func (h *hexReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) && h.err == nil {
		if n > 0 && h.r.Buffered() == 0 {
			break // hand over what is here before blocking on more
		}
		c, err := h.r.ReadByte()
		if err != nil {
			if err == io.EOF && h.half >= 0 {
				err = fmt.Errorf("hex input: line %d: an odd number of hex digits", h.line)
			}
			h.err = err
			break
		}
		h.col++
		switch {
		case c == '\n':
			h.line, h.col = h.line+1, 0
			continue
		case c == ' ' || c == '\t' || c == '\r':
			continue
		}
		v := unhex(c)
		if v < 0 {
			h.err = hexError{h.line, h.col, c}
			break
		}
		if h.half < 0 {
			h.half = v
			continue
		}
		p[n] = byte(h.half<<4 | v)
		n++
		h.half = -1
	}
	if n > 0 {
		return n, nil
	}
	return 0, h.err
}

// decodeHexLine decodes one line of hex (white space inside ignored),
// naming the line and column of a bad character.
func decodeHexLine(n int, line []byte) ([]byte, error) {
	out := make([]byte, 0, len(line)/2)
	half := -1
	for i, c := range line {
		if c == ' ' || c == '\t' || c == '\r' {
			continue
		}
		v := unhex(c)
		if v < 0 {
			return nil, hexError{n, i + 1, c}
		}
		if half < 0 {
			half = v
			continue
		}
		out = append(out, byte(half<<4|v))
		half = -1
	}
	if half >= 0 {
		return nil, fmt.Errorf("hex input: line %d: an odd number of hex digits", n)
	}
	return out, nil
}

// unhex returns the value of the hex digit c (either case), or -1.
func unhex(c byte) int {
	i := strings.IndexByte("0123456789abcdefABCDEF", c)
	if i >= 16 {
		i -= 6 // 'A' is 10, as 'a'
	}
	return i
}

// readDatagram reads a whole input as one datagram, refusing one larger
// than maxDatagram instead of reading without bound.
func readDatagram(in io.Reader) ([]byte, error) {
	d, err := io.ReadAll(io.LimitReader(in, maxDatagram+1))
	if err == nil && len(d) > maxDatagram {
		err = fmt.Errorf("the input is over %d bytes: not one datagram (use -hex for one datagram per line)", maxDatagram)
	}
	return d, err
}
