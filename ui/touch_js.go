//go:build js

package ui

import (
	"sync"
	"syscall/js"
	"time"
)

// touchSource keeps the page's touch events between two frames. Ebitengine
// samples the fingers once per frame, so a tap that goes down and lifts
// between two frames is lost to it; a page whose frames are slow (an AI
// thinking on the page's thread) would lose most taps. The events are taken
// here as they come, in order, and folded into the frame's touchPoints.
type touchSource struct {
	mu      sync.Mutex // the listeners run on the page's callbacks
	hooked  bool
	events  []touchEvent
	down    map[int]touchEvent // the fingers down at the latest event
	funcs   []js.Func
	canvasV js.Value
}

type touchEvent struct {
	kind   string // touchstart, touchmove, touchend, touchcancel
	id     int
	fx, fy float64 // where, as a share of the canvas's width and height
	at     time.Time
}

// hook listens to the canvas's touch events, once the canvas exists.
func (s *touchSource) hook() {
	if s.hooked {
		return
	}
	c := js.Global().Get("document").Call("querySelector", "canvas")
	if !c.Truthy() {
		return
	}
	s.hooked, s.canvasV, s.down = true, c, map[int]touchEvent{}
	opts := js.Global().Get("Object").New()
	opts.Set("passive", true) // Ebitengine's own listeners prevent the defaults
	for _, kind := range []string{"touchstart", "touchmove", "touchend", "touchcancel"} {
		f := js.FuncOf(func(this js.Value, args []js.Value) any {
			s.record(kind, args[0])
			return nil
		})
		s.funcs = append(s.funcs, f)
		c.Call("addEventListener", kind, f, opts)
	}
}

// record keeps the fingers of one touch event.
func (s *touchSource) record(kind string, e js.Value) {
	r := s.canvasV.Call("getBoundingClientRect")
	left, top := r.Get("left").Float(), r.Get("top").Float()
	w, h := r.Get("width").Float(), r.Get("height").Float()
	if w <= 0 || h <= 0 {
		return
	}
	ts := e.Get("changedTouches")
	// When the event happened: its timeStamp (the page's clock, in ms),
	// which may be well before this handler runs when the page is busy.
	now := time.Now()
	if ms := e.Get("timeStamp"); ms.Type() == js.TypeNumber {
		if age := js.Global().Get("performance").Call("now").Float() - ms.Float(); age > 0 && age < 60e3 {
			now = now.Add(-time.Duration(age * float64(time.Millisecond)))
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := 0; i < ts.Length(); i++ {
		t := ts.Call("item", i)
		s.events = append(s.events, touchEvent{kind: kind, id: t.Get("identifier").Int(),
			fx: (t.Get("clientX").Float() - left) / w, fy: (t.Get("clientY").Float() - top) / h, at: now})
	}
}

// frame returns the fingers of this frame on a screen of w x h pixels: the
// ones that went down, moved or lifted since the previous frame, in the
// order they went down, and the ones held still.
func (s *touchSource) frame(w, h float64) []touchPoint {
	s.hook()
	if !s.hooked {
		return nil
	}
	s.mu.Lock()
	events := s.events
	s.events = nil
	s.mu.Unlock()
	var out []touchPoint
	open := map[int]int{} // finger id to its index in out while it is down
	for id, e := range s.down {
		open[id] = len(out)
		out = append(out, touchPoint{id: id, sx: e.fx * w, sy: e.fy * h, x: e.fx * w, y: e.fy * h, at: e.at})
	}
	for _, e := range events {
		x, y := e.fx*w, e.fy*h
		if e.kind == "touchstart" {
			open[e.id] = len(out)
			out = append(out, touchPoint{id: e.id, sx: x, sy: y, x: x, y: y, began: true, at: e.at})
			s.down[e.id] = e
			continue
		}
		i, ok := open[e.id]
		if !ok {
			continue // a finger that went down before the canvas listened
		}
		out[i].x, out[i].y = x, y
		switch e.kind {
		case "touchmove":
			e.at = s.down[e.id].at // the touch's start stays its time
			s.down[e.id] = e
		case "touchend", "touchcancel":
			out[i].ended, out[i].cancel, out[i].upAt = true, e.kind == "touchcancel", e.at
			delete(open, e.id)
			delete(s.down, e.id)
		}
	}
	return out
}
