import Foundation
import XCTest
@testable import KataGrading
import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a long-running grader reads again and again (`--watch` polls `Exercises/` twice a second)
/// must cost nothing to keep: Foundation on Linux keeps 4 KiB of every empty file it reads.
final class FileContentsTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("file-contents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func testReadsAFileWholeAndNothingElse() throws {
        let text = folder.appendingPathComponent("Text.swift"), empty = folder.appendingPathComponent("Empty.swift")
        try Data("let x = 1\n".utf8).write(to: text)
        try Data().write(to: empty)
        XCTAssertEqual(FileContents.text(at: text), "let x = 1\n")
        XCTAssertEqual(FileContents.data(at: empty), Data())
        XCTAssertEqual(FileContents.text(at: empty), "")
        XCTAssertNil(FileContents.data(at: folder.appendingPathComponent("Missing.swift")))
        XCTAssertNil(FileContents.data(at: folder), "a folder is not a file")
        XCTAssertNil(FileContents.text(at: text.appendingPathExtension("bin")))
        // A link is read through, unless the file is the grader's own (`followingLinks: false`).
        let link = folder.appendingPathComponent("Link.swift")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: text)
        XCTAssertEqual(FileContents.text(at: link), "let x = 1\n")
        XCTAssertEqual(FileContents.data(at: text, followingLinks: false), Data("let x = 1\n".utf8))
        XCTAssertNil(FileContents.data(at: link, followingLinks: false), "a link in the grader's own file's place is not read")
        // A pipe put in a file's place is refused at once, not waited on.
        let pipe = folder.appendingPathComponent("Pipe.swift")
        XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
        XCTAssertNil(FileContents.data(at: pipe))
    }

    /// Each reader a grade or a `--watch` poll uses on a file that can be empty: the attendee's
    /// empty file (`Fingerprint.ofFile`, the poll's), SwiftPM's empty discovery file of a target
    /// with no XCTest tests (`XCTestListKeep.key`, every grade). 4,000 reads each kept 16 MB before.
    func testReadingEmptyFilesAgainAndAgainKeepsNoMemory() throws {
        guard Self.residentBytes() != nil else { throw XCTSkip("no /proc/self/statm: the memory kept is measured on Linux, where Foundation kept it") }
        let empty = folder.appendingPathComponent("Empty.swift")
        try Data().write(to: empty)
        let binary = folder.appendingPathComponent("debug/KataPackageTests.xctest")
        let keep = XCTestListKeep(binary: binary)
        let discovery = try XCTUnwrap(keep.discovery)
        try FileManager.default.createDirectory(at: discovery, withIntermediateDirectories: true)
        try Data("XCTMain([])\n".utf8).write(to: discovery.appendingPathComponent("all-discovered-tests.swift"))
        try Data().write(to: discovery.appendingPathComponent("KataShadowObserver.swift"))

        let readers: [(String, () -> Void)] = [
            ("Fingerprint.ofFile", { _ = Fingerprint.ofFile(at: empty) }),
            ("FileContents.text", { _ = FileContents.text(at: empty) }),
            ("XCTestListKeep.key", { _ = keep.key() }),
        ]
        for (name, read) in readers {
            read()
            let before = try XCTUnwrap(Self.residentBytes())
            for _ in 0..<4000 { read() }
            let kept = try XCTUnwrap(Self.residentBytes()) - before
            XCTAssertLessThan(kept, 4 << 20, "\(name) kept \(kept / 1024) KiB over 4,000 reads of an empty file")
        }
    }

    /// The process's resident memory, from `/proc/self/statm` (pages), nil where there is none.
    static func residentBytes() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
