package ui

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Text that fits its box: a sentence is wrapped at spaces (a path at its
// separators, never inside a word unless one word alone is wider than the
// box), and when the lines are more than the box holds, the text is drawn
// smaller, down to a legible minimum, rather than cut. Only text that does
// not fit even then ends in "…", and the tests that draw every screen
// (textfit_test.go) fail on it.

// Tightest and loosest line heights of fitted text, in sizes of its face:
// lines are spread up to their usual spacing when the box has room and
// brought as close as tightLine before the text is made smaller.
const tightLine = 1.15

// legibleScale is the smallest share of its usual size that text is
// shrunk to; legibleCSS the smallest size in CSS pixels on a desktop (the
// phone's panel keeps phoneMinText).
const (
	legibleScale = 0.7
	legibleCSS   = 8.0
)

// minTextSize is the smallest size text of size pixels is drawn at on g.
func (g *geometry) minTextSize(size float64) float64 {
	floor := legibleCSS * g.scale
	if g.phone {
		floor = phoneMinText * g.scale
	}
	return math.Min(size, math.Max(size*legibleScale, floor))
}

// para is a paragraph of fitted text: its words, typeface, usual size in
// pixels and colour.
type para struct {
	s    string
	src  *fontSource
	size float64
	col  color.Color
}

// fitted is paragraphs laid out in a box: each paragraph's lines and face,
// the line height, and whether it all fits (else the last line shown ends
// in "…").
type fitted struct {
	lines  [][]string
	faces  []text.Face
	k      float64 // the scale the paragraphs are drawn at
	ratio  float64 // line height in sizes of each face
	n      int     // lines in all
	ok     bool
	broken bool // a word is broken inside: it fits no other way
}

// fitKey identifies a fit, to remember it: the classroom's and the panel's
// boxes are fitted again at every redraw.
type fitKey struct {
	paras      string
	w, h, minK float64
	ratio      float64
}

var fits = map[fitKey]fitted{}

// fitParas lays paras out in a box w x h: wrapped at their usual sizes,
// lines spread up to ratio times their size apart, and made smaller in
// steps down to the scale minK when they do not fit.
func fitParas(paras []para, w, h, ratio, minK float64) fitted {
	var key strings.Builder
	for _, p := range paras {
		key.WriteString(p.s)
		key.WriteByte(0)
		key.WriteString(faceName(p.src))
		key.WriteString(strconv.FormatFloat(p.size, 'f', 2, 64))
	}
	k := fitKey{key.String(), w, h, minK, ratio}
	if f, ok := fits[k]; ok {
		return f
	}
	if len(fits) > 512 {
		clear(fits)
	}
	f := fitAt(paras, w, h, ratio, minK)
	fits[k] = f
	return f
}

func fitAt(paras []para, w, h, ratio, minK float64) fitted {
	var f fitted
	for scale := 1.0; ; scale = math.Max(minK, scale*0.95) {
		f = fitted{k: scale, ratio: ratio}
		widest := 0.0
		broken := false
		for _, p := range paras {
			fc := face(p.src, p.size*scale)
			l, b := wrapWords(p.s, fc, w)
			broken = broken || b
			f.lines = append(f.lines, l)
			f.faces = append(f.faces, fc)
			f.n += len(l)
			for _, s := range l {
				widest = math.Max(widest, textWidth(s, fc))
			}
		}
		// A word broken inside (no path separator in it) fits only at
		// the smallest size: smaller type reads better than a split word.
		f.ok = f.height(paras, tightLine) <= h+0.5 && widest <= w+0.5 && (!broken || scale <= minK)
		f.broken = broken
		if f.ok || scale <= minK {
			break
		}
	}
	if !f.ok {
		// Even at the smallest size the text does not fit: as many lines
		// as the box holds, the last cut.
		f.cut(paras, w, h)
	}
	return f
}

// height is the height of f's lines spaced r sizes apart.
func (f *fitted) height(paras []para, r float64) float64 {
	t := 0.0
	for i, p := range paras {
		t += float64(len(f.lines[i])) * p.size * f.k * r
	}
	return t
}

// cut drops the lines that the box cannot hold and ends the last kept one
// with an ellipsis.
func (f *fitted) cut(paras []para, w, h float64) {
	y := 0.0
	for i, p := range paras {
		lh := p.size * f.k * tightLine
		for j := range f.lines[i] {
			if y+lh > h+0.5 {
				f.lines[i] = f.lines[i][:j]
				for k := i + 1; k < len(f.lines); k++ {
					f.lines[k] = nil
				}
				f.markCut(w)
				return
			}
			y += lh
		}
	}
	f.markCut(w)
}

// markCut ends the last line shown with an ellipsis.
func (f *fitted) markCut(w float64) {
	for i := len(f.lines) - 1; i >= 0; i-- {
		if n := len(f.lines[i]); n > 0 {
			f.lines[i][n-1] = ellipsis(f.lines[i][n-1]+" …", f.faces[i], w)
			return
		}
	}
}

// spacing is the line height, in sizes of each face, that spreads the
// lines over h: up to f.ratio, at least tightLine.
func (f *fitted) spacing(paras []para, h float64) float64 {
	r := f.ratio
	if t := f.height(paras, 1); t > 0 {
		r = math.Min(r, h/t)
	}
	return math.Max(r, tightLine)
}

// Vertical placement of fitted lines in their box.
type valign uint8

const (
	alignTop valign = iota
	alignMiddle
	alignBottom
)

// drawFit draws paras fitted in r (see fitParas), from its top, centred in
// its height or down to its bottom as va says; x is r's left edge, centre
// or right edge as al says. It returns the height the lines took.
func drawFit(dst *ebiten.Image, paras []para, r rect, ratio, minK float64, al align, va valign) float64 {
	f := fitParas(paras, r.w, r.h, ratio, minK)
	if f.broken {
		midWordBreaks++
	}
	sp := f.spacing(paras, r.h)
	total := f.height(paras, sp)
	y := r.y
	switch va {
	case alignMiddle:
		y += (r.h - total) / 2
	case alignBottom:
		y += r.h - total
	}
	x := r.x
	switch al {
	case alignCenter:
		x = r.cx()
	case alignRight:
		x = r.x + r.w
	}
	for i, p := range paras {
		lh := p.size * f.k * sp
		for _, s := range f.lines[i] {
			drawText(dst, s, f.faces[i], x, y+lh/2, p.col, al)
			y += lh
		}
	}
	return total
}

// drawLabel draws s centred in a button r, smaller or over two lines when
// it is wider than the button.
func drawLabel(dst *ebiten.Image, g *geometry, s string, src *fontSource, size float64, r rect, clr color.Color) {
	in := rect{r.x + 4*g.u, r.y + 2*g.u, r.w - 8*g.u, r.h - 4*g.u}
	drawFit(dst, []para{{s, src, size, clr}}, in, 1.2, g.minTextSize(size)/size, alignCenter, alignMiddle)
}

// faceName tells the typefaces apart in a fit's key.
func faceName(src *fontSource) string { return fmt.Sprintf("%p", src) }

// wrapLines breaks s into lines at most w wide in f: at spaces, and a word
// wider than a line (a path) after one of its separators, or where it must
// when even a part between separators is too wide.
func wrapLines(s string, f text.Face, w float64) []string {
	lines, broken := wrapWords(s, f, w)
	if broken {
		midWordBreaks++
	}
	return lines
}

// midWordBreaks counts the lines that wrapLines broke inside a word, for
// the tests (which fail on any): drawn text never splits a word.
var midWordBreaks int

// textsCut, when a test sets it, collects what ellipsis returned when it
// cut a string; the fit test fails on any of them that is drawn (a layout
// may try a cut form and then choose another). A string that ends in "…"
// by itself ("Estimating this position…") is not one. The window draws on
// one goroutine, and only tests set it.
var textsCut map[string]bool

// wrapWords is wrapLines, reporting whether a word was broken inside.
func wrapWords(s string, f text.Face, w float64) (lines []string, broken bool) {
	line := ""
	for _, tok := range spacedWords(s) {
		word := tok[1]
		cand := word
		if line != "" {
			cand = line + tok[0] + word // the spaces as written: "  ·  "
		}
		if textWidth(cand, f) <= w {
			line = cand
			continue
		}
		if line != "" {
			// The word's first part may still fit on this line when it
			// is a path.
			if head, rest := splitWord(word, f, w-textWidth(line+tok[0], f)); head != "" && textWidth(word, f) > w {
				lines = append(lines, line+tok[0]+head)
				word = rest
			} else {
				lines = append(lines, line)
			}
		}
		for textWidth(word, f) > w {
			head, rest := splitWord(word, f, w)
			if head == "" {
				head, rest = splitRunes(word, f, w)
				broken = true
			}
			lines = append(lines, head)
			word = rest
		}
		line = word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines, broken
}

// spacedWords splits s into its words, each with the spaces before it.
func spacedWords(s string) [][2]string {
	var out [][2]string
	for s != "" {
		rest := strings.TrimLeft(s, " \t\n")
		sp := s[:len(s)-len(rest)]
		if rest == "" {
			break
		}
		end := strings.IndexAny(rest, " \t\n")
		if end < 0 {
			end = len(rest)
		}
		out = append(out, [2]string{sp, rest[:end]})
		s = rest[end:]
	}
	return out
}

// pathBreaks are the characters after which a long word may be broken.
const pathBreaks = `/\-_.:,`

// splitWord returns the longest head of word, ending after one of
// pathBreaks, that fits w, and the rest ("" if none fits).
func splitWord(word string, f text.Face, w float64) (head, rest string) {
	for i := len(word) - 1; i > 0; i-- {
		if strings.IndexByte(pathBreaks, word[i-1]) >= 0 && textWidth(word[:i], f) <= w {
			return word[:i], word[i:]
		}
	}
	return "", word
}

// splitRunes cuts word where it must: the longest head that fits w (at
// least one letter).
func splitRunes(word string, f text.Face, w float64) (head, rest string) {
	r := []rune(word)
	n := len(r) - 1
	for n > 1 && textWidth(string(r[:n]), f) > w {
		n--
	}
	return string(r[:n]), string(r[n:])
}
