import XCTest
@testable import KataGradingCore

final class VariantTests: XCTestCase {
    let text = """
        # never calls back
        hint: The completion is never called.
        file: Service.swift
        <<<<<<< original
                completion(value)
        =======
                _ = value
        >>>>>>> variant
        """

    func test_parse_readsHintFileAndHunk() throws {
        let variant = try Variant.parse(text, module: "M", name: "never", kind: .chaff, source: "x.chaff")
        XCTAssertEqual(variant.key, "M/never")
        XCTAssertEqual(variant.hint, "The completion is never called.")
        XCTAssertEqual(variant.hunks, [.init(file: "Service.swift", original: "        completion(value)", replacement: "        _ = value")])
    }

    func test_parse_readsAHintPerFramework_andRefusesAnUnknownOne() throws {
        let both = text.replacingOccurrences(of: "hint: The completion is never called.", with: """
            hint: The completion is never called.
            hint@xctest: Wait for an XCTestExpectation.
            hint@swift-testing: Await a confirmation.
            """)
        let variant = try Variant.parse(both, module: "M", name: "never", kind: .chaff, source: "x.chaff")
        XCTAssertEqual(variant.hint, "The completion is never called.")
        XCTAssertEqual(variant.hint(for: .xctest), "Wait for an XCTestExpectation.")
        XCTAssertEqual(variant.hint(for: .swiftTesting), "Await a confirmation.")
        let one = try Variant.parse(text, module: "M", name: "never", kind: .chaff, source: "x.chaff")
        XCTAssertEqual(one.hint(for: .swiftTesting), "The completion is never called.")
        XCTAssertThrowsError(try Variant.parse(both.replacingOccurrences(of: "hint@xctest", with: "hint@junit"), module: "M", name: "n", kind: .chaff, source: "n.chaff")) {
            XCTAssertTrue("\($0)".contains("hint@junit"), "\($0)")
        }
    }

    /// Attendees read their own names: the grader's per-track module (`Grade_…`) never reaches them.
    func test_graderModuleNames_areRewrittenToTheAttendeesOwnTarget() {
        let module = "ExpectationsExercises"
        XCTAssertEqual(GraderNames.attendees("Expectation failed: (Grade_expectations_wait__swift_testing.Box(value: 1)) == Grade_expectations_wait.Box(value: 2)", module: module),
                       "Expectation failed: (ExpectationsExercises.Box(value: 1)) == ExpectationsExercises.Box(value: 2)")
        XCTAssertEqual(GraderNames.attendees("Grade_x", module: module), module)
        // Not inside another name, and nothing else touched.
        XCTAssertEqual(GraderNames.attendees("MyGrade_x stays; so does Grade", module: module), "MyGrade_x stays; so does Grade")
        var verdict = Verdict(kind: .failing, reason: "Grade_e.T.t: boom", details: ["- Grade_e__xctest.Box"], next: "see Grade_e.T")
        verdict = verdict.inAttendeesNames(module: "M")
        XCTAssertEqual([verdict.reason] + verdict.details + [verdict.next ?? ""], ["M.T.t: boom", "- M.Box", "see M.T"])
    }

    func test_parse_rejectsMissingHintAndUnclosedHunk() {
        XCTAssertThrowsError(try Variant.parse("file: a.swift\n<<<<<<< original\nx\n=======\ny\n>>>>>>>", module: "M", name: "n", kind: .chaff, source: "n.chaff")) {
            XCTAssertTrue("\($0)".contains("hint"), "\($0)")
        }
        XCTAssertThrowsError(try Variant.parse("hint: h\nfile: a.swift\n<<<<<<< original\nx\n=======\ny", module: "M", name: "n", kind: .chaff, source: "n.chaff")) {
            XCTAssertTrue("\($0)".contains("not closed"), "\($0)")
        }
    }

