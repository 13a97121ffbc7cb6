// The page's search worker (web/worker): Go's glue, then search.wasm,
// which answers the page's messages. Messages that come while it loads wait
// in tablutQueue, which the program reads first.
"use strict";
importScripts("wasm_exec.js");
self.tablutQueue = [];
self.onmessage = function (e) { self.tablutQueue.push(e.data); };
(function () {
  const go = new Go();
  const src = "search.wasm";
  const fail = function (e) {
    // The page reads replies as text (web/searchmsg); ID -1 ends any search.
    postMessage(JSON.stringify({ID: -1, Err: "the search worker could not load " + src + " (" + e.message + ")"}));
  };
  fetch(src).then(function (resp) {
    if (!resp.ok) throw new Error(resp.status + " " + resp.statusText);
    if (WebAssembly.instantiateStreaming && (resp.headers.get("Content-Type") || "").startsWith("application/wasm")) {
      return WebAssembly.instantiateStreaming(resp, go.importObject);
    }
    return resp.arrayBuffer().then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
  }).then(function (res) {
    return go.run(res.instance);
  }).catch(fail);
})();
