// Package ui is the game window: the start panel, the board, the side panel, input,
// drawing and animation, built on Ebitengine.
//
// It is split so that everything but the pixels can be tested without a display:
//
//   - controller.go: the pure state machine. Raw input is turned into small intents
//     (Select, Drop, Undo, Redo, GoTo, Rematch, Flip, Hint, TogglePause, ...) that
//     the Controller applies to a game.Game; it also decides when an AI must move
//     and hands the position over to a background search.
//   - search.go: one background search. The engine runs in its own goroutine on a
//     copy of the position (game.Position is a value type); progress and the result
//     come back over buffered channels that Controller.Update polls with
//     select/default, so the window never waits for the AI. Cancelling goes through
//     a context.Context.
//   - words.go: the game in sentences: "You win" and why, the evaluation as a
//     winning chance from the person's side, captures explained ("d2 captured
//     between d3 and the camp d1"), warnings when the king can escape or be
//     captured with the next move.
//   - rules.go: the rules page of the help overlay, twelve small illustrated
//     boards given as data (position, move, marked squares).
//   - teach.go, drawteach.go: the classroom view (T): the search live with its
//     depths, root moves and the minimax against alpha-beta node table;
//     alpha-beta in slow motion on the board; the evaluation taken apart
//     (heuristic terms, a heatmap of each pawn's worth, a network's filters),
//     computed in a background goroutine per position.
//   - dialog.go: the desktop's file dialogs for Save and Open, run as programs
//     (zenity, qarma, kdialog, osascript, PowerShell), with the ~/Tablut folder
//     when there is none.
//   - sound.go: move, capture and end sounds synthesised in code and played
//     through oto; silent, not failing, without a sound device.
//   - anim.go: animation logic (a moving piece slides, captured pieces fade out),
//     as functions of time, with no drawing.
//   - geometry.go: where things are on the screen for a given window size: board,
//     squares, coordinates, evaluation bar, side panel and its buttons.
//   - evalbar.go: how a score (White's view) maps to the evaluation bar.
//   - app.go, draw*.go, input.go: the Ebitengine side: ebiten.Game, vector drawing
//     at the current scale (so the board stays crisp at any size), and
//     translating mouse and keyboard into intents.
//   - layers.go, frame.go: what keeps frames cheap. What never changes is drawn
//     once per size into a static layer, pieces and marks are sprites, and the
//     screen keeps its pixels between frames: a frame redraws only the regions
//     (board, evaluation bar, panel, status box) whose contents changed, and a
//     frame where nothing changed draws nothing.
//
// No rule or search logic lives here: legality, outcomes and records come from
// package game, moves and evaluations from ai/player.
package ui
