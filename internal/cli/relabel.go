package cli

import (
	"flag"
	"fmt"
	"unicode/utf8"

	"github.com/tablut-ai/tablut/ai/cnn"
)

func init() {
	register("relabel", "copy a network file under a new label (the name it plays under), weights unchanged", runRelabel)
}

// runRelabel writes a copy of a network file with another label: a trained
// network (labelled g007-1 by the genetic algorithm, say) becomes a shipped
// one without any change to its weights, biases, kind or base parameters.
func runRelabel(args []string) error {
	fs := flag.NewFlagSet("relabel", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut relabel IN.tnn OUT.tnn LABEL")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 3 {
		return fmt.Errorf("relabel takes three arguments, IN.tnn OUT.tnn LABEL (got %d)", fs.NArg())
	}
	in, out, label := fs.Arg(0), fs.Arg(1), fs.Arg(2)
	if label == "" || len(label) > 255 || !utf8.ValidString(label) {
		return fmt.Errorf("label %q: want 1 to 255 bytes of UTF-8", label)
	}
	n, err := cnn.LoadFile(in)
	if err != nil {
		return err
	}
	old := n.Label
	n.Label = label
	if err := n.SaveFile(out); err != nil {
		return err
	}
	fmt.Printf("wrote %s: %s relabelled %q (was %q)\n", out, in, label, old)
	return nil
}
