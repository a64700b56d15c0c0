//go:build race

package main

// raceEnabled: the race detector slows the server and the fuzzer unevenly.
const raceEnabled = true
