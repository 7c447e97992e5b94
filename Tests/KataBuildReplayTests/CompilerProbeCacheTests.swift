import Foundation
import XCTest
@testable import KataBuildReplay

/// The script that answers SwiftPM's toolchain questions, run against a fake toolchain whose
/// `swiftc` counts how often it is started.
final class CompilerProbeCacheTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("ProbeCache-\(UUID().uuidString)")
        let bin = root.appendingPathComponent("toolchain/usr/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("toolchain/usr/lib/swift"), withIntermediateDirectories: true)
        // Fails `-h` when told to, so that a failed question can be seen not to be cached.
        try write("""
            #!/bin/sh
            echo "$*" >> '\(root.path)/calls'
            [ "$1" = -h ] && [ -f '\(root.path)/fail' ] && { echo broken >&2; exit 3; }
            echo "answer to $*"
            """, to: bin.appendingPathComponent("swiftc"))
        try write("#!/bin/sh\nexit 0\n", to: bin.appendingPathComponent("swift"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    func test_probesAreAnsweredOnce_everythingElseReachesTheCompiler() throws {
        let swift = root.appendingPathComponent("toolchain/usr/bin/swift").path
        let state = root.appendingPathComponent("state")
        let script = try XCTUnwrap(CompilerProbeCache.environment(swift: swift, state: state)["SWIFT_EXEC"])
        XCTAssertEqual(CompilerProbeCache.environment(swift: swift, state: state)["SWIFT_EXEC"], script, "the path must not change between builds")

        XCTAssertEqual(try run(script, ["-version"]), Result(status: 0, output: "answer to -version\n"))
        XCTAssertEqual(try run(script, ["-version"]), Result(status: 0, output: "answer to -version\n"))
        XCTAssertEqual(try run(script, ["-c", "a b.swift"]), Result(status: 0, output: "answer to -c a b.swift\n"))
        XCTAssertEqual(try run(script, ["-c", "a b.swift"]), Result(status: 0, output: "answer to -c a b.swift\n"))
        try write("", to: root.appendingPathComponent("fail"))
        XCTAssertEqual(try run(script, ["-h"]).status, 3, "a failed question fails as the compiler did")
        try FileManager.default.removeItem(at: root.appendingPathComponent("fail"))
        XCTAssertEqual(try run(script, ["-h"]), Result(status: 0, output: "answer to -h\n"))
        XCTAssertEqual(try run(script, ["-h"]), Result(status: 0, output: "answer to -h\n"))

        let calls = try String(contentsOf: root.appendingPathComponent("calls"), encoding: .utf8)
        XCTAssertEqual(calls, "-version\n-c a b.swift\n-c a b.swift\n-h\n-h\n")
        // The rest of the toolchain is reachable beside the script, as SwiftPM expects.
        let view = URL(fileURLWithPath: script).deletingLastPathComponent().deletingLastPathComponent()
        XCTAssertTrue(FileManager.default.fileExists(atPath: view.appendingPathComponent("lib/swift").path))
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: view.appendingPathComponent("bin/swift").path))

        // A script another version of the grader wrote is replaced, not trusted.
        try write("#!/bin/sh\nexit 9\n", to: URL(fileURLWithPath: script))
        XCTAssertEqual(CompilerProbeCache.environment(swift: swift, state: state)["SWIFT_EXEC"], script)
        XCTAssertEqual(try run(script, ["-version"]), Result(status: 0, output: "answer to -version\n"))
    }

    /// The cache knows three questions of SwiftPM's, asked alone. Another question, or one of them
    /// with more to it, reaches the compiler; and a compiler that changed at the same path (an
    /// update in place) gets a view of its own, asked afresh: an answer is never one of another
    /// compiler's.
    func test_questionsItDoesNotKnow_andANewCompiler_reachTheCompiler() throws {
        let swift = root.appendingPathComponent("toolchain/usr/bin/swift").path
        let state = root.appendingPathComponent("state")
        let script = try XCTUnwrap(CompilerProbeCache.environment(swift: swift, state: state)["SWIFT_EXEC"])
        XCTAssertEqual(try run(script, ["-print-target-info"]).output, "answer to -print-target-info\n")
        XCTAssertEqual(try run(script, ["-print-target-info", "-target", "x"]).output, "answer to -print-target-info -target x\n")
        XCTAssertEqual(try run(script, ["-print-target-info", "-target", "x"]).output, "answer to -print-target-info -target x\n")
        XCTAssertEqual(try run(script, ["-print-supported-features"]).output, "answer to -print-supported-features\n")
        XCTAssertEqual(try run(script, ["-print-supported-features"]).output, "answer to -print-supported-features\n")

        // The compiler updated in place: another size and time, the same path.
        let compiler = root.appendingPathComponent("toolchain/usr/bin/swiftc")
        try write(try String(contentsOf: compiler, encoding: .utf8).replacingOccurrences(of: "answer to", with: "new answer to"), to: compiler)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: compiler.path)
        let updated = try XCTUnwrap(CompilerProbeCache.environment(swift: swift, state: state)["SWIFT_EXEC"])
        XCTAssertNotEqual(updated, script)
        XCTAssertEqual(try run(updated, ["-print-target-info"]).output, "new answer to -print-target-info\n")

        let calls = try String(contentsOf: root.appendingPathComponent("calls"), encoding: .utf8)
        XCTAssertEqual(calls, "-print-target-info\n-print-target-info -target x\n-print-target-info -target x\n"
                       + "-print-supported-features\n-print-supported-features\n-print-target-info\n")
    }

    func test_compilerOffers_readsTheCachedHelp_askingOnce() throws {
        let swift = root.appendingPathComponent("toolchain/usr/bin/swift").path
        let state = root.appendingPathComponent("state")
        XCTAssertTrue(CompilerProbeCache.compilerOffers("answer", swift: swift, state: state, runner: runner))
        XCTAssertFalse(CompilerProbeCache.compilerOffers("-enable-incremental-file-hashing", swift: swift, state: state, runner: runner))
        XCTAssertFalse(CompilerProbeCache.compilerOffers("answ", swift: swift, state: state, runner: runner), "a whole word, not a prefix")
        let calls = try String(contentsOf: root.appendingPathComponent("calls"), encoding: .utf8)
        XCTAssertEqual(calls, "-h\n", "the help is asked once and then read from the cache")
    }

    func test_notUsedForAToolchainItCannotStamp() throws {
        let state = root.appendingPathComponent("state")
        XCTAssertEqual(CompilerProbeCache.environment(swift: root.appendingPathComponent("nowhere/bin/swift").path, state: state), [:])
        try FileManager.default.removeItem(at: root.appendingPathComponent("toolchain/usr/lib"))
        XCTAssertEqual(CompilerProbeCache.environment(swift: root.appendingPathComponent("toolchain/usr/bin/swift").path, state: state), [:],
                       "a swift outside a toolchain (a proxy) is asked every time")
        XCTAssertFalse(CompilerProbeCache.compilerOffers("answer", swift: root.appendingPathComponent("toolchain/usr/bin/swift").path, state: state,
                                                         runner: runner),
                       "nothing is offered where the cache does not apply")
    }

    private struct Result: Equatable { var status: Int32; var output: String }

    /// Runs commands with Foundation's `Process`, as the grader's supervised runner would.
    private struct PlainRunner: CommandRunner {
        func output(of command: [String], environment: [String: String], timeout: Double, log: URL,
                    sharingSwiftPMTemporary: Bool) -> String? {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return nil }
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
        }
    }

    private let runner = PlainRunner()

    private func run(_ program: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    private func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }
}
