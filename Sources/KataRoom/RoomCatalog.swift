import Foundation

/// What the room knows about the course, from the instructor's checkout: patterns and exercise
/// titles in course order, the frameworks each exercise can be done in, and the hint of each
/// planted bug. Attendees send only ids, verdicts and the names of missed bugs, so a post stays
/// small and the page shows the instructor's own words.
public struct RoomCatalog: Codable, Sendable, Equatable {
    public struct Pattern: Codable, Sendable, Equatable {
        public var id: String
        public var title: String

        public init(id: String, title: String) {
            self.id = id
            self.title = title
        }
    }

    public struct Exercise: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var pattern: String
        /// Planted bug (variant name) → its hint.
        public var bugHints: [String: String]
        /// The frameworks it has a track in (`xctest`, `swift-testing`), the catalog's first one
        /// first. Empty: any framework is accepted.
        public var frameworks: [String]

        public init(id: String, title: String, pattern: String, bugHints: [String: String] = [:], frameworks: [String] = []) {
            self.id = id
            self.title = title
            self.pattern = pattern
            self.bugHints = bugHints
            self.frameworks = frameworks
        }

        /// The id without its pattern's prefix, for a narrow column head: `mocking-request` → `request`.
        public var label: String {
            let prefix = pattern + "-"
            let short = id.hasPrefix(prefix) && id.count > prefix.count ? String(id.dropFirst(prefix.count)) : id
            return short.replacingOccurrences(of: "-", with: " ")
        }
    }

    public var patterns: [Pattern]
    public var exercises: [Exercise]

    public init(patterns: [Pattern] = [], exercises: [Exercise]) {
        self.patterns = patterns
        self.exercises = exercises
    }

    public func exercise(_ id: String) -> Exercise? { exercises.first { $0.id == id } }

    /// The patterns in course order (the order their first exercise comes in), each with its
    /// title, or its id when the catalog gave none.
    public var patternsInCourseOrder: [Pattern] {
        var seen: [String] = []
        for exercise in exercises where !seen.contains(exercise.pattern) { seen.append(exercise.pattern) }
        return seen.map { id in patterns.first { $0.id == id } ?? Pattern(id: id, title: id) }
    }
}
