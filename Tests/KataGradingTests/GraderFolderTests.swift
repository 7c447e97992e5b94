import Foundation
import XCTest
@testable import KataGrading

/// The grader never writes through a link, and notices what changed in what it trusts.
final class GraderFolderTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("grader-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func test_aLinkWhereTheGraderWritesIsRemoved_notFollowed() throws {
        let outside = folder.appendingPathComponent("checkout/Sources/Mocking")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "shipped".write(to: outside.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let state = folder.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state.appendingPathComponent("shadow/Sources"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: state.appendingPathComponent("shadow/Sources/Mocking"), withDestinationURL: outside)

        let removed = GraderFolder.removeLinks(under: state.appendingPathComponent("shadow/Sources"))
        XCTAssertEqual(removed.map { URL(fileURLWithPath: $0).lastPathComponent }, ["Mocking"])
        XCTAssertEqual(try String(contentsOf: outside.appendingPathComponent("A.swift"), encoding: .utf8), "shipped")

        try FileManager.default.createSymbolicLink(at: state.appendingPathComponent("exercises"), withDestinationURL: outside)
        try GraderFolder.makeReal(state.appendingPathComponent("exercises/Grade"), within: state)
        var isFolder: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: state.appendingPathComponent("exercises/Grade").path, isDirectory: &isFolder))
        XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: state.appendingPathComponent("exercises").path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), ["A.swift"])
    }

    func test_theSealSeesAReplacedBinaryAndARewrittenFile_butNotTheRunsLogs() throws {
        let state = folder.appendingPathComponent("state")
        let shadow = state.appendingPathComponent("exercises")
        let binary = shadow.appendingPathComponent(".build/debug/PackageTests.xctest")
        try FileManager.default.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: shadow.appendingPathComponent("logs"), withIntermediateDirectories: true)
        try "binary".write(to: binary, atomically: true, encoding: .utf8)
        let seal = GraderSeal(state: state, shadow: shadow)
        XCTAssertTrue(seal.holds(binary))
        XCTAssertEqual(seal.changes(), [])

        try "a run's log".write(to: shadow.appendingPathComponent("logs/run.log"), atomically: true, encoding: .utf8)
        XCTAssertEqual(seal.changes(), [])

        try "wrapper".write(to: binary, atomically: true, encoding: .utf8)
        XCTAssertFalse(seal.holds(binary))
        XCTAssertEqual(seal.changes(), [binary.path])

        GraderSeal.heal(seal.changes(), state: state, shadow: shadow)
        XCTAssertFalse(FileManager.default.fileExists(atPath: shadow.appendingPathComponent(".build").path))
    }

    /// A checkout reached through a link (the seal walks it by that path; a run's binary is named
    /// by its real one): the seal still knows the binary, and what the grader says it wrote itself
    /// after sealing, through either path, is taken as it is now.
    func test_theSealKnowsItsFilesByTheirRealPath_andTakesWhatTheGraderWroteAfter() throws {
        let real = folder.appendingPathComponent("real")
        let linked = folder.appendingPathComponent("link")
        try FileManager.default.createDirectory(at: real.appendingPathComponent("exercises/.build/debug"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: real)
        let shadow = linked.appendingPathComponent("exercises")
        let binary = real.appendingPathComponent("exercises/.build/debug/Track.kata-track")
        try "binary".write(to: binary, atomically: true, encoding: .utf8)
        let seal = GraderSeal(state: linked, shadow: shadow)
        try "wrapper".write(to: binary, atomically: true, encoding: .utf8)
        XCTAssertFalse(seal.holds(binary), "named by its real path")

        try "binary".write(to: binary, atomically: true, encoding: .utf8)
        let record = real.appendingPathComponent("exercises/.build/kata-last-build.json")
        try "{}".write(to: record, atomically: true, encoding: .utf8)
        seal.accept([binary, shadow.appendingPathComponent(".build/kata-last-build.json")])
        XCTAssertEqual(seal.changes(), [])
        try "{\"forged\": 1}".write(to: record, atomically: true, encoding: .utf8)
        XCTAssertEqual(seal.changes(), [shadow.path + "/.build/kata-last-build.json"])
    }

    /// What appeared, what went away and what was rewritten are each named, and nothing else: not
    /// the folders that hold them (their times change with their entries). A file the grader says
    /// it wrote or removed itself is taken as it is now, and the seal vouches for no file it never
    /// saw.
    func test_theSealNamesWhatCameWentAndChanged_notTheFoldersAroundThem() throws {
        let state = folder.appendingPathComponent("state")
        let shadow = state.appendingPathComponent("exercises")
        let build = shadow.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
        for name in ["a.o", "b.o", "c.o", "d.o"] {
            try name.write(to: build.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        let seal = GraderSeal(state: state, shadow: shadow)
        XCTAssertEqual(seal.changes(), [])
        XCTAssertTrue(seal.holds(build.appendingPathComponent("never-there")))

        try FileManager.default.removeItem(at: build.appendingPathComponent("a.o"))
        try "new".write(to: build.appendingPathComponent("e.o"), atomically: false, encoding: .utf8)
        try "rewritten".write(to: build.appendingPathComponent("c.o"), atomically: false, encoding: .utf8)
        XCTAssertEqual(seal.changes(), ["a.o", "c.o", "e.o"].map { build.appendingPathComponent($0).path })
        XCTAssertFalse(seal.holds(build.appendingPathComponent("a.o")), "gone")
        XCTAssertFalse(seal.holds(build.appendingPathComponent("c.o")))
        XCTAssertTrue(seal.holds(build.appendingPathComponent("d.o")))

        seal.accept(["a.o", "c.o", "e.o"].map { build.appendingPathComponent($0) })
        XCTAssertEqual(seal.changes(), [])
        XCTAssertTrue(seal.holds(build.appendingPathComponent("c.o")))
    }
}
