package cli

import (
	"flag"
	"fmt"
	"sort"
	"strings"
)

// benches are the speed benchmarks of `tablut bench NAME`, one per bench_*.go file.
var benches = map[string]func(args []string) error{}

// registerBench adds a benchmark to `tablut bench`.
func registerBench(name string, run func(args []string) error) { benches[name] = run }

func init() { register("bench", "speed benchmarks: bench search | bench cnn", runBench) }

func runBench(args []string) error {
	names := make([]string, 0, len(benches))
	for n := range benches {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(args) == 0 {
		return fmt.Errorf("bench needs a name: one of %s", strings.Join(names, ", "))
	}
	if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		fmt.Printf("usage: tablut bench NAME [flags], NAME one of %s; tablut bench NAME -h lists its flags\n", strings.Join(names, ", "))
		return flag.ErrHelp
	}
	run, ok := benches[args[0]]
	if !ok {
		return fmt.Errorf("unknown benchmark %q: want one of %s", args[0], strings.Join(names, ", "))
	}
	return run(args[1:])
}
