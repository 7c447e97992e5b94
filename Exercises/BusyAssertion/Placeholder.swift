import XCTest
// Placeholder until the BusyAssertion pattern lands.
