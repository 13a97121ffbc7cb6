package cli

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai"
	"github.com/tablut-ai/tablut/ai/cnn"
	"github.com/tablut-ai/tablut/internal/lab/learn"
)

// learnArgs is a tiny learning run: every phase, a few games, short games.
func learnArgs(dir string) []string {
	return []string{"learn", "-out", dir, "-seed", "7", "-games", "4", "-chunk", "1", "-nodes", "200",
		"-val-games", "1", "-max-plies", "16", "-epochs", "2", "-batch", "32", "-rounds", "1",
		"-root-games", "1", "-root-nodes", "100", "-root-epochs", "1", "-eval-every", "2",
		"-eval-games", "2", "-eval-nodes", "100", "-eval-heuristic-nodes", "100",
		"-evolve-generations", "1", "-evolve-nodes", "30", "-threads", "2", "-quiet"}
}

// learnState is the part of a run's state.json the tests compare.
type learnState struct {
	Next    int `json:"next_step"`
	History []struct {
		Epoch     int     `json:"epoch"`
		Samples   int     `json:"samples"`
		TrainLoss float64 `json:"train_loss"`
		ValLoss   float64 `json:"val_loss"`
		QAT       bool    `json:"qat"`
	} `json:"history"`
	Evals json.RawMessage    `json:"evals"`
	Games []learn.RoundGames `json:"games"`
}

func readLearnState(t *testing.T, dir string) (learnState, bool) {
	var st learnState
	b, err := os.ReadFile(filepath.Join(dir, "state.json"))
	if err != nil {
		return st, false
	}
	require.NoError(t, json.Unmarshal(b, &st))
	return st, true
}

// TestLearnSurvivesKill9 runs "tablut learn" as a real process, kills it with
// SIGKILL after a few checkpoints and checks that "tablut learn -resume" ends
// with the same network, data and history as an uninterrupted run.
func TestLearnSurvivesKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two small learning runs")
	}
	full := t.TempDir()
	runQuiet(t, learnArgs(full)...)
	want, ok := readLearnState(t, full)
	require.True(t, ok)
	require.Len(t, want.History, 3)
	require.Len(t, want.Games, 1, "the rootstrap round's games are counted")
	g := want.Games[0]
	assert.Equal(t, 1, g.Round)
	assert.Equal(t, 1, g.Games()+g.Unfinished, "one rootstrap game: %+v", g)

	dir := t.TempDir()
	killedAt := killWhen(t, "learning", learnArgs(dir), 2*time.Millisecond, func() (int, bool) {
		if st, ok := readLearnState(t, dir); ok && st.Next >= 3 {
			return st.Next, true
		}
		return 0, false
	})
	if st, _ := readLearnState(t, dir); st.Next >= want.Next {
		t.Skipf("the run finished (step %d) before the kill landed", st.Next)
	}
	t.Logf("killed after the checkpoint of step %d", killedAt)

	runQuiet(t, "learn", "-resume", dir, "-quiet")
	got, _ := readLearnState(t, dir)
	assert.Equal(t, want, got)
	assertSameFiles(t, full, dir, "after kill -9 and -resume differs from the uninterrupted run's",
		"learned.tnn", "data.bin", "val.bin", "evolve/champion.tnn", "evolve/games.jsonl")
	assert.Equal(t, generations(t, filepath.Join(full, "evolve")), generations(t, filepath.Join(dir, "evolve")))
	for _, f := range []string{"loss.png", "learning.png"} {
		_, err := os.Stat(filepath.Join(dir, f))
		assert.NoError(t, err)
	}
}

