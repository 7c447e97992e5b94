import Foundation
import KataGradingCore

/// `--demo ID`: for the projector, grades an exercise's weak suites (`Tests/Fixtures/<id>/<name>/`)
/// and its reference solution, one after the other, then lines their verdicts up side by side.
///
/// Each suite is graded from a scratch copy of `Solutions/` under `.build/kata/demo/`, with the
/// suite's files laid over it, exactly as `--from` grades a folder; `Exercises/` is never read or
/// written, so an instructor can run it on an attendee's machine.
struct DemoCommand {
    var grader: Grader
    var swift: String
    var style: Style
    var repeats: Int
    /// `--regrade`: make every run again, reusing no kept runs.
    var regrade = false

    struct Suite {
        var name: String
        /// Why the suite is weak, from the comment that opens its test file.
        var why: String
        /// The verdict the suite is kept to get (its `expected` file); "done" for the solution.
        var expected: String
        var files: [URL]
    }

    func run(_ exercise: Catalog.Exercise) throws -> Int32 {
        Interruption.install(message: GradeCommand.interrupted, exitCode: GradeCommand.exitInterrupted)
        let paths = grader.course.paths
        let module = exercise.module
        let fixtures = paths.root.appendingPathComponent("Tests/Fixtures/\(exercise.id)")
        let suites = [Suite(name: "reference solution", why: "", expected: Verdict.Kind.done.rawValue, files: [])]
            + loadSuites(in: fixtures, exercise: exercise)

        lines(style.wrap("Demo: \(exercise.id) · \(exercise.title)", indent: "").map { style.bold($0) })
        if !exercise.idea.isEmpty { lines(style.wrap("Idea: " + exercise.idea, indent: "  ")) }
        let weak = suites.count - 1
        lines(style.wrap(weak == 0
            ? "There are no weak suites in Tests/Fixtures/\(exercise.id)/: grading the reference solution only."
            : "Grading the reference solution and \(weak) weak suite\(weak == 1 ? "" : "s") from Tests/Fixtures/\(exercise.id)/. Exercises/ is neither read nor written.",
            indent: "  "))

        let scratch = paths.state.appendingPathComponent("demo")
        var options = GradeOptions()
        options.repeats = repeats
        options.regrade = regrade
        var rows: [(suite: Suite, verdict: Verdict)] = []
        for (index, suite) in suites.enumerated() {
            let folder = scratch.appendingPathComponent(index == 0 ? "solution" : "suite-\(suite.name)")
            try prepare(folder, overlay: suite.files, module: module)
            options.source = .directory(folder)
            print("")
            lines(style.wrap(paragraph: "── " + suite.name + (suite.why.isEmpty ? "" : ": " + suite.why), first: "", rest: "   ")
                .map { style.bold($0) })
            fflush(nil)
            let results = try grader.gradeLocked([exercise], options: options, swift: swift) { _ in }
            // The track the suite is written for; the other track is the solution's, and done.
            let suiteFiles = Set(suite.files.map(relativePath(of:)))
            guard var result = results.first(where: { !suiteFiles.isDisjoint(with: $0.exercise.files) }) ?? results.first else { continue }
            // Name the file the audience can open, not the scratch copy.
            let scratchFolder = grader.course.paths.relative(folder) + "/" + module + "/"
            let shown = index == 0 ? "Solutions/\(module)/" : "Tests/Fixtures/\(exercise.id)/\(suite.name)/"
            result.verdict.reason = result.verdict.reason.replacingOccurrences(of: scratchFolder, with: shown)
            result.verdict.details = result.verdict.details.map { $0.replacingOccurrences(of: scratchFolder, with: shown) }
            rows.append((suite, result.verdict))
            lines(entry(result, expected: suite.expected))
            fflush(nil)
        }

        print("")
        print(style.bold("Side by side"))
        let nameWidth = min(28, (rows.map(\.suite.name.count).max() ?? 10) + 2)
        for (suite, verdict) in rows {
            let name = suite.name.padding(toLength: max(nameWidth, suite.name.count + 1), withPad: " ", startingAt: 0)
            let caught = verdict.chaffsTotal > 0 ? "· \(verdict.chaffsCaught)/\(verdict.chaffsTotal) bugs caught" : ""
            let column = Style.visibleCount(style.mark(for: verdict.kind)) + 1 + name.count
            lines(style.wrap(paragraph: style.verdictText(verdict.kind) + " " + style.dim(caught),
                             first: "\(style.mark(for: verdict.kind)) \(name)", rest: String(repeating: " ", count: column)))
        }
        if weak > 0 { lines(style.wrap("Each suite's code: Tests/Fixtures/\(exercise.id)/<suite>/", indent: "")) }
        lines(style.wrap("The solution, as a diff against the starter: Scripts/grade.sh --solution \(exercise.id)", indent: ""))
        // A suite that no longer gets the verdict it was written for is a kata bug worth a red exit.
        return rows.allSatisfy({ $0.verdict.kind.rawValue == $0.suite.expected }) && rows.count == suites.count
            ? GradeCommand.exitDone : GradeCommand.exitNotDone
    }

