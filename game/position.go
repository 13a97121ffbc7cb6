package game

import "math/bits"

// bitset81 is a set of squares: bits 0..63 in lo, 64..80 in hi.
type bitset81 struct{ lo, hi uint64 }

func (b *bitset81) set(s Square) {
	if s < 64 {
		b.lo |= 1 << uint(s)
	} else {
		b.hi |= 1 << uint(s-64)
	}
}

func (b *bitset81) clear(s Square) {
	if s < 64 {
		b.lo &^= 1 << uint(s)
	} else {
		b.hi &^= 1 << uint(s-64)
	}
}

func (b bitset81) count() int { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

// Position is a board plus the side to move. It is a small value (about 130 bytes):
// copy it to keep an old position (copy-make); Make changes it in place.
type Position struct {
	board  [NumSquares]Piece
	hash   uint64
	pieces [2]bitset81 // White's pieces (king included) and Black's pawns
	side   Color
	king   Square // NoSquare if the position has no king (never in a legal game)
	status Outcome
}

// StartPosition returns the Ashton Tablut start position, White to move.
func StartPosition() Position {
	var p Position
	p.king = NoSquare
	for _, name := range []Square{Sq(4, 2), Sq(4, 3), Sq(4, 5), Sq(4, 6), Sq(2, 4), Sq(3, 4), Sq(5, 4), Sq(6, 4)} {
		p.put(name, WhitePawn)
	}
	for s := Square(0); s < NumSquares; s++ {
		if campID[s] != 0 {
			p.put(s, BlackPawn)
		}
	}
	p.put(Throne, King)
	p.hash = computeHash(&p)
	return p
}

// put places pc on the empty square s, without touching the hash.
func (p *Position) put(s Square, pc Piece) {
	p.board[s] = pc
	p.pieces[pc.Color()].set(s)
	if pc == King {
		p.king = s
	}
}

// At returns the piece on s.
func (p *Position) At(s Square) Piece { return p.board[s] }

// SideToMove returns the side that moves next.
func (p *Position) SideToMove() Color { return p.side }

// Hash returns the Zobrist key of the board and the side to move.
func (p *Position) Hash() uint64 { return p.hash }

// King returns the king's square, or NoSquare if there is no king.
func (p *Position) King() Square { return p.king }

// Status returns WhiteWins after the king escaped, BlackWins after it was captured,
// and Ongoing otherwise. It does not look at repetition or at a lack of legal moves;
// Game does.
func (p *Position) Status() Outcome { return p.status }

// Count returns the number of pieces of side c (the king counts for White).
func (p *Position) Count(c Color) int { return p.pieces[c].count() }

// Make plays m, which must be legal in p, and returns the number of pieces it
// captured. It updates the hash and the status (escape or king capture).
func (p *Position) Make(m Move) int {
	from, to := m.From(), m.To()
	pc := p.board[from]
	us := p.side
	p.board[from] = Empty
	p.board[to] = pc
	p.pieces[us].clear(from)
	p.pieces[us].set(to)
	p.hash ^= zobristPiece[pc][from] ^ zobristPiece[pc][to] ^ zobristBlack
	p.side = us.Other()

	captured := 0
	if us == White {
		if pc == King {
			p.king = to
		}
		for d := 0; d < numDirs; d++ {
			n := step[d][to]
			if n < 0 || p.board[n] != BlackPawn {
				continue
			}
			b := step[d][n]
			if b < 0 {
				continue
			}
			// Hostile to a black pawn: a white piece, the throne, or a camp
			// square other than a camp centre.
			if bp := p.board[b]; bp == WhitePawn || bp == King || b == Throne || (campID[b] != 0 && !campCentre[b]) {
				p.remove(n, BlackPawn, Black)
				captured++
			}
		}
		if pc == King && edge[to] {
			p.status = WhiteWins
		}
		return captured
	}
	for d := 0; d < numDirs; d++ {
		n := step[d][to]
		if n < 0 {
			continue
		}
		switch p.board[n] {
		case WhitePawn:
			b := step[d][n]
			// Hostile to a white pawn: a black pawn, the throne, or any camp square.
			if b >= 0 && (p.board[b] == BlackPawn || b == Throne || campID[b] != 0) {
				p.remove(n, WhitePawn, White)
				captured++
			}
		case King:
			if p.kingCaptured(n, d) {
				p.status = BlackWins
			}
		}
	}
	return captured
}

// remove takes the piece pc of side c off square s.
func (p *Position) remove(s Square, pc Piece, c Color) {
	p.board[s] = Empty
	p.pieces[c].clear(s)
	p.hash ^= zobristPiece[pc][s]
}

// kingCaptured reports whether the king on k is captured by the black pawn that just
// landed next to it, coming from direction d (the king lies in direction d of it).
func (p *Position) kingCaptured(k Square, d int) bool {
	if k == Throne || nextToThrone[k] {
		// On the throne all four sides, next to it the three sides that are not the
		// throne, must hold black pawns.
		for e := 0; e < numDirs; e++ {
			n := step[e][k]
			if n != Throne && p.board[n] != BlackPawn {
				return false
			}
		}
		return true
	}
	b := step[d][k]
	return b >= 0 && (p.board[b] == BlackPawn || campID[b] != 0)
}

// GenerateMoves appends the legal moves of the side to move to buf[:0] and returns
// the result; pass a buffer with capacity MaxMoves to avoid allocation. A position
// whose game is over (Status() != Ongoing) has no moves.
func (p *Position) GenerateMoves(buf []Move) []Move {
	moves := buf[:0]
	if p.status != Ongoing {
		return moves
	}
	set := p.pieces[p.side]
	moves = p.genWord(moves, set.lo, 0)
	moves = p.genWord(moves, set.hi, 64)
	return moves
}

// genWord generates the moves of the pieces in one 64-bit word of a bitset.
func (p *Position) genWord(moves []Move, w uint64, base Square) []Move {
	black := p.side == Black
	for w != 0 {
		from := base + Square(bits.TrailingZeros64(w))
		w &= w - 1
		class := 0
		if black {
			class = int(campID[from])
		}
		blk := &blocked[class]
		for d := 0; d < numDirs; d++ {
			for t := step[d][from]; t >= 0 && p.board[t] == Empty && !blk[t]; t = step[d][t] {
				moves = append(moves, NewMove(from, t))
			}
		}
	}
	return moves
}

// MaxMoves bounds the number of legal moves in any position (a safe buffer size).
const MaxMoves = 400

// IsLegal reports whether m is a legal move in p.
func (p *Position) IsLegal(m Move) bool {
	var buf [MaxMoves]Move
	for _, x := range p.GenerateMoves(buf[:0]) {
		if x == m {
			return true
		}
	}
	return false
}

// Without returns p with the pawn on s taken off the board (the hash follows),
// for asking an evaluator how much one piece matters. The king, an empty
// square or an invalid one leave p as it is: a position without its king is
// not one the rules know.
func (p Position) Without(s Square) Position {
	if !s.Valid() {
		return p
	}
	if pc := p.board[s]; pc == WhitePawn || pc == BlackPawn {
		p.remove(s, pc, pc.Color())
	}
	return p
}

// MarkKingCaptured makes p a win for Black if its king stands as a black
// capture would leave it (some black pawn beside it, and the capture rules
// satisfied for a pawn arriving there), and reports whether it did. It is for
// positions that arrive from outside a game, such as the Tablut Challenge
// server's final states, whose board shows the captured king on its square.
func (p *Position) MarkKingCaptured() bool {
	if !p.kingSurrounded() {
		return false
	}
	p.status = BlackWins
	return true
}

// kingSurrounded reports whether the king stands as a black capture would leave it:
// some black pawn next to it, and kingCaptured true for a pawn arriving there.
func (p *Position) kingSurrounded() bool {
	k := p.king
	if !k.Valid() || p.status != Ongoing {
		return false
	}
	for d := 0; d < numDirs; d++ {
		from := step[d^1][k] // the square on the opposite side: the pawn's square
		if from >= 0 && p.board[from] == BlackPawn && p.kingCaptured(k, d) {
			return true
		}
	}
	return false
}
