// Package teach holds the analyses the window's classroom view shows beside
// the engine's own search: the textbook searches with nothing but the
// algorithm, so their work can be counted and replayed. It never imports
// ebiten, so its tests run anywhere.
//
// The analyses and their files:
//
//   - tree.go: node counts. Minimax (Russell and Norvig, figure 5.3) and plain
//     alpha-beta (figure 5.7), unordered or in the engine's static move order,
//     count the nodes they visit; CountTree gives one row of the table that
//     compares them depth by depth (the -stats table of tablut bench search),
//     cancellable.
//   - trace.go: the traced alpha-beta search (TraceAlphaBeta), which records
//     every step (entering a position, a leaf, a value backed up, a cut-off)
//     of a small fail-soft search on the engine's tree so the window can
//     replay it node by node; and piece impact (PieceImpact), how much each
//     pawn matters to an evaluator: the position's score less the score
//     without that pawn.
//   - page_js.go, page_other.go: in a browser, a background count gives the
//     page its turn every few milliseconds (internal/pageturn: WebAssembly
//     has one thread and no pre-emption); elsewhere the Gosched of the
//     periodic check is enough.
//   - guide.go: the guided walk (GuidedWalk), the few steps of a trace a
//     teacher stops at between the root and the first cutoff; a cutoff's
//     kind (alpha or beta, by the bound it met) and the sibling that set
//     that bound; and the running tally of positions searched and moves
//     pruned.
//
// The heuristic's terms (ai.Heuristic.Terms) and the root moves' scores of
// each iteration (ai.Info.Root) come from package ai itself.
package teach
