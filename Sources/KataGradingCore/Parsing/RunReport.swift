import Foundation

/// What a run reported about each of its tests, read from the framework's structured signals only:
/// XCTest's `Test Case '…' started/passed/failed` lines, and Swift Testing's event stream. Anything
/// else a test prints, however it is worded, can neither pass nor fail it.
struct RunReport: Equatable {
    struct Failure: Equatable {
        var test: String
        var message: String
        var location: String?
    }

    /// Tests that ran to their end, passed or not.
    var finished: Set<String> = []
    var failures: [Failure] = []
    /// The test that started last and did not finish.
    var running: String?
    var seconds: Double?
}
