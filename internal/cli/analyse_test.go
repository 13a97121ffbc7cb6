package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/analyse"
	"github.com/tablut-ai/tablut/game"
)

// "tablut analyse" replays a record: a row per move, the blunder marked,
// the summary; flags may follow the record; bad input is one line.
func TestAnalyse(t *testing.T) {
	// The game of the analyse package's tests: Black lets the king escape.
	rec, err := filepath.Abs("../../ai/analyse/testdata/blunder.txt")
	require.NoError(t, err)
	dir := t.TempDir()

	out, err := tablut(t, "analyse", "-engine", "heuristic", "-depth", "2", rec)
	require.NoError(t, err)
	assert.Contains(t, out, "blunder.txt: White Ann, Black Bob, White won (king escaped at c9) after 2 plies")
	assert.Contains(t, out, "analysed by heuristic (depth 2)")
	lines := strings.Split(out, "\n")
	var rows []string
	for _, l := range lines {
		if strings.HasPrefix(l, "   1  ") || strings.HasPrefix(l, "   2  ") {
			rows = append(rows, l)
		}
	}
	require.Len(t, rows, 2, out)
	assert.True(t, strings.HasSuffix(rows[0], "??"), rows[0])
	assert.Contains(t, rows[1], "c7-c9    =")
	assert.Contains(t, out, "Black: 1 moves analysed, the engine agrees with 0 (0%); 0 mistakes (?), 1 blunders (??)")

	out, err = tablut(t, "analyse", rec, "-engine", "heuristic", "-depth", "1", "-side", "white")
	require.NoError(t, err)
	assert.Contains(t, out, "analysed by heuristic (depth 1)", "flags after the record")
	assert.NotContains(t, out, "Black: ")

	// A match's record: its random opening plies are not analysed unless
	// asked for.
	records := filepath.Join(dir, "records")
	_, err = tablut(t, "match", "-a", "heuristic", "-b", "random", "-depth", "1", "-games", "2", "-opening-plies", "4",
		"-max-plies", "30", "-records", records)
	require.NoError(t, err)
	game1 := filepath.Join(records, "game-0001.txt")
	out, err = tablut(t, "analyse", "-engine", "heuristic", "-depth", "1", game1)
	require.NoError(t, err)
	assert.Contains(t, out, "plies 1 to 4 were the match's random opening, not the players' moves: from ply 5 on")
	assert.Contains(t, out, "\n   5  White  ")
	assert.NotContains(t, out, "\n   4  ")
	out, err = tablut(t, "analyse", "-engine", "heuristic", "-depth", "1", "-from", "1", "-to", "2", game1)
	require.NoError(t, err)
	assert.NotContains(t, out, "random opening")
	assert.Contains(t, out, "\n   1  White  ")

	// -save writes the game with its review, after the record's own tags;
	// the review reads back for the game.
	saved := filepath.Join(dir, "reviewed.txt")
	out, err = tablut(t, "analyse", "-engine", "heuristic", "-depth", "1", "-save", saved, game1)
	require.NoError(t, err)
	assert.Contains(t, out, "wrote the game with its review to "+saved)
	f, err := os.Open(saved)
	require.NoError(t, err)
	g, meta, err := game.ReadRecord(f)
	f.Close()
	require.NoError(t, err)
	assert.Equal(t, 4, analyse.RandomOpening(meta), "the Opening tag is kept")
	engine, moves, err := analyse.FromTags(meta, g)
	require.NoError(t, err)
	assert.Equal(t, "heuristic", engine)
	assert.Equal(t, 5, moves[0].Ply)
	assert.Equal(t, g.Ply()-4, len(moves))

	bad := filepath.Join(dir, "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("Format: tablut-record 1\n\n1. e3-e9\n"), 0o644))
	for args, msg := range map[string]string{
		"analyse": "analyse needs a game record",
		"analyse " + filepath.Join(dir, "none.txt"): "cannot open the game record",
		"analyse " + bad:                         "bad.txt: record",
		"analyse -side red " + rec:               `bad -side "red"`,
		"analyse -engine random " + rec:          "cannot analyse",
		"analyse -from 9 " + rec:                 "not in the game's plies 1 to 2",
		"analyse " + rec + " extra":              "takes no arguments",
		"analyse -save x.txt -side white " + rec: "-save keeps a review of every move to the game's end",
		"analyse -save " + filepath.Join(dir, "no", "such", "dir", "x.txt") + " -depth 1 -engine heuristic " + rec: "cannot write",
	} {
		_, err := tablut(t, strings.Fields(args)...)
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee, args)
		stderr := strings.TrimSpace(string(ee.Stderr))
		assert.Contains(t, stderr, msg, args)
		assert.NotContains(t, stderr, "\n", args)
	}
}
