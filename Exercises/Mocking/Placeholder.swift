import XCTest
// Placeholder until the Mocking pattern lands.
