/// Reads the records that the grader's XCTest observer (generated into the shadow copy, see
/// `XCTestObserverSource`) writes to the run's channel: one line per event, tab-separated fields,
/// tabs, newlines and backslashes escaped.
///
///     B                               the bundle starts
///     D <test>                        a test the run will execute
///     T <test>                        a test starts
///     R <test>                        its own code has returned (its teardown begins)
///     F <test> <file> <line> <text>   a failure in the running test
///     E <test> <seconds> <skipped> <failures>
///                                     a test ends (skipped: 0 or 1; failures: XCTest's own count)
///     X <what>                        the hook saw a trap end the process (a dispatch_sync deadlock)
///     Z <failures>                    the bundle ends (XCTest's own count of the run's failures)
///     Q <status> <who>                the process calls `exit(status)` (the hook's record, either
///                                     framework): who called it, the framework's library or not
///     S <hex>                         bytes Swift Testing wrote to its event stream, forwarded by
///                                     the hook (Linux): read into `forwardedStream`
///
/// With the run's key (`ChannelKey`), every record must carry the hook's MAC for its place in the
/// sequence: one that does not (written by the test, or after a record that never arrived) marks
/// the report silenced, and nothing after it is read. So does a count of failures that XCTest made
/// but whose failures never reached the channel.
///
/// A failure for a test that has already ended is late (`RunReport.late`), as in Swift Testing.
/// A line of any other shape means something other than the observer wrote into the channel:
/// the report is marked damaged, and a damaged run never passes.
public struct XCTestRecords: Sendable {
    /// Each record's first field: the one spelling of the letters, which the observer
    /// (`XCTestObserverSource`) and the run hook (`RunHookSource`) write from these values.
    public enum Letter: String, Sendable, CaseIterable {
        case bundleStarts = "B", declared = "D", testStarts = "T", returned = "R", failure = "F", testEnds = "E"
        case trap = "X", bundleEnds = "Z", exit = "Q", stream = "S"
    }

    public private(set) var report = RunReport()
    private var lines = LineReader(longest: 16 << 10)
    private var seconds = 0.0
    /// Tests whose own code has returned (an `R` record).
    private var returned: Set<String> = []
    /// The run's key: nil reads records without MACs (recorded ones, in the kata's own tests).
    public var key: ChannelKey?
    private var sequence: UInt64 = 0
    /// Swift Testing's event stream as the hook forwarded it (`S` records), read as it arrives.
    public private(set) var forwardedStream = SwiftTestingStream()
    /// Whether any `S` record came: Swift Testing writes its first records (the tests of its plan)
    /// before any test runs, so a run with none is one whose stream the hook never saw opened.
    public private(set) var forwarded = false

    public init(key: ChannelKey? = nil) { self.key = key }

    public mutating func feed(_ chunk: UnsafeRawBufferPointer) {
        for line in lines.lines(in: chunk) { read(line) }
    }

    public mutating func end() {
        if let last = lines.end() { read(last) }
        forwardedStream.end()
        // Judged once every record is in: a failure on another thread is counted before it is
        // reported, so its record can follow the end of its test.
        if report.failures.count < RunReport.mostFailures, let test = counted.keys.sorted().first(where: { !failed($0) }),
           let count = counted[test] {
            report.markSilenced("XCTest counted \(count) failure\(count == 1 ? "" : "s") in \(test) that never reached the grader")
        }
        if runCounted > 0, report.failures.isEmpty, report.late.isEmpty {
            report.markSilenced("XCTest counted \(runCounted) failure\(runCounted == 1 ? "" : "s") in the run that never reached the grader")
        }
    }

    /// Failures XCTest counted in each test (`E`), and in the whole run (`Z`).
    private var counted: [String: Int] = [:]
    private var runCounted = 0
    /// Every test a failure record named, whenever it came.
    private var named: Set<String> = []

    private func failed(_ test: String) -> Bool { named.contains(test) || report.failures.contains { $0.test == test } }

