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
        var reader = VariantTextReader(source: source, allowed: allowed, fields: fields)
        let lines = text.components(separatedBy: "\n")
        for (index, line) in lines.enumerated() { try reader.read(line, number: index + 1) }
        let read = try reader.finish()
        fields = reader.fields
        return read
    }
}
