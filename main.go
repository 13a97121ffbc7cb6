// Command tablut is a desktop game of Ashton Tablut with an explainable AI, and the
// tools around it: training, matches, benchmarks, perft and the Tablut Challenge
// client and server. With no subcommand it opens the game window.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
)

// command is one subcommand of the tablut binary.
type command struct {
	summary string
	run     func(args []string) error
}

// commands is filled by the cmd_*.go files, one subcommand per file.
var commands = map[string]command{}

func register(name, summary string, run func(args []string) error) {
	commands[name] = command{summary, run}
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "tablut:", err)
		}
		os.Exit(1)
	}
}

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
