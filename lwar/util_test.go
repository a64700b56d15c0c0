package lwar_test

import (
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// diff compares values as the harness does: nil and empty slices are equal.
func diff(a, b any) string { return cmp.Diff(a, b, cmpopts.EquateEmpty()) }
