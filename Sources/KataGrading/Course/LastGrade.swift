import Foundation
import KataGradingCore

/// The verdicts of the last grade of `Exercises/`, so `--hint` and `--watch` know the current exercise.
public struct LastGrade: Codable, Sendable {
    public var verdicts: [String: String]

    static func url(_ paths: KataPaths) -> URL { paths.state.appendingPathComponent("last-grade.json") }

    public static func load(_ paths: KataPaths) -> LastGrade {
        guard let data = try? Data(contentsOf: url(paths)),
              let grade = try? JSONDecoder().decode(LastGrade.self, from: data) else { return LastGrade(verdicts: [:]) }
        return grade
    }

    /// Records the verdicts of `results`, and returns the last grade as kept.
    @discardableResult
    public static func record(_ results: [ExerciseResult], _ paths: KataPaths) -> LastGrade {
        var grade = load(paths)
        // One verdict per exercise: done when any of its tracks is.
        for result in results where grade.verdicts[result.exercise.id] != Verdict.Kind.done.rawValue
            || !results.contains(where: { $0.exercise.id == result.exercise.id && $0.verdict.kind == .done }) {
            grade.verdicts[result.exercise.id] = result.verdict.kind.rawValue
        }
        for result in results where result.verdict.kind == .done { grade.verdicts[result.exercise.id] = Verdict.Kind.done.rawValue }
        try? FileManager.default.createDirectory(at: paths.state, withIntermediateDirectories: true)
        try? JSONEncoder().encode(grade).write(to: url(paths), options: .atomic)
        return load(paths)
    }

    /// After a reset, the exercise's last verdict no longer holds.
    public static func forget(_ exercise: Catalog.Exercise, _ paths: KataPaths) {
        var grade = load(paths)
        guard grade.verdicts.removeValue(forKey: exercise.id) != nil else { return }
        try? JSONEncoder().encode(grade).write(to: url(paths), options: .atomic)
    }

    /// The first exercise not known to be done (nor one this machine cannot run); with no history,
    /// the first one still a starter.
    public func current(in catalog: Catalog, starters: StarterStore) -> Catalog.Exercise? {
        if !verdicts.isEmpty {
            return catalog.exercises.first {
                verdicts[$0.id] != Verdict.Kind.needs.rawValue && (verdicts[$0.id] != Verdict.Kind.done.rawValue || starters.isUntouched($0))
            }
        }
        return catalog.exercises.first { starters.isUntouched($0) } ?? catalog.exercises.first
    }
}
