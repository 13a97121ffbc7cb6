package cnn

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"unicode/utf8"

	"github.com/tablut-ai/tablut/internal/atomicfile"
	"github.com/tablut-ai/tablut/internal/regfile"
)

// Weight file format, versions 1 to 4 (also in FORMAT.md). All integers are
// unsigned little-endian; weights are IEEE-754 float32, little-endian.
//
//	offset  size  field
//	0       8     magic "TABZCNN\x00"
//	8       4     version = 1
//	12      4     layer count = 4
//	16      64    4 layer shapes, 4 uint32 each: filters, kernel rows, kernel
//	              columns, input channels = (64,3,3,1) (32,3,3,64) (16,3,3,32) (1,3,3,16)
//	80      2     label length L (0..255 bytes)
//	82      L     label, UTF-8
//	version 2 only:
//	82+L    1     base name length B (0..255 bytes)
//	83+L    B     base name: "" (a pure network) or "heuristic" (residual)
//	83+L+B  4     scale, float32 (0 for a pure network, (0, 10000] otherwise)
//	version 3 only (a residual network with its own base parameters):
//	87+L+B  1     base parameter count K (1..32)
//	88+L+B  4K    base parameters, int32 (Network.BaseParams)
//	version 4 (any network; the only version for the piece-planes input):
//	82+L    1+B+4 base name length, base name and scale, as in version 2
//	87+L+B  1     base parameter count K (0..32)
//	88+L+B  4K    base parameters, int32
//	88+L+B+4K 1   input kind: 0 the seed's plane, 1 piece planes (layer 1's
//	              shape is then (64,3,3,3))
//	...     ...   the weights of layers 1 to 4 in order, each in the layout of
//	              Network.W: [filter][ky][kx][channel], 23,760 float32 in all
//	              (24,912 with piece planes)
//	version 4 with piece planes: 288 float32, Network.SideBias
//
// Nothing may follow the weights. Load rejects a wrong magic, an unknown
// version, a layer count or shape other than the seed's, a bad label, an
// unknown base name or a bad scale, a truncated file, NaN or infinite weights
// and trailing bytes. Save writes version 4 for a network with piece planes,
// and for the seed's input version 1 for a pure network (Base == ""),
// version 3 for a residual network with BaseParams and version 2 otherwise.
const (
	fileMagic   = "TABZCNN\x00"
	fileVersion = 4
	maxLabel    = 255
	maxParams   = 32
)

// Bases lists the base evaluators a residual network may name (Network.Base);
// "" is a pure network.
var Bases = []string{"", BaseHeuristic}

// BaseHeuristic is the base name of a network that corrects the hand-made
// heuristic (package ai's Heuristic).
const BaseHeuristic = "heuristic"

// checkBase reports whether base and scale describe a valid network kind.
func checkBase(base string, scale float32) error {
	known := false
	for _, b := range Bases {
		known = known || b == base
	}
	switch {
	case !known:
		return fmt.Errorf("unknown base evaluator %q (known: \"\" for a pure network, %q)", base, BaseHeuristic)
	case base == "" && scale != 0:
		return fmt.Errorf("scale %v without a base evaluator, want 0", scale)
	case base != "" && !(scale > 0 && scale <= 10000):
		return fmt.Errorf("scale %v of a residual network, want (0, 10000]", scale)
	}
	return nil
}

