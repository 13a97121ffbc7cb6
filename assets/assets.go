// Package assets holds the files the game window embeds, as plain bytes: the
// fonts (the Go fonts, BSD-licensed). It does not import Ebitengine, so
// anything may use it. The icon is not a file: package ui/shapes draws it at
// each size it is needed.
package assets

import (
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
