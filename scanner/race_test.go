//go:build race

package scanner

// guardTime is how long the tests may run before the guard stops them:
// the race detector makes them five to ten times slower, and CI runs them
// beside other packages on two cores.
const guardTime = 5 * 60
