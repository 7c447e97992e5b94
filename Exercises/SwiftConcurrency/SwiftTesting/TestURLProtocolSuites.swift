// Swift Testing runs tests in parallel, suites included. `TestURLProtocol` keeps what it records in
// one `static` place, because URLSession creates the protocol object itself and the test cannot
// hand it anything of its own. Two tests using it at once would read each other's requests, and
// one test's `reset()` would end the stream another is still reading: a failure, or a hang, that
// comes and goes with the scheduling.
//
// Per-test state is the better cure wherever you own the seam (a mock you make in the test, as in
// the Mocking exercises). Here the state cannot be per test, so the tests that share it take turns:
// every suite that uses `TestURLProtocol` is nested in this one, which is `.serialized`, and
// `.serialized` applies to everything nested in it (on its own, it would order only one suite's
// tests, and suites would still run side by side).

import Testing

/// Holds every Swift Testing suite that uses `TestURLProtocol`, so that they run one at a time.
@Suite(.serialized) enum TestURLProtocolSuites {}
