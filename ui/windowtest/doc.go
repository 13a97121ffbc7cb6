// Package windowtest tests the game window for real: its TestMain opens an
// Ebitengine window (under a virtual X server in CI: xvfb-run -a go test
// ./ui/windowtest/) and runs the tests as scripts on the game loop, reading back
// the pixels that were drawn. Ebitengine allows one RunGame per process, which is
// why these tests live in their own package.
//
// Without a display the tests skip, unless TABLUT_REQUIRE_DISPLAY=1 (as in CI),
// when they fail.
package windowtest
