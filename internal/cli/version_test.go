package cli

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/internal/buildinfo"
)

func TestPrintVersion(t *testing.T) {
	var b bytes.Buffer
	printVersion(&b, buildinfo.Info{Version: "1.2.0", Commit: "0123456789abcdef", Date: "2026-11-23T20:00:00Z",
		Modified: true, Go: "go1.26.8", Platform: "windows/amd64"})
	assert.Equal(t, "tablut 1.2.0\n"+
		"commit  0123456789abcdef (with uncommitted changes)\n"+
		"date    2026-11-23T20:00:00Z\n"+
		"built   go1.26.8 windows/amd64\n", b.String())
}

func TestVersionCommand(t *testing.T) {
	runQuiet(t, "version")
	err := run([]string{"version", "extra"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no arguments")
}
