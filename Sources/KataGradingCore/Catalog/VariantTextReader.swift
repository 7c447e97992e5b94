/// Reads a variant's or a perturbation point's text one line at a time (`Variant.read`): the
/// headers (`hint:`, `hint@…:`, `differs:`, the caller's own fields), then `file:` and hunks,
/// each hunk a unified diff after `@@` or an `<<<<<<< original` … `=======` … `>>>>>>>` block.
/// Every error names the source and the line.
struct VariantTextReader {
    let source: String
    let allowed: Set<String>
    var fields: [String: (line: Int, value: String)]
    private var headers = Variant.Headers()
    private var file: String?
    private var hunks: [Variant.Hunk] = []
    private enum Section { case header, original, replacement, diff }
    private var section = Section.header
    private var original: [String] = []
    private var replacement: [String] = []
    private var diffStart = 0

    init(source: String, allowed: Set<String>, fields: [String: (line: Int, value: String)]) {
        self.source = source
        self.allowed = allowed
        self.fields = fields
    }

    private func fail(_ line: Int, _ message: String) -> CatalogError {
        CatalogError("\(source):\(line): \(message)")
    }

    mutating func read(_ line: String, number: Int) throws {
        if section == .diff {
            guard line.hasPrefix("@@") || line.hasPrefix("file:") else { return try diffLine(line, number: number) }
            try closeDiff()
        }
        switch section {
        case .header, .diff: try header(line, number: number)
        case .original: blockOriginal(line)
        case .replacement: try blockReplacement(line, number: number)
        }
    }

    /// The headers and hunks read, once every line is.
    mutating func finish() throws -> (Variant.Headers, [Variant.Hunk]) {
        if section == .diff { try closeDiff() }
        guard section == .header else { throw CatalogError("\(source): a hunk is not closed with `>>>>>>>`.") }
        guard !hunks.isEmpty else { throw CatalogError("\(source): it has no hunk (`@@` and a diff, or `<<<<<<< original` … `=======` … `>>>>>>>`).") }
        return (headers, hunks)
    }

    private mutating func header(_ line: String, number: Int) throws {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return }
        if trimmed.hasPrefix("hint:") {
            headers.hint = trimmed.dropFirst("hint:".count).trimmingCharacters(in: .whitespaces)
        } else if trimmed.hasPrefix("hint@"), let colon = trimmed.firstIndex(of: ":") {
            let name = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<colon]
            guard let framework = Catalog.Framework(rawValue: String(name)) else {
                throw fail(number, "`hint@\(name):` names no framework: write hint@xctest: or hint@swift-testing:.")
            }
            headers.frameworkHints[framework] = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        } else if trimmed.hasPrefix("differs:") {
            let value = trimmed.dropFirst("differs:".count).trimmingCharacters(in: .whitespaces)
            guard let parsed = Variant.Difference(rawValue: value) else {
                throw fail(number, "`differs:` takes \(Variant.Difference.allCases.map(\.rawValue).joined(separator: ", ")), not \(value).")
            }
            headers.differs = parsed
            headers.differsLine = number
        } else if let colon = trimmed.firstIndex(of: ":"), allowed.contains(String(trimmed[..<colon])) {
            fields[String(trimmed[..<colon])] = (number, trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        } else if trimmed.hasPrefix("file:") {
            file = trimmed.dropFirst("file:".count).trimmingCharacters(in: .whitespaces)
        } else if trimmed.hasPrefix("@@") || trimmed.hasPrefix("<<<<<<<") {
            guard file != nil else { throw fail(number, "a hunk needs a `file:` line before it.") }
            section = trimmed.hasPrefix("@@") ? .diff : .original
            diffStart = number
            original = []
            replacement = []
        } else {
            let keys = (["hint", "hint@xctest", "hint@swift-testing", "differs"] + allowed.sorted() + ["file"]).map { "`\($0):`" }
            throw fail(number, "expected \(keys.joined(separator: ", ")), `@@` or `<<<<<<< original`, found: \(trimmed)")
        }
    }

    private mutating func diffLine(_ line: String, number: Int) throws {
        if line.hasPrefix("-") { original.append(String(line.dropFirst())) }
        else if line.hasPrefix("+") { replacement.append(String(line.dropFirst())) }
        else if line.hasPrefix(" ") { original.append(String(line.dropFirst())); replacement.append(String(line.dropFirst())) }
        else if line.isEmpty { original.append(""); replacement.append("") }
        else { throw fail(number, "a diff line starts with a space, - or +, found: \(line)") }
    }

    private mutating func closeDiff() throws {
        // Blank lines at the end of a diff are the file's spacing, not context.
        while original.last == "" && replacement.last == "" { original.removeLast(); replacement.removeLast() }
        guard original.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw fail(diffStart, "the diff after @@ has no original line (context or -).")
        }
        guard original != replacement else { throw fail(diffStart, "the diff after @@ changes nothing.") }
        try addHunk(at: diffStart)
    }

    private mutating func blockOriginal(_ line: String) {
        if line.hasPrefix("=======") { section = .replacement } else { original.append(line) }
    }

    private mutating func blockReplacement(_ line: String, number: Int) throws {
        guard line.hasPrefix(">>>>>>>") else { return replacement.append(line) }
        guard original.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw fail(number, "the original block of this hunk is empty.")
        }
        try addHunk(at: number)
    }

    private mutating func addHunk(at number: Int) throws {
        // A hunk section is entered only after a `file:` line (header).
        guard let file else { throw fail(number, "a hunk needs a `file:` line before it.") }
        hunks.append(Variant.Hunk(file: file, original: original.joined(separator: "\n"), replacement: replacement.joined(separator: "\n")))
        section = .header
    }
}
