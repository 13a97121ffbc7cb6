// Package ui is the game window on Ebitengine: it draws, reads the mouse and
// keyboard, plays sounds and lays the window out. What the window shows and
// does is decided by package ui/session, the window's state machine, which
// has no Ebitengine in it: ui turns raw input into the session's intents,
// calls its Update once per frame, draws what its queries return and plays
// the sound cues it emits.
//
//   - app.go: the ebiten.Game (Update, Layout, Draw) over a session
//     Controller and the classroom's state, the window's options, the
//     screenshot mode, files dropped on the window, the collector's settings
//     for the window (a soft memory limit and a low GOGC, runtime/debug).
//   - input.go: mouse and keyboard turned into intents: clicks and drags on
//     the board, panel buttons, keys, the classroom's keys.
//   - draw.go: fonts, text and shapes drawn with vector paths at the
//     current scale, so the board stays crisp at any window size.
//   - drawboard.go: the board, pieces (with the session's animations),
//     marks, arrows and the evaluation bar.
//   - drawpanel.go: the side panel: players, clocks, status box, move list,
//     buttons.
//   - drawoverlay.go: the help overlay and the end banner.
//   - drawstart.go: the start panel, laid out as a list of items (a
//     rectangle and what a click on it does) that drawing, hovering and
//     clicking share.
//   - drawtutorial.go: the "Learn to play" lesson's box in the panel.
//   - drawchart.go: for two AIs, White's chance over the game as a chart
//     drawn with the window's own triangles, the pieces each side lost, the
//     king's open lines on the board.
//   - drawteach.go: the classroom view (T): the live search, alpha-beta in
//     slow motion, the evaluation taken apart, a network's filters.
//   - rules.go: the rules pages of the help: small illustrated boards given
//     as data (position, move, marked squares), and the rules in full.
//   - layers.go, frame.go: cheap frames: what never changes is drawn once
//     per size into a static layer, pieces and marks are sprites, and the
//     screen keeps its pixels, so a frame redraws only the regions whose
//     contents changed, and nothing when nothing did.
//   - geometry.go: where everything is for a window size: board, squares,
//     evaluation bar, panel and its buttons, the chance chart; the layout
//     (panel beside or below) that gives the larger board, and the minimum
//     window size.
//   - theme.go: the colours.
//   - sound.go: the cues synthesised in code (sine partials under a decay)
//     and played through oto; silent, not failing, without a sound device.
package ui
