//go:build unix

package fuzz

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the server in a process group of its own, so that
// killing it kills what it started too (a shell wrapper's children).
func setProcessGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killProcess kills the server's process group.
func killProcess(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		cmd.Process.Kill()
	}
}
