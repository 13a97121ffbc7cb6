package cli

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
)

func init() {
	register("relabel", "copy a network file under a new label (the name it plays under), weights unchanged; -white-terms adds heuristic terms for one side", runRelabel)
}

// runRelabel writes a copy of a network file with another label: a trained
// network (labelled g007-1 by the genetic algorithm, say) becomes a shipped
// one without any change to its weights, biases, kind or base parameters.
//
// With -white-terms or -black-terms, a pure network also gets heuristic
// terms of its own: the copy is a residual network of scale ai.MaxEval (the
// network's output keeps its whole range, so it still leads the evaluation)
// on the hand-made heuristic with one set of weights for each side, the
// given ones for a side named and all zero (the network alone) for the
// other. The network's weights are unchanged.
func runRelabel(args []string) error {
	fs := flag.NewFlagSet("relabel", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut relabel [-white-terms W] [-black-terms W] IN.tnn OUT.tnn LABEL")
		fs.PrintDefaults()
	}
	white := fs.String("white-terms", "", "heuristic weights the network's engine adds to its evaluation when it plays White: eight integers, comma-separated, in the order of the heuristic's terms (white pawn, black pawn, blocked line, black pawn next to the king, open line, threat square, king edge distance, capture), \"default\" for the hand-made heuristic's, or \"king\" for its terms about the king alone (the default weights without the pawn counts)")
	black := fs.String("black-terms", "", "the same for the engine playing Black")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 3 {
		return fmt.Errorf("relabel takes three arguments, IN.tnn OUT.tnn LABEL (got %d)", fs.NArg())
	}
	in, out, label := fs.Arg(0), fs.Arg(1), fs.Arg(2)
	if in == "" || out == "" {
		return errors.New("relabel needs the names of its input and output files")
	}
	if label == "" || len(label) > 255 || !utf8.ValidString(label) {
		return fmt.Errorf("label %q: want 1 to 255 bytes of UTF-8", label)
	}
	n, err := loadNetFile(in)
	if err != nil {
		return err
	}
	old := n.Label
	n.Label = label
	if *white != "" || *black != "" {
		if n.Base != "" {
			return fmt.Errorf("%s already corrects the %s evaluator; heuristic terms can be added to a pure network only", in, n.Base)
		}
		w, err := parseTerms(*white)
		if err != nil {
			return fmt.Errorf("-white-terms: %v", err)
		}
		b, err := parseTerms(*black)
		if err != nil {
			return fmt.Errorf("-black-terms: %v", err)
		}
		n.Base, n.Scale, n.BaseParams = cnn.BaseHeuristic, ai.MaxEval, append(w.Params(), b.Params()...)
	}
	if err := n.SaveFile(out); err != nil {
		return err
	}
	fmt.Printf("wrote %s: %s relabelled %q (was %q)\n", out, in, label, old)
	return nil
}

// parseTerms reads a -white-terms value: "" (no terms, all weights zero),
// "default" (ai.DefaultWeights), "king" (their king terms,
// ai.Weights.KingTerms) or ai.NumWeights comma-separated integers.
func parseTerms(s string) (ai.Weights, error) {
	switch s {
	case "":
		return ai.Weights{}, nil
	case "default":
		return ai.DefaultWeights, nil
	case "king":
		return ai.DefaultWeights.KingTerms(), nil
	}
	fields := strings.Split(s, ",")
	if len(fields) != ai.NumWeights {
		return ai.Weights{}, fmt.Errorf("%q: want %d comma-separated integers, \"default\" or \"king\"", s, ai.NumWeights)
	}
	p := make([]int32, len(fields))
	for i, f := range fields {
		v, err := strconv.ParseInt(strings.TrimSpace(f), 10, 32)
		if err != nil || v <= -ai.MaxEval || v >= ai.MaxEval {
			return ai.Weights{}, fmt.Errorf("weight %d, %q: want an integer in (-%d, %d)", i+1, f, ai.MaxEval, ai.MaxEval)
		}
		p[i] = int32(v)
	}
	return ai.WeightsFromParams(p)
}