    func test_parse_aWheatSaysHowItDiffers_andOnlyAWheat() throws {
        let wheat = text.replacingOccurrences(of: "hint: The completion is never called.", with: "hint: answers later.\ndiffers: timing")
        XCTAssertEqual(try Variant.parse(wheat, module: "M", name: "later", kind: .wheat, source: "later.wheat").differs, .timing)
        XCTAssertThrowsError(try Variant.parse(text, module: "M", name: "later", kind: .wheat, source: "later.wheat")) {
            XCTAssertTrue("\($0)".contains("differs:"), "\($0)")
        }
        XCTAssertThrowsError(try Variant.parse(wheat.replacingOccurrences(of: "timing", with: "sometimes"), module: "M", name: "later", kind: .wheat, source: "later.wheat"))
        XCTAssertThrowsError(try Variant.parse(wheat, module: "M", name: "never", kind: .chaff, source: "never.chaff"))
    }

    func test_schemata_wrapsHuncksSharingAnOriginalInOneChain() throws {
        let source = "func f() {\n    work()\n    done()\n}\n"
        let a = Variant(module: "M", name: "a", kind: .chaff, hint: "a", hunks: [.init(file: "F.swift", original: "    done()", replacement: "")])
        // A replacement that contains its original must not confuse the next variant.
        let b = Variant(module: "M", name: "b", kind: .wheat, hint: "b", hunks: [.init(file: "F.swift", original: "    done()", replacement: "    wait()\n    done()")])
        let result = try Schemata.apply([a, b], toFile: "F.swift", source: source)
        XCTAssertEqual(result, """
            func f() {
                work()
            if _kataShadowVariant() == 1 {

            } else if _kataShadowVariant() == 2 {
                wait()
                done()
            } else {
                done()
            }
            }

            """ + Schemata.switchDeclaration)
    }

    func test_schemata_rejectsMissingAndDuplicateHunks() {
        let source = "a()\nb()\na()\n"
        func variant(_ original: String) -> Variant {
            Variant(module: "M", name: original, kind: .chaff, hint: "h", hunks: [.init(file: "F.swift", original: original, replacement: "")])
        }
        XCTAssertThrowsError(try Schemata.apply([variant("zzz()")], toFile: "F.swift", source: source))
        XCTAssertThrowsError(try Schemata.apply([variant("a()")], toFile: "F.swift", source: source))
        XCTAssertEqual(try Schemata.apply([variant("zzz()")], toFile: "Other.swift", source: source), source)
    }

    func test_schemata_mergesOverlappingSmallDiffsIntoOneRegion() throws {
        let source = "func f() {\n    a()\n    b()\n    c()\n}\n"
        let first = try Variant.parse("""
            hint: h
            file: F.swift
            @@
                 a()
            -    b()
            +    b2()
            """, module: "M", name: "first", kind: .chaff, source: "first")
        let second = try Variant.parse("""
            hint: h
            file: F.swift
            @@
                 b()
            -    c()
            """, module: "M", name: "second", kind: .chaff, source: "second")
        XCTAssertEqual(first.hunks, [.init(file: "F.swift", original: "    a()\n    b()", replacement: "    a()\n    b2()")])
        XCTAssertEqual(try Schemata.apply([first, second], toFile: "F.swift", source: source), """
            func f() {
            if _kataShadowVariant() == 1 {
                a()
                b2()
                c()
            } else if _kataShadowVariant() == 2 {
                a()
                b()
            } else {
                a()
                b()
                c()
            }
            }

            """ + Schemata.switchDeclaration)
    }

    func test_schemata_numbersEachModulesVariantsInTheOrderOfTheirKeys() {
        func variant(_ module: String, _ name: String) -> Variant { Variant(module: module, name: name, kind: .chaff, hint: "h", hunks: []) }
        let all = [variant("M", "zeta"), variant("N", "alpha"), variant("M", "alpha")]
        XCTAssertEqual(Schemata.number(of: all[2], among: all), 1)
        XCTAssertEqual(Schemata.number(of: all[0], among: all), 2)
        XCTAssertEqual(Schemata.number(of: all[1], among: all), 1)
    }
}
