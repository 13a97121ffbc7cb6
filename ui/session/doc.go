// Package session is the game window's state machine, with no drawing, no
// input devices and no Ebitengine: package ui turns clicks and keys into
// small intents (Select, Drop, Undo, GoTo, Hint, TogglePause, ...) and calls
// them on a Controller, calls Update once per frame, and draws what the
// queries return. Everything here therefore runs and is tested without a
// display, on every platform; imports_test.go keeps it so.
//
// The Controller is used from one goroutine (the window's). Work that takes
// time (searches, file dialogs, the classroom's analyses) runs on goroutines
// of its own over a copy of what it needs, and its results come back over
// channels that Update polls with select/default, never waiting (the pattern
// of Ebitengine's examples); stopping goes through a context.Context.
//
//   - session.go: the Controller, its Config and queries, and Update, the
//     per-frame step (collect news, end animations, flag fall, start the
//     search of an AI to move).
//   - panel.go: the start panel (who plays, the opponent, move time, time
//     control, the engines' list) and starting, restarting and swapping a
//     game; engines are built here.
//   - prefs.go: the choices kept between runs (settings.json in the Store);
//     a damaged file is ignored with a notice.
//   - board.go: board intents (select, drop, play) with their animations,
//     sound cues and capture notices; flipping the board; the help pages.
//   - history.go: undo and redo by whole turns, and browsing the line
//     (replay); each position's evaluation is remembered by Zobrist hash.
//   - pace.go: the pace of a game between two AIs: pause, single step, the
//     delay between moves.
//   - jobs.go: handing positions to background searches (AI moves and
//     hints), taking their reports and results, cancelling and draining,
//     pondering on a person's time, the record the classroom shows.
//   - search.go, lowprio_*.go: one search on its own goroutine and locked OS
//     thread at a lower priority (setpriority on the thread's id on Linux),
//     reporting over buffered channels (the evolution's threads too).
//   - clock.go: clocks with increment, the loss on time, and an AI's budget
//     per move from its clock (a share of the time left plus most of the
//     increment); the clocks of each turn kept for Undo, and no clock
//     running while the help hides the board.
//   - files.go: saving and loading game records; the file dialogs run on a
//     goroutine and Update collects their answer.
//   - dialog.go, dialog_desktop.go, dialog_windows.go, dialog_comdlg.go,
//     dialog_js.go: the file dialogs: on Linux and macOS, programs (zenity,
//     qarma, kdialog, osascript); on Windows, the system's Open and Save As
//     dialogs through the Windows API (GetOpenFileNameW, GetSaveFileNameW:
//     no child process, no console), with the structure they take and the
//     reading of their answer in dialog_comdlg.go, untagged so its tests run
//     everywhere; the Tablut folder in the home when no dialog opens; in a
//     browser, a download for Save (a Blob behind a clicked link) and the
//     browser's file picker for Open (an <input type=file>), read in memory.
//   - lastgame.go: the game on the board kept in the Store after every move
//     and at Close, and offered back behind the next run's start panel.
//   - linkgame.go: a page's link over a kept, unfinished game: the kept
//     game under the question (ScreenLink), then the link's game or the
//     kept one, the link's choices left in the start panel.
//   - store.go, store_desktop.go, store_js.go: Store, small named blobs kept
//     between runs: files in the user's configuration folder on the desktop
//     (written atomically), the page's local storage in a browser; and
//     RecordsDir, where games are saved without a dialog.
//   - engine.go: the Engine interface the controller drives, the factories
//     over ai/player, and the players the start panel offers: the levels
//     with their measured strength, the engines ordered by measured
//     strength, the default level.
//   - danger.go: the danger preview (each destination played on a copy of
//     the position, every reply tried with game.CapturesOf) and the reason
//     a click did nothing.
//   - tutorial.go: the "Learn to play" lesson: small positions, each move
//     judged by package game with a sentence.
//   - puzzle.go: a shipped puzzle (ai/puzzle) on the board: the person's
//     moves judged by puzzle.Judge on a goroutine, the longest defence
//     played after a pause, a wrong move's sentence and refutation, Try
//     again, Show, the next puzzle (easiest not yet tried).
//   - puzzleproof.go: the classroom's proof of the puzzle on the board,
//     worked out on a goroutine: each solver step's move, the defences
//     grouped by how long they last, the longest leading on.
//   - puzzlerating.go: the puzzle results kept in the Store (puzzles.json)
//     and the Glicko-2 rating they move; the puzzle of the day.
//   - watch.go: what makes two AIs watchable: the pieces lost, White's
//     chance at each ply, the king's open lines.
//   - demo.go: the demo: AI against AI game after game, the default pair
//     taking turns at White from the handicap match's seeded openings, the
//     last game's result shown between games, nothing kept or grown.
//   - review.go: the review of a finished game: ai/analyse run in the
//     background over the game's line (after a loaded match record's random
//     opening), its marks by move, the review of the move on the board, its
//     scores as the positions' evaluations (the White evaluator's where a
//     sided engine gave two), stopped when the line changes.
//   - words.go: the game in sentences: results and why (the king's capture
//     in its three cases), chances of winning read off the score and the
//     engine that gave it (the bar's share is ai.WhiteShare), captures
//     explained, king threats, player names.
//   - anim.go: slides and fades as pure functions of time.
//   - classroom.go: the classroom view's state (page, slow-motion cursor and
//     guided lesson, the one engine the view explains), following the
//     position on the board.
//   - estimate.go: one estimate per position for the evaluation bar and the
//     chart: the strongest engine on a fixed node budget, one position at a
//     time in the background, cached by Zobrist hash across games and
//     reused; the bar holds the last figure while the next one comes.
//   - analysis.go: the classroom's background analysis of one position
//     with ai/teach (piece impact, traced alpha-beta, node counts), paused
//     while an AI thinks, and the network the network page describes.
//   - book.go: moves from White's opening book (ai/book): which engine plays
//     the book where (player.Spec.UsesBook), the book moves of the game
//     remembered by the position they led to, the words that say so in the
//     panel, and what the classroom's search page shows for a book position.
//   - lesson.go: the classroom's rows and sentences (depth and root-move
//     tables, node-table rows, the slow motion's path, and one sentence per
//     step naming who plays, the bound a cutoff met and where it came from).
//   - evolution.go, evolution_run.go, evolution_js.go: the evolution page:
//     internal/lab/evolve's Trainer (the code of tablut train) run in the
//     background through its hooks, its state sent to the page as copies
//     (latest wins); the browser build has no runner and says so.
//
// No rule or search logic lives here: legality, outcomes and records come
// from package game, moves and evaluations from ai/player.
package session
