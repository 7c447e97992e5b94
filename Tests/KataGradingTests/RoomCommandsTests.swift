import XCTest
import KataRoom
@testable import KataGrading
@testable import KataGradingCore
import KataTestSupport

/// The grader's few lines of room: its options, and that the room knows every chaff of the real
/// catalog. (The room and the grader share one list of verdicts, `KataVerdicts`.)
final class RoomCommandsTests: XCTestCase {
    func testTheRoomCatalogHasEveryExerciseInOrderWithEveryChaffsHint() throws {
        let root = KataCheckout.root
        let course = try Course(paths: KataPaths(root: root))
        let room = RoomCommands.catalog(of: course)

        XCTAssertEqual(room.exercises.map(\.id), course.catalog.exercises.map(\.id))
        for (exercise, roomExercise) in zip(course.catalog.exercises, room.exercises) {
            XCTAssertEqual(Set(roomExercise.bugHints.keys), Set(exercise.chaffs), exercise.id)
            XCTAssertFalse(roomExercise.bugHints.values.contains(""), exercise.id)
            XCTAssertEqual(roomExercise.frameworks, exercise.tracks.map(\.framework.rawValue), exercise.id)
            XCTAssertTrue(roomExercise.frameworks.allSatisfy(RoomValidation.frameworks.contains), exercise.id)
        }
        // The page's column heads: every pattern by its title, and a label with words, not a number.
        XCTAssertEqual(room.patternsInCourseOrder.map(\.title), course.catalog.patterns.map(\.title))
        XCTAssertTrue(room.exercises.allSatisfy { $0.label.contains(where: \.isLetter) && $0.label.count <= 20 })
    }

    /// `--room-serve`'s opening lines on a terminal: none wider than it, and the join line broken
    /// only with a ` \`, so that a paste reads the join line's words (an 80-column terminal cut it
    /// inside `--name`); piped, the join line whole after "Attendees:", where scripts read it.
    func testRoomServeBanner_fitsATerminal_andKeepsTheJoinLineOneCommand() throws {
        let page = "http://192.168.100.200:8787/"
        let join = ShellCommand.grade("--join", "\(page)?room=H6FC2Z", "--name", "Your Name").line
        func banner(_ style: Style) -> [String] {
            RoomCommands.banner(opening: "Room H6FC2Z is open.", page: page, join: ShellCommand.grade("--join", "\(page)?room=H6FC2Z", "--name", "Your Name"), instructorKey: String(repeating: "k", count: 32),
                                otherAddresses: ["172.17.0.1", "10.8.0.2"], stateFile: ".git/kata/room/state.json", style: style)
        }
        for width in [60, 80] {
            let lines = banner(Style(color: false, symbols: false, width: width, terminal: true))
            XCTAssertTrue(lines.allSatisfy { $0.count <= width }, "\(width): \(lines)")
            // As a shell reads a paste: a ` \` at a line's end joins the next line.
            let start = try XCTUnwrap(lines.firstIndex { $0.contains("Scripts/grade.sh --join") }, "\(lines)")
            var command = String(lines[start].drop { $0 != "S" })
            var next = start
            while command.hasSuffix(" \\"), next + 1 < lines.count {
                next += 1
                command = String(command.dropLast()) + lines[next].trimmingCharacters(in: .whitespaces)
            }
            XCTAssertEqual(command, join, "\(width): \(lines)")
        }
        // A line that fits keeps its spacing: the labels stay in one column.
        let wide = banner(Style(color: false, symbols: false, width: 120, terminal: true))
        XCTAssertTrue(wide.contains("  Projector:  \(page)") && wide.contains("  Attendees:  " + join), "\(wide)")
        let piped = banner(Style(color: false, symbols: false, width: 80))
        XCTAssertTrue(piped.contains("  Attendees:  " + join), "\(piped)")
    }

