import Foundation
import XCTest

/// The live room through the real grader binary, on loopback: `--room-serve`, `--join`, `--leave`
/// from scratch checkouts of the kata's catalog, what the room keeps across restarts and where,
/// and a real grade (of the mini course) that sends its verdicts, keeps them while the room is down
/// and delivers them after. Each test has rooms and checkouts of its own, so they can run at once.
/// `Scripts/room-selftest.sh` keeps what needs a real browser.
final class RoomEndToEndTests: XCTestCase {
    func test_serveJoinAndLeave_sayWhatTheyShould_andAMachineAddsAtMostThreeRows() throws {
        let scratch = try Scratch(test: self)
        let checkout = try scratch.checkout("room")
        let room = try ServedRoom.start(checkout, in: self)
        let output = room.output
        XCTAssertFalse(room.joinURL.isEmpty, output)
        XCTAssertTrue(output.contains("Projector:  http://127.0.0.1:\(room.port)/"), output)
        XCTAssertTrue(output.contains("Scripts/grade.sh --join '\(room.joinURL)' --name 'Your Name'"), "the join line with its room code: \(output)")
        XCTAssertTrue(output.contains("Instructor: http://127.0.0.1:\(room.port)/#key=\(room.key)"), output)
        XCTAssertEqual(room.key.count, 32, output)

        // A second room on the same checkout refuses in one line naming the first, which goes on.
        let second = try Scratch.grader(checkout, ["--room-serve", "--bind", "127.0.0.1", "--port", String(room.port + 1)], timeout: 10)
        XCTAssertEqual(second.code, 3, second.output)
        XCTAssertEqual(Self.lines(second.output), 1, second.output)
        XCTAssertTrue(second.output.contains("already open on this checkout (pid \(room.pid), http://127.0.0.1:\(room.port)/)"), second.output)
        XCTAssertTrue(room.process.isRunning)
        XCTAssertNotNil(room.snapshot(), "the first room still answers")

        let ana = try scratch.checkout("ana"), bruno = try scratch.checkout("bruno")
        let anaJoin = try Scratch.grader(ana, ["--join", room.joinURL, "--name", "Ana"])
        let brunoJoin = try Scratch.grader(bruno, ["--join", room.joinURL, "--name", "Bruno"])
        XCTAssertEqual([anaJoin.code, brunoJoin.code], [0, 0], anaJoin.output + brunoJoin.output)
        XCTAssertEqual(room.names, "Ana,Bruno", "two checkouts join one room and both rows appear")

        let wrongURL = room.joinURL.components(separatedBy: "=").dropLast().joined(separator: "=") + "=NOPE23"
        let wrong = try Scratch.grader(bruno, ["--join", wrongURL, "--name", "Bruno"])
        XCTAssertEqual(wrong.code, 1, wrong.output)
        XCTAssertEqual(Self.lines(wrong.output), 1, wrong.output)
        XCTAssertTrue(wrong.output.contains("wrong room code"), wrong.output)

        let noName = try Scratch.grader(bruno, ["--join", room.joinURL])
        XCTAssertEqual(noName.code, 2, "--join without --name is a usage error: \(noName.output)")
        XCTAssertTrue(noName.output.contains("--name"), noName.output)

        // --leave takes the row off the page and forgets the room.
        let left = try Scratch.grader(bruno, ["--leave"]), again = try Scratch.grader(bruno, ["--leave"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: Scratch.attendeeState(bruno).appendingPathComponent("room-join.json").path))
        XCTAssertTrue(left.output.contains("off its page"), left.output)
        XCTAssertTrue(again.output.contains("had not joined"), again.output)
        XCTAssertEqual(room.names, "Ana")

        // This machine (127.0.0.1) holds Ana; two more fit, a fourth is refused in one line.
        for name in ["Carla", "Dora"] {
            let joined = try Scratch.grader(try scratch.checkout(name.lowercased()), ["--join", room.joinURL, "--name", name])
            XCTAssertEqual(joined.code, 0, joined.output)
        }
        let refused = try Scratch.grader(try scratch.checkout("eve"), ["--join", room.joinURL, "--name", "Eve"])
        XCTAssertEqual(refused.code, 1, refused.output)
        XCTAssertEqual(Self.lines(refused.output), 1, refused.output)
        XCTAssertTrue(refused.output.contains("this machine (127.0.0.1) already has 3 rows in the room (Ana, Carla, Dora)"), refused.output)
        XCTAssertEqual(room.names, "Ana,Carla,Dora")
        for name in ["carla", "dora", "ana"] { _ = try Scratch.grader(scratch.folder.appendingPathComponent(name), ["--leave"]) }

        XCTAssertEqual(room.stop(), 0, "Ctrl-C closes the room: \(room.output)")
        XCTAssertTrue(room.output.contains("closed"), room.output)
    }