// TestLearnFlags: bad flags and bad resumes get one clear error each.
func TestLearnFlags(t *testing.T) {
	dir := t.TempDir()
	// A folder with someone's files and no run: refused without -force, and
	// left as it was.
	busy := t.TempDir()
	keep := filepath.Join(busy, "notes.txt")
	require.NoError(t, os.WriteFile(keep, []byte("mine"), 0o644))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"learn", "-out", dir, "-batch", "0"}, "-batch"},
		{[]string{"learn", "-out", dir, "-explore-prob", "2"}, "-explore-prob"},
		{[]string{"learn", "-out", dir, "-tree-rounds", "1", "-tree-opponent", "heuristic"}, "-tree-opponent-nodes"},
		{[]string{"learn", "-out", dir, "-tree-rounds", "1", "-tree-side", "white"}, "needs -tree-opponent"},
		{[]string{"learn", "-resume", dir}, "holds no learning run"},
		{[]string{"learn", "extra"}, "takes no arguments"},
		{[]string{"learn", "-out", ""}, "folder of its own"},
		{[]string{"learn", "-out", busy}, "not empty and holds no learning run"},
	} {
		err := run(c.args)
		require.Error(t, err, "%v", c.args)
		assert.Contains(t, err.Error(), c.want)
	}
	b, err := os.ReadFile(keep)
	require.NoError(t, err)
	assert.Equal(t, "mine", string(b), "a refused -out folder is left as it was")
	entries, err := os.ReadDir(busy)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "a refused -out folder gets no new files")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "state.json"), []byte("{"), 0o644))
	err = run([]string{"learn", "-resume", dir})
	require.ErrorContains(t, err, "damaged")
	err = run([]string{"learn", "-resume", dir, "-lr", "0.1"})
	require.ErrorContains(t, err, "cannot be changed when resuming")
}

// TestLearnDataFrom: a piece-planes run that takes a finished run's data
// trains on exactly its positions (same data files), saves a version-4
// network that plays, and refuses the distillation flags.
func TestLearnDataFrom(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a small learning run")
	}
	src := t.TempDir()
	runQuiet(t, "learn", "-out", src, "-seed", "3", "-games", "3", "-chunk", "3", "-nodes", "150",
		"-val-games", "1", "-max-plies", "12", "-epochs", "1", "-batch", "16", "-rounds", "0",
		"-eval-every", "0", "-threads", "2", "-quiet")
	dst := t.TempDir()
	err := run([]string{"learn", "-out", dst, "-data-from", src, "-games", "5"})
	require.ErrorContains(t, err, "-games cannot be used with -data-from")
	runQuiet(t, "learn", "-out", dst, "-data-from", src, "-input", "pieces", "-epochs", "1", "-batch", "16",
		"-rounds", "0", "-eval-every", "1", "-eval-games", "2", "-eval-nodes", "60",
		"-eval-heuristic-nodes", "60", "-threads", "2", "-quiet")
	for _, f := range []string{"data.bin", "val.bin"} {
		a, err := os.ReadFile(filepath.Join(src, f))
		require.NoError(t, err)
		b, err := os.ReadFile(filepath.Join(dst, f))
		require.NoError(t, err)
		assert.True(t, bytes.Equal(a, b), "%s differs from the source run's", f)
	}
	st, ok := readLearnState(t, dst)
	require.True(t, ok)
	require.Len(t, st.History, 1)
	net, err := os.ReadFile(filepath.Join(dst, "learned.tnn"))
	require.NoError(t, err)
	assert.Equal(t, byte(4), net[8], "a piece-planes network is saved in format version 4")
	err = run([]string{"learn", "-out", t.TempDir(), "-data-from", t.TempDir()})
	require.ErrorContains(t, err, "-data-from")

	// Learn, then evolve: the genetic algorithm added to the finished run
	// breeds piece-planes networks from it.
	runQuiet(t, "learn", "-resume", dst, "-evolve-generations", "1", "-evolve-nodes", "30",
		"-evolve-sigma", "0.01", "-evolve-heuristic-games", "1", "-quiet")
	champ, err := os.ReadFile(filepath.Join(dst, "evolve", "champion.tnn"))
	require.NoError(t, err)
	assert.Equal(t, byte(4), champ[8], "the evolved champion keeps the piece planes")
	err = run([]string{"learn", "-resume", dst, "-evolve-sigma", "0.02"})
	require.ErrorContains(t, err, "has started")

	// Fine-tune the learned network for the int8 path: a run from -init
	// with only quantisation-aware epochs, extended on -resume.
	from := filepath.Join(dst, "learned.tnn")
	qat := t.TempDir()
	err = run([]string{"learn", "-out", t.TempDir(), "-init", filepath.Join(src, "missing.tnn"), "-data-from", src})
	require.ErrorContains(t, err, "-init")
	err = run([]string{"learn", "-out", t.TempDir(), "-init", from, "-input", "seed", "-data-from", src})
	require.ErrorContains(t, err, "leave -input out")
	runQuiet(t, "learn", "-out", qat, "-init", from, "-data-from", src, "-epochs", "0", "-rounds", "0",
		"-qat-epochs", "1", "-qat-lr", "1e-4", "-batch", "16", "-eval-every", "0", "-threads", "2", "-quiet")
	runQuiet(t, "learn", "-resume", qat, "-qat-epochs", "1", "-quiet")
	st, ok = readLearnState(t, qat)
	require.True(t, ok)
	require.Len(t, st.History, 2)
	assert.True(t, st.History[0].QAT && st.History[1].QAT, "both epochs are quantisation-aware")
	before, err := cnn.LoadFile(from)
	require.NoError(t, err)
	after, err := cnn.LoadFile(filepath.Join(qat, "learned.tnn"))
	require.NoError(t, err)
	assert.Equal(t, cnn.InputPieces, after.Input, "the input kind comes from the -init file")
	assert.NotEqual(t, before.W[1], after.W[1], "the fine-tuning changes the weights")
	err = run([]string{"learn", "-resume", qat, "-qat-lr", "-1"})
	require.ErrorContains(t, err, "-qat-lr")
}

