//go:build windows

package console

import (
	"os"

	"golang.org/x/sys/windows"
)

// attachParentProcess is ATTACH_PARENT_PROCESS ((DWORD)-1) for AttachConsole.
const attachParentProcess = ^uint32(0)

var procAttachConsole = windows.NewLazySystemDLL("kernel32.dll").NewProc("AttachConsole")

// AttachParent attaches to the console of the process that started this one, if
// it has one, and sends os.Stdout and os.Stderr there unless they are redirected.
func AttachParent() {
	if procAttachConsole.Find() != nil {
		return
	}
	stdout, stderr := valid(windows.STD_OUTPUT_HANDLE), valid(windows.STD_ERROR_HANDLE)
	if stdout && stderr {
		return // both redirected: nothing to attach
	}
	if r, _, _ := procAttachConsole.Call(uintptr(attachParentProcess)); r == 0 {
		return // started from Explorer, or already a console program
	}
	out, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0)
	if err != nil {
		return
	}
	if !stdout {
		os.Stdout = out
	}
	if !stderr {
		os.Stderr = out
	}
}

// valid reports whether a standard handle was inherited (redirected to a file or pipe).
func valid(std uint32) bool {
	h, err := windows.GetStdHandle(std)
	return err == nil && h != 0 && h != windows.InvalidHandle
}
