import XCTest
@testable import KataGradingCore

final class TestOutputParserTests: XCTestCase {
    func outcome(_ output: String, _ termination: Termination = .exited(0), expected: [String] = ["AT.testPass"]) -> TestOutcome {
        TestOutputParser.outcome(of: ProcessResult(termination: termination, seconds: 0.1, output: output),
                                 framework: .xctest, timeLimit: 10, expected: expected)
    }

    let passing = """
        Test Suite 'Selected tests' started at 2026-11-22 04:35:11.983
        Test Case 'AT.testPass' started at 2026-11-22 04:35:12.015
        Test Case 'AT.testPass' passed (0.250 seconds)
        \t Executed 1 test, with 0 failures (0 unexpected) in 0.250 (0.251) seconds
        """

    func test_xctest_passReadsCountAndTestTime() {
        let result = outcome(passing)
        XCTAssertEqual(result.status, .passed)
        XCTAssertEqual(result.testCount, 1)
        XCTAssertEqual(result.testSeconds, 0.25)
    }

    func test_xctest_failureNamesTestMessageAndLocation() {
        let result = outcome("""
            Test Case 'AT.testFail' started at 2026-11-22 04:35:12.015
            /tmp/p/T.swift:6: error: AT.testFail : XCTAssertEqual failed: ("1") is not equal to ("2") - msg here
            Test Case 'AT.testFail' failed (0.001 seconds)
            """, .exited(1), expected: ["AT.testFail"])
        XCTAssertEqual(result.status, .failed(test: "AT.testFail", message: #"XCTAssertEqual failed: ("1") is not equal to ("2") - msg here"#, location: "/tmp/p/T.swift:6"))
    }

    func test_xctest_whatATestPrintsCannotFailIt() {
        let result = outcome("""
            Test Case 'AT.testPass' started at 2026-11-22 04:35:12.015
            SomeTests: error: none
            /x/y.swift:3: error: Other.test : made up
            Test Case 'AT.testPass' passed (0.001 seconds)
            """)
        XCTAssertEqual(result.status, .passed)
    }

    func test_xctest_aRunThatEndsBeforeEveryTestFinishedIsNotAPass() {
        // The first class passes and prints its suite's summary; the second calls exit(0).
        let result = outcome("""
            Test Case 'AT.testPass' started at 2026-11-22 04:35:12.015
            Test Case 'AT.testPass' passed (0.001 seconds)
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds
            Test Case 'BT.testExits' started at 2026-11-22 04:35:12.015
            """, .exited(0), expected: ["AT.testPass", "BT.testExits"])
        guard case .failed(let test, let message, _) = result.status else { return XCTFail("\(result.status)") }
        XCTAssertEqual(test, "BT.testExits")
        XCTAssertTrue(message.contains("exited before every test had finished"), message)
    }

    func test_xctest_timeoutNamesTheTestThatWasRunning() {
        let result = outcome("Test Case 'AT.testHang' started at 2026-11-22\n", .timedOut)
        XCTAssertEqual(result.status, .hung(test: "AT.testHang", after: 10))
    }

    func test_crash_recognisesADispatchSyncDeadlock() {
        let result = outcome("""
            Test Case 'AT.testDeadlock' started at 2026-11-22
            *** Program crashed: Illegal instruction at 0x00007f75f015e7d8 ***
              0               0x00007f75f015e7d8 __DISPATCH_WAIT_FOR_QUEUE__ + 344 in libdispatch.so
            """, .signaled(4))
        XCTAssertEqual(result.status, .crashed(signal: 4, test: "AT.testDeadlock", deadlock: true))
    }

    func test_noListedTestsIsNotAPass() {
        XCTAssertEqual(outcome("", expected: []).status, .noTests)
    }

    func test_nonZeroExitWithoutAFailureLineIsNotAPass() {
        XCTAssertFalse(outcome(passing, .exited(1)).passed)
    }

    func test_swiftTesting_readsTheEventStream() {
        let id = "Grade_x.S/stFail()/T.swift:3:6"
        let events = """
            {"kind":"test","payload":{"id":"\(id)","kind":"function","name":"stFail()"},"version":0}
            {"kind":"test","payload":{"id":"Grade_x.S/stKnown()/T.swift:9:6","kind":"function","name":"stKnown()"},"version":0}
            {"kind":"event","payload":{"instant":{"absolute":10.0},"kind":"runStarted","messages":[]},"version":0}
            {"kind":"event","payload":{"kind":"testStarted","messages":[],"testID":"\(id)"},"version":0}
            {"kind":"event","payload":{"issue":{"isKnown":false,"sourceLocation":{"_filePath":"/s/T.swift","line":11}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: 1 == 2"},{"symbol":"details","text":"st msg"}],"testID":"\(id)"},"version":0}
            {"kind":"event","payload":{"kind":"testEnded","messages":[],"testID":"\(id)"},"version":0}
            {"kind":"event","payload":{"issue":{"isKnown":true},"kind":"issueRecorded","messages":[{"text":"known"}],"testID":"Grade_x.S/stKnown()/T.swift:9:6"},"version":0}
            {"kind":"event","payload":{"kind":"testEnded","messages":[],"testID":"Grade_x.S/stKnown()/T.swift:9:6"},"version":0}
            {"kind":"event","payload":{"instant":{"absolute":10.5},"kind":"runEnded","messages":[]},"version":0}
            """
        let result = TestOutputParser.outcome(of: ProcessResult(termination: .exited(1), seconds: 0.1, output: "✘ noise: error: x"),
                                              framework: .swiftTesting, timeLimit: 10, expected: [], events: Data(events.utf8))
        XCTAssertEqual(result.status, .failed(test: "S/stFail()", message: "Expectation failed: 1 == 2 - st msg", location: "/s/T.swift:11"))
        XCTAssertEqual(result.testCount, 2)
        XCTAssertEqual(result.testSeconds, 0.5)
    }

    func test_swiftTesting_aParameterizedTestFailsAsOneTestAndNamesTheFailingArguments() {
        // Recorded from `@Test(arguments: [1, 2, 3]) func positive(_ n: Int)` with `#expect(n != 2, "two is out")`
        // and a passing `@Test(arguments: ["a", "b"]) func passes(_:)`, Swift 6.3.1 (fields the grader does not read left out).
        let positive = #"Grade_x.Counting\/positive(_:)\/P.swift:3:6"#
        let passes = #"Grade_x.Counting\/passes(_:)\/P.swift:6:6"#
        func testCase(_ kind: String, _ test: String, _ name: String) -> String {
            #"{"kind":"event","payload":{"_testCase":{"displayName":"\#(name)"},"kind":"\#(kind)","messages":[],"testID":"\#(test)"},"version":0}"#
        }
        let events = [
            #"{"kind":"test","payload":{"id":"\#(positive)","isParameterized":true,"kind":"function","name":"positive(_:)"},"version":0}"#,
            #"{"kind":"test","payload":{"id":"Grade_x.Counting","kind":"suite","name":"Counting"},"version":0}"#,
            #"{"kind":"test","payload":{"id":"\#(passes)","isParameterized":true,"kind":"function","name":"passes(_:)"},"version":0}"#,
            #"{"kind":"event","payload":{"instant":{"absolute":14823.29},"kind":"runStarted","messages":[]},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testStarted","messages":[],"testID":"Grade_x.Counting"},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testStarted","messages":[],"testID":"\#(positive)"},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testStarted","messages":[],"testID":"\#(passes)"},"version":0}"#,
            testCase("testCaseStarted", positive, "1"), testCase("testCaseEnded", positive, "1"),
            testCase("testCaseStarted", positive, "2"),
            #"{"kind":"event","payload":{"_comments":["two is out"],"_testCase":{"displayName":"2"},"issue":{"isKnown":false,"sourceLocation":{"_filePath":"\/s\/P.swift","column":9,"fileID":"G\/P.swift","line":4}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: (n → 2) != 2"},{"symbol":"details","text":"two is out"}],"testID":"\#(positive)"},"version":0}"#,
            testCase("testCaseEnded", positive, "2"),
            testCase("testCaseStarted", positive, "3"), testCase("testCaseEnded", positive, "3"),
            testCase("testCaseStarted", passes, "\\\"a\\\""), testCase("testCaseEnded", passes, "\\\"a\\\""),
            #"{"kind":"event","payload":{"kind":"testEnded","messages":[],"testID":"\#(positive)"},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testEnded","messages":[],"testID":"\#(passes)"},"version":0}"#,
            #"{"kind":"event","payload":{"kind":"testEnded","messages":[],"testID":"Grade_x.Counting"},"version":0}"#,
            #"{"kind":"event","payload":{"instant":{"absolute":14823.79},"kind":"runEnded","messages":[]},"version":0}"#,
        ].joined(separator: "\n")
        let result = TestOutputParser.outcome(of: ProcessResult(termination: .exited(1), seconds: 0.1, output: ""),
                                              framework: .swiftTesting, timeLimit: 10, expected: [], events: Data(events.utf8))
        XCTAssertEqual(result.status, .failed(test: "Counting/positive(_:)", message: "with 2: Expectation failed: (n → 2) != 2 - two is out",
                                              location: "/s/P.swift:4"))
        XCTAssertEqual(result.testCount, 2)
    }

    func test_relocated_pointsAtTheAttendeesFolder_whicheverSpellingTheCompilerUsed() {
        let outcome = TestOutcome(status: .failed(test: "T.t", message: "m", location: "/real/s/Grade/G/T.swift:6"), testSeconds: nil, testCount: 1)
        XCTAssertEqual(outcome.relocated(from: ["/link/s/Grade/G/", "/real/s/Grade/G/"], to: "Exercises/M/").status,
                       .failed(test: "T.t", message: "m", location: "Exercises/M/T.swift:6"))
    }
}

extension TestOutputParserTests {
    func test_xctest_aPrintedEndingLineIsOverruledByXCTestsOwn() {
        let result = outcome("""
            Test Case 'AT.testPass' started at 2026-11-22 04:35:12.015
            Test Case 'AT.testPass' failed (0.001 seconds)
            Test Case 'Other.test' failed (0.001 seconds)
            Test Case 'AT.testPass' passed (0.002 seconds)
            """)
        XCTAssertEqual(result.status, .passed)
    }

    func test_xctest_readsApplesSpellingOfTestNames() {
        let result = outcome("""
            Test Case '-[Grade_x.AT testPass]' started.
            /tmp/p/T.swift:6: error: -[Grade_x.AT testPass] : XCTAssertTrue failed
            Test Case '-[Grade_x.AT testPass]' failed (0.001 seconds).
            """, .exited(1))
        XCTAssertEqual(result.status, .failed(test: "AT.testPass", message: "XCTAssertTrue failed", location: "/tmp/p/T.swift:6"))
    }
}
