import Foundation
import KataGradingCore

/// The first stage of a grade (`Grader.grade`): what it will grade and build, decided from the
/// course, the test files and the platform before anything is copied. Made once per grade, by the
/// CLI (a grade, `--watch`) when it prints the plan's notes first (`Grader.plan`), and handed to
/// every later stage. The attendee's added files, and which course files are no longer their
/// starter, are read once, here.
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
    /// By track key: the files the attendee added (relative to the module's folder) that are
    /// graded with that track (`ExtraFiles`).
    var extras: [String: [String]] = [:]
    /// Added files that hold tests but belong to no exercise, as `Module/path`: the grade says so.
    var strayTests: [String] = []
    /// Added files named as a graded file under another case, `Module/file` to `Module/name`.
    var caseVariants: [String: String] = [:]
    /// Ids of the exercises of this grade graded on both tracks.
    var bothTracks: Set<String> = []
    /// By track key, over the whole course: what this machine lacks to run it (`needs`). Those
    /// tracks are neither copied, built, looked up nor run.
    var unmet: [String: TestPlatform.Unmet] = [:]
}

extension Grader {
    /// The plan of a grade of `selected` from `source` on this platform (`GradePlan`).
    func plan(_ selected: [Catalog.Exercise], source: TestSource) -> GradePlan {
        var plan = course.plan(selected, source: source)
        for track in course.tracks {
            if let unmet = platform.unmet(track.requires, framework: track.framework) { plan.unmet[track.key] = unmet }
        }
        return plan
    }
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
        let root = testsRoot(for: source)
        let added = addedFiles(under: root)
        // The course's files that are no longer the starter: whether a track is started and whether
        // it is untouched are both answered from them, so each file is compared once per plan.
        let edited = source == .exercises ? store.editedFiles(of: self.tracks) : []
        let untouched = { (track: Catalog.Exercise) in
            source == .exercises && !track.files.contains { edited.contains(store.key(track, $0)) }
                && (added.headed[track.key] ?? []).isEmpty
        }
        var toBuild: Set<String>?
        if source == .exercises {
            toBuild = Set(catalog.exercises.flatMap { tracksToGrade($0, source: .exercises, added: added, edited: edited) }
                .filter { !untouched($0) }.map(\.key))
        }
        // Each track once, even when both an id and its `id@framework` were asked for.
        let asked = selected.flatMap { tracksToGrade($0, source: source, added: added, edited: edited) }
        var tracks: [Catalog.Exercise] = []
        for track in asked where !tracks.contains(where: { $0.key == track.key }) {
            tracks.append(track)
        }
        let ids = asked.map(\.id)
        return GradePlan(source: source, testsRoot: root, tracks: tracks, untouched: Set(tracks.filter(untouched).map(\.key)),
                         toBuild: toBuild, extras: added.byTrack, strayTests: added.unattachedTests,
                         caseVariants: added.caseVariants, bothTracks: Set(ids.filter { id in ids.filter { $0 == id }.count > 1 }))
    }

    /// The tracks of an exercise to grade. An attendee's `Exercises/`: the tracks they started (both,
    /// if they did both; a file of their own headed for a track starts it), else the first track, which is
    /// then "not started" unless a shared file changed. The solutions and other folders: every
    /// track. A key like `id@swift-testing` (or `id@xctest`, even for the first track) names one
    /// track and grades just that. `added`: the attendee's added files (`addedFiles`); `edited`:
    /// the course files that no longer hold their starter (`StarterStore.editedFiles`).
    func tracksToGrade(_ exercise: Catalog.Exercise, source: TestSource, added: ExtraFiles.Attachment,
                       edited: Set<String>) -> [Catalog.Exercise] {
        let tracks = exercise.tracks
        guard tracks.count > 1, !exercise.isOtherTrack, !exercise.isNamedTrack else { return [exercise] }
        guard source == .exercises else { return tracks }
        let started = tracks.filter { track in
            track.ownFiles.contains { edited.contains(starterStore.key(track, $0)) } || !(added.headed[track.key] ?? []).isEmpty
        }
        return started.isEmpty ? [exercise] : started
    }

    /// The folder laid out like `Exercises/` that `source` names: the plan's `testsRoot`.
    func testsRoot(for source: TestSource) -> URL {
        switch source {
        case .exercises: return paths.exercises
        case .solutions: return paths.solutions
        case .directory(let url): return url
        }
    }

    /// The files an attendee added under `root`'s module folders, and the exercises each belongs to.
    /// Keys of `byTrack` are track keys; `unattachedTests` are `Module/path`.
    func addedFiles(under root: URL) -> ExtraFiles.Attachment {
        var modules: [(module: String, files: [String: String])] = []
        for pattern in catalog.patterns {
            let folder = root.appendingPathComponent(pattern.module)
            guard let paths = try? FileTree.swiftFiles(under: folder) else { continue }
            var texts: [String: String] = [:]
            for path in paths {
                // An unreadable file is read as empty: the grade names it when an exercise needs it.
                texts[path] = FileContents.text(at: folder.appendingPathComponent(path)) ?? ""
            }
            modules.append((pattern.module, texts))
        }
        return ExtraFiles.attach(tracks: tracks, modules: modules)
    }
}