// TestLearnOneCommandEqualsSteps: the shipped networks were made in steps (a
// run that plays the distillation games, a piece-planes run on its data, then
// evolution added with -resume); the single command with the same flags makes
// the same files, byte for byte, so the README's one-command recipe is the
// shipped networks' recipe.
func TestLearnOneCommandEqualsSteps(t *testing.T) {
	if testing.Short() {
		t.Skip("plays three small learning runs")
	}
	games := []string{"-seed", "5", "-games", "3", "-chunk", "3", "-nodes", "150", "-val-games", "1",
		"-max-plies", "12"}
	learnFlags := []string{"-epochs", "2", "-batch", "16", "-rounds", "0", "-eval-every", "2", "-eval-games", "2",
		"-eval-nodes", "60", "-eval-heuristic-nodes", "60", "-threads", "2", "-quiet"}
	evolveFlags := []string{"-evolve-generations", "1", "-evolve-nodes", "30", "-evolve-sigma", "0.01",
		"-evolve-heuristic-games", "1", "-evolve-heuristic-nodes", "60"}
	data, steps, one := t.TempDir(), t.TempDir(), t.TempDir()
	runQuiet(t, append([]string{"learn", "-out", data, "-epochs", "0", "-rounds", "0", "-eval-every", "0",
		"-quiet"}, games...)...)
	runQuiet(t, append([]string{"learn", "-out", steps, "-input", "pieces", "-seed", "5", "-data-from", data},
		learnFlags...)...)
	runQuiet(t, append([]string{"learn", "-resume", steps, "-quiet"}, evolveFlags...)...)
	runQuiet(t, append(append(append([]string{"learn", "-out", one, "-input", "pieces"}, games...),
		learnFlags...), evolveFlags...)...)
	assertSameFiles(t, steps, one, "of the one-command run differs from the steps'",
		"data.bin", "val.bin", "learned.tnn", "evolve/champion.tnn", "evolve/runner-up.tnn")
}

// assertSameFiles checks that each of files has the same bytes in run
// directories a and b; a difference is reported as "FILE " + what.
func assertSameFiles(t *testing.T, a, b, what string, files ...string) {
	t.Helper()
	for _, f := range files {
		x, err := os.ReadFile(filepath.Join(a, f))
		require.NoError(t, err)
		y, err := os.ReadFile(filepath.Join(b, f))
		require.NoError(t, err)
		assert.True(t, bytes.Equal(x, y), "%s %s", f, what)
	}
}

