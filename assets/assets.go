// Package assets holds the files the game window embeds, as plain bytes: the
// fonts (the Go fonts, BSD-licensed) and the window icon. It does not import
// Ebitengine, so anything may use it.
package assets

import (
	_ "embed"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// Fonts, as TrueType bytes.
var (
	FontRegular = goregular.TTF
	FontBold    = gobold.TTF
	FontMono    = gomono.TTF
)

// Icon is the window icon, a 64x64 PNG of the king.
//
//go:embed icon.png
var Icon []byte
