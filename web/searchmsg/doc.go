// Package searchmsg is what the web page and its search workers say to each
// other, and how the page shares one search out among several workers and
// puts their answers back together. It imports neither syscall/js nor
// ebiten, so that its tests run natively: the page (web/workers_js.go) and
// the worker (web/worker) only carry its messages as strings.
//
// A worker is a second WebAssembly program in a Web Worker (web/worker): a
// search there holds no thread of the page's. With several workers (one
// per spare core of the device) the page shares out the root moves
// (Split): each worker searches its share with iterative deepening and
// reports each completed depth; for a depth every worker has completed, the
// best of the workers' best moves is the best move of the whole position
// at that depth, as each worker's best is scored exactly within its share
// (principal variation search re-searches a move that beats the best with
// a full window). Merge does that bookkeeping. The workers have tables of
// their own (WebAssembly programs share no memory), so this root splitting
// is the scheme that needs none: Lazy SMP without a shared table would
// search the same tree N times.
//
//   - msg.go: Request, Reply, their encoding as JSON text, and the checks
//     on what arrives.
//   - share.go: Split (the root moves dealt out) and Merge (the workers'
//     reports and results put together).
package searchmsg