// TestRelabel: the copy has the new label and every other byte of the
// network unchanged; bad arguments get one line.
func TestRelabel(t *testing.T) {
	dir := t.TempDir()
	n := cnn.NewRandomInput(rand.New(rand.NewPCG(1, 2)), 0.1, cnn.InputPieces)
	n.Label = "g007-1"
	in := filepath.Join(dir, "in.tnn")
	require.NoError(t, n.SaveFile(in))
	out := filepath.Join(dir, "out.tnn")
	runQuiet(t, "relabel", in, out, "learned")
	m, err := cnn.LoadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "learned", m.Label)
	assert.Equal(t, n.W, m.W)
	assert.Equal(t, n.SideBias, m.SideBias)
	assert.Equal(t, n.Input, m.Input)
	require.ErrorContains(t, run([]string{"relabel", in, out}), "three arguments")
	require.ErrorContains(t, run([]string{"relabel", in, out, ""}), "label")
	require.ErrorContains(t, run([]string{"relabel", filepath.Join(dir, "none.tnn"), out, "x"}), "none.tnn")

	// -white-terms: the same network, with heuristic terms for White only.
	terms := filepath.Join(dir, "terms.tnn")
	runQuiet(t, "relabel", "-white-terms", "default", in, terms, "champion")
	m, err = cnn.LoadFile(terms)
	require.NoError(t, err)
	assert.Equal(t, n.W, m.W)
	assert.Equal(t, cnn.BaseHeuristic, m.Base)
	assert.EqualValues(t, ai.MaxEval, m.Scale)
	assert.Equal(t, append(ai.DefaultWeights.Params(), make([]int32, ai.NumWeights)...), m.BaseParams)
	runQuiet(t, "relabel", "-black-terms", "1,2,3,4,5,6,7,8", in, terms+"2", "champion")
	m, err = cnn.LoadFile(terms + "2")
	require.NoError(t, err)
	assert.Equal(t, []int32{0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8}, m.BaseParams)
	// "king": the default weights without the pawn counts (tried as White's terms, not shipped).
	runQuiet(t, "relabel", "-white-terms", "king", in, terms+"3", "champion")
	m, err = cnn.LoadFile(terms + "3")
	require.NoError(t, err)
	assert.Equal(t, []int32{0, 0, -30, -60, 400, 40, -20, 0, 0, 0, 0, 0, 0, 0, 0, 0}, m.BaseParams)
	require.ErrorContains(t, run([]string{"relabel", "-white-terms", "1,2,3", in, out, "x"}), "8 comma-separated")
	require.ErrorContains(t, run([]string{"relabel", "-white-terms", "1,2,3,4,5,6,7,x", in, out, "x"}), "weight 8")
	require.ErrorContains(t, run([]string{"relabel", "-white-terms", "default", terms, out, "x"}), "pure network only")
}

// TestLearnTreeStrap: a TreeStrap run starts from a pure network file with
// one command (no distillation), keeps each round's network, and a resume
// adds rounds (never takes them away).
func TestLearnTreeStrap(t *testing.T) {
	dir := t.TempDir()
	init := filepath.Join(t.TempDir(), "start.tnn")
	require.NoError(t, cnn.NewRandomInput(rand.New(rand.NewPCG(3, 4)), 0.2, cnn.InputPieces).SaveFile(init))
	runQuiet(t, "learn", "-out", dir, "-init", init, "-games", "0", "-val-games", "0", "-epochs", "0", "-rounds", "0",
		"-tree-rounds", "1", "-tree-games", "1", "-tree-nodes", "600", "-opening-plies", "2", "-max-plies", "8", "-chunk", "1",
		"-eval-every", "0", "-threads", "1", "-quiet")
	var st struct {
		TreeGames []learn.RoundGames  `json:"tree_games"`
		Config    learn.Config        `json:"config"`
		History   []learn.EpochRecord `json:"history"`
	}
	read := func() {
		b, err := os.ReadFile(filepath.Join(dir, "state.json"))
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &st))
	}
	read()
	require.Len(t, st.TreeGames, 1)
	require.Len(t, st.History, 2, "the default -tree-epochs")
	assert.Positive(t, st.History[0].TreeSamples)
	assert.Equal(t, "pieces", st.Config.Input, "the input of the -init network")
	assert.FileExists(t, filepath.Join(dir, learn.TreeRoundFile(1)))
	runQuiet(t, "learn", "-resume", dir, "-tree-rounds", "2", "-quiet")
	read()
	require.Len(t, st.TreeGames, 2)
	assert.FileExists(t, filepath.Join(dir, learn.TreeRoundFile(2)))
	err := run([]string{"learn", "-resume", dir, "-tree-rounds", "1", "-quiet"})
	require.ErrorContains(t, err, "not taken away")
	err = run([]string{"learn", "-resume", dir, "-tree-nodes", "10", "-quiet"})
	require.ErrorContains(t, err, "cannot be changed when resuming")
}
