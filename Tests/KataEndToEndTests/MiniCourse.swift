import Foundation
import KataTestSupport
import XCTest

/// A copy of `MiniCourse/` in a folder of its own, graded by the real grader binary: the one
/// `swift build` put beside this test's product, run as `grade.sh` runs it (`KataGrader ROOT …`).
final class MiniCourse {
    /// What one grade printed and how it ended. Grades here use `--porcelain`: a line per track,
    /// `key<TAB>verdict<TAB>reason`.
    struct Grade: CustomStringConvertible {
        var code: Int32
        var output: String
        var errors: String

        var lines: [[String]] {
            output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
                .filter { $0.count >= 3 }
        }
        func verdict(_ key: String) -> String? { lines.first { $0[0] == key }?[1] }
        func reason(_ key: String) -> String { lines.first { $0[0] == key }?[2] ?? "" }
        /// The keys graded from kept runs rather than anew.
        var unchanged: [String] { lines.filter { $0[2].contains("(unchanged since ") }.map { $0[0] } }
        var description: String { "exit \(code)\n\(output)\(errors)" }
    }

    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("MiniCourse")

    /// The grader binary beside this test's product (`.build/<configuration>/KataGrader`).
    static let grader = BuiltGrader.url

    /// Where it all happens: `root` is the checkout, its siblings the folders graded `--from`.
    let folder: URL
    let root: URL
    /// Where the checkout really is: `root` is a link to it, as `/tmp` is on macOS, and its path
    /// holds a space (as on many laptops) and a colon.
    var realRoot: URL

    /// A copy of `course` (the mini course, else the `entries` named of another, such as the
    /// kata itself).
    init(of course: URL = source, entries: [String]? = nil) throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("kata-e2e-\(UUID().uuidString.prefix(8))")
        root = folder.appendingPathComponent("mini kata")
        realRoot = folder.appendingPathComponent("with space:and colon/mini kata")
        try FileManager.default.createDirectory(at: realRoot.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let entries {
            try FileManager.default.createDirectory(at: realRoot, withIntermediateDirectories: true)
            for entry in entries { try FileManager.default.copyItem(at: course.appendingPathComponent(entry), to: realRoot.appendingPathComponent(entry)) }
        } else {
            try FileManager.default.copyItem(at: course, to: realRoot)
        }
        try FileManager.default.createSymbolicLink(at: root, withDestinationURL: realRoot)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// A copy of the checkout's `name` folder (`Solutions`, `Exercises`), to grade with `--from`.
    func copy(_ name: String, as copyName: String) throws -> URL {
        let copy = folder.appendingPathComponent(copyName)
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: root.appendingPathComponent(name), to: copy)
        return copy
    }

    /// Runs the grader on the checkout with `arguments`, bounded in time; `environment` is added
    /// to this process's, without the grader's own switches unless given.
    func grade(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 900, at checkout: URL? = nil) throws -> Grade {
        let process = try start(arguments, environment: environment, at: checkout)
        return try finish(process, timeout: timeout)
    }

    /// Starts the grader (on `checkout`, else `root`), its input not a terminal; `finish` waits for it.
    func start(_ arguments: [String], environment: [String: String] = [:], at checkout: URL? = nil) throws -> (Process, URL, URL) {
        guard let grader = Self.grader else {
            throw XCTSkip("no KataGrader beside the test product: build it with `swift build --build-tests` first")
        }
        let id = UUID().uuidString.prefix(8)
        let out = folder.appendingPathComponent("grade-\(id).out"), err = folder.appendingPathComponent("grade-\(id).err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = grader
        process.arguments = [(checkout ?? root).path] + arguments
        var inherited = ProcessInfo.processInfo.environment
        // Not a terminal, so the width is COLUMNS's, else 80: the screens here are read at 80.
        for name in ["KATA_TRACE", "KATA_BUILD_REPLAY", "KATA_PLATFORM", "KATA_PLATFORM_MACOS_VERSION", "KATA_PLATFORM_XCODE",
                     "KATA_PLATFORM_SWIFT_VERSION", "KATA_RUN_WIDTH", "COLUMNS", "LINES"] { inherited[name] = nil }
        process.environment = inherited.merging(environment) { _, new in new }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    func finish(_ started: (Process, URL, URL), timeout: Double = 900) throws -> Grade {
        let (process, out, err) = started
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            process.interrupt()
            process.waitUntilExit()
            XCTFail("the grader ran longer than \(Int(timeout)) s")
        }
        return Grade(code: process.terminationStatus, output: try String(contentsOf: out, encoding: .utf8),
                     errors: try String(contentsOf: err, encoding: .utf8))
    }

    /// Appends `text` to the file at `path` under `folder`.
    func append(_ text: String, to path: String, in folder: URL) throws {
        let file = folder.appendingPathComponent(path)
        let handle = try FileHandle(forWritingTo: file)
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        handle.closeFile()
    }

    /// Replaces `old` with `new` in the file at `path` under `folder`.
    func replace(_ old: String, with new: String, in path: String, of folder: URL) throws {
        let file = folder.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains(old), "\(path) holds \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    /// The build replay's log of the shadow copy that grades `--from` folders.
    var replayLog: String {
        (try? String(contentsOf: root.appendingPathComponent(".build/kata/planted/build-replay.log"), encoding: .utf8)) ?? ""
    }
}
