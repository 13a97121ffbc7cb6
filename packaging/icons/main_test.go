package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablut-ai/tablut/ui"
	"github.com/tablut-ai/tablut/ui/shapes"
)

// drawnPNG is the icon drawn at n pixels, as the files hold it.
func drawnPNG(t *testing.T, n int) []byte {
	var b bytes.Buffer
	require.NoError(t, png.Encode(&b, shapes.Icon(n)))
	return b.Bytes()
}

// TestIconFiles writes the files and reads them back: each hicolor PNG and
// each image of the .ico is the icon drawn at its own size.
func TestIconFiles(t *testing.T) {
	out := t.TempDir()
	require.NoError(t, run(out))
	for _, n := range hicolorSizes {
		f := filepath.Join(out, "hicolor", fmt.Sprintf("%dx%d", n, n), "apps", "tablut.png")
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		assert.True(t, bytes.Equal(b, drawnPNG(t, n)), "%s is not the icon drawn at %d px", f, n)
	}

	ico, err := os.ReadFile(filepath.Join(out, "tablut.ico"))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(ico), 6)
	le := binary.LittleEndian
	require.Equal(t, []uint16{0, 1, uint16(len(icoSizes))}, []uint16{le.Uint16(ico), le.Uint16(ico[2:]), le.Uint16(ico[4:])}, "header")
	end := 6 + 16*len(icoSizes)
	for i, n := range icoSizes {
		e := ico[6+16*i:]
		w, h := int(e[0]), int(e[1])
		if w == 0 {
			w = 256
		}
		if h == 0 {
			h = 256
		}
		assert.Equal(t, [2]int{n, n}, [2]int{w, h}, "entry %d", i)
		assert.Equal(t, []uint16{1, 32}, []uint16{le.Uint16(e[4:]), le.Uint16(e[6:])}, "entry %d: planes, bits", i)
		size, off := int(le.Uint32(e[8:])), int(le.Uint32(e[12:]))
		require.Equal(t, end, off, "entry %d follows the one before", i)
		require.LessOrEqual(t, off+size, len(ico))
		data := ico[off : off+size]
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		require.NoError(t, err, "entry %d", i)
		assert.Equal(t, [2]int{n, n}, [2]int{cfg.Width, cfg.Height}, "entry %d", i)
		assert.True(t, bytes.Equal(data, drawnPNG(t, n)), "entry %d is not the icon drawn at %d px", i, n)
		end = off + size
	}
	assert.Equal(t, len(ico), end, "bytes after the last image")
}

func TestICOSizeOutOfRange(t *testing.T) {
	assert.ErrorContains(t, writeICO(&bytes.Buffer{}, []int{16, 512}), "not 512")
	assert.ErrorContains(t, writeICO(&bytes.Buffer{}, []int{0}), "not 0")
}

// TestDesktopEntry checks that the Linux menu entry names what the package
// installs and what the window is: the binary on PATH, the icon these files
// are, the window's X11 class. Where desktop-file-validate is installed
// (desktop-file-utils; CI has it), the entry passes it too.
func TestDesktopEntry(t *testing.T) {
	const path = "../linux/tablut.desktop"
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	keys := map[string]string{}
	group := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "["):
			group = line
		case group == "[Desktop Entry]":
			k, v, ok := strings.Cut(line, "=")
			require.True(t, ok, "line %q", line)
			keys[k] = v
		}
	}
	require.NoError(t, sc.Err())
	for k, want := range map[string]string{
		"Type": "Application", "Exec": "tablut", "TryExec": "tablut",
		"Icon": "tablut", "StartupWMClass": ui.WindowClass, "Terminal": "false",
	} {
		assert.Equal(t, want, keys[k], "%s in %s", k, path)
	}
	if _, err := exec.LookPath("desktop-file-validate"); err != nil {
		t.Log("desktop-file-validate is not installed (desktop-file-utils); the entry's keys were checked only")
		return
	}
	out, err := exec.Command("desktop-file-validate", path).CombinedOutput()
	assert.NoError(t, err, "desktop-file-validate %s: %s", path, out)
}
