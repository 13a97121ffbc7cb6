// Package docfiles holds no code, only a test that keeps the package doc
// comments honest: every package doc lists its files (a house habit), and
// the test checks that each file a doc names still exists.
//
// The files:
//
//   - docfiles_test.go: walks the module from its root (the directory of
//     go.mod), parses each package's doc comment with go/parser, and checks
//     every file name it mentions (a lower-case name ending in .go, .s, .h or
//     .md, with or without a directory) against the package's directory or,
//     for a path, the module root.
package docfiles
