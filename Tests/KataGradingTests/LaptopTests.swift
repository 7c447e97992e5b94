import XCTest
@testable import KataGrading
@testable import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kata as it lives on attendees' laptops: where their state is kept, the temporary folder
/// the toolchain gets, what a reset does to the kind of file they had, and the last grade of two
/// tracks.
final class LaptopTests: XCTestCase {
    var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("laptop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    // MARK: - Where the attendee's state lives

    func test_stateLivesInTheGitFolder_orInDotKataWithoutGit_neverUnderBuild() throws {
        let fm = FileManager.default
        let zip = scratch.appendingPathComponent("zip")
        try fm.createDirectory(at: zip, withIntermediateDirectories: true)
        XCTAssertEqual(KataPaths(root: zip).attendeeState.lastPathComponent, ".kata")

        let clone = scratch.appendingPathComponent("clone")
        try fm.createDirectory(at: clone.appendingPathComponent(".git"), withIntermediateDirectories: true)
        XCTAssertEqual(KataPaths(root: clone).attendeeState.path, clone.appendingPathComponent(".git/kata").path)

        // A worktree's .git is a file that names its git folder.
        let worktree = scratch.appendingPathComponent("worktree")
        let gitFolder = scratch.appendingPathComponent("main.git/worktrees/wt")
        try fm.createDirectory(at: gitFolder, withIntermediateDirectories: true)
        try fm.createDirectory(at: worktree, withIntermediateDirectories: true)
        try Data("gitdir: \(gitFolder.path)\n".utf8).write(to: worktree.appendingPathComponent(".git"))
        XCTAssertEqual(KataPaths(root: worktree).attendeeState.path, gitFolder.appendingPathComponent("kata").path)

        // A ZIP download that later became a git checkout keeps its .kata/.
        try fm.createDirectory(at: clone.appendingPathComponent(".kata"), withIntermediateDirectories: true)
        XCTAssertEqual(KataPaths(root: clone).attendeeState.lastPathComponent, ".kata")
    }

    func test_prepareBringsOverWhatAnOlderGraderKeptUnderBuild() throws {
        let paths = KataPaths(root: scratch)
        try FileManager.default.createDirectory(at: paths.state, withIntermediateDirectories: true)
        try Data("Ana\n".utf8).write(to: paths.state.appendingPathComponent("attendee-name"))
        try Data("swift-testing\n".utf8).write(to: paths.state.appendingPathComponent("framework"))
        AttendeeState.prepare(paths)
        XCTAssertEqual(Attendee.load(paths).name, "Ana")
        XCTAssertEqual(FrameworkChoice.load(paths), .swiftTesting)
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths.state.appendingPathComponent("attendee-name").path))
        // rm -rf .build
        try FileManager.default.removeItem(at: paths.root.appendingPathComponent(".build"))
        XCTAssertEqual(Attendee.load(paths).name, "Ana")
    }

    // MARK: - The toolchain's temporary folder

    func test_theTemporaryRootIsPlainASCII_outsideTheCheckout_andTheSameEveryTime() throws {
        let cafe = scratch.appendingPathComponent("Café Kata")
        let paths = KataPaths(root: cafe)
        let first = TemporaryRoot.folder(for: paths, environment: ["TMPDIR": scratch.path])
        defer { TemporaryRoot.removeIfEmpty(first) }
        XCTAssertTrue(TemporaryRoot.isPlainASCII(first.path), first.path)
        XCTAssertFalse(first.path.hasPrefix(cafe.path))
        XCTAssertEqual(TemporaryRoot.folder(for: paths, environment: ["TMPDIR": scratch.path]).path, first.path, "stable: SwiftPM's manifest cache depends on it")
        var info = stat()
        XCTAssertEqual(lstat(first.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        // A TMPDIR with an accent is not used.
        let accented = scratch.appendingPathComponent("Übungen")
        try FileManager.default.createDirectory(at: accented, withIntermediateDirectories: true)
        XCTAssertEqual(TemporaryRoot.systemTemporary(["TMPDIR": accented.path]), "/tmp")
        // A trailing slash is dropped: in a folder of its own right under /tmp, so that it is short
        // enough whatever TMPDIR the kata's own tests run with (one of 65 bytes or more is not used).
        var template = Array("/tmp/kata-laptop-XXXXXX".utf8CString)
        let short = try XCTUnwrap(mkdtemp(&template).map { String(cString: $0) })
        defer { rmdir(short) }
        XCTAssertEqual(TemporaryRoot.systemTemporary(["TMPDIR": short + "/"]), short)
    }

    /// A run's folder is named after its checkout with the grader's one hash, and its socket fits
    /// macOS's 104 bytes (with the end's NUL) under the longest temporary root the grader accepts
    /// (64 bytes, `TemporaryRoot.systemTemporary`).
    func test_aRunsFolderNamesItsCheckout_andItsSocketFitsUnderTheLongestRoot() throws {
        let one = URL(fileURLWithPath: "/Users/ana/Café Kata"), other = URL(fileURLWithPath: "/Users/ana/kata")
        XCTAssertEqual(RunFolder.prefix(for: one), RunFolder.prefix(for: one))
        XCTAssertNotEqual(RunFolder.prefix(for: one), RunFolder.prefix(for: other))
        XCTAssertTrue(RunFolder.prefix(for: one).hasSuffix(Fingerprint.hex(Data(one.path.utf8)).prefix(12) + "-"))
        let longestRoot = "/" + String(repeating: "t", count: 63)
        let socket = RunFolder.socket(in: longestRoot + "/" + RunFolder.prefix(for: one) + "XXXXXX")
        XCTAssertLessThan(socket.utf8.count, 104, socket)
    }

    func test_aTemporaryRootSomeoneElseCouldEnterIsNotUsed() throws {
        let paths = KataPaths(root: scratch.appendingPathComponent("kata"))
        let stable = TemporaryRoot.folder(for: paths, environment: ["TMPDIR": scratch.path])
        TemporaryRoot.removeIfEmpty(stable)
        // Planted as a link, or open to others: another private folder instead.
        try FileManager.default.createSymbolicLink(at: stable, withDestinationURL: scratch)
        let instead = TemporaryRoot.folder(for: paths, environment: ["TMPDIR": scratch.path])
        XCTAssertNotEqual(instead.path, stable.path)
        XCTAssertTrue(TemporaryRoot.isOurs(instead.path, creating: false))
    }

    // MARK: - Reset and undo

    func store(_ files: [String: String]) throws -> (StarterStore, Catalog) {
        let catalogURL = scratch.appendingPathComponent("catalog.json")
        try Data("""
            {"version": 1, "patterns": [{"id": "p", "title": "P", "module": "M", "summary": "s"}],
             "exercises": [{"id": "p-one", "pattern": "p", "title": "One", "files": ["One.swift"], "hint": "h"}]}
            """.utf8).write(to: catalogURL)
        let catalog = try Catalog.load(from: catalogURL)
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let paths = KataPaths(root: scratch)
        for (path, text) in files {
            let url = paths.exercises.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return (StarterStore(paths: paths, catalog: catalog, starters: ShippedStarters(texts: ["M/One.swift": "starter\n"])), catalog)
    }

    func test_resetWritesThroughALinkAndKeepsAReadOnlyMode_andUndoPutsTheWorkBack() throws {
        let (store, catalog) = try store([:])
        let fm = FileManager.default
        let elsewhere = scratch.appendingPathComponent("mine/One.swift")
        try fm.createDirectory(at: elsewhere.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("my work\n".utf8).write(to: elsewhere)
        try fm.setAttributes([.posixPermissions: 0o444], ofItemAtPath: elsewhere.path)
        let file = store.exerciseFile(catalog.exercises[0], "One.swift")
        try fm.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: file, withDestinationURL: elsewhere)

        _ = try ResetCommand.run(catalog.exercises[0], catalog: catalog, store: store, confirm: { _ in true })
        XCTAssertEqual(try fm.destinationOfSymbolicLink(atPath: file.path), elsewhere.path, "still a link")
        XCTAssertEqual(try String(contentsOf: elsewhere, encoding: .utf8), "starter\n")
        XCTAssertEqual((try fm.attributesOfItem(atPath: elsewhere.path)[.posixPermissions] as? NSNumber)?.intValue, 0o444)

        _ = try ResetCommand.undo(store: store, confirm: { _ in true })
        XCTAssertEqual(try String(contentsOf: elsewhere, encoding: .utf8), "my work\n")
        XCTAssertEqual(try fm.destinationOfSymbolicLink(atPath: file.path), elsewhere.path)
    }

    func test_twoResetsThenUndo_listsTheOlderBackupAndPutsItBackByNumber() throws {
        let (store, catalog) = try store(["M/One.swift": "version one\n"])
        let file = store.exerciseFile(catalog.exercises[0], "One.swift")
        _ = try ResetCommand.run(catalog.exercises[0], catalog: catalog, store: store, confirm: { _ in true })
        try Data("version two\n".utf8).write(to: file)
        _ = try ResetCommand.run(catalog.exercises[0], catalog: catalog, store: store, confirm: { _ in true })
        let undone = try ResetCommand.undo(store: store, confirm: { _ in true })
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "version two\n")
        XCTAssertTrue(undone.contains { $0.contains("  2. ") }, "\(undone)")
        let listed = try ResetCommand.undo(store: store, confirm: { _ in false })
        XCTAssertTrue(listed.first?.contains("undone already") ?? false, "\(listed)")
        _ = try ResetCommand.undo(store: store, choice: "2", confirm: { _ in true })
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "version one\n")
        // What "version two" was is kept too: the undo itself lost nothing.
        XCTAssertTrue(ResetCommand.allBackups(store.paths).contains { $0.name.hasSuffix("before-undo") })
    }

    func test_aBackupsFolderThatIsAFileIsNamedWithTheFix() throws {
        let (store, catalog) = try store(["M/One.swift": "mine\n"])
        let backups = ResetCommand.backups(store.paths)
        try FileManager.default.createDirectory(at: backups.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("oops".utf8).write(to: backups)
        XCTAssertThrowsError(try ResetCommand.run(catalog.exercises[0], catalog: catalog, store: store, confirm: { _ in true })) {
            XCTAssertTrue("\($0)".contains("is a file, not a folder"), "\($0)")
            XCTAssertTrue("\($0)".contains("mv .git/kata/backups .git/kata/backups.old"), "\($0)")
        }
        XCTAssertEqual(try String(contentsOf: store.exerciseFile(catalog.exercises[0], "One.swift"), encoding: .utf8), "mine\n")
    }

    // MARK: - The last grade of two tracks

    func test_gradingOneTrackKeepsTheOthersVerdict_andDoneInEitherIsDone() throws {
        let paths = KataPaths(root: scratch)
        let exercise = try JSONDecoder().decode(Catalog.Exercise.self, from: Data("""
            {"id": "e", "pattern": "p", "title": "t", "files": ["A.swift"], "hint": "h",
             "alternate": {"framework": "swift-testing", "files": ["SwiftTesting/A.swift"]}}
            """.utf8))
        let pattern = Catalog.Pattern(id: "p", title: "P", module: "M", summary: "")
        func result(_ track: Catalog.Exercise, _ kind: Verdict.Kind) -> ExerciseResult {
            ExerciseResult(exercise: track, pattern: pattern, verdict: Verdict(kind: kind, reason: ""), seconds: 0)
        }
        LastGrade.record([result(exercise.tracks[0], .done)], paths)
        LastGrade.record([result(exercise.tracks[1], .notStarted)], paths)
        XCTAssertEqual(LastGrade.load(paths).verdicts["e"], .done)
        // A track not started reads the same whether it was graded or not (--list): not said.
        XCTAssertEqual(LastGrade.load(paths).summary(of: exercise), "done")
        LastGrade.record([result(exercise.tracks[1], .failing)], paths)
        XCTAssertEqual(LastGrade.load(paths).summary(of: exercise), "done · Swift Testing: failing")
        LastGrade.forget(exercise, paths)
        XCTAssertNil(LastGrade.load(paths).verdicts["e"])
        // An older grader's file: one verdict per exercise.
        try Data(#"{"verdicts": {"e": "failing"}}"#.utf8).write(to: LastGrade.url(paths))
        XCTAssertEqual(LastGrade.load(paths).verdicts["e"], .failing)
        // A track whose verdict this grader does not know (a newer grader's) costs that track only.
        try Data(#"{"tracks": {"e@xctest": {"verdict": "won", "seq": 1}, "e@swift-testing": {"verdict": "flaky", "seq": 2}}}"#.utf8)
            .write(to: LastGrade.url(paths))
        XCTAssertEqual(LastGrade.load(paths).tracks.mapValues(\.verdict), ["e@swift-testing": .flaky])
    }
}
