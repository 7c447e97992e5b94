import XCTest
// Placeholder until the Expectations pattern lands.
