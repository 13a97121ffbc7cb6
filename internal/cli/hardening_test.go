package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// captureStdout runs f with os.Stdout going to a buffer.
func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	return capture(t, &os.Stdout, f)
}

// capture runs f with *stream (os.Stdout or os.Stderr) going to a buffer.
func capture(t *testing.T, stream **os.File, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	saved := *stream
	*stream = w
	done := make(chan []byte)
	go func() {
		var b bytes.Buffer
		b.ReadFrom(r)
		done <- b.Bytes()
	}()
	defer func() { *stream = saved }()
	f()
	w.Close()
	*stream = saved
	return string(<-done)
}

// Every bad command line is refused with one line naming the flag, before
// anything runs (no server opened, no game played, no table printed).
func TestBadCommandLines(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "search", "-tt", "100000000"}, "-tt must be between 1 and 4096"},
		{[]string{"bench", "search", "-movetime", "0"}, "-movetime must be a positive duration"},
		{[]string{"bench", "search", "-movetime", "-1s"}, "-movetime must be a positive duration"},
		{[]string{"bench", "search", "-threads", "-2"}, "-threads"},
		{[]string{"train", "-tt", "100000000", "-out", dir + "/a"}, "transposition table"},
		{[]string{"train", "-population", "100000000", "-out", dir + "/b"}, "population"},
		{[]string{"train", "-init-sigma", "Inf", "-out", dir + "/c"}, "init sigma"},
		{[]string{"train", "-mutation-sigma", "NaN", "-out", dir + "/d"}, "mutation sigma"},
		{[]string{"train", "-out", ""}, "-out"},
		{[]string{"train", "-capture-weight", "8589934592", "-out", dir + "/e"}, "-capture-weight"},
		{[]string{"train", "-white-weight", "1.5", "-out", dir + "/f"}, "white weight must be between 0 and 1"},
		{[]string{"train", "-parent-games", "7", "-out", dir + "/g"}, "parent games must be an even number"},
		{[]string{"train", "-heuristic-white", "-out", dir + "/h"}, "need heuristic games"},
		{[]string{"play", "-frames", "-1"}, "-frames"},
		{[]string{"play", "-teachpage", "tree"}, `bad -teachpage "tree": want search, slow, eval, network or evolution`},
		{[]string{"play", "-puzzle", "0"}, "bad -puzzle 0: there is no puzzle 0: the puzzles are numbered 1 to"},
		{[]string{"play", "-puzzle", "100000"}, "bad -puzzle 100000: there is no puzzle 100000: the puzzles are numbered 1 to"},
		{[]string{"play", "-white", "cnn:learned", "-black", "cnn:learned2", "-handicap", "8"}, "-handicap is for the default pair of -watch or -demo"},
		{[]string{"play", "-demo", "-white", "heuristic"}, "-demo plays its own pairs"},
		{[]string{"play", "-demo", "-handicap", "0"}, "-handicap must be between 1 and 64"},
		{[]string{"serve", "stray"}, `serve takes no arguments, got "stray"`},
		{[]string{"serve", "-movetime", "-5s"}, "-movetime must be a positive duration"},
		{[]string{"serve", "-port-white", "-3"}, "-port-white"},
		{[]string{"serve", "-port-black", "70000"}, "-port-black"},
		{[]string{"serve", "-games", "-1"}, "-games"},
		{[]string{"connect", "-color", "white", "extra"}, `connect takes no arguments, got "extra"`},
		{[]string{"connect", "-color", "white", "-threads", "-1"}, "-threads"},
		{[]string{"connect", "-color", "white", "-port", "-1"}, "-port"},
		{[]string{"connect", "-color", "white", "-wait", "0s"}, "-wait"},
		{[]string{"connect", "-color", "white", "-depth", "-2"}, "-depth"},
		{[]string{"match", "-a", "random", "stray"}, `match takes no arguments, got "stray"`},
		{[]string{"match", "-a", "random", "-games", "0"}, "-games must be between 1"},
		{[]string{"match", "-a", "random", "-nodes", "-5"}, "-nodes"},
		{[]string{"match", "-a", "random", "-parallel", "-1"}, "-parallel"},
		{[]string{"match", "-a", "random", "-ponder", "sometimes"}, `bad -ponder "sometimes": want none, a, b or both`},
		{[]string{"match", "-a", "random", "-threads-b", "1000"}, "-threads-b must be between 0"},
		{[]string{"match", "-a", "random", "-contempt", "-3"}, "-contempt must be between 0"},
		{[]string{"match", "-a", "random", "-contempt-b", "20000"}, "-contempt-b must be between -1"},
		{[]string{"match", "-a", "random", "-tt", "0"}, "-tt must be between 1"},
		{[]string{"match", "-a", "random", "-row-patches", "-1"}, "-row-patches must be between 0 and 78732"},
		{[]string{"bench", "search", "-row-patches", "100000"}, "-row-patches must be between 0 and 78732"},
		{[]string{"match", "-a", "random", "-tt-b", "99999"}, "-tt-b must be between 0"},
		{[]string{"match", "-a", "random", "-off-b", "lmr,magic"}, `unknown search technique "magic"`},
		{[]string{"connect", "-color", "white", "-off", "speed"}, `unknown search technique "speed"`},
		{[]string{"tournament", "-players", "random,random", "-games", "-4"}, "-games"},
		{[]string{"bench", "cnn", "-sigma", "NaN"}, "-sigma"},
		{[]string{"bench", "cnn", "-from", "dreams"}, `bad -from "dreams": want games or random`},
		{[]string{"filters", "-sigma", "NaN"}, "-sigma"},
		{[]string{"match", "-nosuchflag"}, "match: flag provided but not defined: -nosuchflag; see tablut match -h"},
	} {
		var err error
		out := captureStdout(t, func() { err = run(c.args) })
		require.Error(t, err, "%v", c.args)
		assert.Contains(t, err.Error(), c.want, "%v", c.args)
		assert.NotContains(t, err.Error(), "\n", "%v: one line", c.args)
		assert.Empty(t, out, "%v printed before failing", c.args)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "a refused training left files")
}

