import XCTest
import KataRoom
@testable import KataGrading
@testable import KataGradingCore

/// The grader's few lines of room: its options, and that the room knows every chaff of the real
/// catalog. (The room and the grader share one list of verdicts, `KataVerdicts`.)
final class RoomCommandsTests: XCTestCase {
    func testTheRoomCatalogHasEveryExerciseInOrderWithEveryChaffsHint() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
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
    }
}
