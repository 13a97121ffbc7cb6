package cli

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"

	"github.com/tablut-ai/tablut/internal/atomicfile"
)

func init() {
	register("filters", "draw the first-layer filters of a network as a PNG", runFilters)
}

func runFilters(args []string) error {
	fs := flag.NewFlagSet("filters", flag.ContinueOnError)
	wflag := fs.String("weights", "", "network: a shipped name (e.g. champion) or a weight file (default: Gaussian weights from -seed)")
	seed := fs.Uint64("seed", 1, "seed of the Gaussian weights when no -weights is given")
	sigma := fs.Float64("sigma", 0.5, "standard deviation of the Gaussian weights")
	out := fs.String("o", "filters.png", "output PNG file")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: tablut filters [-weights NET | -seed N] [-o filters.png]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := floatIn("sigma", *sigma, 0, 10); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("-o needs a file name, such as filters.png")
	}
	net, err := cnnFromFlag(*wflag, *seed, *sigma)
	if err != nil {
		return err
	}
	if err := writePNGAtomic(*out, net.DrawFilters()); err != nil {
		return err
	}
	fmt.Printf("wrote the 64 first-layer filters of %s to %s\n", net.Name(), *out)
	return nil
}

// writePNGAtomic encodes img as a PNG into path, atomically.
func writePNGAtomic(path string, img image.Image) error {
	if err := atomicfile.Write(path, func(w io.Writer) error { return png.Encode(w, img) }); err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	return nil
}
