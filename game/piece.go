package game

// Color is a side: White (the Swedes, with the king) or Black (the Muscovites).
type Color uint8

const (
	// White moves first and wins when the king reaches an edge square.
	White Color = iota
	// Black wins by capturing the king.
	Black
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "White" or "Black".
func (c Color) String() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// Piece is the content of a square.
type Piece uint8

const (
	// Empty is an empty square (the empty throne included).
	Empty Piece = iota
	// WhitePawn is one of White's eight soldiers.
	WhitePawn
	// BlackPawn is one of Black's sixteen soldiers.
	BlackPawn
	// King is White's king.
	King
)

// Color returns the side owning the piece; Empty belongs to no side and returns White.
func (p Piece) Color() Color {
	if p == BlackPawn {
		return Black
	}
	return White
}

// String returns the piece's letter in position notation: ".", "W", "B" or "K".
func (p Piece) String() string { return string(".WBK"[p]) }

// Outcome is the state of a game: still going, or how it ended.
type Outcome uint8

const (
	// Ongoing means the game goes on.
	Ongoing Outcome = iota
	// WhiteWins means the king escaped or Black had no legal move.
	WhiteWins
	// BlackWins means the king was captured or White had no legal move.
	BlackWins
	// Draw means a position repeated since the last capture.
	Draw
)

// String returns the outcome in the notation of RULES.md: "-", "WW", "BW" or "D".
func (o Outcome) String() string {
	switch o {
	case WhiteWins:
		return "WW"
	case BlackWins:
		return "BW"
	case Draw:
		return "D"
	}
	return "-"
}

// Winner returns the winning side and true, or false for Ongoing and Draw.
func (o Outcome) Winner() (Color, bool) {
	switch o {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

// WinFor returns the outcome in which c wins.
func WinFor(c Color) Outcome {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}
