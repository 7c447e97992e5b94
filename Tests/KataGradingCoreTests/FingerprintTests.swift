import XCTest
@testable import KataGradingCore

/// The grader's one hash (`Fingerprint`): FNV-1a over a text's bytes, its line endings
/// normalised, and a word at a time over a program's bytes as they are.
final class FingerprintTests: XCTestCase {
    func test_aText_isTheSameWhateverItsLineEndings() {
        XCTAssertEqual(Fingerprint.hex(Data("a\r\nb\rc\n".utf8)), Fingerprint.hex(Data("a\nb\nc\n".utf8)))
        XCTAssertNotEqual(Fingerprint.hex(Data("a\nb".utf8)), Fingerprint.hex(Data("a\n\nb".utf8)))
        XCTAssertEqual(Fingerprint.hex(Data()), "cbf29ce484222325", "FNV-1a's offset basis: no byte, no step")
        XCTAssertEqual(Fingerprint.of(Data("a".utf8)), "fnv1a64:af63dc4c8601ec8c", "FNV-1a of one byte, as published")
    }

    /// The values the grader's C kernel gave (`kata_file_digest`) before it moved here: kept runs
    /// keyed by a grader's digest mean the same grader as before.
    func test_aProgram_isHashedAWordAtATime_asTheKernelDid() {
        XCTAssertEqual(Fingerprint.program(Data()), "af63bd4c8601b7df")
        XCTAssertEqual(Fingerprint.program(Data("12345678".utf8)), "397f28cb7f4c23ff")
        XCTAssertEqual(Fingerprint.program(Data("kata grader\u{0}\u{1}\u{2}binary".utf8)), "b8a79b202a28b547", "a tail shorter than a word")
        XCTAssertNotEqual(Fingerprint.program(Data("a\r\n".utf8)), Fingerprint.program(Data("a\n".utf8)), "a program's bytes are taken as they are")
    }
}
