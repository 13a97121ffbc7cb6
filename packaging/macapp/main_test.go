package main

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBundleParts makes the parts from the real icon and reads the .icns back
// entry by entry: each is a PNG of the size its type promises.
func TestBundleParts(t *testing.T) {
	out := t.TempDir()
	require.NoError(t, run("../../assets/icon.png", "1.2.0-SNAPSHOT-abc1234", out))

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
		rest = rest[n:]
	}
	assert.Empty(t, rest)

	plist, err := os.ReadFile(filepath.Join(out, "Info.plist"))
	require.NoError(t, err)
	assert.Contains(t, string(plist), "<string>1.2.0</string>")
	assert.Contains(t, string(plist), "<string>tablut.icns</string>")
}

func TestBadIcon(t *testing.T) {
	dir := t.TempDir()
	notPNG := filepath.Join(dir, "icon.png")
	require.NoError(t, os.WriteFile(notPNG, []byte("GIF89a"), 0o644))
	assert.ErrorContains(t, run(notPNG, "1.0.0", dir), "is not a PNG")
	assert.ErrorContains(t, run(filepath.Join(dir, "missing.png"), "1.0.0", dir), "icon")
	assert.ErrorContains(t, writeICNS(&bytes.Buffer{}, image.NewNRGBA(image.Rect(0, 0, 64, 32))), "square")
}

func TestPlistVersion(t *testing.T) {
	for in, want := range map[string]string{"1.2.0": "1.2.0", "v1.3.0": "1.3.0", "0.0.0-SNAPSHOT-6db71f3": "0.0.0", "": "0.0.0", "2.0.0+meta": "2.0.0"} {
		assert.Equal(t, want, plistVersion(in), in)
	}
}