    /// The verdict as the grade report shows it, without repeating the exercise's id.
    func entry(_ result: ExerciseResult, expected: String) -> [String] {
        let verdict = result.verdict
        var head = "\(style.mark(for: verdict.kind)) \(style.verdictText(verdict.kind))"
        if verdict.chaffsTotal > 0, verdict.kind == .done || verdict.kind == .missesBugs {
            head += style.dim(" · \(verdict.chaffsCaught)/\(verdict.chaffsTotal) bugs caught")
        }
        if let since = result.unchangedSince { head += style.dim(" · " + TextReport.unchanged(since: since)) }
        if verdict.kind.rawValue != expected { head += style.paint(" (this suite is kept to get: \(expected))", "31") }
        var out = [head]
        if verdict.kind != .done { out += style.wrap(verdict.reason, indent: "    ") }
        for detail in verdict.details { out += style.wrap(detail, indent: "      ") }
        for advice in NextStep.advice(for: result, gradedAlone: true) { out += style.wrap("Advice: " + advice, indent: "    ") }
        return out
    }

    func loadSuites(in fixtures: URL, exercise: Catalog.Exercise) -> [Suite] {
        let fm = FileManager.default
        let names = ((try? fm.contentsOfDirectory(atPath: fixtures.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        return names.compactMap { name in
            let folder = fixtures.appendingPathComponent(name)
            // Relative paths: a Swift Testing suite's files sit in SwiftTesting/, as in Exercises/.
            let files = ((try? FileTree.swiftFiles(under: folder)) ?? []).sorted()
            guard !files.isEmpty else { return nil }
            let expected = (try? String(contentsOf: folder.appendingPathComponent("expected"), encoding: .utf8))?
                .split(separator: "\n").first.map { String($0).trimmingCharacters(in: .whitespaces) } ?? "misses bugs"
            // The test file's opening comment says what the suite gets wrong; the support file's, less.
            let ordered = files.sorted { (exercise.files.lastIndex(of: $0) ?? -1) > (exercise.files.lastIndex(of: $1) ?? -1) }
            let why = ordered.lazy.compactMap { self.openingComment(folder.appendingPathComponent($0)) }.first ?? ""
            return Suite(name: name, why: why, expected: expected, files: files.map { folder.appendingPathComponent($0) })
        }
    }

    func openingComment(_ file: URL) -> String? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        var comment: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") {
                comment.append(trimmed.dropFirst(2).trimmingCharacters(in: .whitespaces))
            } else if !comment.isEmpty || !(trimmed.isEmpty || trimmed.hasPrefix("import")) {
                break
            }
        }
        return comment.isEmpty ? nil : comment.joined(separator: " ")
    }

    /// A copy of `Solutions/` with `overlay` laid over `module`'s folder. Unchanged files are not
    /// rewritten, so the grader's incremental build recompiles only what differs between suites.
    func prepare(_ folder: URL, overlay: [URL], module: String) throws {
        let fm = FileManager.default
        let solutions = grader.course.paths.solutions
        var wanted: [String: Data] = [:]
        for relative in try FileTree.swiftFiles(under: solutions) {
            wanted[relative] = fm.contents(atPath: solutions.appendingPathComponent(relative).path)
        }
        for file in overlay { wanted["\(module)/\(relativePath(of: file))"] = fm.contents(atPath: file.path) }
        for (relative, data) in wanted {
            try FileTree.write(data, to: folder.appendingPathComponent(relative))
        }
        try FileTree.removeFiles(under: folder, except: Set(wanted.keys))
    }

    /// A fixture file's path below its suite's folder (`Tests/Fixtures/<id>/<suite>/`).
    func relativePath(of file: URL) -> String {
        let parts = file.standardizedFileURL.pathComponents
        guard let fixtures = parts.lastIndex(of: "Fixtures"), parts.count > fixtures + 3 else { return file.lastPathComponent }
        return parts[(fixtures + 3)...].joined(separator: "/")
    }

    func lines(_ text: [String]) { text.forEach { print($0) } }
}
