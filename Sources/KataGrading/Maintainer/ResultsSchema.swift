import Foundation
import KataVerdicts

/// A JSON file's schema as its doc's field table gives it, `| \`field\` | type | meaning |`: every
/// documented field present with its documented type, and no undocumented one. A field `a.b` is
/// `b` of object `a`; `a[].b` is `b` of each item of array `a` (`a[]` alone: the array itself).
/// An object with no row of its own below it is not looked into.
/// docs/results-json.md's table (`ResultsSchema`, with the counts and verdict words consistent)
/// and docs/doctor-json.md's (`DoctorSchema`) are read with it: `--check` holds the results doc's
/// example to its table; `--check FILE…` holds results files and doctor reports to theirs.
struct DocTableSchema {
    /// The doc, as problems name it: `docs/results-json.md`.
    var docName: String
    /// `field → type`, as the table's rows give them.
    var fields: [String: String] = [:]

    init(doc: String, named docName: String) {
        self.docName = docName
        for line in doc.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 3, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { continue }
            fields[String(cells[1].dropFirst().dropLast())] = cells[2]
        }
    }

    /// Every way `document` departs from the table, each at its place (`name.a[0].b`).
    func problems(_ document: Value, name: String) -> [String] {
        guard !fields.isEmpty else { return ["\(docName): found no field table"] }
        var problems: [String] = []
        for (field, type) in fields.sorted(by: { $0.key < $1.key }) {
            for (at, found) in Self.values(document, Array(field.split(separator: ".").map(String.init)), at: name) {
                guard let found else { problems.append("\(at): missing (documented as \(type))"); continue }
                if !found.matches(type) { problems.append("\(at): \(found.shown) is not \(type)") }
            }
        }
        func undocumented(_ value: Value, _ path: String, _ at: String) {
            switch value {
            case .object(let object):
                for (key, item) in object.sorted(by: { $0.key < $1.key }) {
                    let field = path.isEmpty ? key : path + "." + key
                    let below = fields.keys.contains { $0.hasPrefix(field + ".") || $0.hasPrefix(field + "[].") }
                    guard fields[field] != nil || fields[field + "[]"] != nil || below else {
                        problems.append("\(at).\(key): not documented in \(docName)"); continue
                    }
                    if below { undocumented(item, field, "\(at).\(key)") }
                }
            case .array(let items):
                for (index, item) in items.enumerated() { undocumented(item, path + "[]", "\(at)[\(index)]") }
            default: break
            }
        }
        undocumented(document, "", name)
        return problems
    }

    /// The values at `path` below `value`, each with its place; nil where it is missing.
    static func values(_ value: Value, _ path: [String], at: String) -> [(String, Value?)] {
        guard let head = path.first else { return [(at, value)] }
        let key = head.hasSuffix("[]") ? String(head.dropLast(2)) : head
        guard case .object(let object) = value else { return [("\(at).\(key)", nil)] }
        guard let found = object[key] else { return [("\(at).\(key)", nil)] }
        guard head.hasSuffix("[]"), path.count > 1 else { return values(found, Array(path.dropFirst()), at: "\(at).\(key)") }
        guard case .array(let items) = found else { return [("\(at).\(key)", found)] }
        return items.enumerated().flatMap { values($1, Array(path.dropFirst()), at: "\(at).\(key)[\($0)]") }
    }

    /// The doc's first ```json block.
    static func example(in doc: String) -> String? {
        guard let start = doc.range(of: "```json\n"), let end = doc.range(of: "```", range: start.upperBound..<doc.endIndex) else { return nil }
        return String(doc[start.upperBound..<end.lowerBound])
    }

    /// A JSON value as written: a number and a boolean stay apart on every platform.
    indirect enum Value: Decodable, Equatable {
        case null, boolean(Bool), number(Double), string(String), array([Value]), object([String: Value])

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null }
            else if let v = try? c.decode(Bool.self) { self = .boolean(v) }
            else if let v = try? c.decode(Double.self) { self = .number(v) }
            else if let v = try? c.decode(String.self) { self = .string(v) }
            else if let v = try? c.decode([Value].self) { self = .array(v) }
            else { self = .object(try c.decode([String: Value].self)) }
        }

        var text: String? { if case .string(let v) = self { v } else { nil } }
        var shown: String {
            switch self {
            case .null: "null"
            case .boolean(let v): "\(v)"
            case .number(let v): v == v.rounded() && abs(v) < 1e15 ? "\(Int(v))" : "\(v)"
            case .string(let v): "\"\(v.prefix(60))\""
            case .array: "an array"
            case .object: "an object"
            }
        }

        func matches(_ type: String) -> Bool {
            switch (self, type.hasSuffix(" or null") ? String(type.dropLast(" or null".count)) : type) {
            case (.null, _): type.hasSuffix(" or null")
            case (.number, "number"), (.boolean, "boolean"), (.string, "string"), (.array, "array"), (.object, "object"): true
            case (.array(let items), "array of strings"): items.allSatisfy { $0.text != nil }
            default: false
            }
        }
    }
}

