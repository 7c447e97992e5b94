import Foundation
import XCTest
@testable import KataGradingCore

/// The run hook's C and the XCTest observer's Swift live in strings (`RunHookSource`,
/// `XCTestObserverSource`) that only a grade's shadow build compiles. Compiled here with this
/// toolchain, every warning an error, so that a slip fails `swift test` with the generated file's
/// own line numbers, not a grade. (Linux's side: macOS's `#ifdef __APPLE__` parts are compiled by
/// every grade on a Mac, and by the hosted CI's macOS jobs.)
final class ShadowSourcesCompileTests: XCTestCase {
    func test_theRunHook_compilesWithEveryWarningAnError() throws {
        let folder = try scratch()
        try Data(RunHookSource.source.utf8).write(to: folder.appendingPathComponent("hook.c"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("include"), withIntermediateDirectories: true)
        try Data(RunHookSource.header.utf8).write(to: folder.appendingPathComponent("include/\(RunHookSource.headerName)"))
        let (status, output) = try run(tool("clang"), ["-fsyntax-only", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Werror", "-Iinclude", "hook.c"], in: folder)
        XCTAssertEqual(status, 0, "RunHookSource.source, as hook.c:\n\(output)")
    }

    func test_theXCTestObserver_typeChecks() throws {
        #if os(Linux)
        let folder = try scratch()
        for (name, text) in [(XCTestObserverSource.fileName, XCTestObserverSource.source), ("WithoutXCTest.swift", XCTestObserverSource.withoutXCTest)] {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
            let (status, output) = try run(tool("swiftc"), ["-typecheck", "-parse-as-library", "-warnings-as-errors", name], in: folder)
            XCTAssertEqual(status, 0, "\(name):\n\(output)")
        }
        #endif
    }

    func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shadow-sources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// A tool of the toolchain that runs these tests: beside the `swift` on PATH.
    func tool(_ name: String) throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
            let beside = swift.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        }
        throw XCTSkip("no \(name) beside the swift on PATH")
    }

    func run(_ tool: URL, _ arguments: [String], in folder: URL) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
