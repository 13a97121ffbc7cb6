//go:build !js && !windows

package session

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDialogCommands: the programs tried for each desktop, with their
// arguments, and ErrNoDialog when none is installed.
func TestDialogCommands(t *testing.T) {
	d := DesktopDialogs{}
	linux := d.commands("linux", true, "/home/a", "g.txt")
	require.Equal(t, "zenity", linux[0].prog)
	assert.Contains(t, linux[0].args, "--save")
	assert.Contains(t, linux[0].args, "--filename=/home/a/g.txt")
	assert.Equal(t, "kdialog", linux[len(linux)-1].prog)
	mac := d.commands("darwin", false, "/Users/a", "")
	assert.Contains(t, mac[0].args[1], `choose file with prompt`)

	// No dialog program at all.
	none := DesktopDialogs{LookPath: func(string) (string, error) { return "", os.ErrNotExist }}
	t.Setenv("DISPLAY", ":0")
	_, err := none.OpenFile(t.TempDir())
	assert.ErrorIs(t, err, ErrNoDialog)
}
