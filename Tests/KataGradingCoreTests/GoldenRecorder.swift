import Foundation
import XCTest
@testable import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Records every file in `Golden/` again, from the probe package `Golden/Probe`, with the toolchain
/// that runs it, as snapshot testing's record mode does (Golden/README.md):
///
///     KATA_RECORD_GOLDEN=1 swift test --filter GoldenRecorder
///
/// Off otherwise (skipped). It writes only inside `Golden/` (the probe's build folder and its
/// generated `Hook/` are ignored by git), every step under a time limit, and names each file after
/// the toolchain's Swift version, so that other toolchains' recordings stay beside it.
final class GoldenRecorder: XCTestCase {
    static let switchName = "KATA_RECORD_GOLDEN"
    let probe = Golden.folder.appendingPathComponent("Probe").resolvingSymlinksInPath()
    var scratch: URL { probe.appendingPathComponent(".build/golden") }
    var binary: URL { probe.appendingPathComponent(".build/debug/ProbePackageTests.xctest") }

    func test_recordEveryGoldenFile() throws {
        guard ProcessInfo.processInfo.environment[Self.switchName] == "1" else {
            throw XCTSkip("records only with \(Self.switchName)=1 (Golden/README.md)")
        }
        #if !os(Linux)
        throw XCTSkip("the golden files are swift-corelibs-xctest's and Linux's SwiftPM's: record them on Linux")
        #else
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        let version = try swiftVersion()
        try writeHook()
        let built = try run(swift + ["build"] + buildOptions, log: "build", timeout: 1200)
        XCTAssertEqual(built.status, 0, "the probe does not build:\n\(built.output.suffix(3000))")
        guard built.status == 0 else { return }

        // Twice: SwiftPM counts its steps differently in the builds right after a fresh build folder
        // ([3/5] where later builds say [3/4]), so the first pass only brings the folder to the
        // state every later recording starts from, and the second pass is the one kept.
        try recordBuildLogs(version)
        try recordBuildLogs(version)
        try recordXCTestRecords(version)
        try recordSwiftTestingStream(version)
        let listing = try run([binary.path, "--dump-tests-json"], log: "listing", timeout: 60)
        try save(listing.output, as: "xctest-listing-\(version).json")
        try recordSwiftTestOutput(version)
        #endif
    }

    // MARK: - What is recorded

