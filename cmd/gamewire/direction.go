package main

import "github.com/gamewire/gamewire/wire"

// The directions -from names: "client", "server", or "" for either.

// direction returns the direction -from names: FromClient, FromServer,
// or Both when it is not set.
func direction(from string) wire.Direction {
	switch from {
	case "client":
		return wire.FromClient
	case "server":
		return wire.FromServer
	}
	return wire.Both
}

// directions returns the directions to decode a unit as, in the order to
// try them: the one -from names, or either when it is not set.
func directions(from string, either ...wire.Direction) []wire.Direction {
	if d := direction(from); d != wire.Both {
		return []wire.Direction{d}
	}
	return either
}

// otherSide returns the side -from does not name.
func otherSide(from string) string {
	if from == "client" {
		return "server"
	}
	return "client"
}