// Load reads a network in the weight file format. Errors are one sentence
// that says what is wrong with the data.
func Load(r io.Reader) (*Network, error) {
	br := bufio.NewReader(r)
	var hdr [80]byte
	if n, err := io.ReadFull(br, hdr[:]); err != nil {
		if n >= len(fileMagic) && string(hdr[:len(fileMagic)]) != fileMagic {
			return nil, errBadMagic(hdr[:len(fileMagic)])
		}
		return nil, fmt.Errorf("truncated network file: %d header bytes, want 80", n)
	}
	if string(hdr[:8]) != fileMagic {
		return nil, errBadMagic(hdr[:8])
	}
	le := binary.LittleEndian
	version := le.Uint32(hdr[8:])
	if version < 1 || version > fileVersion {
		return nil, fmt.Errorf("unsupported network file version %d (this program reads versions 1 to %d)", version, fileVersion)
	}
	if c := le.Uint32(hdr[12:]); c != 4 {
		return nil, fmt.Errorf("bad network file: %d layers, want 4", c)
	}
	var inChannels uint32
	for l := 0; l < 4; l++ {
		var s [4]uint32
		for i := range s {
			s[i] = le.Uint32(hdr[16+16*l+4*i:])
		}
		want := [4]uint32{uint32(Filters[l]), Kernel, Kernel, uint32(Channels[l])}
		if l == 0 && version >= 4 && s[3] == uint32(InputPieces.Channels()) {
			want[3] = s[3] // piece planes, checked against the input kind below
		}
		if l == 0 {
			inChannels = s[3]
		}
		if s != want {
			return nil, fmt.Errorf("bad network file: layer %d has shape %dx%dx%dx%d, want %dx%dx%dx%d",
				l+1, s[0], s[1], s[2], s[3], want[0], want[1], want[2], want[3])
		}
	}
	var lb [2]byte
	if _, err := io.ReadFull(br, lb[:]); err != nil {
		return nil, errors.New("truncated network file: no label length after the header")
	}
	ln := int(le.Uint16(lb[:]))
	if ln > maxLabel {
		return nil, fmt.Errorf("bad network file: label of %d bytes, at most %d allowed", ln, maxLabel)
	}
	label := make([]byte, ln)
	if _, err := io.ReadFull(br, label); err != nil {
		return nil, fmt.Errorf("truncated network file: label shorter than its %d bytes", ln)
	}
	if !utf8.Valid(label) {
		return nil, errors.New("bad network file: the label is not valid UTF-8")
	}
	n := &Network{Label: string(label)}
	if version >= 2 {
		var bl [1]byte
		if _, err := io.ReadFull(br, bl[:]); err != nil {
			return nil, errors.New("truncated network file: no base name length after the label")
		}
		base := make([]byte, bl[0])
		var sc [4]byte
		if _, err := io.ReadFull(br, base); err != nil {
			return nil, fmt.Errorf("truncated network file: base name shorter than its %d bytes", bl[0])
		}
		if _, err := io.ReadFull(br, sc[:]); err != nil {
			return nil, errors.New("truncated network file: no scale after the base name")
		}
		n.Base, n.Scale = string(base), math.Float32frombits(le.Uint32(sc[:]))
		if err := checkBase(n.Base, n.Scale); err != nil {
			return nil, fmt.Errorf("bad network file: %v", err)
		}
	}
	if version >= 3 {
		var kb [1]byte
		if _, err := io.ReadFull(br, kb[:]); err != nil {
			return nil, errors.New("truncated network file: no base parameter count after the scale")
		}
		if k := int(kb[0]); (k == 0 && version == 3) || k > maxParams {
			return nil, fmt.Errorf("bad network file: %d base parameters, want 1 to %d", k, maxParams)
		}
		if kb[0] > 0 && n.Base == "" {
			return nil, errors.New("bad network file: base parameters without a base evaluator")
		}
		buf := make([]byte, 4*int(kb[0]))
		if _, err := io.ReadFull(br, buf); err != nil {
			return nil, fmt.Errorf("truncated network file: fewer than its %d base parameters", kb[0])
		}
		if kb[0] > 0 {
			n.BaseParams = make([]int32, kb[0])
			for i := range n.BaseParams {
				n.BaseParams[i] = int32(le.Uint32(buf[4*i:]))
			}
		}
	}
	if version >= 4 {
		ib, err := br.ReadByte()
		if err != nil {
			return nil, errors.New("truncated network file: no input kind after the base parameters")
		}
		if ib > byte(InputPieces) {
			return nil, fmt.Errorf("bad network file: unknown input kind %d (0 seed plane, 1 piece planes)", ib)
		}
		n.Input = Input(ib)
	}
	if want := uint32(n.Input.Channels()); inChannels != want {
		return nil, fmt.Errorf("bad network file: layer 1 has %d input channels, want %d for the %s input", inChannels, want, n.Input)
	}
	shaped := NewInput(n.Label, n.Input)
	n.W, n.SideBias = shaped.W, shaped.SideBias
	for l := range n.W {
		buf := make([]byte, 4*len(n.W[l]))
		if k, err := io.ReadFull(br, buf); err != nil {
			return nil, fmt.Errorf("truncated network file: layer %d has %d of its %d weights", l+1, k/4, len(n.W[l]))
		}
		for i := range n.W[l] {
			v := math.Float32frombits(le.Uint32(buf[4*i:]))
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return nil, fmt.Errorf("bad network file: weight %d of layer %d is %v", i, l+1, v)
			}
			n.W[l][i] = v
		}
	}
	if len(n.SideBias) > 0 {
		buf := make([]byte, 4*len(n.SideBias))
		if k, err := io.ReadFull(br, buf); err != nil {
			return nil, fmt.Errorf("truncated network file: %d of the %d layer-3 biases", k/4, len(n.SideBias))
		}
		for i := range n.SideBias {
			v := math.Float32frombits(le.Uint32(buf[4*i:]))
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return nil, fmt.Errorf("bad network file: layer-3 bias %d is %v", i, v)
			}
			n.SideBias[i] = v
		}
	}
	if _, err := br.ReadByte(); err != io.EOF {
		if err != nil {
			return nil, fmt.Errorf("reading network file: %v", err)
		}
		return nil, errors.New("bad network file: trailing bytes after the weights")
	}
	return n, nil
}

