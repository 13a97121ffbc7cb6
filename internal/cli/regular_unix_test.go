//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/internal/regfile/fifotest"
)

// A named pipe where a command reads a file (a record, a book, a network,
// a run's or a match's checkpoint) is refused at once with one line, and
// left as it was; before, the open waited for a writer that never came.
func TestCommandsRefusePipes(t *testing.T) {
	dir := t.TempDir()
	pipe := func(parts ...string) string {
		path := filepath.Join(append([]string{dir}, parts...)...)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		fifotest.Make(t, path)
		return path
	}
	record := pipe("game.txt")
	scored := pipe("scored", "game-0001.txt")
	described := pipe("described", "match.json")
	resumed := pipe("resumed", "match.json")
	book := pipe("book.txt")
	grown := pipe("grown.txt")
	records := pipe("records", "game.txt")
	net := pipe("net.tnn")
	learnRun := pipe("learn", "state.json")
	trainRun := pipe("train", "state.json")
	out := filepath.Join(dir, "out")
	require.NoError(t, os.Mkdir(out, 0o755))
	for _, c := range []struct {
		args []string
		pipe string
	}{
		{[]string{"analyse", "-depth", "1", record}, record},
		{[]string{"score", filepath.Dir(scored)}, scored},
		{[]string{"score", filepath.Dir(described)}, described},
		{quickMatch(filepath.Dir(resumed), "-resume"), resumed},
		{[]string{"book", "-show", book}, book},
		{[]string{"book", "-out", grown, "-replies", "0", "-depth", "1"}, grown},
		{[]string{"book", "-out", filepath.Join(out, "book.txt"), "-replies", "0", "-depth", "1", "-records", filepath.Dir(records)}, records},
		{[]string{"match", "-a", "cnn:" + net, "-b", "random", "-games", "2", "-depth", "1"}, net},
		{[]string{"relabel", net, filepath.Join(out, "relabelled.tnn"), "x"}, net},
		{[]string{"learn", "-init", net, "-out", filepath.Join(out, "learn")}, net},
		{[]string{"learn", "-resume", filepath.Dir(learnRun)}, learnRun},
		{[]string{"train", "-resume", filepath.Dir(trainRun)}, trainRun},
	} {
		var err error
		captureStdout(t, func() { err = run(c.args) })
		if !assert.Error(t, err, "%v", c.args) {
			continue
		}
		assert.Contains(t, err.Error(), c.pipe+": is not a regular file (a named pipe)", "%v", c.args)
		assert.NotContains(t, err.Error(), "\n", "%v", c.args)
		fi, err := os.Lstat(c.pipe)
		require.NoError(t, err)
		assert.NotZero(t, fi.Mode()&os.ModeNamedPipe, "%v replaced the pipe", c.args)
	}
}
