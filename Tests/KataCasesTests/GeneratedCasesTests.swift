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
            let missing = Set(wanted.split(separator: "\n")).subtracting(written.split(separator: "\n")).count
            let extra = Set(written.split(separator: "\n")).subtracting(wanted.split(separator: "\n")).count
            #expect(written == wanted, """
                \(course.paths.relative(file)) is stale against the folders of \(kind.folder)/ \
                (\(missing) line\(missing == 1 ? "" : "s") missing, \(extra) too many): run Scripts/regenerate.sh
                """)
        }
    }
}
