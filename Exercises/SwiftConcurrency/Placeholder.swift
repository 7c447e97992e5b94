import XCTest
// Placeholder until the SwiftConcurrency pattern lands.
