import XCTest
@testable import KataGradingCore
import KataVerdicts

final class CatalogTrackTests: XCTestCase {
    let exercise = try! JSONDecoder().decode(Catalog.Exercise.self, from: Data("""
        {"id": "mocking-request", "pattern": "p", "title": "t", "idea": "i", "files": ["Mock.swift", "RequestTests.swift"], "hint": "h",
         "alternate": {"framework": "swift-testing", "files": ["Mock.swift", "SwiftTesting/RequestSuite.swift"], "idea": "i in Swift Testing"}}
        """.utf8))

    func test_anExerciseWithAnAlternateHasTwoTracks_keyedAndTargetedApart() {
        let tracks = exercise.tracks
        XCTAssertEqual(tracks.map(\.key), ["mocking-request", "mocking-request@swift-testing"])
        XCTAssertEqual(tracks.map(\.framework), [.xctest, .swiftTesting])
        XCTAssertEqual(tracks.map(\.targetName), ["Grade_mocking_request", "Grade_mocking_request__swift_testing"])
        XCTAssertEqual(tracks[1].ownFiles, ["SwiftTesting/RequestSuite.swift"])
    }

    func test_preferringTheOtherFrameworkPutsItsTrackFirst_withoutRenamingTheTargets() {
        let preferred = exercise.preferring(.swiftTesting)
        XCTAssertEqual(preferred.key, "mocking-request")
        XCTAssertEqual(preferred.files, ["Mock.swift", "SwiftTesting/RequestSuite.swift"])
        XCTAssertEqual(preferred.tracks.map(\.key), ["mocking-request", "mocking-request@xctest"])
        XCTAssertEqual(preferred.targetName, "Grade_mocking_request__swift_testing")
        XCTAssertEqual(preferred.tracks[1].targetName, "Grade_mocking_request")
    }

    func test_eachTrackSpeaksItsOwnFrameworksWords_andFallsBackToTheExercises() {
        XCTAssertEqual(exercise.tracks.map(\.idea), ["i", "i in Swift Testing"])
        XCTAssertEqual(exercise.tracks.map(\.title), ["t", "t"])
        XCTAssertEqual(exercise.tracks.map(\.hint), ["h", "h"])
        // Either way round.
        XCTAssertEqual(exercise.preferring(.swiftTesting).tracks.map(\.idea), ["i in Swift Testing", "i"])
    }

    /// One definition of `id@framework` (`TrackKey`): the command line, the reports, the records
    /// and the room all read and write it through it.
    func test_aTrackKey_isWrittenAndReadOneWay() {
        XCTAssertEqual(exercise.tracks.map(\.trackKey.description), ["mocking-request@xctest", "mocking-request@swift-testing"])
        XCTAssertEqual(exercise.tracks.map { TrackKey($0.trackKey.description) }, exercise.tracks.map(\.trackKey))
        XCTAssertEqual(exercise.tracks.map { TrackKey($0.key).catalogFramework }, [nil, .swiftTesting], "the first track's key is its bare id")
        XCTAssertEqual(TrackKey("mocking-request"), TrackKey(id: "mocking-request", framework: nil))
        XCTAssertEqual(TrackKey("a@b@c"), TrackKey(id: "a", framework: "b@c"), "the id ends at the first @")
        XCTAssertEqual(TrackKey("a@"), TrackKey(id: "a", framework: ""), "an empty framework is named, and is none of the catalog's")
        XCTAssertNil(TrackKey("a@").catalogFramework)
        XCTAssertEqual(TrackKey(id: "a", framework: nil).description, "a")
    }
}
