package cnn

import (
	"bytes"
	"encoding/binary"
	"image"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestSaveLoadRoundTrip(t *testing.T) {
	n := NewRandom(rand.New(rand.NewPCG(1, 2)), 0.4)
	n.Label = "gen042-3"
	var buf bytes.Buffer
	if err := n.Save(&buf); err != nil {
		t.Fatal(err)
	}
	if buf.Len() != 82+len(n.Label)+4*NumParams {
		t.Fatalf("file of %d bytes", buf.Len())
	}
	m, err := Load(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if m.Label != n.Label {
		t.Fatalf("label %q, want %q", m.Label, n.Label)
	}
	for l := range n.W {
		for i := range n.W[l] {
			if math.Float32bits(m.W[l][i]) != math.Float32bits(n.W[l][i]) {
				t.Fatalf("layer %d weight %d: %g, want %g", l+1, i, m.W[l][i], n.W[l][i])
			}
		}
	}
}

func TestSaveFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "net.cnn")
	n := NewRandom(rand.New(rand.NewPCG(3, 4)), 0.1)
	n.Label = ""
	for i := 0; i < 2; i++ { // the second save replaces the first
		if err := n.SaveFile(path); err != nil {
			t.Fatal(err)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("directory holds %d files after SaveFile, want 1 (no temporary left)", len(entries))
	}
	m, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if m.Label != "net" {
		t.Fatalf("label %q, want the file name %q", m.Label, "net")
	}
	if _, err := LoadFile(filepath.Join(dir, "missing.cnn")); err == nil {
		t.Fatal("LoadFile of a missing file succeeded")
	}
}

func TestLoadRejects(t *testing.T) {
	n := NewRandom(rand.New(rand.NewPCG(5, 6)), 0.1)
	n.Label = "x"
	var buf bytes.Buffer
	n.Save(&buf)
	good := buf.Bytes()
	mod := func(f func(b []byte) []byte) []byte {
		return f(append([]byte(nil), good...))
	}
	le := binary.LittleEndian
	cases := []struct {
		name, want string
		data       []byte
	}{
		{"empty", "truncated", nil},
		{"magic", "not a TabZAI network file", mod(func(b []byte) []byte { b[0] = 'X'; return b })},
		{"short magic", "not a TabZAI network file", []byte("PNG\x89\r\n\x1a\nabc")},
		{"version", "unsupported network file version 5", mod(func(b []byte) []byte { le.PutUint32(b[8:], 5); return b })},
		{"layers", "5 layers", mod(func(b []byte) []byte { le.PutUint32(b[12:], 5); return b })},
		{"shape", "layer 2 has shape 32x3x3x65", mod(func(b []byte) []byte { le.PutUint32(b[16+16+12:], 65); return b })},
		{"label length", "label of 300 bytes", mod(func(b []byte) []byte { le.PutUint16(b[80:], 300); return b })},
		{"label utf8", "not valid UTF-8", mod(func(b []byte) []byte { b[82] = 0xff; return b })},
		{"truncated header", "truncated", good[:50]},
		{"truncated weights", "layer 2 has 10 of its 18432 weights", good[:83+4*576+40]},
		{"truncated end", "layer 4 has 143 of its 144", good[:len(good)-1]},
		{"nan", "weight 0 of layer 1 is NaN", mod(func(b []byte) []byte { le.PutUint32(b[83:], 0x7fc00000); return b })},
		{"inf", "weight 1 of layer 4 is -Inf", mod(func(b []byte) []byte {
			le.PutUint32(b[len(b)-4*143:], math.Float32bits(float32(math.Inf(-1))))
			return b
		})},
		{"trailing", "trailing bytes", mod(func(b []byte) []byte { return append(b, 0) })},
	}
	for _, c := range cases {
		_, err := Load(bytes.NewReader(c.data))
		if err == nil {
			t.Errorf("%s: Load succeeded", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %q, want one line containing %q", c.name, err, c.want)
		}
	}
}

func TestVersion1Compat(t *testing.T) {
	// A pure network is still written, byte for byte, in version 1, which
	// older programs read; version 1 files load as pure networks.
	n := NewRandom(rand.New(rand.NewPCG(7, 8)), 0.1)
	n.Label = "old"
	var buf bytes.Buffer
	if err := n.Save(&buf); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if v := binary.LittleEndian.Uint32(b[8:]); v != 1 || len(b) != 82+3+4*NumParams {
		t.Fatalf("pure network saved as version %d, %d bytes", v, len(b))
	}
	m, err := Load(bytes.NewReader(b))
	if err != nil || m.Base != "" || m.Scale != 0 {
		t.Fatalf("version 1: base %q scale %v err %v", m.Base, m.Scale, err)
	}
}

func TestVersion2RoundTrip(t *testing.T) {
	n := NewRandom(rand.New(rand.NewPCG(9, 10)), 0.05)
	n.Label, n.Base, n.Scale = "res", BaseHeuristic, 2000
	var buf bytes.Buffer
	if err := n.Save(&buf); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if v := binary.LittleEndian.Uint32(b[8:]); v != 2 || len(b) != 87+3+len(BaseHeuristic)+4*NumParams {
		t.Fatalf("residual network saved as version %d, %d bytes", v, len(b))
	}
	m, err := Load(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if m.Label != "res" || m.Base != BaseHeuristic || m.Scale != 2000 {
		t.Fatalf("loaded %q base %q scale %v", m.Label, m.Base, m.Scale)
	}
	for l := range n.W {
		for i := range n.W[l] {
			if m.W[l][i] != n.W[l][i] {
				t.Fatalf("layer %d weight %d differs", l+1, i)
			}
		}
	}
	if c := m.Clone(); c.Base != m.Base || c.Scale != m.Scale {
		t.Fatalf("Clone lost base %q scale %v", c.Base, c.Scale)
	}
	// A pure network in version 2 (base "", scale 0) loads too.
	pure := append([]byte(nil), b[:85]...)
	binary.LittleEndian.PutUint32(pure[8:], 2)
	pure = append(pure, 0, 0, 0, 0, 0)
	pure = append(pure, b[len(b)-4*NumParams:]...)
	if p, err := Load(bytes.NewReader(pure)); err != nil || p.Base != "" || p.Scale != 0 {
		t.Fatalf("pure version 2: %v", err)
	}

	at := 85 // the base name length
	mod := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), b...)) }
	for _, c := range []struct {
		name, want string
		data       []byte
	}{
		{"base name", `unknown base evaluator "heuristiX"`, mod(func(b []byte) []byte { b[at+9] = 'X'; return b })},
		{"scale", "scale -1 of a residual network", mod(func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[at+10:], math.Float32bits(-1))
			return b
		})},
		{"pure scale", "scale 3 without a base", func() []byte {
			d := append([]byte(nil), pure...)
			binary.LittleEndian.PutUint32(d[86:], math.Float32bits(3))
			return d
		}()},
		{"truncated base", "base name shorter", b[:at+4]},
	} {
		_, err := Load(bytes.NewReader(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	n.Base = "minimax"
	if err := n.Save(&bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "unknown base") {
		t.Errorf("Save with a bad base: %v", err)
	}
}

// FuzzLoad checks that every file Load accepts saves and loads back to the
// same bytes. A whole network file is hundreds of kilobytes of weights, and an
// input that size runs a handful of times a minute (the fuzzing engine copies,
// mutates and hashes every input whole, in each worker), so the fuzzed input
// is only the part of the file whose layout varies, the head (header, label,
// base, base parameters, input kind), plus how many bytes of a fixed block of
// finite weights follow it and a short patch written over the result at a
// fuzzed offset (which may put a NaN among the weights). The seeds are a
// seed-input and a piece-planes network of the right lengths, so mutations
// start from files that load.
func FuzzLoad(f *testing.F) {
	pieces := NewRandomInput(rand.New(rand.NewPCG(5, 6)), 0.3, InputPieces)
	body := weightBytes(pieces) // the longest body: every length is a prefix of it
	for _, n := range []*Network{NewRandom(rand.New(rand.NewPCG(3, 4)), 0.3), pieces} {
		n.Label = "fuzz"
		var buf bytes.Buffer
		if err := n.Save(&buf); err != nil {
			f.Fatal(err)
		}
		size := len(weightBytes(n))
		head := buf.Bytes()[:buf.Len()-size]
		if _, err := Load(bytes.NewReader(append(append([]byte(nil), head...), body[:size]...))); err != nil {
			f.Fatalf("the seed for a %s network does not load: %v", n.Input, err)
		}
		f.Add(head, uint32(size), []byte{}, uint32(0))
		f.Add(head, uint32(size), []byte{0, 0, 0xc0, 0x7f}, uint32(len(head)+8)) // a NaN weight
	}
	f.Add([]byte("TABZCNN\x00"), uint32(0), []byte{}, uint32(0))
	f.Fuzz(func(t *testing.T, head []byte, size uint32, patch []byte, at uint32) {
		data := append(append([]byte(nil), head...), body[:int(size%uint32(len(body)+1))]...)
		if len(data) > 0 {
			copy(data[int(at%uint32(len(data))):], patch)
		}
		n, err := Load(bytes.NewReader(data))
		if err != nil {
			return
		}
		// A version-2 file of a pure network saves as version 1, so compare
		// what it saves to with what that saves to.
		var out, again bytes.Buffer
		if err := n.Save(&out); err != nil {
			t.Fatalf("a file that loads does not save: %v", err)
		}
		m, err := Load(bytes.NewReader(out.Bytes()))
		if err != nil || m.Save(&again) != nil || !bytes.Equal(out.Bytes(), again.Bytes()) {
			t.Fatalf("a saved file does not load and save back to the same bytes (err %v)", err)
		}
		if le32 := binary.LittleEndian.Uint32(data[8:]); le32 == 1 && !bytes.Equal(out.Bytes(), data) {
			t.Fatal("a version-1 file does not save back to the same bytes")
		}
	})
}

// weightBytes returns n's weights and layer-3 biases as a file stores them.
func weightBytes(n *Network) []byte {
	var b []byte
	for _, w := range n.W {
		for _, v := range w {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
		}
	}
	for _, v := range n.SideBias {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
	}
	return b
}

func TestDrawFilters(t *testing.T) {
	n := New("test")
	for o := 0; o < 64; o++ {
		n.W[0][Index(0, o, 0, 0, 0)] = 1  // top-left cell: full green
		n.W[0][Index(0, o, 2, 2, 0)] = -1 // bottom-right cell: full red
	}
	img, ok := n.DrawFilters().(*image.RGBA)
	if !ok {
		t.Fatal("DrawFilters does not return an *image.RGBA")
	}
	b := img.Bounds()
	if b.Dx() < 8*filterTile || b.Dy() < 8*filterTile {
		t.Fatalf("image %v too small", b)
	}
	for _, o := range []int{0, 9, 63} {
		x0 := filterMargin + (o%8)*(filterTile+filterGap)
		y0 := filterMargin + (o/8)*(filterTile+filterGap)
		if c := img.RGBAAt(x0+filterCell/2, y0+filterCell/2); c.G != 255 || c.R != 0 {
			t.Errorf("filter %d top-left cell %v, want green", o, c)
		}
		if c := img.RGBAAt(x0+filterTile-filterCell/2, y0+filterTile-filterCell/2); c.R != 255 || c.G != 0 {
			t.Errorf("filter %d bottom-right cell %v, want red", o, c)
		}
		if c := img.RGBAAt(x0+filterTile/2, y0+filterTile/2); c.R != 0 || c.G != 0 {
			t.Errorf("filter %d centre cell %v, want black (zero weight)", o, c)
		}
	}
	// The caption is drawn: some light pixels below the grid.
	lit := 0
	for y := filterMargin + 8*filterTile + 7*filterGap; y < b.Max.Y; y++ {
		for x := 0; x < b.Max.X; x++ {
			if img.RGBAAt(x, y).R > 200 {
				lit++
			}
		}
	}
	if lit < 50 {
		t.Errorf("caption has %d lit pixels", lit)
	}
}

func TestVersion3RoundTrip(t *testing.T) {
	n := NewRandom(rand.New(rand.NewPCG(11, 12)), 0.05)
	n.Label, n.Base, n.Scale = "tuned", BaseHeuristic, 30
	n.BaseParams = []int32{150, -110, -30, -60, 400, 40, -20}
	var buf bytes.Buffer
	if err := n.Save(&buf); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if v := binary.LittleEndian.Uint32(b[8:]); v != 3 || len(b) != 88+5+len(BaseHeuristic)+4*7+4*NumParams {
		t.Fatalf("network with base parameters saved as version %d, %d bytes", v, len(b))
	}
	m, err := Load(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m.BaseParams, n.BaseParams) || m.Base != BaseHeuristic || m.Scale != 30 {
		t.Fatalf("loaded base %q scale %v params %v", m.Base, m.Scale, m.BaseParams)
	}
	if c := m.Clone(); !slices.Equal(c.BaseParams, n.BaseParams) {
		t.Fatalf("Clone lost the base parameters: %v", c.BaseParams)
	}
	at := 82 + 5 + 1 + len(BaseHeuristic) + 4 // the parameter count
	for _, c := range []struct {
		name, want string
		data       []byte
	}{
		{"no params", "0 base parameters", func() []byte { d := append([]byte(nil), b...); d[at] = 0; return d }()},
		{"too many", "33 base parameters", func() []byte { d := append([]byte(nil), b...); d[at] = 33; return d }()},
		{"truncated", "fewer than its 7 base parameters", b[:at+10]},
	} {
		if _, err := Load(bytes.NewReader(c.data)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
	n.Base, n.Scale = "", 0
	if err := n.Save(&buf); err == nil {
		t.Error("a pure network with base parameters was saved")
	}
}

// TestLoadFileRefusesFolder: a folder named as a network is one clear line,
// not a complaint about a truncated header.
func TestLoadFileRefusesFolder(t *testing.T) {
	dir := t.TempDir()
	_, err := LoadFile(dir)
	if err == nil || err.Error() != dir+" is a folder, not a network file" {
		t.Fatalf("LoadFile(folder) = %v", err)
	}
}
