//go:build windows

package session

import (
	"errors"
	"fmt"
	"runtime"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// defaultDialogs are Windows's own file dialogs.
func defaultDialogs() Dialogs { return WindowsDialogs{} }

// WindowsDialogs shows the Open and Save As dialogs of Windows itself, called
// through the Windows API with no cgo and no child process (so no console
// window opens over the game): GetOpenFileNameW and GetSaveFileNameW from
// comdlg32.dll, which on Windows Vista and later show the same dialog as the
// rest of the system (Microsoft's "Open and Save As Dialog Boxes"). The
// dialog is modal to the game's window when that window is in front, as it
// is when the person has just asked to save or open.
type WindowsDialogs struct{}

var (
	comdlg32                 = windows.NewLazySystemDLL("comdlg32.dll")
	procGetOpenFileNameW     = comdlg32.NewProc("GetOpenFileNameW")
	procGetSaveFileNameW     = comdlg32.NewProc("GetSaveFileNameW")
	procCommDlgExtendedError = comdlg32.NewProc("CommDlgExtendedError")
)

// OpenFile shows an Open dialog in dir and returns the chosen path.
func (WindowsDialogs) OpenFile(dir string) (string, error) { return showFileDialog(false, dir, "") }

// SaveFile shows a Save As dialog in dir proposing name and returns the path.
func (WindowsDialogs) SaveFile(dir, name string) (string, error) {
	return showFileDialog(true, dir, name)
}

// showFileDialog shows one dialog and waits for the person's answer. It runs
// on the controller's dialog goroutine, never on the window's, so the game
// keeps drawing meanwhile.
func showFileDialog(save bool, dir, name string) (string, error) {
	show := procGetOpenFileNameW
	if save {
		show = procGetSaveFileNameW
	}
	// A Windows without the common dialogs (Server Core, some embedded
	// editions) has no comdlg32.dll or lacks these functions: the
	// controller then saves to the Tablut folder.
	if show.Find() != nil || procCommDlgExtendedError.Find() != nil {
		return "", ErrNoDialog
	}
	d, err := newFileDialog(save, uintptr(gameWindow()), dir, name)
	if err != nil {
		return "", err
	}

	// The dialog's windows belong to the thread that creates them and its
	// message loop runs on that thread until the person answers, so the
	// goroutine keeps one OS thread for the whole call. The folders it
	// shows are shell objects, which work only in a single-threaded COM
	// apartment (Microsoft's KB 287087, "Calling shell functions and
	// interfaces from a multithreaded apartment"); Go's threads have none,
	// so the thread joins one for the call and leaves it after.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var hr uint32 // CoInitializeEx's HRESULT; x/sys returns a nonzero one as an Errno
	if err := windows.CoInitializeEx(0, windows.COINIT_APARTMENTTHREADED|windows.COINIT_DISABLE_OLE1DDE); err != nil {
		var errno syscall.Errno
		if !errors.As(err, &errno) {
			return "", fmt.Errorf("the Windows file dialog cannot start: %v", err)
		}
		hr = uint32(errno)
	}
	switch hr {
	case uint32(windows.S_OK), uint32(windows.S_FALSE):
		// S_FALSE: the thread already was in an apartment of this kind.
		// Each success is balanced by a CoUninitialize.
		defer windows.CoUninitialize()
	case uint32(windows.RPC_E_CHANGED_MODE):
		// The thread is already in the multithreaded apartment: the dialog
		// still opens (some shell folders may not browse), and that
		// apartment is not this call's to leave.
	default:
		return "", fmt.Errorf("the Windows file dialog cannot start: COM refused this thread (HRESULT 0x%08X)", hr)
	}

	ok, _, _ := show.Call(uintptr(unsafe.Pointer(&d.ofn)))
	var code uintptr
	if ok == 0 {
		code, _, _ = procCommDlgExtendedError.Call()
	}
	// d's buffers were written through the pointers in d.ofn; keep them
	// until they are read.
	path := d.path()
	runtime.KeepAlive(d)
	return dialogAnswer(ok != 0, path, uint32(code))
}

// gameWindow returns the window in front when this process owns it (the
// game's window, where the person just clicked Save or Open or pressed its
// key), or 0, which shows the dialog with no owner. The window is asked of
// Windows rather than of Ebitengine, which does not expose it and keeps this
// package free of it.
func gameWindow() windows.HWND {
	w := windows.GetForegroundWindow()
	if w == 0 {
		return 0
	}
	var pid uint32
	if _, err := windows.GetWindowThreadProcessId(w, &pid); err != nil || pid != windows.GetCurrentProcessId() {
		return 0
	}
	return w
}
