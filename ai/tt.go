package ai

import (
	"sync/atomic"

	"github.com/tablut-ai/tablut/game"
)

// Transposition table: a lock-free hash table of search results keyed by Zobrist
// key, shared by all Lazy SMP threads.
//
// Each entry is two 64-bit words written and read atomically: data, and key^data
// (Hyatt and Mann's "lockless transposition table" xor trick). A reader that sees
// half of one writer's entry and half of another's gets a key check that fails,
// so torn entries are ignored instead of trusted.
//
// Win and loss scores depend on the distance from the root, so they are stored
// relative to the node (see scoreToTT/scoreFromTT). Draws by repetition depend on
// the path, not the position: they are detected before the table is probed and the
// nodes that see them are never stored; their parents may store a score that
// includes them, the usual compromise of graph-history interaction.

// Bound says how a stored score relates to the true one.
type bound uint8

const (
	boundNone  bound = iota
	boundUpper       // the search failed low: score >= true value
	boundLower       // the search failed high: score <= true value
	boundExact
)

// ttEntry is one slot: check = key ^ data.
type ttEntry struct {
	check atomic.Uint64
	data  atomic.Uint64
}

// ttData is an unpacked entry.
type ttData struct {
	move  game.Move
	score int32
	depth int
	bound bound
	age   uint8
}

// Layout of data: move 16 bits | score 32 bits | depth 8 bits | bound 2 bits | age 6 bits.
func pack(d ttData) uint64 {
	return uint64(d.move) | uint64(uint32(d.score))<<16 | uint64(uint8(d.depth))<<48 |
		uint64(d.bound&3)<<56 | uint64(d.age&63)<<58
}

func unpack(x uint64) ttData {
	return ttData{
		move:  game.Move(x),
		score: int32(uint32(x >> 16)),
		depth: int(int8(uint8(x >> 48))),
		bound: bound(x >> 56 & 3),
		age:   uint8(x >> 58 & 63),
	}
}

// table is the transposition table: buckets of two entries, the first kept for
// the deepest result (depth-preferred), the second always replaced.
type table struct {
	entries []ttEntry
	mask    uint64 // number of buckets - 1
	age     uint8
}

// newTable makes a table of about sizeMB megabytes (rounded down to a power of two
// buckets, at least 1024).
func newTable(sizeMB int) *table {
	if sizeMB <= 0 {
		sizeMB = 1
	}
	buckets := uint64(1024)
	for buckets*2*32 <= uint64(sizeMB)<<20 {
		buckets *= 2
	}
	return &table{entries: make([]ttEntry, 2*buckets), mask: buckets - 1}
}

// clear empties the table. It must not run during a search.
func (t *table) clear() {
	for i := range t.entries {
		t.entries[i].check.Store(0)
		t.entries[i].data.Store(0)
	}
	t.age = 0
}

// probe returns the entry stored for key, if any.
func (t *table) probe(key uint64) (ttData, bool) {
	b := (key & t.mask) * 2
	for i := b; i < b+2; i++ {
		e := &t.entries[i]
		data := e.data.Load()
		if e.check.Load()^data == key && data != 0 {
			return unpack(data), true
		}
	}
	return ttData{}, false
}

// store saves a result for key. The first slot of the bucket keeps the deeper or
// newer result; whatever it refuses goes to the second slot.
func (t *table) store(key uint64, d ttData) {
	d.age = t.age
	b := (key & t.mask) * 2
	e0 := &t.entries[b]
	data0 := e0.data.Load()
	old := unpack(data0)
	slot := e0
	if e0.check.Load()^data0 == key {
		// Same position: keep an old best move if the new result has none.
		if d.move == game.NoMove {
			d.move = old.move
		}
	} else if old.age == t.age && old.depth > d.depth && data0 != 0 {
		slot = &t.entries[b+1]
	}
	data := pack(d)
	slot.data.Store(data)
	slot.check.Store(key ^ data)
}

// scoreToTT converts a search score at ply into the table's node-relative form:
// a win n plies from this node is stored as WinScore-n whatever the root distance.
func scoreToTT(s int32, ply int) int32 {
	switch {
	case s > WinScore-1000:
		return s + int32(ply)
	case s < -(WinScore - 1000):
		return s - int32(ply)
	}
	return s
}

// scoreFromTT is the inverse of scoreToTT.
func scoreFromTT(s int32, ply int) int32 {
	switch {
	case s > WinScore-1000:
		return s - int32(ply)
	case s < -(WinScore - 1000):
		return s + int32(ply)
	}
	return s
}

// searchingTable records the positions the threads are searching, for
// deferring (simplified ABDADA, after Tom Kerrigan): a slot holds the key of
// the last position a thread started in it, and is cleared when that search
// ends. Two positions sharing a slot only cost a needless deferral or a missed
// one.
type searchingTable [1 << 12]atomic.Uint64

func (b *searchingTable) slot(key uint64) *atomic.Uint64 { return &b[key&(uint64(len(b))-1)] }

// has reports whether some thread is searching the position key.
func (b *searchingTable) has(key uint64) bool { return b.slot(key).Load() == key }

// start records that a thread is searching the position key.
func (b *searchingTable) start(key uint64) { b.slot(key).Store(key) }

// finish clears key's slot unless another position has taken it since.
func (b *searchingTable) finish(key uint64) { b.slot(key).CompareAndSwap(key, 0) }