// -h prints the usage on stdout and exits 0, for every command and benchmark.
func TestHelpExitsZero(t *testing.T) {
	for _, args := range [][]string{
		{"match", "-h"}, {"serve", "-h"}, {"connect", "-h"}, {"train", "-h"}, {"moves", "-h"},
		{"bench", "-h"}, {"bench", "search", "-h"}, {"bench", "deadline", "-h"}, {"perft", "-h"},
	} {
		code := 0
		out := captureStdout(t, func() { code = Main(args) })
		assert.Equal(t, 0, code, "%v", args)
		assert.Contains(t, out, "usage: tablut", "%v", args)
		assert.NotContains(t, out, "unknown", "%v", args)
	}
}

// A line over 1 MiB is reported as an error line and the lines after it are
// still processed, as the help says.
func TestMovesSurvivesAHugeLine(t *testing.T) {
	start := "...BBB.../....B..../....W..../B...W...B/BBWWKWWBB/B...W...B/....W..../....B..../...BBB... W"
	in := start + "\n" + strings.Repeat("x", 2<<20) + "\n" + start + "\n"
	var out bytes.Buffer
	err := listMoves(strings.NewReader(in), &out)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "1 malformed input line")
	blocks := strings.Split(strings.TrimSuffix(out.String(), "\n\n"), "\n\n")
	require.Len(t, blocks, 3)
	assert.Equal(t, blocks[0], blocks[2], "the position after the long line gets its moves")
	assert.Contains(t, blocks[1], "error: line 2: longer than")
	assert.Less(t, len(blocks[1]), 200)
}

// printable escapes control characters and leaves other text alone.
func TestPrintable(t *testing.T) {
	assert.Equal(t, "cnn:champion", printable("cnn:champion"))
	assert.Equal(t, "Übel Tafl", printable("Übel Tafl"))
	assert.Equal(t, `evil\x1b[2Jname\r`, printable("evil\x1b[2Jname\r"))
}

// A new run refuses a folder that holds other files unless -force.
func TestTrainRefusesForeignOut(t *testing.T) {
	dir := t.TempDir()
	mine := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(mine, []byte("keep me"), 0o644))
	err := run(append(trainArgs("1", "1"), "-out", dir))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "-force")
	b, err := os.ReadFile(mine)
	require.NoError(t, err)
	assert.Equal(t, "keep me", string(b))
}

// Off a terminal the progress is a few plain lines, never carriage returns.
func TestPlainProgress(t *testing.T) {
	var b bytes.Buffer
	p := newPlainProgress(&b, 500, "games")
	for range 500 {
		p.Add(1)
	}
	p.Finish()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	assert.Len(t, lines, 10)
	assert.Equal(t, "games: 50/500 (10%)", lines[0])
	assert.Equal(t, "games: 500/500 (100%)", lines[9])
	assert.NotContains(t, b.String(), "\r")

	b.Reset()
	p = newPlainProgress(&b, 500, "games")
	p.Set(20)
	p.Finish() // interrupted: the last line tells how far it got
	assert.Equal(t, "games: 20/500 (4%)\n", b.String())
}

// A match run into a pipe writes no bar frames on stderr.
func TestMatchProgressIntoAPipe(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	stderr := os.Stderr
	os.Stderr = w
	var runErr error
	out := captureStdout(t, func() {
		runErr = run([]string{"match", "-a", "random", "-b", "random", "-games", "4", "-max-plies", "20", "-parallel", "1"})
	})
	os.Stderr = stderr
	w.Close()
	var errOut bytes.Buffer
	errOut.ReadFrom(r)
	require.NoError(t, runErr)
	assert.Contains(t, out, "random")
	assert.NotContains(t, errOut.String(), "\r")
	assert.LessOrEqual(t, strings.Count(errOut.String(), "\n"), 11)
}
