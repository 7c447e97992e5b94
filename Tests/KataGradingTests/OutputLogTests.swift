import Foundation
import XCTest
@testable import KataGrading

/// The output log keeps what people read, bounded, whatever a command prints.
final class OutputLogTests: XCTestCase {
    /// Feeds `chunks` to a log writing into a pipe-backed file, and returns what it kept.
    func kept(_ chunks: [String], head: Int, keeping: [String] = []) -> (text: String, log: OutputLog) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("outputlog-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try! FileHandle(forWritingTo: file)
        var log = OutputLog(sink: handle.fileDescriptor, headLimit: head, keeping: keeping)
        for chunk in chunks { Data(chunk.utf8).withUnsafeBytes { log.take($0) } }
        log.finish()
        try? handle.close()
        defer { try? FileManager.default.removeItem(at: file) }
        return (String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self), log)
    }

    func test_aTestRunsFloodIsCutWhateverItsLinesLookLike() {
        // 28 MB of lines that look like compiler errors, the attack in issue 22: all cut past the head.
        let line = "x: error: " + String(repeating: "e", count: 990) + "\n"
        let chunk = String(repeating: line, count: 1000)
        let (text, log) = kept(Array(repeating: chunk, count: 28), head: OutputLog.testHead)
        XCTAssertLessThan(text.utf8.count, OutputLog.testHead + OutputLog.tailLimit + 200)
        XCTAssertEqual(log.total, 28 * chunk.utf8.count)
        XCTAssertEqual(log.cutBytes, log.total - OutputLog.testHead - OutputLog.tailLimit)
        XCTAssertTrue(text.contains("bytes of output were cut here"))
    }

    func test_aBuildKeepsItsErrorLinesPastTheHead_upToABound() {
        let noise = String(repeating: "warning: w\n", count: 100)
        let (text, _) = kept([noise, "/x/Grade/Grade_a/F.swift:3:1: error: boom\n", noise], head: 200, keeping: ["error:"])
        XCTAssertTrue(text.contains("Grade_a/F.swift:3:1: error: boom"))
    }

    func test_shortOutputIsKeptWhole() {
        let (text, log) = kept(["no newline at the end"], head: OutputLog.testHead)
        XCTAssertEqual(text, "no newline at the end")
        XCTAssertEqual(log.cutBytes, 0)
    }
}
