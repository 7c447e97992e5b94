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
        // The first backslash goes outside the quotes (a backslash follows it), the second stays in.
        XCTAssertEqual(ShellCommand.quote("a\\\\b"), "'a'\\\\'\\b'")
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

    func test_aMessageEndingWithACommand_isSplitAtItsColon_andOnlyThen() {
        let move = "Move yours back with: " + ShellCommand("mv", "Exercises/My Tests.swift", "Exercises/Tests.swift").line
        XCTAssertEqual(ShellCommand.trailing(in: move)?.prose, "Move yours back with:")
        XCTAssertEqual(ShellCommand.trailing(in: move)?.words, ["mv", "'Exercises/My Tests.swift'", "Exercises/Tests.swift"])
        XCTAssertNil(ShellCommand.trailing(in: "Finishing it is optional: Scripts/grade.sh x grades it alone."), "prose after it")
        XCTAssertNil(ShellCommand.trailing(in: "Note: something else"))
        XCTAssertNil(ShellCommand.trailing(in: "Fix it with: chmod u+rw 'open"), "a quote left open")
    }

    func test_aCommandTooWideForALine_breaksBetweenWordsWithABackslash() {
        let words = ShellCommand("mv", "Exercises/Mocking/SwiftTesting/My Search Fires Request Suite.swift",
                                 "Exercises/Mocking/SwiftTesting/SearchFiresRequestSuite.swift").words.map(ShellCommand.quote)
        let lines = ShellCommand.lines(words, first: "  ", rest: "    ", width: 80)
        XCTAssertEqual(lines, ["  mv 'Exercises/Mocking/SwiftTesting/My Search Fires Request Suite.swift' \\",
                               "    Exercises/Mocking/SwiftTesting/SearchFiresRequestSuite.swift"])
        XCTAssertEqual(ShellCommand.lines(["ls", "-l"], first: "", rest: "  ", width: 80), ["ls -l"])
    }

    func test_aSentenceAddedToAMessageGoesBeforeTheCommandItEndsWith() {
        XCTAssertEqual(ShellCommand.adding("Nothing was changed.", to: "B is a file, not a folder. Move it aside, then try again: mv B B.old"),
                       "B is a file, not a folder. Nothing was changed. Move it aside, then try again: mv B B.old")
        XCTAssertEqual(ShellCommand.adding("Nothing was changed.", to: "Fix it with: chmod u+w ."), "Fix it with: chmod u+w . Nothing was changed.",
                       "a message that ends with a period ends with no command")
        XCTAssertEqual(ShellCommand.adding("Nothing was changed.", to: "Fix it with: chmod u+w a"), "Nothing was changed. Fix it with: chmod u+w a")
    }
}
