import XCTest
@testable import KataGrading
@testable import KataGradingCore
import KataTestSupport

/// What a grade's stages read as stored values, taken once before the first stage (issue 34): the
/// course's tracks and needs, the checkout's paths. Each must say what the catalog and the root say.
final class CourseMadeOnceTests: XCTestCase {
    let root = KataCheckout.root

    func test_theCourseStoresTheCatalogsTracks_theNewestSwiftTheyNeed_andItsStarters() throws {
        let course = try Course(paths: KataPaths(root: root))
        XCTAssertEqual(course.tracks, course.catalog.allTracks)
        XCTAssertEqual(course.newestSwiftNeeded, course.catalog.allTracks.compactMap(\.requires.swift).max())
        XCTAssertEqual(course.starterStore.starters, course.starters)
        XCTAssertEqual(course.starterStore.catalog.exercises, course.catalog.exercises)
        XCTAssertEqual(course.starterStore.paths.root, course.paths.root)
    }

    /// The plan compares each of the attendee's files with its starter once (`StarterStore.editedFiles`):
    /// a file both tracks share is named once, and a missing file counts as edited, as `isUntouched` says.
    func test_theEditedFilesOfTwoTracks_nameEachFileOnce_aMissingOneAmongThem() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("edited-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let catalogURL = scratch.appendingPathComponent("catalog.json")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try Data("""
            {"version": 1, "patterns": [{"id": "p", "title": "P", "module": "M", "summary": "s"}],
             "exercises": [{"id": "p-one", "pattern": "p", "title": "One", "files": ["One.swift", "Shared.swift"], "hint": "h",
                            "alternate": {"framework": "swift-testing", "files": ["OneTesting.swift", "Shared.swift"]}}]}
            """.utf8).write(to: catalogURL)
        let catalog = try Catalog.load(from: catalogURL)
        let paths = KataPaths(root: scratch)
        let store = StarterStore(paths: paths, catalog: catalog,
                                 starters: ShippedStarters(texts: ["M/One.swift": "one\n", "M/Shared.swift": "shared\n", "M/OneTesting.swift": "testing\n"]))
        try FileManager.default.createDirectory(at: paths.exercises.appendingPathComponent("M"), withIntermediateDirectories: true)
        try Data("one\r\n".utf8).write(to: paths.exercises.appendingPathComponent("M/One.swift"))
        try Data("shared, edited\n".utf8).write(to: paths.exercises.appendingPathComponent("M/Shared.swift"))

        let tracks = catalog.allTracks
        XCTAssertEqual(tracks.count, 2)
        XCTAssertEqual(store.editedFiles(of: tracks), ["M/Shared.swift", "M/OneTesting.swift"])
        for track in tracks {
            for file in track.files {
                XCTAssertEqual(store.editedFiles(of: tracks).contains(store.key(track, file)), !store.isUntouched(track, file), file)
            }
        }
    }

    func test_everyPathIsFoundFromTheRoot_evenARootNamedUnstandardly() {
        let paths = KataPaths(root: URL(fileURLWithPath: "/k/./kata/../kata"))
        XCTAssertEqual(paths.root.path, "/k/kata")
        XCTAssertEqual(paths.manifest.path, "/k/kata/Package.swift")
        XCTAssertEqual(paths.catalog.path, "/k/kata/Catalog/catalog.json")
        XCTAssertEqual(paths.variants.path, "/k/kata/Catalog/Variants")
        XCTAssertEqual(paths.starters.path, "/k/kata/Catalog/starters.json")
        XCTAssertEqual(paths.sources.path, "/k/kata/Sources")
        XCTAssertEqual(paths.exercises.path, "/k/kata/Exercises")
        XCTAssertEqual(paths.solutions.path, "/k/kata/Solutions")
        XCTAssertEqual(paths.state.path, "/k/kata/.build/kata")
        XCTAssertEqual(paths.relative(paths.catalog), "Catalog/catalog.json")
    }
}
