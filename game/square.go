package game

// Square is one of the 81 squares: index = rank*9 + file, where rank 0 is rank "1"
// and file 0 is file "a". NoSquare marks the absence of a square.
type Square int8

// NoSquare is the value of "no square" (off the board, or unset).
const NoSquare Square = -1

// NumSquares is the number of squares on the board.
const NumSquares = 81

// Throne is the central square e5.
const Throne Square = 4*9 + 4

// Sq returns the square at the given file (0..8 = a..i) and rank (0..8 = 1..9).
func Sq(file, rank int) Square { return Square(rank*9 + file) }

// File returns the file of s, 0 for a through 8 for i.
func (s Square) File() int { return int(s) % 9 }

// Rank returns the rank of s, 0 for rank 1 through 8 for rank 9.
func (s Square) Rank() int { return int(s) / 9 }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < NumSquares }

// String returns the square in lower-case algebraic form, e.g. "e5".
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// Direction indexes the four rook directions.
const (
	dirNorth = iota // towards rank 9
	dirSouth        // towards rank 1
	dirEast         // towards file i
	dirWest         // towards file a
	numDirs
)

var (
	// step[d][s] is the neighbour of s in direction d, or NoSquare off the board.
	step [numDirs][NumSquares]Square
	// campID[s] is 0 for a non-camp square, else 1..4 naming the camp group of s.
	campID [NumSquares]uint8
	// campCentre[s] is true for a5, i5, e1 and e9.
	campCentre [NumSquares]bool
	// edge[s] is true for squares on the border of the board.
	edge [NumSquares]bool
	// blocked[c][s]: a piece of moving class c may neither land on nor pass s for
	// static reasons (throne or a forbidden camp). Class 0 is a white piece or a black
	// pawn outside the camps; class k (1..4) is a black pawn starting in camp group k.
	blocked [5][NumSquares]bool
	// nextToThrone[s] is true for e4, e6, d5 and f5.
	nextToThrone [NumSquares]bool
)

// camps lists the four T-shaped camp groups; the first square of each is its centre.
var camps = [4][4]Square{
	{Sq(0, 4), Sq(0, 3), Sq(0, 5), Sq(1, 4)}, // a5 a4 a6 b5
	{Sq(8, 4), Sq(8, 3), Sq(8, 5), Sq(7, 4)}, // i5 i4 i6 h5
	{Sq(4, 0), Sq(3, 0), Sq(5, 0), Sq(4, 1)}, // e1 d1 f1 e2
	{Sq(4, 8), Sq(3, 8), Sq(5, 8), Sq(4, 7)}, // e9 d9 f9 e8
}

func init() {
	for s := Square(0); s < NumSquares; s++ {
		f, r := s.File(), s.Rank()
		step[dirNorth][s], step[dirSouth][s], step[dirEast][s], step[dirWest][s] = NoSquare, NoSquare, NoSquare, NoSquare
		if r < 8 {
			step[dirNorth][s] = s + 9
		}
		if r > 0 {
			step[dirSouth][s] = s - 9
		}
		if f < 8 {
			step[dirEast][s] = s + 1
		}
		if f > 0 {
			step[dirWest][s] = s - 1
		}
		edge[s] = f == 0 || f == 8 || r == 0 || r == 8
	}
	for g, group := range camps {
		for i, s := range group {
			campID[s] = uint8(g + 1)
			campCentre[s] = i == 0
		}
	}
	for d := 0; d < numDirs; d++ {
		nextToThrone[step[d][Throne]] = true
	}
	for c := 0; c < 5; c++ {
		for s := Square(0); s < NumSquares; s++ {
			blocked[c][s] = s == Throne || (campID[s] != 0 && int(campID[s]) != c)
		}
	}
}

// IsCamp reports whether s is one of the 16 camp squares.
func IsCamp(s Square) bool { return s.Valid() && campID[s] != 0 }

// IsCampCentre reports whether s is one of the camp centres a5, i5, e1, e9.
func IsCampCentre(s Square) bool { return s.Valid() && campCentre[s] }

// IsEscape reports whether s is a square where the king escapes: an edge square
// that is not a camp (the corners count too, though the king can never reach them).
func IsEscape(s Square) bool { return s.Valid() && edge[s] && campID[s] == 0 }
