import Foundation
import XCTest
@testable import KataGradingCore

final class ShellCommandTests: XCTestCase {
    /// Words that each break some shell when pasted bare: globs, spaces, quotes, `$`, `!`, a
    /// leading `=` or `~`, braces, fish's backslash escapes inside single quotes, non-ASCII.
    static let awkward = [
        "http://127.0.0.1:8787/?room=7DCT2Y", "Exercises/Mocking/Search*Tests.swift", "[abc]", "Café Kata",
        "Ana O'Neil", "it's", "''", "'", "\\", "a\\", "a\\\\b", "a\\'b", "\\'", "MockingExercises\\.SearchFiresRequestTests/",
        "$USER", "`id`", "$(id)", "hello!", "=ls", "~", "~/kata", "{a,b}", "{}", "a;b", "a&&b", "a|b", "#x", "x#y", "%self",
        "^x", "a b\tc", "", "-", "--name", "--json=results.json", "mocking-request@swift-testing", "(x)", "<x>", "a\"b",
    ]

    func test_plainWordsStayBare_othersAreQuoted() {
        XCTAssertEqual(ShellCommand.grade("--join", "http://127.0.0.1:8787/?room=7DCT2Y", "--name", "Your Name").line,
                       "Scripts/grade.sh --join 'http://127.0.0.1:8787/?room=7DCT2Y' --name 'Your Name'")
        XCTAssertEqual(ShellCommand("swift", "test", "--disable-xctest", "--filter", "MockingExercises\\.SearchSuite/").line,
                       "swift test --disable-xctest --filter 'MockingExercises\\.SearchSuite/'")
        XCTAssertEqual(ShellCommand.quote("it's"), "'it'\\''s'")
        XCTAssertEqual(ShellCommand.quote("a\\\\b"), "'a'\\\\\\\\'b'")
        XCTAssertEqual(ShellCommand.quote(""), "''")
        XCTAssertEqual(ShellCommand.quote("=ls"), "'=ls'")
        XCTAssertEqual(ShellCommand.quote("a=b"), "a=b")
        XCTAssertEqual(ShellCommand.chain([ShellCommand("chmod", "u+rw", "a b"), ShellCommand("ls")]), "chmod u+rw 'a b' && ls")
    }

    /// Each shell that is installed reads every awkward word back as itself, one word each.
    /// bash is always there; zsh and fish where the self-test installed them (`.ci/run`).
    func test_everyShellReadsEachQuotedWordBackUnchanged() throws {
        let line = ShellCommand(["printf", "<%s>\\n"] + Self.awkward).line
        let expected = Self.awkward.map { "<" + $0 + ">\n" }.joined()
        var tried = 0
        for shell in ["/bin/bash", "/usr/bin/zsh", "/bin/zsh", "/usr/bin/fish", "/usr/local/bin/fish", "/opt/homebrew/bin/fish"]
        where FileManager.default.isExecutableFile(atPath: shell) {
            tried += 1
            let process = Process()
            process.executableURL = URL(fileURLWithPath: shell)
            // fish has no -f, and zsh's -f skips the user's startup files, as a paste would not; the
            // words must not depend on them anyway.
            process.arguments = shell.hasSuffix("fish") ? ["--no-config", "-c", line] : ["-c", line]
            process.currentDirectoryURL = URL(fileURLWithPath: NSTemporaryDirectory())
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, shell)
            XCTAssertEqual(String(decoding: data, as: UTF8.self), expected, shell)
        }
        XCTAssertGreaterThan(tried, 0)
    }
}
