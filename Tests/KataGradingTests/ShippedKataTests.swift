import XCTest
@testable import KataGrading
@testable import KataGradingCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kata's own files (catalog, sources, manifest) as shipped: checked before a grade, put back
/// after a test changed them (issue 31 §3); and the fix named for a build folder root left behind.
final class ShippedKataTests: XCTestCase {
    var kata: URL!
    var paths: KataPaths { KataPaths(root: kata) }

    override func setUpWithError() throws {
        kata = FileManager.default.temporaryDirectory.appendingPathComponent("shipped-\(UUID().uuidString)/Café Kata")
        for (file, text) in ["Package.swift": "// manifest\n", "Catalog/catalog.json": "{}\n", "Catalog/README.md": "notes\n",
                             "Sources/Mocking/Music Service.swift": "struct A {}\n", "Sources/Mocking/.DS_Store": "x"] {
            let url = kata.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        _ = try ShippedKata.record(paths)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: kata.deletingLastPathComponent())
    }

    func test_theRecordCoversWhatDecidesAVerdict_notNotesOrDotfiles() {
        XCTAssertEqual(ShippedKata.files(paths), ["Catalog/catalog.json", "Package.swift", "Sources/Mocking/Music Service.swift"])
        XCTAssertNil(ShippedKata.firstEdited(paths))
    }

    func test_aChangedMissingOrAddedFileIsNamed_withTheCommandThatRestoresIt() throws {
        try Data("{\"exercises\": []}\n".utf8).write(to: kata.appendingPathComponent("Catalog/catalog.json"))
        let changed = try XCTUnwrap(ShippedKata.firstEdited(paths))
        XCTAssertEqual(changed.kind, .changed)
        // The command ends the message, so that a terminal's wrapping keeps it whole.
        XCTAssertTrue(changed.description.hasSuffix("To restore it: git checkout -- Catalog/catalog.json"), changed.description)
        XCTAssertThrowsError(try ShippedKata.verified(paths))

        try Data("{}\n".utf8).write(to: kata.appendingPathComponent("Catalog/catalog.json"))
        try FileManager.default.removeItem(at: kata.appendingPathComponent("Sources/Mocking/Music Service.swift"))
        let missing = try XCTUnwrap(ShippedKata.firstEdited(paths))
        XCTAssertEqual(missing.kind, .missing)
        XCTAssertTrue(missing.description.hasSuffix("git checkout -- 'Sources/Mocking/Music Service.swift'"), "quoted for zsh: \(missing)")

        try Data("struct A {}\n".utf8).write(to: kata.appendingPathComponent("Sources/Mocking/Music Service.swift"))
        try Data("struct B {}\n".utf8).write(to: kata.appendingPathComponent("Sources/Mocking/Extra.swift"))
        XCTAssertEqual(ShippedKata.firstEdited(paths)?.kind, .added)
    }

    func test_aFileATestChangedIsPutBack_recordIncluded_andTheGradeStops() throws {
        let shipped = try ShippedKata.verified(paths)
        let catalog = kata.appendingPathComponent("Catalog/catalog.json")
        try Data("{\"forged\": true}\n".utf8).write(to: catalog)
        _ = try ShippedKata.record(paths)  // the test made the record agree
        XCTAssertThrowsError(try shipped.checkUnchanged()) { error in
            XCTAssertEqual((error as? ShippedKata.Changed)?.files, ["Catalog/catalog.json", "Catalog/sources.json"])
        }
        XCTAssertEqual(try String(contentsOf: catalog, encoding: .utf8), "{}\n")
        XCTAssertNil(ShippedKata.firstEdited(paths), "the record is back too")
        XCTAssertNoThrow(try shipped.checkUnchanged())
    }

    func test_aFileAnotherUserOwnsIsNamedWithChown_whichWorks_notChmod() throws {
        guard getuid() != 0 else { throw XCTSkip("root owns every file it could be shown") }
        let message = GradeCommand.describe(CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: "/kata-never-there/.build/kata"]))
        XCTAssertTrue(message.contains("sudo chown -R \"$USER\" .build"), message)
        XCTAssertFalse(message.contains("chmod"), message)
    }
}
