package main

import (
	"bytes"
	"encoding/binary"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ui/shapes"
)

// TestBundleParts makes the parts and reads the .icns back entry by entry:
// each is a PNG of the size its type promises, the icon drawn at that size.
func TestBundleParts(t *testing.T) {
	out := t.TempDir()
	require.NoError(t, run("1.2.0-SNAPSHOT-abc1234", out))

	icns, err := os.ReadFile(filepath.Join(out, "Resources", "tablut.icns"))
	require.NoError(t, err)
	require.Equal(t, "icns", string(icns[:4]))
	require.Equal(t, len(icns), int(binary.BigEndian.Uint32(icns[4:8])))
	rest := icns[8:]
	for _, want := range icnsSizes {
		require.GreaterOrEqual(t, len(rest), 8, "entry %s missing", want.typ)
		n := int(binary.BigEndian.Uint32(rest[4:8]))
		assert.Equal(t, want.typ, string(rest[:4]))
		cfg, err := png.DecodeConfig(bytes.NewReader(rest[8:n]))
		require.NoError(t, err, want.typ)
		assert.Equal(t, [2]int{want.size, want.size}, [2]int{cfg.Width, cfg.Height}, want.typ)
		var drawn bytes.Buffer
		require.NoError(t, png.Encode(&drawn, shapes.Icon(want.size)))
		assert.True(t, bytes.Equal(drawn.Bytes(), rest[8:n]), "%s is not the icon drawn at %d px", want.typ, want.size)
		rest = rest[n:]
	}
	assert.Empty(t, rest)

	plist, err := os.ReadFile(filepath.Join(out, "Info.plist"))
	require.NoError(t, err)
	assert.Contains(t, string(plist), "<string>1.2.0</string>")
	assert.Contains(t, string(plist), "<string>tablut.icns</string>")
}

func TestUnwritableFolder(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	assert.Error(t, run("1.0.0", filepath.Join(file, "Contents")))
}

func TestPlistVersion(t *testing.T) {
	for in, want := range map[string]string{"1.2.0": "1.2.0", "v1.3.0": "1.3.0", "0.0.0-SNAPSHOT-6db71f3": "0.0.0", "": "0.0.0", "2.0.0+meta": "2.0.0"} {
		assert.Equal(t, want, plistVersion(in), in)
	}
}
