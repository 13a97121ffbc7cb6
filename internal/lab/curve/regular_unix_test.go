//go:build unix

package curve

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/internal/regfile/fifotest"
)

// A named pipe as a run's curve.json is refused at once with one line;
// before, Load waited for a writer.
func TestLoadRefusesPipe(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, Dir), 0o755))
	path := filepath.Join(dir, Dir, fileName)
	fifotest.Make(t, path)
	c, err := Load(dir)
	assert.Nil(t, c)
	require.Error(t, err)
	assert.Contains(t, err.Error(), path+": is not a regular file (a named pipe)")
	assert.NotContains(t, err.Error(), "\n")
}
