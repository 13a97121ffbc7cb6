// Package console lets the Windows release build, linked for the GUI subsystem so
// that a double-click opens no console window (-H windowsgui, see .goreleaser.yaml),
// still print when it is run from a terminal: `tablut version`, `tablut match` and
// the other tools write to the console of the shell that started them.
//
// A GUI-subsystem process starts with no console and no standard handles unless
// they were redirected. AttachParent attaches to the parent's console
// (AttachConsole(ATTACH_PARENT_PROCESS)) and points os.Stdout and os.Stderr at it
// (CONOUT$), leaving redirected handles (a pipe or a file) as they are. Started from
// Explorer there is no parent console and nothing changes. On other systems it does
// nothing.
package console
