import XCTest
@testable import KataGradingCore

/// The classes SwiftPM's XCTest discovery on Linux crashes on at start (a `@MainActor` class whose
/// tests are all synchronous), read from the discovery file SwiftPM 6.3.1 wrote here for such a
/// package, and from the attendee's source.
final class MainActorDiscoveryTests: XCTestCase {
    let discovery = """
        import XCTest
        @testable import PTests

        fileprivate extension MATests {
            @available(*, deprecated, message: "Not actually deprecated.")
            static nonisolated(unsafe) let __allTests__MATests = [
                ("test_sync", test_sync),
                ("test_sync2", test_sync2)
            ]
        }

        fileprivate extension MixedTests {
            @available(*, deprecated, message: "Not actually deprecated.")
            static nonisolated(unsafe) let __allTests__MixedTests = [
                ("test_async", asyncTest(test_async)),
                ("test_sync", test_sync)
            ]
        }
        """

    func test_allSynchronousClasses_leavesOutAClassWithAnAsyncTest() {
        XCTAssertEqual(MainActorDiscovery.allSynchronousClasses(inDiscoveryFile: discovery), ["MATests"])
    }

    func test_mainActorClassLine_findsTheAttributeAmongModifiers() {
        let source = """
            import XCTest

            @MainActor
            final class MATests: XCTestCase {
                func test_sync() {}
            }
            @MainActor final class Other: XCTestCase {}
            final class Plain: XCTestCase {}
            @available(macOS 13, *) @MainActor public final class Attributed: XCTestCase {}
            """
        XCTAssertEqual(MainActorDiscovery.mainActorClassLine("MATests", in: source), 4)
        XCTAssertEqual(MainActorDiscovery.mainActorClassLine("Other", in: source), 7)
        XCTAssertNil(MainActorDiscovery.mainActorClassLine("Plain", in: source))
        XCTAssertEqual(MainActorDiscovery.mainActorClassLine("Attributed", in: source), 9)
    }

    /// The attribute of the declaration before does not carry over to the class after it.
    func test_mainActorClassLine_stopsAtThePreviousDeclaration() {
        let source = """
            @MainActor func helper() {}
            final class Plain: XCTestCase {}
            // @MainActor in a comment
            final class Commented: XCTestCase {}
            """
        XCTAssertNil(MainActorDiscovery.mainActorClassLine("Plain", in: source))
        XCTAssertNil(MainActorDiscovery.mainActorClassLine("Commented", in: source))
    }

    /// Judged as SwiftPM runs it: crashed, at the class, in its own exercise's verdict.
    func test_crashesAtStart_isJudgedCrashed() {
        var error = CompileError(file: "Exercises/M/T.swift", line: 4, message: MainActorDiscovery.message(forClass: "MATests"))
        XCTAssertEqual(Judge.doesNotCompile(error).kind, .doesNotCompile)
        error.crashesAtStart = true
        let verdict = Judge.doesNotCompile(error)
        XCTAssertEqual(verdict.kind, .crashed)
        XCTAssertTrue(verdict.reason.hasPrefix("Exercises/M/T.swift:4: "), verdict.reason)
        XCTAssertTrue(verdict.reason.contains("async"), verdict.reason)
    }

    func test_superclass_isTheFirstTypeAfterTheColon() {
        let source = "@MainActor class Base: XCTestCase {}\nfinal class Child: Base, @unchecked Sendable {}\n"
        XCTAssertEqual(MainActorDiscovery.superclass(of: "Child", in: source), "Base")
        XCTAssertEqual(MainActorDiscovery.superclass(of: "Base", in: source), "XCTestCase")
        XCTAssertNil(MainActorDiscovery.superclass(of: "Other", in: source))
    }

    /// What the binary printed here when it trapped (a probe package, SwiftPM 6.3.1): the listing
    /// that gave no test names the class and says why, instead of "holds no XCTest test".
    func test_listingCrash_namesTheClassAndWhy() throws {
        let output = "Could not cast value of type '(PTests.MATests) -> @Swift.MainActor () -> ()' (0x7f3088100030) to '(PTests.MATests) -> () -> ()' (0x7f3088100248).\n\n*** Signal 6: Backtracing from 0x7f30862e0eec... done ***\n"
        let why = try XCTUnwrap(MainActorDiscovery.listingCrash(in: output))
        XCTAssertTrue(why.contains("on class MATests"), why)
        XCTAssertTrue(why.contains("Make one of its test methods `async`"), why)
        XCTAssertNil(MainActorDiscovery.listingCrash(in: "{\"name\":\"All tests\",\"tests\":[]}"))
    }
}