func errBadMagic(m []byte) error {
	return fmt.Errorf("not a TabZAI network file (starts with %q, want %q)", m, fileMagic)
}

// Save writes n in the weight file format: version 1 for a pure network
// (Base == ""), version 2 for a residual one. The label must be valid UTF-8 of
// at most 255 bytes, Base one of Bases and Scale valid for it.
func (n *Network) Save(w io.Writer) error {
	if len(n.Label) > maxLabel || !utf8.ValidString(n.Label) {
		return fmt.Errorf("cannot save network %q: the label must be valid UTF-8 of at most %d bytes", n.Label, maxLabel)
	}
	if err := checkBase(n.Base, n.Scale); err != nil {
		return fmt.Errorf("cannot save network %q: %v", n.Label, err)
	}
	if len(n.BaseParams) > maxParams || (len(n.BaseParams) > 0 && n.Base == "") {
		return fmt.Errorf("cannot save network %q: %d base parameters for base %q", n.Label, len(n.BaseParams), n.Base)
	}
	if err := n.CheckShape(); err != nil {
		return fmt.Errorf("cannot save: %v", err)
	}
	version := uint32(1)
	switch {
	case n.Input != InputSeed:
		version = 4
	case len(n.BaseParams) > 0:
		version = 3
	case n.Base != "":
		version = 2
	}
	le := binary.LittleEndian
	buf := make([]byte, 0, 88+len(n.Label)+len(n.Base)+4*len(n.BaseParams)+4*NumParams)
	buf = append(buf, fileMagic...)
	buf = le.AppendUint32(buf, version)
	buf = le.AppendUint32(buf, 4)
	for l := 0; l < 4; l++ {
		ch := Channels[l]
		if l == 0 {
			ch = n.Input.Channels()
		}
		buf = le.AppendUint32(buf, uint32(Filters[l]))
		buf = le.AppendUint32(buf, Kernel)
		buf = le.AppendUint32(buf, Kernel)
		buf = le.AppendUint32(buf, uint32(ch))
	}
	buf = le.AppendUint16(buf, uint16(len(n.Label)))
	buf = append(buf, n.Label...)
	if version >= 2 {
		buf = append(buf, byte(len(n.Base)))
		buf = append(buf, n.Base...)
		buf = le.AppendUint32(buf, math.Float32bits(n.Scale))
	}
	if version >= 3 {
		buf = append(buf, byte(len(n.BaseParams)))
		for _, v := range n.BaseParams {
			buf = le.AppendUint32(buf, uint32(v))
		}
	}
	if version >= 4 {
		buf = append(buf, byte(n.Input))
	}
	for l := range n.W {
		for _, v := range n.W[l] {
			buf = le.AppendUint32(buf, math.Float32bits(v))
		}
	}
	for _, v := range n.SideBias {
		buf = le.AppendUint32(buf, math.Float32bits(v))
	}
	_, err := w.Write(buf)
	return err
}

// LoadFile reads a network from a weight file. If the file's label is empty,
// the label becomes the file name without its extension. Anything but a
// regular file (a named pipe, a device, a folder) is refused before it is
// read.
func LoadFile(path string) (*Network, error) {
	f, err := regfile.Open(path)
	if errors.Is(err, regfile.ErrFolder) {
		return nil, fmt.Errorf("%s is a folder, not a network file", path)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot open network file: %w", err)
	}
	defer f.Close()
	n, err := Load(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if n.Label == "" {
		base := filepath.Base(path)
		n.Label = base[:len(base)-len(filepath.Ext(base))]
	}
	return n, nil
}

// SaveFile writes n to path atomically: it writes a temporary file in the same
// directory, syncs it and renames it over path, so readers see the old file
// or the new one, never a partial file.
func (n *Network) SaveFile(path string) error {
	if err := atomicfile.Write(path, n.Save); err != nil {
		return fmt.Errorf("cannot save network to %s: %w", path, err)
	}
	return nil
}
