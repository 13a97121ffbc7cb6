package cli

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/tablut-ai/tablut/internal/buildinfo"
)

func init() {
	register("version", "print the version, commit and toolchain of this binary", runVersion)
}

func runVersion(args []string) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut version")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return fmt.Errorf("version takes no arguments, got %q", fs.Arg(0))
	}
	printVersion(os.Stdout, buildinfo.Read())
	return nil
}

// printVersion writes the build identity, one field a line, the commit in full so
// it can be pasted into git.
func printVersion(w io.Writer, info buildinfo.Info) {
	fmt.Fprintf(w, "tablut %s\n", info.Version)
	commit := info.Commit
	if info.Modified {
		commit += " (with uncommitted changes)"
	}
	fmt.Fprintf(w, "commit  %s\n", commit)
	if info.Date != "" {
		fmt.Fprintf(w, "date    %s\n", info.Date)
	}
	fmt.Fprintf(w, "built   %s %s\n", info.Go, info.Platform)
}
