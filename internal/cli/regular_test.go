package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A folder where a command reads a file is refused with one line saying
// so, whatever the system.
func TestCommandsRefuseFolders(t *testing.T) {
	dir := t.TempDir()
	folder := func(parts ...string) string {
		path := filepath.Join(append([]string{dir}, parts...)...)
		require.NoError(t, os.MkdirAll(path, 0o755))
		return path
	}
	record := folder("game.txt")
	scored := folder("scored", "game-0001.txt")
	described := folder("described", "match.json")
	book := folder("book.txt")
	learnRun := folder("learn", "state.json")
	for _, c := range []struct {
		args   []string
		folder string
	}{
		{[]string{"analyse", "-depth", "1", record}, record},
		{[]string{"score", filepath.Dir(scored)}, scored},
		{[]string{"score", filepath.Dir(described)}, described},
		{[]string{"book", "-show", book}, book},
		{[]string{"book", "-out", book, "-replies", "0", "-depth", "1"}, book},
		{[]string{"learn", "-resume", filepath.Dir(learnRun)}, learnRun},
	} {
		var err error
		captureStdout(t, func() { err = run(c.args) })
		if !assert.Error(t, err, "%v", c.args) {
			continue
		}
		assert.Contains(t, err.Error(), c.folder, "%v", c.args)
		assert.Contains(t, err.Error(), "is a folder, not a file", "%v", c.args)
		assert.NotContains(t, err.Error(), "\n", "%v", c.args)
	}
}
