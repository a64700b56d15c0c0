package fuzz

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"time"
)

// CheckTarget checks that addr (host:port) is an address the fuzzer may
// aim at and returns it with the host resolved to one IP address, which
// is all the fuzzer then connects to. A host outside the loopback range
// (127.0.0.0/8, ::1) is refused unless allowRemote is set: fuzzing a
// server crashes it, and a server someone else runs is not yours to
// crash. A name ("localhost") is resolved once, and every address it
// resolves to must be loopback.
func CheckTarget(addr string, allowRemote bool) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("fuzz: target %q is not host:port: %w", addr, err)
	}
	if p, err := net.LookupPort("tcp", port); err != nil || p == 0 {
		return "", fmt.Errorf("fuzz: target %q has no port to fuzz", addr)
	}
	var ips []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		ips = []netip.Addr{ip}
	} else {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		ips, err = net.DefaultResolver.LookupNetIP(ctx, "ip", host)
		if err != nil || len(ips) == 0 {
			return "", fmt.Errorf("fuzz: target host %q does not resolve: %v", host, err)
		}
	}
	for _, ip := range ips {
		if !ip.Unmap().IsLoopback() && !allowRemote {
			return "", fmt.Errorf("fuzz: target %s (%s) is not a loopback address: fuzz only servers you run, and give -allow-remote (Config.AllowRemote) for one on another host", addr, ip)
		}
	}
	return net.JoinHostPort(ips[0].Unmap().String(), port), nil
}
