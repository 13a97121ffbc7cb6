package session

import (
	"errors"
	"path/filepath"
	"testing"
	"unicode/utf16"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpenFileNameLayout: openFileName has the size and field offsets of
// OPENFILENAMEW as the Windows SDK lays it out, on 64-bit Windows (amd64,
// arm64) and on 32-bit (386). Windows reads the structure by offset, so a
// missing, extra or resized field would make it read garbage.
func TestOpenFileNameLayout(t *testing.T) {
	var o openFileName
	type field struct {
		name         string
		off          uintptr
		at64, at32   uintptr
		size, size32 uintptr
	}
	fields := []field{
		{"lStructSize", unsafe.Offsetof(o.structSize), 0, 0, unsafe.Sizeof(o.structSize), 4},
		{"hwndOwner", unsafe.Offsetof(o.owner), 8, 4, unsafe.Sizeof(o.owner), 0},
		{"hInstance", unsafe.Offsetof(o.instance), 16, 8, unsafe.Sizeof(o.instance), 0},
		{"lpstrFilter", unsafe.Offsetof(o.filter), 24, 12, unsafe.Sizeof(o.filter), 0},
		{"lpstrCustomFilter", unsafe.Offsetof(o.customFilter), 32, 16, unsafe.Sizeof(o.customFilter), 0},
		{"nMaxCustFilter", unsafe.Offsetof(o.maxCustFilter), 40, 20, unsafe.Sizeof(o.maxCustFilter), 4},
		{"nFilterIndex", unsafe.Offsetof(o.filterIndex), 44, 24, unsafe.Sizeof(o.filterIndex), 4},
		{"lpstrFile", unsafe.Offsetof(o.file), 48, 28, unsafe.Sizeof(o.file), 0},
		{"nMaxFile", unsafe.Offsetof(o.maxFile), 56, 32, unsafe.Sizeof(o.maxFile), 4},
		{"lpstrFileTitle", unsafe.Offsetof(o.fileTitle), 64, 36, unsafe.Sizeof(o.fileTitle), 0},
		{"nMaxFileTitle", unsafe.Offsetof(o.maxFileTitle), 72, 40, unsafe.Sizeof(o.maxFileTitle), 4},
		{"lpstrInitialDir", unsafe.Offsetof(o.initialDir), 80, 44, unsafe.Sizeof(o.initialDir), 0},
		{"lpstrTitle", unsafe.Offsetof(o.title), 88, 48, unsafe.Sizeof(o.title), 0},
		{"Flags", unsafe.Offsetof(o.flags), 96, 52, unsafe.Sizeof(o.flags), 4},
		{"nFileOffset", unsafe.Offsetof(o.fileOffset), 100, 56, unsafe.Sizeof(o.fileOffset), 2},
		{"nFileExtension", unsafe.Offsetof(o.fileExtension), 102, 58, unsafe.Sizeof(o.fileExtension), 2},
		{"lpstrDefExt", unsafe.Offsetof(o.defExt), 104, 60, unsafe.Sizeof(o.defExt), 0},
		{"lCustData", unsafe.Offsetof(o.custData), 112, 64, unsafe.Sizeof(o.custData), 0},
		{"lpfnHook", unsafe.Offsetof(o.hook), 120, 68, unsafe.Sizeof(o.hook), 0},
		{"lpTemplateName", unsafe.Offsetof(o.templateName), 128, 72, unsafe.Sizeof(o.templateName), 0},
		{"pvReserved", unsafe.Offsetof(o.reserved), 136, 76, unsafe.Sizeof(o.reserved), 0},
		{"dwReserved", unsafe.Offsetof(o.reservedWord), 144, 80, unsafe.Sizeof(o.reservedWord), 4},
		{"FlagsEx", unsafe.Offsetof(o.flagsEx), 148, 84, unsafe.Sizeof(o.flagsEx), 4},
	}
	ptr := unsafe.Sizeof(uintptr(0))
	require.Contains(t, []uintptr{4, 8}, ptr)
	wantSize := uintptr(152)
	if ptr == 4 {
		wantSize = 88
	}
	assert.Equal(t, wantSize, unsafe.Sizeof(o), "sizeof(OPENFILENAMEW)")
	assert.Equal(t, wantSize, sizeofOpenFileName)
	for _, f := range fields {
		want := f.at64
		if ptr == 4 {
			want = f.at32
		}
		assert.Equal(t, want, f.off, "offset of %s", f.name)
		size := f.size32 // a fixed size (DWORD, WORD), or 0: the pointer's
		if size == 0 {
			size = ptr
		}
		assert.Equal(t, size, f.size, "size of %s", f.name)
	}
}

// TestDialogFilter: the file types reach Windows as label, NUL, pattern,
// NUL, ..., and a final NUL; a NUL or an empty string, which would cut the
// list short, is refused with a message.
func TestDialogFilter(t *testing.T) {
	got, err := dialogFilter(recordFilter)
	require.NoError(t, err)
	want := utf16.Encode([]rune("Tablut games (*.txt)\x00*.txt\x00All files (*.*)\x00*.*\x00\x00"))
	assert.Equal(t, want, got)

	_, err = dialogFilter([][2]string{{"Games\x00", "*.txt"}})
	assert.ErrorContains(t, err, "NUL")
	_, err = dialogFilter([][2]string{{"Games", ""}})
	assert.ErrorContains(t, err, "empty")
}

// TestFileBuffer: lpstrFile holds the proposed name and NULs up to its
// size; a name that does not fit with its NUL, or that holds a NUL, is
// refused with a message.
func TestFileBuffer(t *testing.T) {
	buf, err := fileBuffer("tablut-1.txt", 16)
	require.NoError(t, err)
	require.Len(t, buf, 16)
	assert.Equal(t, utf16.Encode([]rune("tablut-1.txt")), buf[:12])
	assert.Equal(t, make([]uint16, 4), buf[12:])

	buf, err = fileBuffer("", fileBufferLen)
	require.NoError(t, err)
	assert.Len(t, buf, fileBufferLen)
	assert.Equal(t, "", bufferPath(buf))

	_, err = fileBuffer("0123456789abcdef", 16) // 16 units and no room for the NUL
	assert.ErrorContains(t, err, "longer than 15 characters")
	_, err = fileBuffer("a\x00b", 16)
	assert.ErrorContains(t, err, "NUL")
}

// TestBufferPath: the answer is read up to the first NUL, surrogate pairs
// (characters beyond the Basic Multilingual Plane) included.
func TestBufferPath(t *testing.T) {
	path := `C:\Users\Zoë\Tablut\🎲 partie.txt`
	buf := make([]uint16, 64)
	copy(buf, utf16.Encode([]rune(path)))
	copy(buf[50:], utf16.Encode([]rune("stale")))
	assert.Equal(t, path, bufferPath(buf))
	assert.Equal(t, "abc", bufferPath(utf16.Encode([]rune("abc"))), "no NUL: every unit")
	assert.Equal(t, "", bufferPath(nil))
}

// utf16At reads a NUL-ended UTF-16 string through a pointer, as Windows
// reads the structure's strings.
func utf16At(p *uint16) string {
	if p == nil {
		return ""
	}
	var u []uint16
	for q := unsafe.Pointer(p); *(*uint16)(q) != 0; q = unsafe.Add(q, 2) {
		u = append(u, *(*uint16)(q))
	}
	return string(utf16.Decode(u))
}

// TestNewFileDialog: what the Open and Save dialogs are given: the size,
// owner, title, folder, proposed name, file types, default extension and
// flags; and a path Windows writes through lpstrFile is the path returned.
func TestNewFileDialog(t *testing.T) {
	dir := `C:\Users\Zoë\Tablut`
	s, err := newFileDialog(true, 0x1234, dir, "tablut-2025-01-02-030405.txt")
	require.NoError(t, err)
	o := s.ofn
	assert.Equal(t, uint32(unsafe.Sizeof(o)), o.structSize)
	assert.Equal(t, uintptr(0x1234), o.owner)
	assert.Equal(t, "Save the Tablut game", utf16At(o.title))
	assert.Equal(t, dir, utf16At(o.initialDir))
	assert.Equal(t, "tablut-2025-01-02-030405.txt", utf16At(o.file))
	assert.Equal(t, uint32(fileBufferLen), o.maxFile)
	assert.Equal(t, "Tablut games (*.txt)", utf16At(o.filter), "the first type is the records'")
	assert.Equal(t, uint32(1), o.filterIndex)
	assert.Equal(t, "txt", utf16At(o.defExt))
	assert.Equal(t, uint32(ofnExplorer|ofnHideReadOnly|ofnNoChangeDir|ofnPathMustExist|ofnOverwritePrompt), o.flags)
	assert.Equal(t, uint32(0x0008_0000|0x4|0x8|0x800|0x2), o.flags, "the values of commdlg.h")

	// Windows writes the chosen path over the proposed name, NUL-ended.
	chosen := `D:\Parties\finale.txt`
	out := unsafe.Slice(o.file, o.maxFile)
	copy(out, append(utf16.Encode([]rune(chosen)), 0))
	assert.Equal(t, chosen, s.path())

	op, err := newFileDialog(false, 0, "", "")
	require.NoError(t, err)
	o = op.ofn
	assert.Equal(t, "Open a Tablut game", utf16At(o.title))
	assert.Nil(t, o.initialDir, "no folder: Windows chooses")
	assert.Nil(t, o.defExt, "Open adds no extension to a typed name")
	assert.Equal(t, "", utf16At(o.file))
	assert.Equal(t, uint32(ofnExplorer|ofnHideReadOnly|ofnNoChangeDir|ofnPathMustExist|ofnFileMustExist), o.flags)
	assert.Equal(t, uintptr(0), o.owner)

	_, err = newFileDialog(false, 0, "C:\\a\x00b", "")
	assert.ErrorContains(t, err, "folder name")
}

// TestDialogAnswer: OK with a path gives the path; a zero return with no
// extended error is a cancel; any other code is a failure that names it and
// is neither a cancel nor "no dialog" (so Open says what failed).
func TestDialogAnswer(t *testing.T) {
	path, err := dialogAnswer(true, `C:\g.txt`, 0)
	require.NoError(t, err)
	assert.Equal(t, `C:\g.txt`, path)

	_, err = dialogAnswer(true, "", 0)
	assert.ErrorContains(t, err, "no file name")

	_, err = dialogAnswer(false, "", 0)
	assert.ErrorIs(t, err, ErrCancelled)

	_, err = dialogAnswer(false, "", 0x3003)
	require.Error(t, err)
	assert.Equal(t, "the Windows file dialog failed: the chosen path is too long (FNERR_BUFFERTOOSMALL) (code 0x3003)", err.Error())
	assert.False(t, errors.Is(err, ErrCancelled) || errors.Is(err, ErrNoDialog))

	_, err = dialogAnswer(false, "", 0xFFFF)
	assert.ErrorContains(t, err, "CDERR_DIALOGFAILURE")
	_, err = dialogAnswer(false, "", 0x4242)
	assert.ErrorContains(t, err, "unknown error (code 0x4242)")
}

// failingDialog is a Windows dialog that could not be created.
type failingDialog struct{}

func (failingDialog) OpenFile(string) (string, error) {
	_, err := dialogAnswer(false, "", 0xFFFF)
	return "", err
}

func (f failingDialog) SaveFile(string, string) (string, error) { return f.OpenFile("") }

// TestFailedDialogFallsBack: when the Windows dialog fails, Save writes the
// game to the Tablut folder and says where, and Open says what failed and
// how else to open a game.
func TestFailedDialogFallsBack(t *testing.T) {
	saveDir := filepath.Join(t.TempDir(), "Tablut")
	c := New(Config{Engines: DepthEngine(1), SaveDir: saveDir, Dialogs: failingDialog{}, Store: NewMemStore()})
	start(t, c, Human, Human)
	c.SaveAs()
	waitDialog(t, c)
	files, _ := filepath.Glob(filepath.Join(saveDir, "tablut-*.txt"))
	assert.Len(t, files, 1)
	assert.Contains(t, c.Message(), saveDir)

	c.Open()
	waitDialog(t, c)
	assert.Contains(t, c.Message(), "Cannot open a record: the Windows file dialog failed: the dialog box could not be created")
	assert.Contains(t, c.Message(), "drop a record")
}