    func testRoomOptionsParseAndBadOnesSayWhy() throws {
        let serve = try Arguments.parse(["--room-serve", "--port", "9000", "--bind", "127.0.0.1"])
        XCTAssertEqual(serve.action, .roomServe)
        XCTAssertEqual(serve.port, 9000)
        XCTAssertEqual(serve.bind, "127.0.0.1")

        let join = try Arguments.parse(["--join", "http://10.0.0.2:8787/?room=ABC234", "--name", "Ana"])
        XCTAssertEqual(join.action, .join)
        XCTAssertEqual(join.joinURL, "http://10.0.0.2:8787/?room=ABC234")
        XCTAssertEqual(join.name, "Ana")
        XCTAssertEqual(try Arguments.parse(["--leave"]).action, .leave)

        XCTAssertThrowsError(try Arguments.parse(["--join", "http://10.0.0.2:8787/?room=ABC234"])) { XCTAssertTrue("\($0)".contains("--name")) }
        XCTAssertThrowsError(try Arguments.parse(["--room-serve", "--port", "70000"])) { XCTAssertTrue("\($0)".contains("1 to 65535")) }
        XCTAssertThrowsError(try Arguments.parse(["--room-serve", "--port"])) { XCTAssertTrue("\($0)".contains("needs a value")) }
        XCTAssertThrowsError(try Arguments.parse(["--port", "9000"])) { XCTAssertTrue("\($0)".contains("--room-serve")) }
        XCTAssertEqual(try Arguments.parse(["--room-serve", "--rows-per-machine", "40"]).rowsPerMachine, 40)
        XCTAssertThrowsError(try Arguments.parse(["--room-serve", "--rows-per-machine", "0"])) { XCTAssertTrue("\($0)".contains("1 to 300")) }
        XCTAssertThrowsError(try Arguments.parse(["--rows-per-machine", "4"])) { XCTAssertTrue("\($0)".contains("--room-serve")) }
        XCTAssertTrue(Arguments.helpAll.contains("--rows-per-machine") && Arguments.helpAll.contains("--bind"))
        // Alone, --name signs the attendee's results; with --join it is also the room's name.
        XCTAssertEqual(try Arguments.parse(["--name", "Ana"]).action, .name)
        XCTAssertEqual(try Arguments.parse(["--room-serve", "--code", "K7QF2M"]).roomCode, "K7QF2M")
        XCTAssertThrowsError(try Arguments.parse(["--code", "K7QF2M"])) { XCTAssertTrue("\($0)".contains("--room-serve")) }
    }

    /// What a join sends: each kept track's verdict and missed bugs, oldest first, and nothing the
    /// room would refuse the whole post for (an exercise, a track or a bug its catalog lacks).
    func testAJoinSendsTheLastGradesThatTheRoomCanTake() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kata-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = KataPaths(root: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".kata"), withIntermediateDirectories: true)
        let kept = #"{"nextSeq": 5, "tracks": {"#
            + #""second@xctest": {"verdict": "misses bugs", "seq": 3, "missed": ["wrong-url", "gone-bug"]}, "#
            + #""first@swift-testing": {"verdict": "done", "seq": 4}, "first@xctest": {"verdict": "failing", "seq": 1}, "#
            + #""third@swift-testing": {"verdict": "done", "seq": 2}, "retired@xctest": {"verdict": "done", "seq": 0}}}"#
        try Data(kept.utf8).write(to: root.appendingPathComponent(".kata/last-grade.json"))
        let catalog = RoomCatalog(exercises: [
            .init(id: "first", title: "First", pattern: "p", frameworks: ["xctest", "swift-testing"]),
            .init(id: "second", title: "Second", pattern: "p", bugHints: ["wrong-url": "The URL is wrong."], frameworks: ["xctest"]),
            .init(id: "third", title: "Third", pattern: "p", frameworks: ["xctest"]),
        ])
        XCTAssertEqual(RoomCommands.lastVerdicts(paths, catalog: catalog), [
            GradedExercise(id: "first", verdict: .failing, missed: [], framework: "xctest"),
            GradedExercise(id: "second", verdict: .missesBugs, missed: ["wrong-url"], framework: "xctest"),
            GradedExercise(id: "first", verdict: .done, missed: [], framework: "swift-testing"),
        ])
    }
}
