package ui

import (
	"math"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// The window has one pointer, driven by the mouse or by a finger, whichever
// was used last. Everything that clicks, drags or hovers goes through it, so
// that a touch screen does what the mouse does: a tap is a click, a finger
// moved is a drag, and a long press is a right click. A finger's touch
// becomes a press only when it is known to be a tap or a drag (it lifted, or
// it moved beyond touchSlop): a long press then clicks nothing before it
// does what a right click does.
//
// A long press acts when the finger lifts, held for longPress or more by the
// page's own times of the touch and the lift. Acting while the finger is
// held would need to know that it is still down, and a busy page knows of a
// lift late: in Chromium, a lift 80 ms after the touch was handled after
// two of the page's frames and 1.5 s (an AI thinking on the page's thread
// makes such frames). While the finger is held, a ring around it closes
// (drawHeld): closed, lifting the finger does what a right click does.

// touchSlop is how far a finger may wander, in CSS pixels, and still tap or
// long-press rather than drag.
const touchSlop = 10

// longPress is how long a finger held still makes a long press.
const longPress = 500 * time.Millisecond

// touchPoint is one finger in one frame.
type touchPoint struct {
	id     int
	sx, sy float64 // where it went down, when began
	x, y   float64 // where it is now, or where it lifted
	began  bool    // it went down since the previous frame
	ended  bool    // it lifted since the previous frame (with began: a tap between two frames)
	cancel bool    // the system took it back (touchcancel): no click
	// at and upAt are when it went down and lifted, where the page said
	// (zero: the frame's time). A page whose frames are slow (an AI thinking
	// on its thread) sees a quick tap lifted only frames later: timed by
	// the frames it would be a long press.
	at, upAt time.Time
}

// pointerFrame is the pointing devices' input in one frame.
type pointerFrame struct {
	now     time.Time
	scale   float64 // screen pixels per CSS pixel
	mouse   mouseInput
	touches []touchPoint // in the order the fingers went down
}

// pointerState follows the pointer between frames.
type pointerState struct {
	byTouch bool    // the latest input came from a finger
	x, y    float64 // where the pointer is, for hovering; far away when no finger is down and a finger was last
	mouseX  float64 // the mouse's position in the previous frame, to see it move
	mouseY  float64
	mouseOK bool // mouseX and mouseY were set
	finger  fingerState
	// held is the long press's progress while a finger is held still, 0 to
	// 1 (held long enough); 0 when none is.
	held float64
}

// fingerState is the finger that drives the pointer, from its touch to its
// lift.
type fingerState struct {
	down     bool
	id       int
	sx, sy   float64 // where it went down
	at       time.Time
	dragging bool // it moved beyond touchSlop: its press was given, a drag follows it
	done     bool // a long press or a second finger ended its gesture: the rest of it is ignored
}

// noHover is the pointer's position when nothing hovers (the finger lifted).
const noHover = -1e9

// pointer applies one frame of pointer input: the mouse's unless a finger
// drives the pointer, the first finger's while it is down (a mouse button
// held down keeps the fingers out).
func (a *App) pointer(f pointerFrame) {
	p := &a.ptr
	m := f.mouse
	mouseMoved := p.mouseOK && (m.x != p.mouseX || m.y != p.mouseY)
	p.mouseX, p.mouseY, p.mouseOK = m.x, m.y, true
	mouseActive := m.pressed || m.justPressed || m.justReleased || m.rightPressed
	if p.finger.down {
		a.touch(f)
		return
	}
	if mouseActive || mouseMoved || !p.byTouch {
		if mouseActive || mouseMoved {
			p.byTouch = false
		}
		p.x, p.y = m.x, m.y
		a.mouse(m)
		if m.pressed || m.justPressed {
			return // the mouse's click or drag goes on: no finger starts one
		}
	}
	a.touch(f)
}

// touch applies one frame of the fingers' input, in the order the page gave
// it (a finger may go down and lift between two frames).
func (a *App) touch(f pointerFrame) {
	p := &a.ptr
	fg := &p.finger
	p.held = 0
	seen := false
	for _, t := range f.touches {
		switch {
		case fg.down && t.id == fg.id && !t.began:
			seen = true
			a.fingerStep(t, f)
		case !fg.down && t.began:
			*fg = fingerState{down: true, id: t.id, sx: t.sx, sy: t.sy, at: orNow(t.at, f.now)}
			p.byTouch = true
			seen = true
			a.fingerStep(t, f)
		case fg.down && t.began:
			// A second finger: whatever the first one does is called off
			// (a drag is dropped) and it ends with no click.
			a.cancelFinger()
		}
	}
	if fg.down && !seen {
		// The finger vanished without a lift: it ends with no click.
		a.cancelFinger()
		fg.down = false
		p.x, p.y = noHover, noHover
	}
}

// fingerStep applies one frame of the driving finger: it becomes a drag
// once it moves beyond touchSlop; lifted where it went down, a tap, or a
// right click if it was held there for longPress or more.
func (a *App) fingerStep(t touchPoint, f pointerFrame) {
	p := &a.ptr
	fg := &p.finger
	p.x, p.y = t.x, t.y
	if t.cancel {
		a.cancelFinger()
	}
	switch {
	case fg.done:
	case fg.dragging:
		a.mouse(mouseInput{x: t.x, y: t.y, pressed: !t.ended, justReleased: t.ended})
	case math.Hypot(t.x-fg.sx, t.y-fg.sy) > touchSlop*f.scale:
		// A drag: the press where the finger went down, then the finger's
		// way so far.
		fg.dragging = true
		a.mouse(mouseInput{x: fg.sx, y: fg.sy, pressed: true, justPressed: true})
		a.mouse(mouseInput{x: t.x, y: t.y, pressed: !t.ended, justReleased: t.ended})
	case t.ended && orNow(t.upAt, f.now).Sub(fg.at) < longPress:
		a.mouse(mouseInput{x: fg.sx, y: fg.sy, justPressed: true, justReleased: true}) // a tap
	case t.ended:
		a.mouse(mouseInput{x: fg.sx, y: fg.sy, rightPressed: true}) // a long press
	default:
		p.held = min(1, float64(f.now.Sub(fg.at))/float64(longPress))
	}
	if t.ended {
		fg.down = false
		p.held = 0
		p.x, p.y = noHover, noHover
	}
}

// orNow returns t, or now if t is zero.
func orNow(t, now time.Time) time.Time {
	if t.IsZero() {
		return now
	}
	return t
}

// cancelFinger ends the driving finger's gesture without a click; a drag it
// made is dropped, the piece going back to its square.
func (a *App) cancelFinger() {
	fg := &a.ptr.finger
	if fg.dragging {
		a.drag.active = false
	}
	fg.done = true
	a.ptr.held = 0
}

// PanelButton is a panel button as drawn in the latest frame, in screen
// pixels.
type PanelButton struct {
	Label      string
	X, Y, W, H float64
}

// PanelButtons returns the panel's buttons as drawn in the latest frame,
// for tests that press them.
func (a *App) PanelButtons() []PanelButton {
	var out []PanelButton
	for _, b := range a.geo.buttons {
		out = append(out, PanelButton{b.label, b.r.x, b.r.y, b.r.w, b.r.h})
	}
	return out
}

// ButtonCenter returns the centre of the panel button whose label starts
// with label, as drawn in the latest frame, for tests that press it.
func (a *App) ButtonCenter(label string) (x, y float64, ok bool) {
	for _, b := range a.geo.buttons {
		if strings.HasPrefix(b.label, label) {
			return b.r.cx(), b.r.cy(), true
		}
	}
	return 0, 0, false
}

// drawHeld draws the long press's cue while a finger is held still: a ring
// around the finger that closes as the press nears longPress, and fills
// once it is one, so that the person sees the touch was felt and that
// lifting the finger now drops the selection. (The classroom view, redrawn
// only when its contents change, shows none.)
func (a *App) drawHeld(dst *ebiten.Image, g *geometry) {
	h := a.ptr.held
	if h <= 0 || a.ptr.x == noHover {
		return
	}
	r := math.Max(g.cell*0.6, 34*g.u) // beyond the fingertip
	if h >= 1 {
		fillCircle(dst, a.ptr.x, a.ptr.y, r, nrgba(0xe0a030, 0x50))
	}
	var p vector.Path
	p.Arc(float32(a.ptr.x), float32(a.ptr.y), float32(r), -math.Pi/2, float32(-math.Pi/2+2*math.Pi*h), vector.Clockwise)
	strokePath(dst, &p, math.Max(3, 5*g.u), colAccent)
}
