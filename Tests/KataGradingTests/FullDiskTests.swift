import XCTest
@testable import KataGrading

/// A build that failed for want of space is named as a full disk (where, how much is free, how much
/// a build needs, what to do), never taken for a damaged build folder (`ShadowBuild`).
final class FullDiskTests: XCTestCase {
    let folders = [(role: "the grader's copy of the kata", path: "/kata/.build/kata/exercises/.build"),
                   (role: "temporary files, from TMPDIR", path: "/mnt/small/kata-1000-abc")]

    /// What the linker printed here when TMPDIR was a full 2 MB tmpfs (SwiftPM links the manifest there).
    let output = "error: link command failed with exit code 1 (use -v to see invocation)\n/usr/bin/ld.gold: fatal error: /mnt/small/kata-1000-abc/swiftpm/TemporaryDirectory.aPN5TG/solutions-manifest: No space left on device\n"
    /// What swift-frontend printed here when the copy's build folder was on a full 8 MB tmpfs.
    let frontend = "<unknown>:0: error: unable to open output file '/kata/.build/kata/exercises/.build/x86_64-unknown-linux-gnu/debug/ModuleCache/TXB5W5DC64VB/_FoundationCShims-SCQAP25E9RQZ.pcm': 'No space left on device'"

    func test_aFullTemporaryFolder_isNamed_withWhatItNeedsAndWhatToDo() throws {
        let full = try XCTUnwrap(FullDisk.after(output, folders: folders) { $0.hasPrefix("/mnt/small") ? 0 : 50 << 30 })
        XCTAssertEqual(full.folders.map(\.path), ["/mnt/small/kata-1000-abc"])
        let text = full.description
        XCTAssertTrue(text.hasPrefix("the disk is full: the build of the grader's copy could not write /mnt/small/kata-1000-abc/swiftpm/TemporaryDirectory.aPN5TG/solutions-manifest"), text)
        XCTAssertTrue(text.contains("/mnt/small/kata-1000-abc (temporary files, from TMPDIR): 0 KB free"), text)
        XCTAssertTrue(text.contains("TMPDIR"), text)
        XCTAssertTrue(text.contains("Nothing of yours or of the grader's copy was deleted"), text)
    }

    /// A full build folder: the file the compiler could not write, and that folder, are named.
    func test_aFullBuildFolder_isNamed_withTheFileTheCompilerCouldNotWrite() throws {
        let full = try XCTUnwrap(FullDisk.after(frontend, folders: folders) { $0.hasPrefix("/kata") ? 24 << 10 : 50 << 30 })
        XCTAssertEqual(full.failedWrite, "/kata/.build/kata/exercises/.build/x86_64-unknown-linux-gnu/debug/ModuleCache/TXB5W5DC64VB/_FoundationCShims-SCQAP25E9RQZ.pcm")
        XCTAssertEqual(full.folders.map(\.role), ["the grader's copy of the kata"])
        XCTAssertTrue(full.description.contains("/kata/.build/kata/exercises/.build (the grader's copy of the kata): 24 KB free"), full.description)
    }

    /// A quota counts as a full disk; a disk short of what a build needs, though no tool said so, too.
    func test_aQuota_andAShortDiskWithoutMessage_areFullDisks() {
        XCTAssertNotNil(FullDisk.after("error: Disk quota exceeded", folders: folders) { _ in 50 << 30 })
        let short = FullDisk.after("error: something else", folders: folders) { $0.hasPrefix("/kata") ? 10 << 20 : 50 << 30 }
        XCTAssertEqual(short?.folders.map(\.role), ["the grader's copy of the kata"])
    }

    /// Any other failure with room to spare is not a full disk.
    func test_anotherFailureWithRoom_isNoFullDisk() {
        XCTAssertNil(FullDisk.after("error: cannot find 'x' in scope", folders: folders) { _ in 50 << 30 })
    }

    func test_freeBytes_climbsToAnExistingFolder() {
        XCTAssertNotNil(FullDisk.freeBytes(NSTemporaryDirectory() + "/no/such/folder/below"))
    }
}
