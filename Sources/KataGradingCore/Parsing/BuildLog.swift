import Foundation

/// Reads a failed `swift build` of the shadow copy and says which exercises' targets caused it.
///
/// Every exercise is a target named `Grade_<id>` in the folder `Grade/Grade_<id>/`, so anything in
/// the log that names such a folder or target blames that exercise, however the path around it is
/// spelled (through a symlink, with `:` or spaces in it). That covers:
/// - compiler errors, `…/Grade/Grade_x/File.swift:12:5: error: …`;
/// - errors inside a macro expansion, `macro expansion @Test:4:171: error: …`, whose file is named
///   only by the note that follows (`…/Grade/Grade_x/File.swift:2:101: note: expanded code originates here`);
/// - link errors, which name the file through debug info or the object file `Grade_x.build/File.swift.o`,
///   under a build folder that is itself under the checkout's `.build/` (the linker's words, such
///   as "undefined reference to `x'", are the message).
///
/// `Tests/KataGradingCoreTests/Golden/swiftpm-build-*.log` are real logs of each kind.
public enum BuildLog {
    public struct Blame: Equatable, Sendable {
        public var target: String
        public var file: String?
        public var line: Int?
        public var message: String
        /// The error is in the file SwiftPM generated for the target's XCTest discovery on Linux
        /// (`…DiscoveredTests.derived/Grade_x.swift`), not in the attendee's own.
        public var inTestDiscovery = false

        public init(target: String, file: String?, line: Int?, message: String, inTestDiscovery: Bool = false) {
            (self.target, self.file, self.line, self.message, self.inTestDiscovery) = (target, file, line, message, inTestDiscovery)
        }
    }

    public static func blame(_ output: String, targets: Set<String>) -> [Blame] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result: [Blame] = []
        for (index, line) in lines.enumerated() {
            guard let errorRange = line.range(of: "error: ") else { continue }
            var message = String(line[errorRange.upperBound...]).trimmingCharacters(in: .whitespaces)
            if message.hasPrefix("link command failed"), let linker = linkerMessage(near: index, in: lines) { message = linker }
            // The error's own line first, then the notes right under it (a macro expansion's origin),
            // or the object a link error names.
            let window = [line] + lines[(index + 1)..<min(lines.count, index + 6)].filter { $0.contains("note:") || $0.contains(".o:") }
            for candidate in window {
                if var blame = locate(candidate, targets: targets) {
                    blame.message = message
                    if !result.contains(where: { $0.target == blame.target }) { result.append(blame) }
                    break
                }
            }
        }
        return result
    }

    /// Finds `Grade/<target>/<file>:<line>`, `<target>.build/<file>.o` or SwiftPM's discovery file
    /// `DiscoveredTests.derived/<target>.swift` in a line.
    static func locate(_ line: String, targets: Set<String>) -> Blame? {
        if let range = line.range(of: "DiscoveredTests.derived/Grade_") {
            let rest = line[line.index(range.lowerBound, offsetBy: "DiscoveredTests.derived/".count)...]
            let target = String(rest.prefix { $0 != "." && $0 != ":" })
            guard targets.contains(target) else { return nil }
            return Blame(target: target, file: nil, line: nil, message: "", inTestDiscovery: true)
        }
        if let range = line.range(of: "/Grade/Grade_") {
            let rest = line[line.index(range.lowerBound, offsetBy: "/Grade/".count)...]
            let target = String(rest.prefix { $0 != "/" })
            guard targets.contains(target) else { return nil }
            let afterTarget = rest.dropFirst(target.count + 1)
            let file = String(afterTarget.prefix { $0 != ":" })
            let number = Int(afterTarget.dropFirst(file.count + 1).prefix { $0.isNumber })
            return Blame(target: target, file: file.hasSuffix(".swift") ? file : nil, line: number, message: "")
        }
        // An object file, `…/Grade_x.build/File.swift.o`: the folder named after a target, wherever
        // it sits (the shadow copy's own path holds `.build/` twice before it).
        for range in line.ranges(of: ".build/") {
            let folder = line[..<range.lowerBound]
            let target = String(folder[(folder.range(of: "/", options: .backwards)?.upperBound ?? folder.startIndex)...])
            guard targets.contains(target) else { continue }
            let file = line[range.upperBound...].prefix { $0 != ":" && $0 != " " && $0 != ")" }
            let swiftFile = file.hasSuffix(".swift.o") ? String(file.dropLast(2)) : nil
            return Blame(target: target, file: swiftFile, line: nil, message: "")
        }
        return nil
    }

    /// The symbols a failed link could not find, as the linker names them: "undefined reference to
    /// `x'" (bfd), "undefined reference to 'x'" (gold) or "undefined symbol: x" (lld). Gold names
    /// no object file when its line comes from `<compiler-generated>`; the grader then asks which
    /// track's objects use the symbol (`ShadowBuild`).
    public static func undefinedSymbols(in output: String) -> [String] {
        var symbols: [String] = []
        for line in output.split(separator: "\n") {
            for words in ["undefined reference to ", "undefined symbol: "] {
                guard let range = line.range(of: words) else { continue }
                let quoted = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
                let symbol = String(quoted.drop { "`'\"".contains($0) }.prefix { !"`'\" ".contains($0) })
                if !symbol.isEmpty, !symbols.contains(symbol) { symbols.append(symbol) }
            }
        }
        return symbols
    }

    /// The linker's own words for a link that failed, when the log holds them: a linker's
    /// "undefined reference to `x'" (bfd, gold) or "undefined symbol: x" (lld), rather than the
    /// driver's "link command failed" that names nothing.
    static func linkerMessage(near index: Int, in lines: [String]) -> String? {
        for line in lines[index..<min(lines.count, index + 12)] {
            for words in ["undefined reference to ", "undefined symbol: "] {
                if let range = line.range(of: words) { return String(line[range.lowerBound...]).trimmingCharacters(in: .whitespaces) }
            }
        }
        return nil
    }
}
