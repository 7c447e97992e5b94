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
