package toy

import "io"

// The readers below deliver a stream in the awkward ways a network does,
// for the framing tests of a Stream: package wire's, and the fuzz target
// here.

// Counting counts the bytes and calls that pass through it to R.
type Counting struct {
	R     io.Reader
	N     int // bytes delivered
	Calls int // Read calls
}

// Read reads from R, counting.
func (c *Counting) Read(p []byte) (int, error) {
	c.Calls++
	n, err := c.R.Read(p)
	c.N += n
	return n, err
}

// Chunks returns its Data in reads of at most Size bytes, then io.EOF.
type Chunks struct {
	Data []byte
	Size int
}

// Read returns the next chunk.
func (c *Chunks) Read(p []byte) (int, error) {
	if len(c.Data) == 0 {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.Size)], c.Data)
	c.Data = c.Data[n:]
	return n, nil
}

// Stutter returns Gap empty reads (0, nil) before each byte of its Data,
// then io.EOF.
type Stutter struct {
	Data []byte
	Gap  int
	k    int
}

// Read returns nothing, or the next byte.
func (s *Stutter) Read(p []byte) (int, error) {
	if len(s.Data) == 0 {
		return 0, io.EOF
	}
	if s.k < s.Gap {
		s.k++
		return 0, nil
	}
	s.k = 0
	p[0] = s.Data[0]
	s.Data = s.Data[1:]
	return 1, nil
}
