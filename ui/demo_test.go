package ui

import "testing"

// The start panel writes the handicap's node budgets with separators.
func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 12500: "12,500", 100000: "100,000", 1234567: "1,234,567", -12500: "-12,500"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
