import Foundation
import KataTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the real grader for the cases of one `swift test` process, sharing its grades. A grade
/// builds a shadow copy of the course, and the grader's case modes grade many cases in a few shared
/// builds (`FixtureRounds`), so the cases asked for together become one grade: the first case opens
/// a window, every case asked for until two seconds pass without a new one joins it, and one
/// `KataGrader <root> --fixtures A/x B/y …` grades them all, handing each test its line as soon as
/// the grader prints it. A mode that prints several lines per case, in an order of its own
/// (`--attacks`: a round's `after` checks come after all its attacks' `expect`), asks for the whole
/// grade: each case gets all its lines when the grader has exited, and fails if the grade left
/// anything in the temporary folder it was given. Cases asked for while a grade runs make the next
/// one. Sharing only saves builds: the grader judges every case on its own, whichever others share
/// its grade.
///
/// Bounded: a grade that prints no line for `silence` is stopped (Ctrl-C, then killed), and the
/// cases it had not graded fail, saying so.
actor CaseGrader {
    static let shared = CaseGrader()
    /// How long a grade may go without printing a line. Measured here, cold, all cases, two busy
    /// cores: the first line after 40–50 s (the build of the shadow copy, then a round), the
    /// longest wait between two rounds' lines 62 s.
    static let silence: Duration = .seconds(600)
    /// Cases asked for within this of each other share a grade (Swift Testing starts them all at
    /// once; under load, a second was once too short for the last of them).
    static let window: Duration = .seconds(2)

    static let runsAsRoot = geteuid() == 0

    /// The grader binary beside this test's product.
    static let binary = BuiltGrader.url

    enum Outcome: Sendable {
        /// The grader's lines for the case, each split at its tabs: one, unless the grade was whole.
        case lines([[String]])
        /// Why there is none, in words that follow "but".
        case failed(String)
    }

    /// The cases waiting for a grade of one mode, by name.
    private struct Pending {
        var caseOfLine: @Sendable ([String]) -> String?
        var whole: Bool
        var waiting: [String: [CheckedContinuation<Outcome, Never>]] = [:]
    }
    private var pending: [String: Pending] = [:]
    private var lastAsked = ContinuousClock.now
    private var grading = false

    /// The grader's line for case `name` of `mode` (all its lines, once the grader has exited, when
    /// `whole`), from the grade it shares with the cases asked for with it.
    func grade(_ name: String, mode: String, whole: Bool = false, caseOfLine: @escaping @Sendable ([String]) -> String?) async -> Outcome {
        await withCheckedContinuation { continuation in
            pending[mode, default: Pending(caseOfLine: caseOfLine, whole: whole)].waiting[name, default: []].append(continuation)
            lastAsked = .now
            if !grading {
                grading = true
                Task { await gradePending() }
            }
        }
    }

    private func gradePending() async {
        while true {
            while ContinuousClock.now - lastAsked < Self.window { try? await Task.sleep(for: .milliseconds(100)) }
            guard let mode = pending.keys.sorted().first, let cases = pending.removeValue(forKey: mode) else {
                grading = false
                return
            }
            await grade(cases, mode: mode)
        }
    }

    /// One grade of every case in `cases`, each handed its line as it comes, or its lines at the end.
    private func grade(_ cases: Pending, mode: String) async {
        var waiting = cases.waiting
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kata-cases-\(UUID().uuidString.prefix(8))")
        func finish(_ name: String, _ outcome: Outcome) {
            // The grade's folder goes before the last case is handed its outcome: once every case
            // has one, the test process may end before this function returns (a folder was left so).
            if waiting.count == 1, waiting[name] != nil { try? FileManager.default.removeItem(at: folder) }
            waiting.removeValue(forKey: name)?.forEach { $0.resume(returning: outcome) }
        }
        defer { for name in waiting.keys { finish(name, .failed("the grade ended without a line for it")) } }
        guard let binary = Self.binary else {
            for name in waiting.keys { finish(name, .failed("there is no KataGrader beside the test product: build it with `swift build --build-tests`")) }
            return
        }
        let arguments = [Checkout.root.path, mode] + waiting.keys.sorted()
        // A grade takes minutes and prints nothing on the way: say that it started, and for how many.
        FileHandle.standardError.write(Data("KataCasesTests: one grade for \(waiting.count) case\(waiting.count == 1 ? "" : "s"): KataGrader \(mode) …\n".utf8))
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("grade.out"), err = folder.appendingPathComponent("grade.err")
        let temporary = folder.appendingPathComponent("tmp")
        let process = Process()
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            if cases.whole {
                var environment = ProcessInfo.processInfo.environment
                environment["TMPDIR"] = temporary.path
                process.environment = environment
            }
            _ = FileManager.default.createFile(atPath: out.path, contents: nil)
            _ = FileManager.default.createFile(atPath: err.path, contents: nil)
            process.executableURL = binary
            process.arguments = arguments
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            try process.run()
        } catch {
            for name in waiting.keys { finish(name, .failed("the grader did not start: \(error)")) }
            return
        }
        var consumed = 0
        var lines: [String: [[String]]] = [:]
        /// Hands out (or, for a whole grade, keeps) every whole line the grader has printed since the last call.
        func readLines() {
            guard let data = FileManager.default.contents(atPath: out.path), data.count > consumed,
                  let end = data[consumed...].lastIndex(of: UInt8(ascii: "\n")) else { return }
            let text = String(decoding: data[consumed..<end], as: UTF8.self)
            consumed = end + 1
            for line in text.split(separator: "\n") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard let name = cases.caseOfLine(fields), waiting[name] != nil else { continue }
                if cases.whole { lines[name, default: []].append(fields) } else { finish(name, .lines([fields])) }
            }
        }
        var lastLine = ContinuousClock.now, silent = false
        while process.isRunning {
            let before = consumed
            readLines()
            if consumed != before { lastLine = .now }
            if ContinuousClock.now - lastLine > Self.silence {
                silent = true
                await stop(process)
                break
            }
            try? await Task.sleep(for: .milliseconds(250))
        }
        readLines()
        let command = "KataGrader " + arguments.dropFirst().joined(separator: " ")
        let errors = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        let tail = errors.split(separator: "\n").suffix(5).joined(separator: "\n")
        let why = silent
            ? "the grade (\(command)) printed no line for \(Self.silence) and was stopped before it graded this case"
            : "the grade (\(command)) exited \(process.terminationStatus) without a line for this case\(tail.isEmpty ? "" : ":\n\(tail)")"
        if cases.whole, !silent {
            // Its exit status says whether it finished: 0 or 1 (a check failed); 2 or 3 it did not.
            let left = ((try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []).sorted()
            for (name, got) in lines {
                if process.terminationStatus > 1 {
                    finish(name, .failed("the grade (\(command)) exited \(process.terminationStatus) before it finished\(tail.isEmpty ? "" : ":\n\(tail)")"))
                } else if !left.isEmpty {
                    finish(name, .failed("the grade left \(left.joined(separator: ", ")) in the temporary folder it was given (TMPDIR)"))
                } else {
                    finish(name, .lines(got))
                }
            }
        }
        for name in waiting.keys { finish(name, .failed(why)) }
    }

    /// Ctrl-C, which the grader answers by ending what it started; killed if it has not ended 10 s later.
    private func stop(_ process: Process) async {
        process.interrupt()
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
