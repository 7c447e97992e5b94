/// How to recognise a line of a run's output by its start or by a piece of it.
///
/// The supervisor caps what a run may print, and past its cap keeps only the lines the grader
/// reads; it is handed `linesTheGraderReads`, so that the parsers and the cap cannot drift apart.
public struct LineMarkers: Sendable, Equatable {
    /// A line that starts with one of these.
    public var prefixes: [String]
    /// A line that holds one of these.
    public var markers: [String]

    public init(prefixes: [String], markers: [String]) {
        self.prefixes = prefixes
        self.markers = markers
    }

    /// The lines the parsers read (XCTest's test case lines and assertions, Swift's fatal errors,
    /// libdispatch's deadlock), and XCTest's suite lines and totals, which make a cut log readable.
    public static let linesTheGraderReads = LineMarkers(
        prefixes: [XCTestConsole.lineStart, "Test Suite '"],
        markers: [XCTestConsole.assertionMarker, TestOutputParser.fatalErrorMarker, "Executed "] + TestOutputParser.deadlockMarkers)
}
