import XCTest
// Placeholder until the BeforeAfter pattern lands.