    static func bytes(ofHex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case 48...57: return digit - 48
            case 97...102: return digit - 87
            default: return nil
            }
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    mutating func read(_ line: LineReader.Line) {
        guard report.silenced == nil else { return }
        guard !line.cut else { return report.markDamaged("a record too long to be the observer's") }
        var bytes = line.bytes
        if let key {
            guard let payload = key.verify(bytes, sequence: sequence) else {
                return report.markSilenced("a record on its channel was not the framework's, or one of the framework's never arrived")
            }
            sequence += 1
            bytes = payload
        }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false)
            .map { Self.unescaped($0) }
        switch (fields.first.flatMap(Letter.init(rawValue:)), fields.count) {
        case (.bundleStarts?, 1):
            break
        case (.declared?, 2):
            report.declare(Self.normalized(fields[1]))
        case (.testStarts?, 2):
            report.running = Self.normalized(fields[1])
        case (.returned?, 2):
            returned.insert(Self.normalized(fields[1]))
        case (.failure?, 5):
            let location = fields[2].isEmpty ? nil : "\(fields[2]):\(fields[3])"
            let test = Self.normalized(fields[1])
            if named.count < RunReport.mostNames { named.insert(test) }
            if returned.contains(test), !report.finished.contains(test) {
                // During its teardown: the test's own code had returned. Who ran the check decides
                // (`LateChecks`): its tearDown, or a callback the test left behind.
                return report.failAfterReturning(test, message: fields[4], location: location)
            }
            // A failure XCTest charges to a test that has already ended: a check in a callback that
            // outlived its test. Late, as in Swift Testing: whether it comes at all is a race.
            if report.finished.contains(test) {
                report.recordLate(message: fields[4], location: location)
            } else {
                report.fail(test, message: fields[4], location: location)
            }
        case (.testEnds?, 4), (.testEnds?, 5):
            let test = Self.normalized(fields[1])
            if fields[3] == "1" { report.skip(test, reason: nil) }
            seconds += Double(fields[2]) ?? 0
            if fields.count == 5 {
                guard let count = Int(fields[4]) else { return report.markDamaged("a line that is not one of the observer's records") }
                if count > 0, counted.count < RunReport.mostNames { counted[test] = count }
            }
            report.finish(test)
            if report.running == test { report.running = nil }
        case (.trap?, 2):
            report.trap = fields[1]
        case (.bundleEnds?, 1), (.bundleEnds?, 2):
            if fields.count == 2 {
                guard let count = Int(fields[1]) else { return report.markDamaged("a line that is not one of the observer's records") }
                runCounted = count
            }
            report.reachedEnd = true
            report.seconds = seconds
        case (.stream?, 2):
            guard let bytes = Self.bytes(ofHex: fields[1]) else { return report.markDamaged("a forwarded piece of the event stream that is not hexadecimal") }
            forwarded = true
            bytes.withUnsafeBytes { forwardedStream.feed($0) }
        case (.exit?, 3):
            report.exit = RunReport.Exit(status: Int32(fields[1]) ?? -1, byFramework: fields[2] == "framework", caller: fields[2])
        default:
            report.markDamaged("a line that is not one of the observer's records")
        }
    }

    static func unescaped(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var result = ""
        var escaping = false
        for character in field {
            if escaping {
                result.append(character == "t" ? "\t" : character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Apple's XCTest names a test `-[Module.Class testName]`; swift-corelibs-xctest `Class.testName`.
    static func normalized(_ name: String) -> String {
        guard name.hasPrefix("-["), name.hasSuffix("]"), let space = name.firstIndex(of: " ") else { return name }
        let qualified = name[name.index(name.startIndex, offsetBy: 2)..<space]
        let klass = qualified.split(separator: ".").last.map(String.init) ?? String(qualified)
        return klass + "." + name[name.index(after: space)..<name.index(before: name.endIndex)]
    }
}
