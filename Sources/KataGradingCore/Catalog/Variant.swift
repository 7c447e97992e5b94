import Foundation

/// A version of a legacy module that differs from the real one by a few hunks.
///
/// A *chaff* carries one bug that an exercise's tests must catch; a *wheat* is correct but behaves
/// differently in time, and the tests must pass it. Both live in `Catalog/Variants/<Module>/`, never
/// in `Sources/`, and reach code only in the grader's shadow copy (see `Schemata`).
public struct Variant: Sendable, Equatable {
    public enum Kind: String, Sendable { case chaff, wheat }

    public struct Hunk: Sendable, Equatable {
        /// Path relative to `Sources/<Module>/`.
        public var file: String
        public var original: String
        public var replacement: String
    }

    /// How a wheat's behaviour differs from the real code's. A test that rejects it depends on
    /// that difference, so the advice for "rejects correct code" is worded by it, after the wheat's
    /// own hint.
    public enum Difference: String, Sendable, CaseIterable {
        /// It answers later, sooner, or on another thread.
        case timing
        /// It gives the same result in another form: another order, spacing or way of decoding.
        case form
        /// It reports what happens along the way another number of times.
        case count
        /// It differs only on an input that the real world never gives it.
        case input
        /// It does things in another order its contract allows (the same items, another sequence).
        case order
        /// It shares state its contract allows it to share (a default that is app-wide), so what
        /// one test leaves behind shows in another.
        case state
    }

    public var module: String
    public var name: String
    public var kind: Kind
    /// The hint in words that fit both frameworks: the room's, and a track's when it has none of
    /// its own.
    public var hint: String
    /// `hint@xctest:` and `hint@swift-testing:` lines: the hint in one framework's words, for a
    /// variant that exercises of both frameworks grade against (a hint that names
    /// `confirmation(expectedCount:)` is wrong advice in an XCTest track).
    public var frameworkHints: [Catalog.Framework: String] = [:]
    public var hunks: [Hunk]
    /// A wheat's `differs:` line; nil for a chaff.
    public var differs: Difference?
    /// A timing wheat's `within:` line: the perturbation point whose contract it is inside, and
    /// the delay in milliseconds it amounts to (`grade.sh --check` verifies it is in the range).
    public var within: Within?

    /// A point of the module and the delay at it that a timing wheat amounts to.
    public struct Within: Sendable, Equatable {
        public var point: String
        public var milliseconds: Int
    }
    /// For a wheat the grader generates from the module's perturbation points (`Perturbation`):
    /// the seed that picks each point's delay. Nil for every variant written in the catalog.
    public var seed: UInt32?
    /// For a generated wheat: the template it runs (`Perturbation.templateName(for:)`).
    public var template: String?
    /// For a generated wheat: each point it delays, with its contract and the delay its seed picks.
    public var delays: [Perturbation.Delay] = []

    /// How a wheat differs from the real code, timing when its file does not say.
    public var difference: Difference { differs ?? .timing }

    public init(module: String, name: String, kind: Kind, hint: String, hunks: [Hunk], differs: Difference? = nil) {
        self.module = module
        self.name = name
        self.kind = kind
        self.hint = hint
        self.hunks = hunks
        self.differs = differs
    }

    /// The hint an attendee on `framework`'s track reads.
    public func hint(for framework: Catalog.Framework) -> String { frameworkHints[framework] ?? hint }

    /// The value of `KATA_VARIANT` that switches this variant on: `Module/name`.
    public var key: String { "\(module)/\(name)" }
}