    /// The build faults, each planted at its file's marker line, built, and put back. Where the
    /// track still compiles and the failure comes later, SwiftPM's own steps (the test discovery
    /// sources, run on threads of their own whatever `-j` says) would interleave with the track's
    /// differently from one build to the next; so the build is made of what follows them: for the
    /// discovery fault, the track's target is built first; for the link fault, the log is the
    /// second build of the same files, where only the link is left (as a grade's next build sees it).
    enum Before { case nothing, target(String), sameBuild }
    static let faults: [(name: String, file: String, code: String, before: Before)] = [
        ("compile-error", "Grade/Grade_mocking_success__swift_testing/SwiftTesting/SearchSuccessResponseSuite.swift",
         #"private let goldenBroken: Int = "not a number""#, .nothing),
        ("macro-expansion", "Grade/Grade_swift_concurrency_confirmation/ChatFeedTests.swift",
         "@Suite struct GoldenNeedsAnArgument { let x: Int; init(x: Int) { self.x = x }; @Test func t() {} }", .nothing),
        ("link-error", "Grade/Grade_mocking_failure__swift_testing/SearchFailureResponseSuite.swift",
         #"@_silgen_name("kata_golden_missing_symbol") func goldenMissing() -> Bool; func goldenCallsAMissingSymbol() { #expect(goldenMissing()) }"#,
         .sameBuild),
        ("nested-test-class", "Grade/Grade_expectations_count/ImportProgressCountTests.swift",
         "enum Nested { final class NestedTests: XCTestCase { func test_nested() {} } }", .target("Grade_expectations_count")),
    ]
    static let marker = "// golden fault: replaced by the recorder, then put back"

    /// `swiftpm-build-<fault>-<version>.log`: an incremental `swift build --build-tests` of the probe
    /// with one fault planted, after a build of the probe as it is; and `swiftpm-build-ok-…`, the
    /// build that puts the first fault's file back.
    func recordBuildLogs(_ version: String) throws {
        for (index, fault) in Self.faults.enumerated() {
            let file = probe.appendingPathComponent(fault.file)
            let original = try String(contentsOf: file, encoding: .utf8)
            XCTAssertTrue(original.contains(Self.marker + "\n"), "\(fault.file) has lost its marker line")
            try original.replacingOccurrences(of: Self.marker + "\n", with: fault.code + "\n").write(to: file, atomically: true, encoding: .utf8)
            switch fault.before {
            case .nothing:
                break
            case .target(let target):
                let first = try run(swift + ["build"] + packageOptions + ["-j", "1", "--target", target], log: "build-\(fault.name)-first", timeout: 600)
                XCTAssertEqual(first.status, 0, "\(fault.name): its track's target alone does not build:\n\(first.output.suffix(3000))")
            case .sameBuild:
                let first = try run(swift + ["build"] + buildOptions, log: "build-\(fault.name)-first", timeout: 600)
                XCTAssertNotEqual(first.status, 0, "the probe built with the \(fault.name) planted")
            }
            let failed = try run(swift + ["build"] + buildOptions, log: "build-\(fault.name)", timeout: 600)
            try original.write(to: file, atomically: true, encoding: .utf8)
            XCTAssertNotEqual(failed.status, 0, "the probe built with the \(fault.name) planted")
            try save(failed.output, as: "swiftpm-build-\(fault.name)-\(version).log")
            // A file rewritten within the same second can keep its stale object (LINUX-NOTES).
            Thread.sleep(forTimeInterval: 1.1)
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
            let restored = try run(swift + ["build"] + buildOptions, log: "build-restored", timeout: 600)
            XCTAssertEqual(restored.status, 0, "the probe does not build again once \(fault.name) is put back")
            if index == 0 { try save(restored.output, as: "swiftpm-build-ok-\(version).log") }
        }
    }

    /// `xctest-<case>-<version>.records`: what the run hook and the observer sent on the run's
    /// channel, each record checked against the hook's MAC and kept without it, as the supervisor
    /// reads it (`XCTestRecords` with a key).
    func recordXCTestRecords(_ version: String) throws {
        for (name, testClass, variant) in [("pass", "XTests", 0), ("fail", "XTests", 1), ("skip", "SkipTests", 0),
                                           ("forged-exit", "ForgeTests", 0), ("deadlock", "DeadlockTests", 0)] {
            let key = ChannelKey(k0: 0x6b617461, k1: 0x676f6c64)
            let channel = try GoldenChannel(path: scratch.appendingPathComponent("channel").path)
            let received = channel.serve(greeting: key.greeting(variant: Int32(variant)), timeout: 120)
            let result = try run([binary.path, "XTests.\(testClass)"], log: "xctest-\(name)", timeout: 60,
                                 environment: [RunHookSource.environmentKey: channel.path])
            XCTAssertFalse(result.timedOut, name)
            let connections = received()
            XCTAssertEqual(connections.count, 1, "\(name): one process, one connection")
            var records = ""
            for (sequence, line) in (connections.first ?? []).split(separator: UInt8(ascii: "\n")).enumerated() {
                let payload = try XCTUnwrap(key.verify(Array(line), sequence: UInt64(sequence)), "\(name): a record without the hook's MAC")
                records += String(decoding: payload, as: UTF8.self) + "\n"
            }
            XCTAssertTrue(records.hasPrefix("B\n"), "\(name): \(records)")
            try save(records, as: "xctest-\(name)-\(version).records")
        }
    }

    /// `swift-testing-<version>.jsonl`: Swift Testing's event stream, version 0, of a serial run of
    /// STests (serial, so that the events come in the same order every time).
    func recordSwiftTestingStream(_ version: String) throws {
        let stream = scratch.appendingPathComponent("events.jsonl")
        try? FileManager.default.removeItem(at: stream)
        let result = try run([binary.path, "--testing-library", "swift-testing", "--filter", "^STests\\.", "--no-parallel",
                              "--event-stream-output-path", stream.path, "--event-stream-version", "0"],
                             log: "swift-testing", timeout: 120)
        XCTAssertFalse(result.timedOut)
        try save(String(contentsOf: stream, encoding: .utf8), as: "swift-testing-\(version).jsonl")
    }

    /// `swift-test-<framework>-<version>.txt`: what `swift test` prints for a track, run as the
    /// grader's SwiftPM route runs it (`SwiftPMRoute.arguments`), the XCTest one with the planted bug on.
    func recordSwiftTestOutput(_ version: String) throws {
        let key = ChannelKey(k0: 1, k1: 2)
        let channel = try GoldenChannel(path: scratch.appendingPathComponent("channel").path)
        let received = channel.serve(greeting: key.greeting(variant: 1), timeout: 300)
        let xctest = try run(swift + ["test", "--skip-build"] + packageOptions + ["--filter", "^XTests\\.XTests", "--disable-swift-testing", "--no-parallel"],
                             log: "swift-test-xctest", timeout: 300, environment: [RunHookSource.environmentKey: channel.path])
        _ = received()
        XCTAssertEqual(xctest.status, 1, xctest.output)
        try save(xctest.output, as: "swift-test-xctest-\(version).txt")
        let swiftTesting = try run(swift + ["test", "--skip-build"] + packageOptions + ["--filter", "^STests\\.", "--disable-xctest", "--no-parallel"],
                                   log: "swift-test-swift-testing", timeout: 300)
        XCTAssertEqual(swiftTesting.status, 1, swiftTesting.output)
        try save(swiftTesting.output, as: "swift-test-swift-testing-\(version).txt")
    }

    // MARK: - The probe, the toolchain and their processes

    let swift = ["/usr/bin/env", "swift"]
    /// The probe, as the grader names its shadow copy (`ShadowBuild`), with SwiftPM's own caches,
    /// configuration and security folders in the scratch folder rather than the user's.
    var packageOptions: [String] {
        ["--build-system", "native", "--package-path", probe.path] + ["cache", "config", "security"].flatMap {
            ["--\($0)-path", scratch.appendingPathComponent("swiftpm-\($0)").path]
        }
    }
    /// One job at a time, so that the log's lines come in the same order every time.
    var buildOptions: [String] { packageOptions + ["--build-tests", "-j", "1"] }

    func swiftVersion() throws -> String {
        let answer = try run(swift + ["--version"], log: "version", timeout: 60)
        let words = answer.output.split(whereSeparator: \.isWhitespace)
        guard let index = words.firstIndex(of: "version"), index + 1 < words.count else {
            throw RecorderError("no version in `swift --version`: \(answer.output)")
        }
        return String(words[index + 1].prefix { $0.isNumber || $0 == "." })
    }

    /// The probe's `Hook/`, from the grader's own sources, as `ShadowPackage.writeHook` writes it.
    func writeHook() throws {
        let hook = probe.appendingPathComponent("Hook/\(GraderOnlyNames.hookModule)")
        let observer = probe.appendingPathComponent("Hook/\(GraderOnlyNames.observerModule)")
        try FileManager.default.createDirectory(at: hook.appendingPathComponent("include"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: observer, withIntermediateDirectories: true)
        try write(RunHookSource.source, to: hook.appendingPathComponent("hook.c"))
        try write(RunHookSource.header, to: hook.appendingPathComponent("include/\(RunHookSource.headerName)"))
        try write(XCTestObserverSource.source, to: observer.appendingPathComponent(XCTestObserverSource.fileName))
    }

    /// Writes only what changed, so that a second recording rebuilds nothing.
    func write(_ text: String, to file: URL) throws {
        if (try? String(contentsOf: file, encoding: .utf8)) != text { try text.write(to: file, atomically: true, encoding: .utf8) }
    }

    func save(_ text: String, as name: String) throws {
        try Golden.normalised(text, probe: probe.path, name: name).write(to: Golden.folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    struct RecorderError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    struct Result {
        var status: Int32
        var timedOut: Bool
        var output: String
    }

    /// Runs `arguments` in the probe's folder, standard output and error into one log in the scratch
    /// folder; its whole process group is killed after `timeout` seconds.
    func run(_ arguments: [String], log: String, timeout: Double, environment extra: [String: String] = [:]) throws -> Result {
        let logFile = scratch.appendingPathComponent(log + ".log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let handle = try FileHandle(forWritingTo: logFile)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.currentDirectoryURL = probe
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SWIFTPM_") && !$0.key.hasPrefix("XCTest") }
        environment[Self.switchName] = nil
        // SwiftPM writes macro expansions under TMPDIR, and the link error names them: kept in here.
        environment["TMPDIR"] = scratch.appendingPathComponent("tmp").path
        environment.merge(TestInvocation.baseEnvironment(inherited: environment)) { _, new in new }
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        let expired = DispatchSemaphore(value: 0)
        // SIGINT first: `swift test` then stops the test process it started in a group of its own
        // (LINUX-NOTES); then the whole group.
        let timer = DispatchWorkItem {
            expired.signal()
            kill(pid, SIGINT)
            Thread.sleep(forTimeInterval: 5)
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        process.waitUntilExit()
        timer.cancel()
        let timedOut = expired.wait(timeout: .now()) == .success
        return Result(status: process.terminationStatus, timedOut: timedOut,
                      output: String(decoding: (try? Data(contentsOf: logFile)) ?? Data(), as: UTF8.self))
    }
}

/// The run's channel, as the supervisor offers it: a Unix socket that answers the hook's connection
/// with `greeting`, then keeps every byte the process sends until it closes its end.
final class GoldenChannel: @unchecked Sendable {  // immutable; its descriptor is read by `serve`'s one thread
    let path: String
    let descriptor: Int32

    init(path: String) throws {
        self.path = path
        unlink(path)
        #if os(Linux)
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard descriptor >= 0, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw GoldenRecorder.RecorderError("no socket at \(path) (a path shorter than \(MemoryLayout.size(ofValue: address.sun_path)) bytes is needed)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else { throw GoldenRecorder.RecorderError("cannot listen at \(path)") }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// Serves connections one after the other in the background (a `swift test` lists the tests
    /// before it runs them, each process connecting), answering each with `greeting`, until the
    /// function returned is called, or `timeout` seconds have passed; that function returns what
    /// each connection sent.
    func serve(greeting: String, timeout: Double) -> () -> [[UInt8]] {
        let done = DispatchSemaphore(value: 0)
        let received = Received()
        let deadline = Date().addingTimeInterval(timeout)
        DispatchQueue.global().async { [self] in
            defer { done.signal() }
            while !received.stopped, Date() < deadline {
                guard wait(for: descriptor, until: min(deadline, Date().addingTimeInterval(0.1))) else { continue }
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { continue }
                defer { close(connection) }
                _ = Array(greeting.utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65536)
                while wait(for: connection, until: deadline) {
                    let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
                    if count <= 0 { break }
                    bytes += buffer[0..<count]
                }
                received.append(bytes)
            }
        }
        return {
            received.stop()
            _ = done.wait(timeout: .now() + timeout + 5)
            return received.connections
        }
    }

    /// What each connection sent, and whether to stop serving.
    private final class Received: @unchecked Sendable {  // every access holds the lock
        private let lock = NSLock()
        private var kept: [[UInt8]] = []
        private var stopping = false
        var connections: [[UInt8]] { lock.withLock { kept } }
        var stopped: Bool { lock.withLock { stopping } }
        func append(_ bytes: [UInt8]) { lock.withLock { kept.append(bytes) } }
        func stop() { lock.withLock { stopping = true } }
    }

    private func wait(for descriptor: Int32, until deadline: Date) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
        return poll(&poller, 1, milliseconds) > 0
    }
}