    /// An attendee who graded before joining (one exercise done, one missing a bug) shows it at
    /// once; the room lives beside the checkout's kept state, not in `.build`; `--code` reopens a
    /// room by its code and never replaces a kept room of another; an older grader's room moves out.
    func test_theRoomKeepsItsStateOutsideBuild_reopensByItsCode_andAJoinShowsTheLastGrades() throws {
        let scratch = try Scratch(test: self)
        let checkout = try scratch.checkout("keep")
        let kept = Scratch.attendeeState(checkout).appendingPathComponent("room/state.json")
        var room = try ServedRoom.start(checkout, in: self)
        let code = room.code

        let fay = try scratch.checkout("fay")
        try FileManager.default.createDirectory(at: Scratch.attendeeState(fay), withIntermediateDirectories: true)
        try Data("""
            {"nextSeq": 3, "tracks": {"mocking-request@xctest": {"verdict": "done", "seq": 1},
             "mocking-success@xctest": {"verdict": "misses bugs", "seq": 2, "missed": ["success-never-called"]},
             "no-such-exercise@xctest": {"verdict": "done", "seq": 0}}}
            """.utf8).write(to: Scratch.attendeeState(fay).appendingPathComponent("last-grade.json"))
        let lastGrades = "1/2 done success-never-called"
        let joined = try Scratch.grader(fay, ["--join", room.joinURL, "--name", "Fay"])
        XCTAssertEqual(joined.code, 0, joined.output)
        XCTAssertEqual(Self.fayRow(room), lastGrades, "the new row shows 1 done and the bug missed before any grade")
        XCTAssertTrue(joined.output.contains("Sent your last verdicts of 2 exercises"), joined.output)

        // The instructor removes the row; the attendee's --join brings it back whole, not empty.
        room.remove("Fay")
        XCTAssertEqual(Self.fayRow(room), "no row")
        _ = try Scratch.grader(fay, ["--join", room.joinURL, "--name", "Fay"])
        XCTAssertEqual(Self.fayRow(room), lastGrades, "a re-join after the instructor removed the row shows the last grades at once")
        room.stop()

        // rm -rf .build on the instructor's laptop: the same room, code and rows.
        try FileManager.default.createDirectory(at: checkout.appendingPathComponent(".build/kata"), withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: checkout.appendingPathComponent(".build"))
        room = try ServedRoom.start(checkout, in: self)
        XCTAssertTrue(FileManager.default.fileExists(atPath: kept.path), "the room lives beside the checkout's kept state")
        XCTAssertEqual(room.code, code)
        XCTAssertEqual(Self.fayRow(room), lastGrades)
        XCTAssertTrue(room.output.contains("with the 1 attendee it had"), room.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: checkout.appendingPathComponent(".build/kata/room").path), "not in .build")
        room.stop()

        // Its state lost (another laptop, a deleted folder): --code reopens the room the attendees joined.
        let lost = scratch.folder.appendingPathComponent("lost-state.json")
        try FileManager.default.moveItem(at: kept, to: lost)
        room = try ServedRoom.start(checkout, in: self)
        let other = room.code
        room.stop()
        XCTAssertNotEqual(other, code)
        let refused = try Scratch.grader(checkout, ["--room-serve", "--bind", "127.0.0.1", "--port", String(room.port), "--code", code], timeout: 10)
        XCTAssertEqual(refused.code, 3, "never replaces a kept room of another code: \(refused.output)")
        XCTAssertTrue(refused.output.contains("this checkout's room is \(other)"), refused.output)
        try FileManager.default.removeItem(at: kept)
        room = try ServedRoom.start(checkout, arguments: ["--code", code.lowercased()], in: self)
        XCTAssertEqual(room.code, code, "--room-serve --code reopens the room by its code: \(room.output)")
        XCTAssertTrue(room.output.contains("open again, by its code"), room.output)
        room.stop()

