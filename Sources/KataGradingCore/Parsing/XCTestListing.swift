import Foundation

/// Reads the list of XCTest tests that a test product holds, in the JSON both platforms write:
/// swift-corelibs-xctest's `--dump-tests-json` on Linux, Xcode's `swiftpm-xctest-helper` on macOS
/// (SwiftPM reads both with one parser, `SwiftTestCommand.swift`). A tree of suites, each
/// `{"name": …, "tests": […]}`; a test is a leaf `{"name": "testMethod"}` whose suite is named
/// `Module.Class`:
///
///     {"name":"All tests","tests":[{"name":"P.xctest","tests":[
///         {"name":"Grade_x.SearchTests","tests":[{"name":"test_a"},{"name":"test_b"}]}]}]}
public enum XCTestListing {
    /// `["Grade_x": ["SearchTests.test_a", …]]`: by shadow test target, `Class.test` names. Nil
    /// when `data` is not such a tree.
    public static func testsByTarget(_ data: Data) -> [String: [String]]? {
        guard let start = data.firstIndex(of: UInt8(ascii: "{")),
              let root = try? JSONSerialization.jsonObject(with: data[start...]) as? [String: Any] else { return nil }
        var result: [String: [String]] = [:]
        func walk(_ node: [String: Any]) {
            guard let name = node["name"] as? String, let children = node["tests"] as? [[String: Any]] else { return }
            for child in children {
                if child["tests"] != nil {
                    walk(child)
                } else if let test = child["name"] as? String, let dot = name.firstIndex(of: ".") {
                    // (Apple's helper already strips `AndReturnError` from a throwing test's selector.)
                    result[String(name[..<dot]), default: []].append("\(name[name.index(after: dot)...]).\(test)")
                }
            }
        }
        walk(root)
        return result
    }
}
