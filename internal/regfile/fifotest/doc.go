// Package fifotest makes named pipes (FIFOs) for the tests of the readers
// that must refuse them (package regfile). A pipe nobody writes makes a
// plain open wait for ever; Make's pipe is freed after a grace period, so a
// reader that still opens it fails its test (it reads nothing) instead of
// hanging the whole run. Only unix has such pipes: fifotest.go holds Make.
package fifotest
