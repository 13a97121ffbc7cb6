package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ai/book"
	"github.com/tablut-ai/tablut/game"
)

// tablut book grows a book file, resumes it, shows it, and refuses bad input
// in one line without touching the file.
func TestBookCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "white.txt")
	args := []string{"book", "-out", out, "-white", "heuristic", "-black", "heuristic", "-replies", "2",
		"-depth", "2", "-black-movetime", "50ms", "-threads", "1"}
	runQuiet(t, args...)
	f, err := os.Open(out)
	require.NoError(t, err)
	b, err := book.Read(f)
	f.Close()
	require.NoError(t, err)
	require.GreaterOrEqual(t, b.Len(), 2)
	assert.LessOrEqual(t, b.Len(), 3)
	for _, e := range b.Entries() {
		assert.Equal(t, 2, e.Depth)
	}
	runQuiet(t, args...) // resumed: the entries are kept
	f, err = os.Open(out)
	require.NoError(t, err)
	again, err := book.Read(f)
	f.Close()
	require.NoError(t, err)
	for _, e := range b.Entries() {
		p := e.Position()
		got, ok := again.Lookup(&p)
		require.True(t, ok, "entry after %v kept", e.Line)
		assert.Equal(t, e, got)
	}
	runQuiet(t, "book", "-show", out)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Len(t, bookHeader(data, ""), 2, "the title and the one command that made it, once")
	runQuiet(t, "book", "-show", "shipped")

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"book"}, "-out"},
		{[]string{"book", "-out", out, "-replies", "2,0"}, "-replies"},
		{[]string{"book", "-out", out, "-white", "random"}, "searching engine"},
		{[]string{"book", "-out", out, "-black", "human"}, "searching engines"},
		{[]string{"book", "-show", filepath.Join(t.TempDir(), "none.txt")}, "no such file"},
	} {
		err := run(c.args)
		require.Error(t, err, "%v", c.args)
		assert.Contains(t, err.Error(), c.want)
		assert.NotContains(t, err.Error(), "\n")
	}

	// -records: the positions recorded games reached along the book's moves.
	start := game.StartPosition()
	first, ok := b.Lookup(&start)
	require.True(t, ok)
	rec := t.TempDir()
	g := game.NewGame(start)
	require.NoError(t, g.Play(first.Move))
	var buf [game.MaxMoves]game.Move
	p := g.Position()
	reply := p.GenerateMoves(buf[:0])[0]
	require.NoError(t, g.Play(reply))
	for i := range 2 {
		f, err := os.Create(filepath.Join(rec, fmt.Sprintf("game-%04d.txt", i+1)))
		require.NoError(t, err)
		require.NoError(t, g.WriteRecord(f, game.RecordMeta{}))
		f.Close()
	}
	out2 := filepath.Join(t.TempDir(), "deep.txt")
	runQuiet(t, "book", "-out", out2, "-white", "heuristic", "-replies", "0", "-records", rec,
		"-record-plies", "2", "-record-games", "2", "-depth", "2", "-threads", "1")
	f, err = os.Open(out2)
	require.NoError(t, err)
	deep, err := book.Read(f)
	f.Close()
	require.NoError(t, err)
	data, err = os.ReadFile(out2)
	require.NoError(t, err)
	assert.Contains(t, string(data), "no Black turns; then the positions reached by 2 or more of the games in")
	require.Equal(t, 2, deep.Len(), "the start and the recorded games' position")
	q := g.Position()
	_, ok = deep.Lookup(&q)
	assert.True(t, ok)
	err = run([]string{"book", "-out", out2, "-replies", "0", "-records", t.TempDir(), "-depth", "1"})
	assert.ErrorContains(t, err, "no game records")

	bad := filepath.Join(t.TempDir(), "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("after e6-e9 | play e4-f4\n"), 0o644))
	err = run([]string{"book", "-out", bad, "-depth", "1"})
	require.ErrorContains(t, err, "book line 1")
	got, err := os.ReadFile(bad)
	require.NoError(t, err)
	assert.Equal(t, "after e6-e9 | play e4-f4\n", string(got), "a bad book is left as it was")
}
