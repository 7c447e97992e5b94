import Foundation
import Testing
@testable import KataGrading

/// Each kind's generated file holds one test per case folder, no more, no fewer: a folder without
/// its test would never be graded, and a test without its folder fails.
@Suite struct GeneratedCasesTests {
    @Test func everyCaseFolderHasItsTest() throws {
        let course = try Checkout.course.get()
        for kind in CaseTests.all {
            let file = kind.file(course.paths)
            let written = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            let wanted = try kind.source(course)
            guard written != wanted else { continue }
            // The cases that differ, by the name each test grades.
            func cases(_ text: String) -> Set<String> {
                Set(text.split(separator: "\n").compactMap { line in
                    line.firstRange(of: "check(\"").map { String(line[$0.upperBound...].prefix { $0 != "\"" }) }
                })
            }
            let unread = cases(wanted).subtracting(cases(written)).sorted(), gone = cases(written).subtracting(cases(wanted)).sorted()
            Issue.record("""
                \(course.paths.relative(file)) is stale against the folders of \(kind.folder)/: run Scripts/regenerate.sh \
                (no test for \(unread.isEmpty ? "none" : unread.joined(separator: ", ")); \
                no folder for \(gone.isEmpty ? "none" : gone.joined(separator: ", ")))
                """)
        }
    }
}
