package game

// Perft counts the move paths of exactly depth plies from p ("leaves"). A position
// where the game is over (king escaped or captured) is not expanded further;
// repetition is ignored, as in RULES.md's reference numbers. p is left unchanged.
func Perft(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	bufs := make([][]Move, depth)
	for i := range bufs {
		bufs[i] = make([]Move, 0, MaxMoves)
	}
	return perft(p, depth, bufs)
}

func perft(p *Position, depth int, bufs [][]Move) uint64 {
	moves := p.GenerateMoves(bufs[depth-1])
	if depth == 1 {
		// Bulk counting: every legal move is a leaf.
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		child := *p
		child.Make(m)
		n += perft(&child, depth-1, bufs)
	}
	return n
}

// PerftDivide returns the perft count below each legal move of p.
func PerftDivide(p *Position, depth int) map[Move]uint64 {
	out := make(map[Move]uint64)
	if depth < 1 {
		return out
	}
	for _, m := range p.GenerateMoves(nil) {
		child := *p
		child.Make(m)
		out[m] = Perft(&child, depth-1)
	}
	return out
}
