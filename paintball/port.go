package paintball

// DefaultPort is the TCP port this package proposes for Paintball: the
// spec names none. 62451 is in IANA's dynamic range, which IANA never
// assigns, and above Linux's default ephemeral range
// (docs/errata/paintball.md, 17). Take the port from configuration.
const DefaultPort = 62451
