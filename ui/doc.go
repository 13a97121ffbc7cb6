// Package ui is the game window on Ebitengine: it draws, reads the mouse,
// the touch screen and the keyboard, plays sounds and lays the window out.
// What the window shows and does is decided by package ui/session, the
// window's state machine, which has no Ebitengine in it: ui turns raw input
// into the session's intents, calls its Update once per frame, draws what
// its queries return and plays the sound cues it emits.
//
//   - app.go: the ebiten.Game (Update, Layout, Draw) over a session
//     Controller and the classroom's state, the window's options, the
//     screenshot mode, files dropped on the window, full screen (F11), a
//     spare Go processor beside the low-priority search threads (internal/procs), and the
//     collector's settings for the window (a soft memory limit and a low
//     GOGC, runtime/debug), the window's X11 class (which the Linux desktop
//     entry names) and its icon at several sizes.
//   - input.go: mouse and keyboard turned into intents: clicks and drags on
//     the board, panel buttons, keys, the classroom's keys.
//   - pointer.go: the one pointer that the mouse or a finger drives: a tap
//     is a click, a finger moved a drag, a long press a right click (with
//     a ring around the finger as its cue), a second finger no click; what
//     hovers, and nothing after a finger lifts.
//   - touch_js.go, touch_other.go: the fingers of each frame: in a
//     browser from the page's touch events kept between frames with their
//     times (so no quick tap is lost to a slow frame); elsewhere from
//     Ebitengine (none on the desktop, where a touch screen is the
//     system's emulated mouse).
//   - draw.go: fonts, text and shapes drawn at the current scale, so the
//     board stays crisp at any window size: plain triangles, vector paths,
//     and circles and rounded corners rasterised on the CPU (raster.go).
//   - textfit.go: text that fits its box: wrapped at spaces (a path at
//     its separators), then drawn smaller down to a legible size, and cut
//     with "…" only when even that fails, which the test that draws every
//     screen at three sizes rejects (textfit_test.go, through drawText's
//     recording hook).
//   - font_gotext.go, font_js.go: the typefaces: go-text's shaper on the
//     desktop, x/image's opentype rasteriser in a browser (a much smaller
//     download; the window's text needs no shaping).
//   - drawboard.go: the board, pieces (with the session's animations),
//     marks, arrows and the evaluation bar.
//   - drawpanel.go: the side panel: players, clocks, status box (which says
//     when the AI's last move came from the opening book, and under a review
//     what the reviewing engine says of the move on the board), move list
//     (with the review's marks), buttons.
//   - drawoverlay.go: the help overlay and the end banner (Rematch, Swap
//     sides, Review).
//   - drawstart.go: the start panel, laid out as a list of items (a
//     rectangle and what a click on it does) that drawing, hovering and
//     clicking share.
//   - drawtutorial.go: the "Learn to play" lesson's box in the panel.
//   - drawpuzzle.go: the puzzle's box in the panel (title, answer, rating,
//     Try again / Show / Next), a wrong move's refutation as arrows on the
//     board, the start panel's puzzle entries.
//   - drawproof.go: the classroom's search page over a puzzle: its proof,
//     the tree of defences collapsed.
//   - drawchart.go: for two AIs and for a game under review, White's
//     chance over the game as a chart drawn with the window's own triangles;
//     the pieces each side lost, the king's open lines on the board.
//   - drawteach.go: the classroom view (T): its frame and tabs, the
//     full-screen button, the live search (or, where the engine plays the
//     opening book, the book's move and how it was found) and the
//     evaluation taken apart.
//   - teachboard.go: the classroom's board: the game's squares, coordinates
//     around it, turned with Flip, plans as numbered arrows.
//   - drawslow.go: alpha-beta in slow motion, its lesson's sentences, alpha
//     and beta cutoffs drawn apart.
//   - drawnet.go: the network page: first-layer filters per input plane
//     (the seed's figure, cached per network) and the file's own account.
//   - drawevolve.go: the evolution page: crosstable, parents, crossover and
//     mutation per layer, the best filters, and the learning curve as a
//     vector path.
//   - rules.go: the rules pages of the help: small illustrated boards given
//     as data (position, move, marked squares), and the rules in full.
//   - layers.go, frame.go: cheap frames: what never changes is drawn once
//     per size into a static layer, pieces and marks are sprites, and the
//     screen keeps its pixels, so a frame redraws only the regions whose
//     contents changed, and nothing when nothing did.
//   - raster.go: shapes rasterised on the CPU by exact area coverage (package
//     ui/shapes, which also draws the application icon) and uploaded as
//     images: the sprites drawn once per size (pieces with the king's crown,
//     dots, rings, button faces), the escapes' chevrons and the throne's
//     ornament, the discs of rounded corners; so drawing them queues no
//     vector triangles in Ebitengine.
//   - geometry.go: where everything is for a window size: board, squares,
//     evaluation bar, panel and its buttons, the chance chart, the
//     message's own place at the panel's foot; the layout
//     (panel beside or below) that gives the larger board, and the minimum
//     window size.
//   - phone.go: the phone layout of a screen much taller than wide: the
//     board across the width, the evaluation bar under it, the panel's text
//     and buttons sized in CSS pixels (at least 14 and 44).
//   - startphone.go, helpphone.go: the start panel and the help's pages
//     stacked for a phone; the help cut into parts with buttons between.
//   - drawlink.go: the question a page's link asks before it replaces the
//     kept game (Start the link's game, Keep playing my game; Enter, Esc).
//   - demo.go: the demo's input (any key, click or touch leaves it) and
//     its hidden cursor; heapprof.go: a heap profile written every minute
//     when TABLUT_HEAPPROFILE names a file, to see what grows.
//   - theme.go: the colours.
//   - sound.go: the cues synthesised in code (sine partials under a decay)
//     and played through oto; silent, not failing, without a sound device;
//     in a browser it starts after the first click or key, as browsers
//     require.
package ui
