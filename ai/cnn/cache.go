package cnn

import "sync/atomic"

// evalCache is a lock-free, direct-mapped cache of Evaluate results keyed by
// Zobrist key. Each slot is one atomic uint64: the top 48 bits of the key and
// the score plus 10000 (0..19998, 16 bits). A slot is read and written in one
// atomic operation, so a reader sees either a whole old entry or a whole new
// one, never a torn mix. The low bits of the key pick the slot and the stored
// top 48 bits reject other positions: a false hit needs two keys equal in
// their top 48 bits and slot bits, about one chance in 2^48 per probe.
//
// Zero means empty: a stored entry is never zero because score+10000 is
// stored with 1 added.
type evalCache struct {
	slots []atomic.Uint64
	mask  uint64
}

func newEvalCache(logSize int) *evalCache {
	c := &evalCache{slots: make([]atomic.Uint64, 1<<logSize)}
	c.mask = uint64(len(c.slots) - 1)
	return c
}

func (c *evalCache) probe(key uint64) (int32, bool) {
	e := c.slots[key&c.mask].Load()
	if e == 0 || e>>16 != key>>16 {
		return 0, false
	}
	return int32(e&0xffff) - 10001, true
}

func (c *evalCache) store(key uint64, v int32) {
	c.slots[key&c.mask].Store(key>>16<<16 | uint64(v+10001))
}

func (c *evalCache) clear() {
	for i := range c.slots {
		c.slots[i].Store(0)
	}
}

// EnableCache gives n an evaluation cache of about 2^logSize entries (8 bytes
// each; logSize is clamped to 10..26), or removes it if logSize <= 0. Evaluate
// then returns the stored score of a position whose Zobrist key it has seen.
// A hit costs one atomic load (nanoseconds, more when the slot is not in a
// CPU cache) against microseconds for a forward pass, so the cache pays as
// soon as the searcher revisits leaves, as iterative deepening does; the
// transposition table already spares most revisits, so a modest size hits
// nearly as often as an unbounded cache (hit rates and the time saved:
// docs/measurements.md, section Inside an evaluation). The cache assumes the score depends only on the board and
// that game.Position.Hash identifies boards; Prepare clears it. Call
// EnableCache while no goroutine evaluates with n.
func (n *Network) EnableCache(logSize int) {
	if logSize <= 0 {
		n.cache = nil
		return
	}
	n.cache = newEvalCache(min(max(logSize, 10), 26))
}
