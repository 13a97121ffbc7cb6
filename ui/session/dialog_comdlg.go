package session

import (
	"fmt"
	"strings"
	"unicode/utf16"
	"unsafe"
)

// This file holds the parts of the Windows file dialogs (dialog_windows.go)
// that call nothing in Windows: the OPENFILENAMEW structure, the UTF-16
// strings it points to, and the reading of the answer. It has no build tag so
// that its tests run on every system the project is tested on; the calls
// themselves (GetOpenFileNameW, GetSaveFileNameW, CommDlgExtendedError from
// comdlg32.dll) are in dialog_windows.go.
//
// Reference: Microsoft's "OPENFILENAMEW structure (commdlg.h)",
// "GetOpenFileNameW function", "GetSaveFileNameW function" and
// "CommDlgExtendedError function" pages on learn.microsoft.com.

// openFileName is OPENFILENAMEW from the Windows SDK's commdlg.h, field for
// field in the same order and with the same sizes, so that Go lays it out as
// the C compiler does: 152 bytes on 64-bit Windows, 88 on 32-bit (the SDK
// packs it to 1 byte there, which changes nothing: every field already falls
// on its own size). The two fields the documentation's syntax block shows
// after lpTemplateName (lpEditInfo, lpstrPrompt) exist only in the header's
// old Macintosh branch and are not part of the structure on Windows.
// TestOpenFileNameLayout checks the size and offsets.
type openFileName struct {
	structSize    uint32  // lStructSize: the structure's size, which tells the version
	owner         uintptr // hwndOwner: the window the dialog is modal to, or 0
	instance      uintptr // hInstance: only for custom templates
	filter        *uint16 // lpstrFilter: pairs of label and pattern, each NUL-ended, then a NUL
	customFilter  *uint16 // lpstrCustomFilter
	maxCustFilter uint32  // nMaxCustFilter
	filterIndex   uint32  // nFilterIndex: 1 is the first pair
	file          *uint16 // lpstrFile: the proposed name in, the chosen path out
	maxFile       uint32  // nMaxFile: lpstrFile's size in UTF-16 units
	fileTitle     *uint16 // lpstrFileTitle
	maxFileTitle  uint32  // nMaxFileTitle
	initialDir    *uint16 // lpstrInitialDir
	title         *uint16 // lpstrTitle: the dialog's title
	flags         uint32  // Flags: the ofn* bits below
	fileOffset    uint16  // nFileOffset (out)
	fileExtension uint16  // nFileExtension (out)
	defExt        *uint16 // lpstrDefExt: added when the person types no extension
	custData      uintptr // lCustData
	hook          uintptr // lpfnHook
	templateName  *uint16 // lpTemplateName
	reserved      uintptr // pvReserved
	reservedWord  uint32  // dwReserved
	flagsEx       uint32  // FlagsEx
}

// sizeofOpenFileName is lStructSize: Windows tells the structure's version
// by it and refuses a size it does not know (CDERR_STRUCTSIZE).
const sizeofOpenFileName = unsafe.Sizeof(openFileName{})

// The Flags bits used here, with their values from commdlg.h.
const (
	// ofnOverwritePrompt: Save asks before replacing an existing file.
	ofnOverwritePrompt = 0x00000002
	// ofnHideReadOnly: no "open as read-only" box, which means nothing here.
	ofnHideReadOnly = 0x00000004
	// ofnNoChangeDir: the dialog restores the process's working directory,
	// which it would otherwise leave in the last folder browsed (the game
	// resolves relative paths, such as a relative save folder, against it).
	ofnNoChangeDir = 0x00000008
	// ofnPathMustExist: only paths in existing folders are accepted.
	ofnPathMustExist = 0x00000800
	// ofnFileMustExist: Open accepts only existing files.
	ofnFileMustExist = 0x00001000
	// ofnExplorer: the Explorer-style dialog; with no hook or template,
	// Windows Vista and later show their current file dialog for it.
	ofnExplorer = 0x00080000
)

// fileBufferLen is lpstrFile's size in UTF-16 units: the longest path
// Windows accepts (32,767 units with the \\?\ prefix) and its NUL, so that
// no path the person can choose meets FNERR_BUFFERTOOSMALL.
const fileBufferLen = 32768

// recordFilter is the dialogs' list of file types: the game's records first
// (the one shown), then every file.
var recordFilter = [][2]string{
	{"Tablut games (*.txt)", "*.txt"},
	{"All files (*.*)", "*.*"},
}

// utf16z returns s in UTF-16 followed by a NUL, as Windows takes strings; a
// NUL inside s would cut it short there, so it is refused (what names the
// string for the message).
func utf16z(what, s string) ([]uint16, error) {
	if strings.IndexByte(s, 0) >= 0 {
		return nil, fmt.Errorf("cannot show the file dialog: the %s %q holds a NUL character", what, s)
	}
	return append(utf16.Encode([]rune(s)), 0), nil
}

// dialogFilter builds lpstrFilter from pairs of label and pattern: each
// string ends with a NUL and the list with one more. An empty string would
// end the list early, so it is refused.
func dialogFilter(pairs [][2]string) ([]uint16, error) {
	var out []uint16
	for _, p := range pairs {
		for _, s := range p {
			if s == "" {
				return nil, fmt.Errorf("cannot show the file dialog: an empty label or pattern in the file types %q", pairs)
			}
			u, err := utf16z("file type", s)
			if err != nil {
				return nil, err
			}
			out = append(out, u...)
		}
	}
	return append(out, 0), nil
}

