import Foundation

/// What the room knows about the course, from the instructor's checkout: exercise titles in course
/// order and the hint of each planted bug. Attendees send only ids, verdicts and the names of missed bugs, so a
/// post stays small and the page shows the instructor's own words.
public struct RoomCatalog: Codable, Sendable, Equatable {
    public struct Exercise: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var pattern: String
        /// Planted bug (variant name) → its hint.
        public var bugHints: [String: String]

        public init(id: String, title: String, pattern: String, bugHints: [String: String] = [:]) {
            self.id = id
            self.title = title
            self.pattern = pattern
            self.bugHints = bugHints
        }
    }

    public var exercises: [Exercise]

    public init(exercises: [Exercise]) { self.exercises = exercises }

    public func exercise(_ id: String) -> Exercise? { exercises.first { $0.id == id } }
}
