// Command tablut is a desktop game of Ashton Tablut with an explainable AI, and the
// tools around it: training, matches, benchmarks, perft and the Tablut Challenge
// client and server. With no subcommand it opens the game window; the subcommands
// live in internal/cli.
package main

import (
	"os"

	"github.com/tablut-ai/tablut/internal/cli"
	"github.com/tablut-ai/tablut/internal/console"
)

func main() {
	console.AttachParent() // Windows GUI build run from a terminal: print there
	os.Exit(cli.Main(os.Args[1:]))
}
