// Package arena speaks the network protocol of the University of Bologna Tablut
// Challenge (see PROTOCOL.md in the project's shared documents): the framing,
// the messages, a client that plays one game for a player, and a server that
// referees games between two clients with this project's rules.
//
// Techniques and where they live:
//
//   - frame.go: frames are a 4-byte big-endian signed length and that many
//     bytes of UTF-8 JSON. ReadFrame rejects negative lengths, lengths over
//     MaxFrame (1 MiB, far above the ~1 KB a state takes) and invalid UTF-8
//     before allocating, so a garbled peer cannot make us allocate gigabytes.
//   - state.go: the wire format of the state and move messages (StateMessage,
//     MoveMessage) and their conversion to and from game positions and moves.
//     A final state shows no side to move: the loser is given the move, and a
//     captured king on the board makes the position Black's win.
//   - message.go: the three messages (name, state, move), decoded strictly:
//     a state must be 9x9 known cells and a known turn, a move two squares on
//     one line.
//   - client.go: Client plays one game. It keeps its own game.Game, infers the
//     opponent's move from each state (the one legal move leading to that
//     board) and checks the state after its own move against its prediction;
//     a mismatch stops with an error naming the squares that differ, and so
//     does a state whose side to move differs from its own game's. The wait
//     for the game to start is limited (Client.Wait), and a frame that has
//     started must finish within Client.Frame. The
//     engine thinks for min(movetime, timeout-1.5s), because the server counts
//     whole seconds and polls once a second.
//   - server.go: Server referees games: move limit per move, an illegal or
//     malformed move loses at once (both get the unchanged board with the
//     opponent's win), a timeout loses and closes both connections without a
//     final state (as the Java server does), a disconnect loses, repetition
//     draws; every game can be saved as a game record. Each port accepts all
//     the time and reads names concurrently; only a client that sent a valid
//     name and is still connected is seated, so stray or silent connections
//     neither hold a seat nor shift the pairing of later games. An accept
//     error (EMFILE) backs off and retries, as net/http's Serve does, and the
//     connections yet to send a name are bounded in all and per host: a
//     newcomer to a full bound replaces the oldest of them (once it has had a
//     second to speak), so a host's silent connections never keep out its
//     real clients.
//   - example_test.go: decoding a state, and a refereed game on loopback.
package arena
