import Foundation
import KataGradingCore

/// How long each exercise's runs took in the last grade, so the next grade starts the slow ones
/// first. Kept under `.build/kata/`; a missing or damaged file only costs the ordering.
struct RunTimings {
    static func url(_ paths: KataPaths) -> URL { paths.state.appendingPathComponent("timings.json") }

    static func load(_ paths: KataPaths) -> [String: Double] {
        guard let data = try? Data(contentsOf: url(paths)),
              let timings = try? JSONDecoder().decode([String: Double].self, from: data) else { return [:] }
        return timings
    }

    /// `tracks` in the order to start their runs: the slowest of the last grade first; a track
    /// with no time counts one second, and equal times keep their order.
    static func slowestFirst(_ tracks: [Catalog.Exercise], source: TestSource, _ paths: KataPaths) -> [Catalog.Exercise] {
        let timings = load(paths)
        let timing = { (exercise: Catalog.Exercise) in timings["\(source.shadowName)/\(exercise.key)"] ?? 1 }
        return tracks.enumerated()
            .sorted { timing($0.element) > timing($1.element) || (timing($0.element) == timing($1.element) && $0.offset < $1.offset) }
            .map(\.element)
    }

    static func record(_ results: [ExerciseResult], source: TestSource, _ paths: KataPaths) {
        var timings = load(paths)
        for result in results where result.seconds > 0 {
            timings["\(source.shadowName)/\(result.exercise.key)"] = (result.seconds * 100).rounded() / 100
        }
        try? JSONEncoder().encode(timings).write(to: url(paths), options: .atomic)
    }
}
