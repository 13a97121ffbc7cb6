// Package cli holds the subcommands of the tablut binary, one file per command
// (perft, moves, bench, filters, train, learn, curve, disagree, match, tournament,
// connect, serve, serve-web, play, version).
// Each file registers its command in an init function; Run dispatches to them and
// opens the game window when no command is named.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"

	"github.com/tablut-ai/tablut/internal/procs"
)

// command is one subcommand of the tablut binary.
type command struct {
	summary string
	run     func(args []string) error
}

// commands is filled by the command files of this package, one subcommand per file.
var commands = map[string]command{}

func register(name, summary string, run func(args []string) error) {
	commands[name] = command{summary, run}
}

// Main runs the tablut command line args (without the program name) and returns
// the process exit code: 0 on success (and after -h), 1 after printing a
// one-line error.
func Main(args []string) int {
	procs.AddSpare() // searches return on time on a busy machine
	if err := run(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // the usage was asked for and printed
		}
		fmt.Fprintln(os.Stderr, "tablut:", printable(err.Error()))
		return 1
	}
	return 0
}

// run runs one subcommand; with no command (or only flags) it opens the game window.
func run(args []string) error {
	if len(args) > 0 {
		if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
			usage()
			return nil
		}
		if c, ok := commands[args[0]]; ok {
			return c.run(args[1:])
		}
		if len(args[0]) > 0 && args[0][0] != '-' {
			return fmt.Errorf("unknown command %q; run 'tablut help' for the list", args[0])
		}
	}
	play, ok := commands["play"]
	if !ok {
		return errors.New("this build has no game window")
	}
	return play.run(args)
}

func usage() {
	fmt.Println("usage: tablut [flags]            open the game window (see tablut play -h)")
	fmt.Println("       tablut COMMAND [flags]    run a tool:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Printf("  %-12s %s\n", n, commands[n].summary)
	}
}