// fileBuffer returns lpstrFile for a dialog: size UTF-16 units holding name
// (the name proposed to Save; "" for Open) and NULs after it.
func fileBuffer(name string, size int) ([]uint16, error) {
	u, err := utf16z("file name", name)
	if err != nil {
		return nil, err
	}
	if len(u) > size {
		return nil, fmt.Errorf("cannot show the file dialog: the file name %q is longer than %d characters", name, size-1)
	}
	buf := make([]uint16, size)
	copy(buf, u)
	return buf, nil
}

// bufferPath returns the path a dialog wrote into lpstrFile: the UTF-16
// units before the first NUL (all of them if there is none).
func bufferPath(buf []uint16) string {
	for i, c := range buf {
		if c == 0 {
			buf = buf[:i]
			break
		}
	}
	return string(utf16.Decode(buf))
}

// fileDialog is one Open or Save dialog's OPENFILENAMEW with the strings it
// points to. The slices keep those strings reachable for as long as the
// dialog is: Windows reads and writes them through the pointers in ofn.
type fileDialog struct {
	ofn                              openFileName
	file, filter, dir, title, defExt []uint16
}

// newFileDialog prepares a Save (save) or Open dialog starting in dir (""
// lets Windows choose), proposing name to Save, modal to the window owner
// (0 for none).
func newFileDialog(save bool, owner uintptr, dir, name string) (*fileDialog, error) {
	d := &fileDialog{}
	var err error
	if d.file, err = fileBuffer(name, fileBufferLen); err != nil {
		return nil, err
	}
	if d.filter, err = dialogFilter(recordFilter); err != nil {
		return nil, err
	}
	title := "Open a Tablut game"
	if save {
		title = "Save the Tablut game"
	}
	if d.title, err = utf16z("title", title); err != nil {
		return nil, err
	}
	o := &d.ofn
	o.structSize = uint32(sizeofOpenFileName)
	o.owner = owner
	o.filter, o.filterIndex = &d.filter[0], 1
	o.file, o.maxFile = &d.file[0], uint32(len(d.file))
	o.title = &d.title[0]
	o.flags = ofnExplorer | ofnHideReadOnly | ofnNoChangeDir | ofnPathMustExist
	if dir != "" {
		if d.dir, err = utf16z("folder name", dir); err != nil {
			return nil, err
		}
		o.initialDir = &d.dir[0]
	}
	if save {
		// The default extension only for Save: on Open it would make
		// the dialog look for "name.txt" when the person types "name".
		if d.defExt, err = utf16z("extension", "txt"); err != nil {
			return nil, err
		}
		o.defExt = &d.defExt[0]
		o.flags |= ofnOverwritePrompt
	} else {
		o.flags |= ofnFileMustExist
	}
	return d, nil
}

// path returns the path the person chose, once the dialog said OK.
func (d *fileDialog) path() string { return bufferPath(d.file) }

// commDlgErrors names the error codes of cderr.h that a file dialog can
// return from CommDlgExtendedError, in words a person can act on.
var commDlgErrors = map[uint32]string{
	0x0001: "the dialog's structure has the wrong size (CDERR_STRUCTSIZE)",
	0x0002: "Windows could not start the dialog, usually for lack of memory (CDERR_INITIALIZATION)",
	0x0003: "a dialog template is missing (CDERR_NOTEMPLATE)",
	0x0004: "a dialog instance is missing (CDERR_NOHINSTANCE)",
	0x0005: "a string could not be loaded (CDERR_LOADSTRFAILURE)",
	0x0006: "a resource was not found (CDERR_FINDRESFAILURE)",
	0x0007: "a resource could not be loaded (CDERR_LOADRESFAILURE)",
	0x0008: "a resource could not be locked (CDERR_LOCKRESFAILURE)",
	0x0009: "out of memory (CDERR_MEMALLOCFAILURE)",
	0x000A: "memory could not be locked (CDERR_MEMLOCKFAILURE)",
	0x000B: "a hook procedure is missing (CDERR_NOHOOK)",
	0x000C: "a window message could not be registered (CDERR_REGISTERMSGFAIL)",
	0xFFFF: "the dialog box could not be created (CDERR_DIALOGFAILURE)",
	0x3001: "the file list could not be set up, usually for lack of memory (FNERR_SUBCLASSFAILURE)",
	0x3002: "the proposed file name is not valid (FNERR_INVALIDFILENAME)",
	0x3003: "the chosen path is too long (FNERR_BUFFERTOOSMALL)",
}

// dialogAnswer turns what GetOpenFileNameW or GetSaveFileNameW returned (ok:
// nonzero), the path in lpstrFile and, after a zero, CommDlgExtendedError's
// code into the Dialogs contract: the path; ErrCancelled for a zero code
// (the person cancelled or closed the dialog); otherwise an error naming the
// failure, after which the controller falls back to the Tablut folder.
func dialogAnswer(ok bool, path string, code uint32) (string, error) {
	switch {
	case ok && path != "":
		return path, nil
	case ok:
		return "", fmt.Errorf("the Windows file dialog said OK but gave no file name")
	case code == 0:
		return "", ErrCancelled
	}
	what, known := commDlgErrors[code]
	if !known {
		what = "an unknown error"
	}
	return "", fmt.Errorf("the Windows file dialog failed: %s (code 0x%04X)", what, code)
}
