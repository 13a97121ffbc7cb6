package arena

import (
	"errors"
	"syscall"
)

// isReset reports whether err is a connection reset or broken pipe: the peer is gone.
func isReset(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}
