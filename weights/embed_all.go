//go:build !js

package weights

import "embed"

// files holds every shipped network.
//
//go:embed *.tnn
var files embed.FS
