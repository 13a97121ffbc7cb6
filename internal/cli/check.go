package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/ai/player"
	"github.com/tablut-ai/tablut/internal/atomicfile"
)

// Checks shared by the commands: flag parsing with one-line errors, and the
// range checks every size, count and duration flag goes through, so that a bad
// value is refused with one sentence naming the flag instead of being used.

// maxThreads bounds every -threads and -parallel flag.
const maxThreads = ai.MaxThreads

// parseFlags parses args into fs (see parseArgs) and refuses positional
// arguments: a stray word is most often a flag missing its dash or its value.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%s takes no arguments, got %q; see tablut %s -h", fs.Name(), fs.Arg(0), fs.Name())
	}
	return nil
}

// parseArgs parses args into fs without the flag package's own printing: -h
// prints the usage on stdout and returns flag.ErrHelp (exit status 0); a bad
// flag returns one line naming it and pointing at -h.
func parseArgs(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(os.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(os.Stdout)
		fs.Usage()
		fs.SetOutput(os.Stderr)
		return err
	case err != nil:
		return fmt.Errorf("%s: %v; see tablut %s -h", fs.Name(), err, fs.Name())
	}
	return nil
}

// firstError returns the first non-nil error of a list of checks.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// intIn checks that the flag -name lies in [lo, hi].
func intIn[T int | int64](name string, v, lo, hi T) error {
	if v < lo || v > hi {
		return fmt.Errorf("-%s must be between %d and %d, got %d", name, lo, hi, v)
	}
	return nil
}

// floatIn checks that the flag -name is a finite number in [lo, hi].
func floatIn(name string, v, lo, hi float64) error {
	if math.IsNaN(v) || v < lo || v > hi {
		return fmt.Errorf("-%s must be a number between %g and %g, got %v", name, lo, hi, v)
	}
	return nil
}

// positiveDuration checks that the flag -name is a duration above zero.
func positiveDuration(name string, d time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("-%s must be a positive duration such as 2s, got %v", name, d)
	}
	return nil
}

// nonNegativeDuration checks that the flag -name is zero or above.
func nonNegativeDuration(name string, d time.Duration) error {
	if d < 0 {
		return fmt.Errorf("-%s must not be negative, got %v", name, d)
	}
	return nil
}

// port checks a TCP port flag: 1 to 65535, or 0 when allowZero (meaning the
// default or any free port, as the flag's help says).
func port(name string, p int, allowZero bool) error {
	lo := 1
	if allowZero {
		lo = 0
	}
	return intIn(name, p, lo, 65535)
}

// writable checks that the file the flag -name names can be written, before
// the work whose result goes there: a missing folder or a folder named as
// the file is said at once, not after hours of searching.
func writable(name, path string) error {
	if err := atomicfile.Check(path); err != nil {
		return fmt.Errorf("-%s: cannot write %s: %v", name, printable(path), err)
	}
	return nil
}

// printable returns s with control characters escaped (as in Go string
// literals), so that a player name or label cannot move the cursor, clear the
// screen or forge output lines.
func printable(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) && r != ' ' }) < 0 {
		return s
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// checkLimits checks the engine flags of player.AddFlags.
func checkLimits(f *player.Flags) error {
	return firstError(
		nonNegativeDuration("movetime", f.MoveTime),
		intIn("depth", f.Depth, 0, ai.MaxDepth),
		intIn("nodes", f.Nodes, 0, math.MaxInt64),
		intIn("threads", f.Threads, 1, maxThreads),
		intIn("contempt", f.Contempt, 0, ai.MaxEval),
		intIn("tt", f.TTSizeMB, 1, ai.MaxTTSizeMB),
		intIn("row-patches", f.RowPatches, 0, cnn.Patches),
	)
}