        // The legacy place: a room an older grader kept in .build/kata/room moves beside the kept state.
        try FileManager.default.removeItem(at: kept)
        let older = checkout.appendingPathComponent(".build/kata/room/state.json")
        try FileManager.default.createDirectory(at: older.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: lost, to: older)
        room = try ServedRoom.start(checkout, in: self)
        XCTAssertEqual(room.code, code, "an older grader's room reopens with its code: \(room.output)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: kept.path), "and moves out of .build")
        XCTAssertFalse(FileManager.default.fileExists(atPath: older.path))
        room.stop()
    }

    /// A real grade of `Exercises/` (the mini course's starters: no build) sends its verdict; with
    /// the room down it gives its verdict and keeps the result in the outbox; after a restart the
    /// next grade delivers it; and a room reopened by its code with none of its rows gets the row
    /// back at the next grade.
    func test_aRealGradeSendsItsVerdicts_andKeepsThemWhileTheRoomIsDown() throws {
        let scratch = try Scratch(test: self)
        let roomCheckout = try scratch.checkout("room", catalog: MiniCourse.source.appendingPathComponent("Catalog"))
        let course = try MiniCourse()
        addTeardownBlock { course.remove() }
        let exercise = "greeting-once"
        let outbox = Scratch.attendeeState(course.root).appendingPathComponent("room-outbox.json")
        var room = try ServedRoom.start(roomCheckout, in: self)
        let port = room.port
        let joined = try course.grade(["--join", room.joinURL, "--name", "This checkout"], timeout: 60)
        XCTAssertEqual(joined.code, 0, "\(joined)")
        room.stop()

        // The room is down: the grade prints its verdict, then keeps the result for later.
        var grade = try course.grade(["--porcelain", exercise], timeout: 300)
        XCTAssertNotNil(grade.verdict(exercise), "\(grade)")
        XCTAssertTrue(grade.errors.contains("kept for the next grade"), "\(grade)")
        let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: outbox)) as? [Any]
        XCTAssertEqual(entries?.count, 1, "one result in the outbox")

        room = try ServedRoom.start(roomCheckout, port: port, in: self)
        grade = try course.grade(["--porcelain", exercise], timeout: 300)
        let verdict = try XCTUnwrap(grade.verdict(exercise), "\(grade)")
        XCTAssertEqual(room.verdict(of: "This checkout", exercise), verdict, "after a restart, the next grade delivers it: \(grade)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: outbox.path), "the outbox is emptied")
        XCTAssertFalse(Self.roomLines(grade.errors), "\(grade)")

        // The instructor lost the room's state and reopens it by its code: the next grade joins it
        // again as the same row, with everything the last grades know.
        let code = room.code
        room.stop()
        try FileManager.default.removeItem(at: Scratch.attendeeState(roomCheckout).appendingPathComponent("room/state.json"))
        room = try ServedRoom.start(roomCheckout, port: port, arguments: ["--code", code], in: self)
        XCTAssertEqual(room.code, code)
        grade = try course.grade(["--porcelain", exercise], timeout: 300)
        XCTAssertEqual(room.verdict(of: "This checkout", exercise), verdict, "reopened by its code, the room gets the row back: \(grade)")
        XCTAssertFalse(Self.roomLines(grade.errors), "\(grade)")
        _ = try course.grade(["--leave"], timeout: 60)
        room.stop()
    }

    /// How many lines `text` has, as `wc -l` counts a last line with no newline too.
    static func lines(_ text: String) -> Int { text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0) }

    /// Whether the grade said anything about the room (a `room:` line: kept, refused, removed).
    static func roomLines(_ errors: String) -> Bool { errors.split(separator: "\n").contains { $0.hasPrefix("room:") } }

    /// Fay's row as "DONE/RESULTS VERDICT-OF-mocking-request MISSED-OF-mocking-success", or "no row".
    static func fayRow(_ room: ServedRoom) -> String {
        guard let row = room.row("Fay") else { return "no row" }
        let results = row["results"] as? [String: [String: Any]] ?? [:]
        let missed = results["mocking-success"]?["missed"] as? [String] ?? []
        return "\(row["done"] as? Int ?? -1)/\(results.count) \(results["mocking-request"]?["verdict"] as? String ?? "nil") \(missed.joined(separator: ","))"
    }
}
