import XCTest
@testable import KataGradingCore

final class CatalogTrackTests: XCTestCase {
    let exercise = try! JSONDecoder().decode(Catalog.Exercise.self, from: Data("""
        {"id": "mocking-request", "pattern": "p", "title": "t", "idea": "i", "files": ["Mock.swift", "RequestTests.swift"], "hint": "h",
         "alternate": {"framework": "swift-testing", "files": ["Mock.swift", "SwiftTesting/RequestSuite.swift"], "idea": "i in Swift Testing"}}
        """.utf8))

    func test_anExerciseWithAnAlternateHasTwoTracks_keyedAndTargetedApart() {
        let tracks = exercise.tracks
        XCTAssertEqual(tracks.map(\.key), ["mocking-request", "mocking-request@swift-testing"])
        XCTAssertEqual(tracks.map(\.framework), [.xctest, .swiftTesting])
        XCTAssertEqual(tracks.map(Catalog.targetName(of:)), ["Grade_mocking_request", "Grade_mocking_request__swift_testing"])
        XCTAssertEqual(tracks[1].ownFiles, ["SwiftTesting/RequestSuite.swift"])
    }

    func test_preferringTheOtherFrameworkPutsItsTrackFirst_withoutRenamingTheTargets() {
        let preferred = exercise.preferring(.swiftTesting)
        XCTAssertEqual(preferred.key, "mocking-request")
        XCTAssertEqual(preferred.files, ["Mock.swift", "SwiftTesting/RequestSuite.swift"])
        XCTAssertEqual(preferred.tracks.map(\.key), ["mocking-request", "mocking-request@xctest"])
        XCTAssertEqual(Catalog.targetName(of: preferred), "Grade_mocking_request__swift_testing")
        XCTAssertEqual(Catalog.targetName(of: preferred.tracks[1]), "Grade_mocking_request")
    }

    func test_eachTrackSpeaksItsOwnFrameworksWords_andFallsBackToTheExercises() {
        XCTAssertEqual(exercise.tracks.map(\.idea), ["i", "i in Swift Testing"])
        XCTAssertEqual(exercise.tracks.map(\.title), ["t", "t"])
        XCTAssertEqual(exercise.tracks.map(\.hint), ["h", "h"])
        // Either way round.
        XCTAssertEqual(exercise.preferring(.swiftTesting).tracks.map(\.idea), ["i in Swift Testing", "i"])
    }
}
