import Foundation

/// Which test files to grade.
public enum TestSource: Sendable, Equatable {
    /// The attendee's `Exercises/`.
    case exercises
    /// The reference `Solutions/`: the instructor's demo. Never reads or writes `Exercises/`.
    case solutions
    /// Another folder laid out like `Exercises/`, such as the self-test's planted copies.
    case directory(URL)
}

extension TestSource {
    /// The grader's shadow copy for this source, under `.build/kata/`: one per source, so that
    /// switching between them never rebuilds from cold.
    var shadowName: String {
        switch self {
        case .exercises: return "exercises"
        case .solutions: return "solutions"
        case .directory: return "planted"
        }
    }

    /// What the text report says it grades.
    var label: String {
        switch self {
        case .exercises: return "Exercises/"
        case .solutions: return "Solutions/, the reference solutions"
        case .directory(let url): return url.path
        }
    }

    /// The JSON report's `source` field.
    var reportName: String {
        switch self {
        case .exercises, .solutions: return shadowName
        case .directory(let url): return url.path
        }
    }
}
