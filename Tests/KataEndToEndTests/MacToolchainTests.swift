import Foundation
import KataTestSupport
import XCTest

/// Which toolchain a Mac's grade uses, taken on Linux (`KATA_PLATFORM=macos`, docs/platforms.md):
/// the one whose `swift` is first on the PATH, as SwiftPM finds its own helper (not xcrun's, which
/// follows xcode-select), with that toolchain's Swift Testing; and the Command Line Tools without
/// Xcode. Each toolchain here is a folder whose `swift` answers `-print-target-info` for itself and
/// hands everything else to the real `swift`. Also a file saved under its exercise file's name in
/// another case, which a Mac's disk finds. The bash self-test keeps what needs the real course:
/// its solutions and weak suites under macOS's decisions, and processes escaping a run.
extension MiniCourseTests {
    /// A toolchain tree at `root` (`swiftly`: a swiftly toolchain; `clt`: the Command Line Tools,
    /// Testing.framework beside it and no SDK platform) whose `swift` is a script over the real one.
    @discardableResult
    static func fakeToolchain(at root: URL, kind: String) throws -> URL {
        let real = try XCTUnwrap(which("swift"), "swift on the PATH")
        let folders = kind == "clt"
            ? ["usr/bin", "usr/libexec/swift/pm", "Library/Developer/Frameworks/Testing.framework", "Library/Developer/usr/lib"]
            : ["usr/bin", "usr/libexec/swift/pm", "usr/lib/swift/macosx/testing"]
        for folder in folders {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let swift = root.appendingPathComponent("usr/bin/swift")
        try """
            #!/usr/bin/env bash
            for a in "$@"; do [ "$a" = -print-target-info ] && { echo '{"paths":{"runtimeResourcePath":"\(root.path)/usr/lib/swift"}}'; exit 0; }; done
            exec '\(real)' "$@"

            """.write(to: swift, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: swift.path)
        return swift
    }

    /// The `[kata] platform:` line a `KATA_TRACE=1` grade printed last.
    static func platformLine(_ grade: MiniCourse.Grade) -> String {
        grade.errors.split(separator: "\n").last { $0.hasPrefix("[kata] platform:") }.map(String.init) ?? "no platform line in: \(grade)"
    }

    func test_macOSDecisions_findTheToolchainFirstOnThePath_andItsOwnSwiftTesting() throws {
        let course = try course()
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        // swiftly: a proxy first on the PATH, the toolchain elsewhere.
        let swiftly = course.folder.appendingPathComponent("swiftly/toolchains/6.3.1")
        let swift = try Self.fakeToolchain(at: swiftly, kind: "swiftly")
        let proxies = course.folder.appendingPathComponent("swiftly/bin")
        try FileManager.default.createDirectory(at: proxies, withIntermediateDirectories: true)
        try "#!/usr/bin/env bash\nexec '\(swift.path)' \"$@\"\n".write(to: proxies.appendingPathComponent("swift"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: proxies.appendingPathComponent("swift").path)
        let listed = try course.grade(["--list"], environment: ["PATH": "\(proxies.path):\(path)", "KATA_PLATFORM": "macos", "KATA_TRACE": "1"])
        let line = Self.platformLine(listed)
        XCTAssertTrue(line.contains("toolchain \(swiftly.path)/usr, swift testing library \(swiftly.path)/usr/lib/swift/macosx/testing;"),
                      "the toolchain and Swift Testing are swiftly's, not xcrun's: \(line)")
        XCTAssertTrue(line.contains("testing-helper \(swiftly.path)/usr/libexec/swift/pm/swiftpm-testing-helper"),
                      "the helper is that toolchain's: \(line)")

        // The helper's stand-in refuses a run whose loader paths miss the toolchain's Swift Testing.
        let standIn = Process()
        standIn.executableURL = try XCTUnwrap(MiniCourse.grader)
        standIn.arguments = ["--stand-in", "\(swiftly.path)/usr/libexec/swift/pm/swiftpm-testing-helper", "--test-bundle-path", "/bin/echo"]
        standIn.environment = ProcessInfo.processInfo.environment.filter { $0.key != "DYLD_LIBRARY_PATH" }
        standIn.standardOutput = FileHandle.nullDevice
        standIn.standardError = FileHandle.nullDevice
        try standIn.run()
        standIn.waitUntilExit()
        XCTAssertEqual(standIn.terminationStatus, 64, "the stand-in refuses a run without its toolchain's Swift Testing")
    }

    /// The Command Line Tools without Xcode: XCTest tracks need Xcode; Swift Testing is the tools'
    /// framework, found with -F without an SDK platform, and still builds and runs.
    func test_macOSDecisions_withTheCommandLineToolsAlone_swiftTestingStillRuns() throws {
        let course = try course()
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let tools = course.folder.appendingPathComponent("CommandLineTools")
        try Self.fakeToolchain(at: tools, kind: "clt")
        let environment = ["PATH": "\(tools.path)/usr/bin:\(path)", "KATA_PLATFORM": "macos", "KATA_PLATFORM_XCODE": "0"]
        let tracks = ["greeting-callback", "greeting-callback@swift-testing"]
        let text = try course.grade(["--regrade", "--solutions"] + tracks, environment: environment.merging(["KATA_TRACE": "1"]) { $1 })
        let line = Self.platformLine(text)
        XCTAssertTrue(line.contains("swift testing frameworks \(tools.path)/Library/Developer/Frameworks;"), line)
        XCTAssertTrue(line.contains("sdk -;"), "no SDK platform: \(line)")
        XCTAssertTrue(line.contains("build flags -Xswiftc -F -Xswiftc \(tools.path)/Library/Developer/Frameworks"), line)
        XCTAssertEqual(text.code, 0, "what a Mac cannot run does not count: \(text)")
        XCTAssertTrue((text.output + text.errors).contains("Install Xcode") && (text.output + text.errors).contains("--framework swift-testing"),
                      "says what to install and what still works: \(text)")
        let porcelain = try course.grade(["--porcelain", "--solutions"] + tracks, environment: environment)
        XCTAssertEqual(porcelain.verdict("greeting-callback"), "needs", "\(porcelain)")
        XCTAssertEqual(porcelain.verdict("greeting-callback@swift-testing"), "done", "\(porcelain)")
    }

    /// A file saved under its exercise file's name in another case (docs/platforms.md, "File
    /// names"): a Mac's disk finds it, so macOS's decisions grade it, and the grade names the rename.
    func test_macOSDecisions_findAFileNamedInAnotherCase_andNameTheRename() throws {
        let course = try course()
        let folder = try course.copy("Solutions", as: "mac-case")
        try FileManager.default.moveItem(at: folder.appendingPathComponent("Greeting/GreetCallbackTests.swift"),
                                         to: folder.appendingPathComponent("Greeting/greetcallbacktests.swift"))
        let mac = ["KATA_PLATFORM": "macos"]
        let text = try course.grade(["--regrade", "--from", folder.path, "greeting-callback"], environment: mac)
        XCTAssertTrue(text.output.contains("greetcallbacktests.swift") && text.output.contains("differs from the"),
                      "names the rename: \(text)")
        let porcelain = try course.grade(["--porcelain", "--from", folder.path, "greeting-callback"], environment: mac)
        XCTAssertEqual(porcelain.verdict("greeting-callback"), "done", "found as a Mac's disk finds it: \(porcelain)")
    }
}
