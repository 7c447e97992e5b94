import Foundation
import KataGradingCore

/// What a grade will grade and build, decided from the course and the test files before anything
/// is built: the tracks, and which of them are still the shipped starters.
struct GradePlan: Sendable {
    /// Where the tests come from.
    var source: TestSource
    var testsRoot: URL
    /// The tracks to grade, in the order asked, each once.
    var tracks: [Catalog.Exercise]
    /// Keys of the tracks whose files are all still the starter: "not started", with no build or run.
    var untouched: Set<String>
    /// Keys of the tracks to build, when not all.
    var toBuild: Set<String>?
}

extension Course {
    /// The plan for grading `selected` from `source`.
    ///
    /// An attendee's untouched starters are "not started" without a run, so their targets are
    /// left out of the build: a course done in one framework never builds the other's tracks.
    /// Chosen over the whole course, not the exercises asked for, so that the build stays the
    /// same from one grade to the next.
    func plan(_ selected: [Catalog.Exercise], source: TestSource) -> GradePlan {
        let store = starterStore
        var toBuild: Set<String>?
        if source == .exercises {
            toBuild = Set(catalog.exercises.flatMap { tracksToGrade($0, source: .exercises) }
                .filter { !store.isUntouched($0) }.map(\.key))
        }
        // Each track once, even when both an id and its `id@framework` were asked for.
        var tracks: [Catalog.Exercise] = []
        for track in selected.flatMap({ tracksToGrade($0, source: source) }) where !tracks.contains(where: { $0.key == track.key }) {
            tracks.append(track)
        }
        let untouched = source == .exercises ? Set(tracks.filter { store.isUntouched($0) }.map(\.key)) : []
        return GradePlan(source: source, testsRoot: testsRoot(for: source), tracks: tracks, untouched: untouched, toBuild: toBuild)
    }

    /// The tracks of an exercise to grade. An attendee's `Exercises/`: the tracks they started (both,
    /// if they did both), else the first track, which is then "not started" unless a shared file
    /// changed. The solutions and other folders: every track. A key like `id@swift-testing` names
    /// one track and grades just that.
    func tracksToGrade(_ exercise: Catalog.Exercise, source: TestSource) -> [Catalog.Exercise] {
        let tracks = exercise.tracks
        guard tracks.count > 1, !exercise.isOtherTrack else { return [exercise] }
        guard source == .exercises else { return tracks }
        let started = tracks.filter { track in !track.ownFiles.allSatisfy { starterStore.isUntouched(track, $0) } }
        return started.isEmpty ? [exercise] : started
    }

    /// The exercises of `selected` that a grade from `source` grades on both tracks.
    func exercisesWithBothTracks(_ selected: [Catalog.Exercise], source: TestSource) -> Set<String> {
        let ids = selected.flatMap { tracksToGrade($0, source: source) }.map(\.id)
        return Set(ids.filter { id in ids.filter { $0 == id }.count > 1 })
    }
}
