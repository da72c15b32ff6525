//go:build !race

package scanner

// guardTime is how long, in seconds, the tests may run before the guard
// stops them (a few seconds is what they take).
const guardTime = 60
