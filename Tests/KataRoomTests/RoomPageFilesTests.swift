import Foundation
import XCTest
@testable import KataRoom

/// The room's page is three files (Sources/KataRoom/Page/room.html, .css, .js) that the grader
/// embeds through a generated Swift file (`RoomPageFiles`, written by Scripts/room-page.sh, which
/// Scripts/regenerate.sh runs). These tests keep the embedded copy fresh and check the files as
/// code, each failure naming the page file and its own line.
final class RoomPageFilesTests: XCTestCase {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/KataRoom/Page").standardizedFileURL

    func file(_ name: String) throws -> String {
        try String(contentsOf: Self.page.appendingPathComponent(name), encoding: .utf8)
    }

    func testTheEmbeddedPageIsTheFilesAsTheyAre() throws {
        // The generated literal ends before the file's last line break.
        for (name, embedded) in [("room.html", RoomPageFiles.html), ("room.css", RoomPageFiles.css), ("room.js", RoomPageFiles.js)] {
            XCTAssertEqual(embedded + "\n", try file(name),
                           "Sources/KataRoom/RoomPageFiles.swift differs from Sources/KataRoom/Page/\(name): run Scripts/regenerate.sh (or Scripts/room-page.sh).")
        }
    }

    func testThePageIsOneDocumentWithEveryMarkerReplaced() {
        let page = RoomPage.html
        XCTAssertFalse(page.contains("__KATA_"), "a marker of the page's files has no value (RoomPage.markers)")
        XCTAssertFalse(page.contains(RoomPage.styleLink) || page.contains(RoomPage.scriptLink), "room.css and room.js are inlined")
        XCTAssertEqual(page.components(separatedBy: "<script>").count, 2)
        // The script starts on room.js's first line, so that a console's line numbers are the file's.
        XCTAssertTrue(page.contains("<script>" + RoomPageFiles.js.prefix(40)))
        XCTAssertTrue(page.contains("\n//# sourceURL=room.js\n</script>"))
        for (marker, _) in RoomPage.markers {
            XCTAssertTrue(RoomPageFiles.html.contains(marker) || RoomPageFiles.css.contains(marker) || RoomPageFiles.js.contains(marker),
                          "\(marker) is in none of the page's files")
        }
    }

    /// room.js parsed by Node (`node --check`), when it is installed: a syntax error fails here,
    /// as Node reports it (room.js:LINE), not in a browser at the workshop.
    func testTheScriptParses() throws {
        guard let node = ["/usr/bin/node", "/usr/local/bin/node", "/opt/homebrew/bin/node"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("node is not installed: Scripts/room-check.py browser runs the script in Chromium")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = ["--check", Self.page.appendingPathComponent("room.js").path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, output)
    }

    /// room.css's braces and comments balance; a failure names the line that opened what is not
    /// closed, or the one that closes what was never opened.
    func testTheStyleSheetBalances() throws {
        var open: [Int] = []
        var inComment = false
        for (index, line) in try file("room.css").components(separatedBy: "\n").enumerated() {
            var rest = Substring(line)
            while !rest.isEmpty {
                if inComment {
                    guard let end = rest.range(of: "*/") else { rest = ""; continue }
                    inComment = false
                    rest = rest[end.upperBound...]
                } else if rest.hasPrefix("/*") {
                    inComment = true
                    rest = rest.dropFirst(2)
                } else {
                    let character = rest.removeFirst()
                    if character == "{" { open.append(index + 1) }
                    if character == "}" {
                        guard open.popLast() != nil else { return XCTFail("room.css:\(index + 1): a } that closes nothing") }
                    }
                }
            }
        }
        XCTAssertFalse(inComment, "room.css ends inside a comment")
        XCTAssertEqual(open, [], "room.css: a { never closed, opened on line(s) \(open)")
    }

    /// Every element the script finds by id (`$("…")`) is in room.html: a renamed id fails here
    /// with the script's line, not as a null in the browser.
    func testEveryIdTheScriptUsesIsOnThePage() throws {
        let html = try file("room.html")
        let pattern = try NSRegularExpression(pattern: #"\$\("([A-Za-z][A-Za-z0-9]*)"\)"#)
        for (index, line) in try file("room.js").components(separatedBy: "\n").enumerated() {
            for match in pattern.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                guard let range = Range(match.range(at: 1), in: line) else { continue }
                let id = String(line[range])
                XCTAssertTrue(html.contains("id=\"\(id)\""), "room.js:\(index + 1) uses $(\"\(id)\"), which room.html does not have")
            }
        }
    }
}
