import Foundation
import KataVerdicts

/// docs/results-json.md's field table, read as the schema of `grade.sh --json`: every documented
/// field present with its documented type, no undocumented field, and the counts and verdict words
/// consistent. `--check` holds the doc's own example to it; `--check FILE…` holds results files to
/// it (the self-test's real grades).
struct ResultsSchema {
    /// `field → type` of the top level and of `exercises[]`, as the table's rows give them.
    var top: [String: String] = [:]
    var entry: [String: String] = [:]

    /// From the doc's `| \`field\` | type | meaning |` rows.
    init(doc: String) {
        for line in doc.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 3, cells[1].hasPrefix("`"), cells[1].hasSuffix("`") else { continue }
            let field = String(cells[1].dropFirst().dropLast())
            if field.hasPrefix("exercises[].") { entry[String(field.dropFirst("exercises[].".count))] = cells[2] }
            else { top[field] = cells[2] }
        }
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

    /// Every way `data` departs from the table, each naming `name` and the field.
    func problems(_ data: Data, name: String) -> [String] {
        guard !top.isEmpty, !entry.isEmpty else { return ["docs/results-json.md: found no field table"] }
        guard let document = try? JSONDecoder().decode(Value.self, from: data) else { return ["\(name): cannot read JSON"] }
        var problems: [String] = []
        func fields(_ value: Value, _ expected: [String: String], _ at: String) {
            guard case .object(let object) = value else { return problems.append("\(at): not an object") }
            for (field, type) in expected.sorted(by: { $0.key < $1.key }) {
                guard let found = object[field] else { problems.append("\(at).\(field): missing (documented as \(type))"); continue }
                if !found.matches(type) { problems.append("\(at).\(field): \(found.shown) is not \(type)") }
            }
            for field in object.keys.sorted() where expected[field] == nil {
                problems.append("\(at).\(field): not documented in docs/results-json.md")
            }
        }
        fields(document, top, name)
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
        for (index, item) in entries.enumerated() {
            let at = "\(name).exercises[\(index)]"
            fields(item, entry, at)
            guard case .object(let track) = item else { continue }
            let id = track["id"]?.text ?? "", stands = track["exerciseStatus"]?.text ?? ""
            if let earlier = standing[id], earlier != stands { problems.append("\(name): the entries of \(id) disagree on exerciseStatus") }
            standing[id] = stands
            if tracks.contains(where: { $0["id"]?.text == id && $0["status"]?.text == "done" }), stands != "done" {
                problems.append("\(name): \(id) has a done track, so its exerciseStatus must be done")
            }
            for key in ["status", "exerciseStatus"] where !words.contains(track[key]?.text ?? "") {
                problems.append("\(at).\(key): \((track[key] ?? .null).shown) is not a verdict")
            }
            if let chaffs = track["chaffs"], case .object = chaffs {
                fields(chaffs, ["caught": "number", "total": "number", "missed": "array of strings"], at + ".chaffs")
            }
        }
        // An exercise this machine cannot run (`needs`) is not counted.
        let counted = standing.values.filter { $0 != VerdictKind.needs.rawValue }.count
        if object["total"] != .number(Double(counted)) { problems.append("\(name).total: \((object["total"] ?? .null).shown) but \(counted) exercises that count") }
        if object["done"] != .number(Double(standing.values.filter { $0 == "done" }.count)) { problems.append("\(name).done: does not count the done exercises") }
        return problems
    }
}