/// docs/results-json.md's table, with what the rows cannot say: the counts and verdict words
/// consistent, and the planted bugs' three fields the `chaffs` row names in words.
struct ResultsSchema {
    var table: DocTableSchema

    init(doc: String) {
        table = DocTableSchema(doc: doc, named: "docs/results-json.md")
        for (field, type) in ["caught": "number", "total": "number", "missed": "array of strings"] { table.fields["exercises[].chaffs.\(field)"] = type }
    }

    typealias Value = DocTableSchema.Value

    /// Every way `data` departs from the table, each naming `name` and the field.
    func problems(_ data: Data, name: String) -> [String] {
        guard table.fields.count > 3 else { return ["docs/results-json.md: found no field table"] }
        guard let document = try? JSONDecoder().decode(Value.self, from: data) else { return ["\(name): cannot read JSON"] }
        var problems = table.problems(document, name: name)
        guard case .object(let object) = document else { return problems }
        let status = object["status"]?.text
        if !["pass", "fail", "error"].contains(status ?? "") { problems.append("\(name).status: \((object["status"] ?? .null).shown) is not pass, fail or error") }
        if (status == "error") != (object["message"]?.text != nil) { problems.append("\(name).message: must be a string exactly when status is error") }
        guard case .array(let entries)? = object["exercises"] else { return problems }
        // One exercise may have an entry per track: done and total count exercises, each by the
        // verdict that stands for it (exerciseStatus, the same in every entry of one id).
        var standing: [String: String] = [:]
        let words = Set(VerdictKind.allCases.map(\.rawValue))
        let tracks: [[String: Value]] = entries.compactMap { if case .object(let o) = $0 { o } else { nil } }
        for (index, track) in tracks.enumerated() {
            let at = "\(name).exercises[\(index)]"
            let id = track["id"]?.text ?? "", stands = track["exerciseStatus"]?.text ?? ""
            if let earlier = standing[id], earlier != stands { problems.append("\(name): the entries of \(id) disagree on exerciseStatus") }
            standing[id] = stands
            if tracks.contains(where: { $0["id"]?.text == id && $0["status"]?.text == "done" }), stands != "done" {
                problems.append("\(name): \(id) has a done track, so its exerciseStatus must be done")
            }
            for key in ["status", "exerciseStatus"] where !words.contains(track[key]?.text ?? "") {
                problems.append("\(at).\(key): \((track[key] ?? .null).shown) is not a verdict")
            }
        }
        // An exercise this machine cannot run (`needs`) is not counted.
        let counted = standing.values.filter { $0 != VerdictKind.needs.rawValue }.count
        if object["total"] != .number(Double(counted)) { problems.append("\(name).total: \((object["total"] ?? .null).shown) but \(counted) exercises that count") }
        if object["done"] != .number(Double(standing.values.filter { $0 == "done" }.count)) { problems.append("\(name).done: does not count the done exercises") }
        return problems
    }

    /// The doc's first ```json block.
    static func example(in doc: String) -> String? { DocTableSchema.example(in: doc) }
}
