package learn

import "github.com/tablut-ai/tablut/game"

// numSymmetries is the order of the symmetry group of the square (D4): four
// rotations, each with or without a reflection.
const numSymmetries = 8

// symSquare[k][s] is the image of square s under symmetry k.
var symSquare [numSymmetries][game.NumSquares]game.Square

func init() {
	for k := 0; k < numSymmetries; k++ {
		for s := game.Square(0); s < game.NumSquares; s++ {
			f, r := s.File(), s.Rank()
			if k&4 != 0 { // reflect across the vertical axis first
				f = 8 - f
			}
			for i := 0; i < k&3; i++ { // then rotate by 90 degrees k&3 times
				f, r = r, 8-f
			}
			symSquare[k][s] = game.Sq(f, r)
		}
	}
}

// symmetrySquare returns the image of square s under symmetry k (0..7): k&3
// quarter turns after a reflection of the files when k&4 is set. Symmetry 0 is
// the identity.
func symmetrySquare(k int, s game.Square) game.Square { return symSquare[k][s] }

// transform returns the encoded board in mapped by symmetry k: the piece on s
// moves to symmetrySquare(k, s). The network has no side-to-move input and
// every symmetry of the square maps the throne, the camps and the escape
// squares onto themselves (see the tests), so a position and its image have
// the same value for White.
func transform(k int, in *[81]float32) [81]float32 {
	var out [81]float32
	for s := range in {
		out[symSquare[k][s]] = in[s]
	}
	return out
}

// symmetric returns the sample d with its board mapped by symmetry k: the
// side to move, the target and its kind (a bound stays the same bound) are
// the image's too.
func symmetric(k int, d *Sample) Sample {
	return Sample{In: transform(k, &d.In), Black: d.Black, Target: d.Target, Bound: d.Bound}
}
