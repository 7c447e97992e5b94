import Foundation

/// The single source of truth for the kata: `Catalog/catalog.json`.
///
/// The grader, the README's exercise index and the self-test all read this, so an exercise exists
/// in one place only. `Catalog/README.md` documents every field.
public struct Catalog: Decodable, Sendable {
    public var version: Int
    public var patterns: [Pattern]
    public var exercises: [Exercise]

    public struct Pattern: Decodable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var module: String
        public var summary: String
    }

    public enum Framework: String, Codable, Sendable, CaseIterable {
        case xctest
        case swiftTesting = "swift-testing"

        public var title: String { self == .xctest ? "XCTest" : "Swift Testing" }

        /// Words that name this framework's own tools. A hint shown on the other framework's track
        /// must use none of them (`grade.sh --check`): "count the calls with
        /// confirmation(expectedCount:)" is wrong advice to an attendee writing XCTest.
        public var toolWords: [String] {
            switch self {
            case .xctest:
                ["XCTestExpectation", "XCTNSNotificationExpectation", "XCTNSPredicateExpectation", "XCTWaiter", "XCTAssert",
                 "XCTUnwrap", "XCTFail", "wait(for:", "waitForExpectations", "fulfil", "expectation(description:",
                 "expectedFulfillmentCount", "assertForOverFulfill", "isInverted", "inverted expectation"]
            case .swiftTesting:
                ["confirmation", "confirm(", "#expect", "#require", "@Test", "@Suite", ".timeLimit", "withKnownIssue",
                 "expectedCount", "Issue.record"]
            }
        }

        /// The tool words of this framework that `text` uses (case-insensitive).
        public func toolWords(in text: String) -> [String] {
            toolWords.filter { text.range(of: $0, options: .caseInsensitive) != nil }
        }

        /// The other framework.
        public var other: Framework { self == .xctest ? .swiftTesting : .xctest }
    }

    public func pattern(of exercise: Exercise) -> Pattern {
        // `validate()` guarantees that every exercise names a listed pattern.
        patterns.first { $0.id == exercise.pattern }!
    }

    // Its tracks (`allTracks`, `preferring`) are made where an exercise's are, in Exercise.swift.
}
