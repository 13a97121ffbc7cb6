//go:build js

package weights

import "embed"

// files holds the networks of the web page (the page and its search
// worker): all but seed.tnn, the weakest, which the start panel's list
// then leaves out (session.EngineChoices lists shipped networks only). Each
// network is about 85 KB of each .wasm file even compressed, and a first
// visit must stay within 5 MB (web/browsertest, TestLoadsLikeAWebApp).
//
//go:embed champion.tnn learned.tnn learned2.tnn hybrid.tnn challenger.tnn
var files embed.FS