extension Variant {
    /// Parses the text of one `.chaff` or `.wheat` file. `Catalog/README.md` shows the format.
    ///
    /// A hunk is either a small diff (`@@`, then lines that start with a space for context, `-`
    /// for an original line, `+` for a variant line), or the older whole-block form
    /// (`<<<<<<< original` … `=======` … `>>>>>>> variant`).
    public static func parse(_ text: String, module: String, name: String, kind: Kind, source: String) throws -> Variant {
        var fields: [String: (line: Int, value: String)] = [:]
        let (headers, hunks) = try read(text, source: source, fields: kind == .wheat ? ["within"] : [], into: &fields)
        guard let hint = headers.hint, !hint.isEmpty else { throw CatalogError("\(source): a `hint:` line is missing.") }
        if kind == .wheat, headers.differs == nil {
            throw CatalogError("\(source): a wheat needs a `differs:` line, how it differs from the real code: \(Difference.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        if kind == .chaff, let differs = headers.differsLine {
            throw CatalogError("\(source):\(differs): only a wheat has a `differs:` line.")
        }
        var variant = Variant(module: module, name: name, kind: kind, hint: hint, hunks: hunks, differs: headers.differs)
        variant.frameworkHints = headers.frameworkHints
        if let within = fields["within"] {
            let words = within.value.split(separator: " ")
            guard words.count == 2, let milliseconds = Int(words[1]), milliseconds >= 0 else {
                throw CatalogError("\(source):\(within.line): `within:` takes a point of this module and a delay in milliseconds, as `within: answer-later 300`.")
            }
            variant.within = Within(point: String(words[0]), milliseconds: milliseconds)
        }
        return variant
    }

    struct Headers {
        var hint: String?
        var frameworkHints: [Catalog.Framework: String] = [:]
        var differs: Difference?
        var differsLine: Int?
    }

    /// Reads the headers and hunks of a variant's or a perturbation point's text: `hint:`,
    /// `hint@…:`, `differs:`, and each key of `fields` (into `fields`), then `file:` and hunks.
    static func read(_ text: String, source: String, fields allowed: Set<String>,
                     into fields: inout [String: (line: Int, value: String)]) throws -> (Headers, [Hunk]) {
        var hint: String?
        var frameworkHints: [Catalog.Framework: String] = [:]
        var differs: Difference?
        var differsLine: Int?
        var file: String?
        var hunks: [Hunk] = []
        enum Section { case header, original, replacement, diff }
        var section = Section.header
        var original: [String] = []
        var replacement: [String] = []
        var diffStart = 0

        func fail(_ line: Int, _ message: String) -> CatalogError {
            CatalogError("\(source):\(line): \(message)")
        }
        func closeDiff(_ number: Int) throws {
            // Blank lines at the end of a diff are the file's spacing, not context.
            while original.last == "" && replacement.last == "" { original.removeLast(); replacement.removeLast() }
            guard original.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
                throw fail(diffStart, "the diff after @@ has no original line (context or -).")
            }
            guard original != replacement else { throw fail(diffStart, "the diff after @@ changes nothing.") }
            hunks.append(Hunk(file: file!, original: original.joined(separator: "\n"), replacement: replacement.joined(separator: "\n")))
            section = .header
        }
        let lines = text.components(separatedBy: "\n")
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if section == .diff {
                if line.hasPrefix("@@") || line.hasPrefix("file:") {
                    try closeDiff(number)
                } else {
                    if line.hasPrefix("-") { original.append(String(line.dropFirst())) }
                    else if line.hasPrefix("+") { replacement.append(String(line.dropFirst())) }
                    else if line.hasPrefix(" ") { original.append(String(line.dropFirst())); replacement.append(String(line.dropFirst())) }
                    else if line.isEmpty { original.append(""); replacement.append("") }
                    else { throw fail(number, "a diff line starts with a space, - or +, found: \(line)") }
                    continue
                }
            }
            switch section {
            case .header, .diff:
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                if trimmed.hasPrefix("hint:") {
                    hint = trimmed.dropFirst("hint:".count).trimmingCharacters(in: .whitespaces)
                } else if trimmed.hasPrefix("hint@"), let colon = trimmed.firstIndex(of: ":") {
                    let name = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<colon]
                    guard let framework = Catalog.Framework(rawValue: String(name)) else {
                        throw fail(number, "`hint@\(name):` names no framework: write hint@xctest: or hint@swift-testing:.")
                    }
                    frameworkHints[framework] = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                } else if trimmed.hasPrefix("differs:") {
                    let value = trimmed.dropFirst("differs:".count).trimmingCharacters(in: .whitespaces)
                    guard let parsed = Difference(rawValue: value) else {
                        throw fail(number, "`differs:` takes \(Difference.allCases.map(\.rawValue).joined(separator: ", ")), not \(value).")
                    }
                    differs = parsed
                    differsLine = number
                } else if let colon = trimmed.firstIndex(of: ":"), allowed.contains(String(trimmed[..<colon])) {
                    fields[String(trimmed[..<colon])] = (number, trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                } else if trimmed.hasPrefix("file:") {
                    file = trimmed.dropFirst("file:".count).trimmingCharacters(in: .whitespaces)
                } else if trimmed.hasPrefix("@@") {
                    guard file != nil else { throw fail(number, "a hunk needs a `file:` line before it.") }
                    section = .diff
                    diffStart = number
                    original = []
                    replacement = []
                } else if trimmed.hasPrefix("<<<<<<<") {
                    guard file != nil else { throw fail(number, "a hunk needs a `file:` line before it.") }
                    section = .original
                    original = []
                } else {
                    let keys = (["hint", "hint@xctest", "hint@swift-testing", "differs"] + allowed.sorted() + ["file"]).map { "`\($0):`" }
                    throw fail(number, "expected \(keys.joined(separator: ", ")), `@@` or `<<<<<<< original`, found: \(trimmed)")
                }
            case .original:
                if line.hasPrefix("=======") {
                    section = .replacement
                    replacement = []
                } else {
                    original.append(line)
                }
            case .replacement:
                if line.hasPrefix(">>>>>>>") {
                    guard !original.isEmpty, original.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
                        throw fail(number, "the original block of this hunk is empty.")
                    }
                    hunks.append(Hunk(file: file!, original: original.joined(separator: "\n"),
                                      replacement: replacement.joined(separator: "\n")))
                    section = .header
                } else {
                    replacement.append(line)
                }
            }
        }
        if section == .diff { try closeDiff(lines.count) }
        guard section == .header else { throw CatalogError("\(source): a hunk is not closed with `>>>>>>>`.") }
        guard !hunks.isEmpty else { throw CatalogError("\(source): it has no hunk (`@@` and a diff, or `<<<<<<< original` … `=======` … `>>>>>>>`).") }
        return (Headers(hint: hint, frameworkHints: frameworkHints, differs: differs, differsLine: differsLine), hunks)
    }
}
