import Foundation
import XCTest

/// The golden files themselves (`Golden/`): each named for the toolchain it came from and
/// described in the folder's README, and each as the recorder normalises it, so that recording
/// again on the same toolchain gives no diff.
final class GoldenFilesTests: XCTestCase {
    var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: Golden.folder.path)) ?? [])
            .filter { $0 != "README.md" && $0 != "Probe" && !$0.hasPrefix(".") }.sorted()
    }

    func test_everyFile_isNamedForItsToolchain_andDescribedInTheREADME() throws {
        let readme = try String(contentsOf: Golden.folder.appendingPathComponent("README.md"), encoding: .utf8)
        // The README's table names each kind as `<what>-<version>.<ext>`, a case or a fault in angle brackets.
        let kinds = readme.split(separator: "`").filter { $0.contains("<version>") }.map(String.init)
        XCTAssertFalse(kinds.isEmpty)
        for file in files {
            let described = kinds.contains { kind in
                let pattern = "^" + NSRegularExpression.escapedPattern(for: kind)
                    .replacingOccurrences(of: "<version>", with: "[0-9]+(\\.[0-9]+)+")
                    .replacingOccurrences(of: #"<[a-z]+>"#, with: "[a-z-]+", options: .regularExpression) + "$"
                return file.range(of: pattern, options: .regularExpression) != nil
            }
            XCTAssertTrue(described, "\(file): not named <what>-<Swift version>.<ext> as a kind of Golden/README.md's table")
        }
        XCTAssertTrue(files.contains("xctest-pass-6.2.3.records") && files.contains("xctest-pass-6.3.1.records"))
    }

    /// What differs between two recordings (the probe's path, times, durations, addresses) is
    /// made the same, and a recorded file is left as it is.
    func test_normalising_makesTwoRecordingsOfOneRunTheSame() {
        let first = """
            /home/a/kata/Tests/Probe/Tests/X.swift:7: error: x
            Test Case 'X.t' started at 2026-11-26 19:40:00.123
            Test Case 'X.t' passed (0.503 seconds)
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.503 (0.504) seconds
            [3/4] Write sources
            [4/4] Linking P.xctest
            Build complete! (3.21s)
            {"instant":{"absolute":12.5,"since1970":1764186000.25},"_filePath":"\\/home\\/a\\/kata\\/Tests\\/Probe\\/S.swift","issue":{"_backtrace":[{"address":139846535823062}]},"text":"passed after 0.503 seconds"}
            """
        let second = first.replacingOccurrences(of: "/home/a/kata", with: "/Users/b/Desktop/kata")
            .replacingOccurrences(of: "\\/home\\/a\\/kata", with: "\\/Users\\/b\\/Desktop\\/kata")
            .replacingOccurrences(of: "0.503", with: "1.25").replacingOccurrences(of: "12.5", with: "99")
            .replacingOccurrences(of: "19:40:00.123", with: "20:01:02.5").replacingOccurrences(of: "3.21s", with: "0.4s")
            .replacingOccurrences(of: "139846535823062", with: "94257591798076")
        let one = Golden.normalised(first, probe: "/home/a/kata/Tests/Probe", name: "x.log")
        XCTAssertEqual(one, Golden.normalised(second, probe: "/Users/b/Desktop/kata/Tests/Probe", name: "x.log"))
        XCTAssertEqual(one, """
            /tmp/probe/Tests/X.swift:7: error: x
            Test Case 'X.t' started at 2000-01-01 00:00:00.000
            Test Case 'X.t' passed (0.001 seconds)
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds
            [4/4] Linking P.xctest
            Build complete! (0.01s)
            {"instant":{"absolute":0,"since1970":0},"_filePath":"\\/tmp\\/probe\\/S.swift","issue":{"_backtrace":[{"address":0}]},"text":"passed after 0.001 seconds"}
            """)
        XCTAssertEqual(Golden.normalised("E\tX.t\t0.5034\t0\t0\n", probe: "/p", name: "x.records"), "E\tX.t\t0.001\t0\t0\n")
        XCTAssertEqual(Golden.normalised("E\tX.t\t0\t0\n", probe: "/p", name: "x.txt"), "E\tX.t\t0\t0\n",
                       "a test that prints a record's look-alike keeps it as printed")
        XCTAssertEqual(Golden.normalised(#"{"b":1,"a":{"d":2,"c":3}}"#, probe: "/p", name: "x.json"), #"{"a":{"c":3,"d":2},"b":1}"# + "\n")
        XCTAssertEqual(Golden.normalised(#"{"tests":[{"name":"M.B","tests":[{"name":"t2"},{"name":"t1"}]},{"name":"M.A","tests":[]}]}"#, probe: "/p", name: "x.json"),
                       #"{"tests":[{"name":"M.A","tests":[]},{"name":"M.B","tests":[{"name":"t2"},{"name":"t1"}]}]}"# + "\n",
                       "classes by name, each class's tests as listed")

        for file in files where file.contains("-6.3.1.") {
            let text = String(decoding: Golden.data(file), as: UTF8.self)
            XCTAssertEqual(Golden.normalised(text, probe: "/nowhere", name: file), text, "\(file) is not as the recorder writes it")
        }
    }
}
