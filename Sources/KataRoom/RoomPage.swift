import Foundation
import KataVerdicts

/// The room's one page: self-contained (no external script, font or style, so it works with no
/// internet), redrawn from `/api/room` every two seconds. Its code is three files edited as such,
/// `Page/room.html`, `room.css` and `room.js` (a test parses the script with Node and checks the
/// style sheet and the ids, naming the file's lines); `html` puts them together.
///
/// Laid out by the room's size and the screen's, for a projector from 1280×720 to 1920×1080: the
/// grid (one row per attendee, who needs help first, one column per exercise under its pattern)
/// on the left, "Looks stuck", "Explain next", the legend and the controls beside it, all on the
/// first screen. The table's columns share its width (`table-layout: fixed`), so more exercises
/// make narrower columns, never a horizontal scroll; names wrap instead of being cut. The rows'
/// type shrinks until the room fits the screen's height, but never below 16 px, which reads from
/// the back of a room; when the room still does not fit, the heads grow compact (`body.short`),
/// and rows that stay below the screen are named in a bar at its bottom that says to scroll.
/// The side's lists shorten the same way, each saying how many it left off and where they are.
/// "Per exercise reached" takes the grid's place at the press of a button on the first screen.
/// Below 900 px wide (a phone) the parts stack, the join line first, and only the grid scrolls
/// sideways.
///
/// Every attendee-supplied string reaches the page through `textContent`, never through HTML
/// markup, so a name such as `<script>…` shows as text. The content security policy forbids
/// anything but this page's own inline code and requests back to the room.
///
/// With the instructor key (from `#key=…` in the URL `--room-serve` prints, which the page keeps
/// in the browser and removes from the address bar, or typed in), a click on a name offers rename
/// and remove. The server checks the key on every such request; the page only hides the controls.
enum RoomPage {
    /// The page of a room merged from results files (`grade.sh --merge … --html=PATH`): the same
    /// page, with the room written into it, to open from a file with no server. `note` says where
    /// its room comes from, in place of the join line.
    static func offline(_ snapshot: RoomSnapshot, note: String) -> String {
        let room = String(decoding: snapshot.encoded(), as: UTF8.self)
        let noteJSON = String(decoding: (try? JSONEncoder().encode(note)) ?? Data("\"\"".utf8), as: UTF8.self)
        // Inside a <script>, "</script>" and a line separator would end or break the code.
        let embedded = "{\"room\": \(room), \"note\": \(noteJSON)}"
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
        return html
            .replacingOccurrences(of: "const OFFLINE = null;", with: "const OFFLINE = \(embedded);")
            .replacingOccurrences(of: "<meta charset=\"utf-8\">", with: "<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"\(offlinePolicy)\">")
    }

    /// A file's page reaches nothing: no request, no form, only its own inline code and style.
    static let offlinePolicy = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// Each verdict's colours on the grid, one CSS rule per verdict under its class
    /// (`VerdictKind.cssClass`).
    static func colours(_ kind: VerdictKind) -> String {
        switch kind {
        case .done: "background: #2e8b3d; color: #fff;"
        case .notStarted: "background: #fff; color: #777;"
        case .doesNotCompile: "background: #6a3d9a; color: #fff;"
        case .failing: "background: #c62828; color: #fff;"
        case .hangs: "background: #ef6c00; color: #000;"
        case .crashed: "background: #000; color: #fff;"
        case .missesBugs: "background: #f9c74f; color: #000;"
        case .rejectsCorrectCode: "background: #90caf9; color: #000;"
        case .flaky: "background: #f48fb1; color: #000;"
        case .tooSlow: "background: #bdbdbd; color: #000;"
        case .needs: "background: repeating-linear-gradient(45deg, #fff, #fff 4px, #e0e0e0 4px, #e0e0e0 8px); color: #555;"
        }
    }

    static let verdictStyles = VerdictKind.allCases.map { ".\($0.cssClass) { \(colours($0)) }" }.joined(separator: "\n")

    /// The sign of a suite rejected by a timing change: a clock face that DejaVu Sans (Linux) and
    /// macOS's fonts both draw, where ⏱ is missing from the first.
    static let timingSign = "◷"

    /// What a suite rejected by a timing change (a generated perturbation) did: the tooltip of Per
    /// exercise reached's ◷ column. Explain next gives the lesson of each exercise's most common
    /// cause instead (`RoomLessons`, from the snapshot's `causes`).
    static let timingHint = "their tests fail when the code takes its time within what it promises (grade.sh names the delay, the cause and a --seed to replay it); Explain next gives the lesson of the cause most of them have."
    static let timingTitle = "Attendees whose latest suite a timing change the code allows (a generated perturbation) rejects: rejects correct code or flaky"

    /// The page as it is served: `Page/room.html` with `room.css` and `room.js` inlined where it
    /// links them (one self-contained document, which the content security policy allows and a
    /// file written by `--merge` needs), and the values that come from Swift written in place of
    /// their `__KATA_…__` markers. The files are edited as files (`RoomPageFiles`, generated from
    /// them by Scripts/room-page.sh); the script ends with a `sourceURL`, so that a browser's
    /// console names `room.js` and the file's own line numbers.
    static let html: String = assemble()

    /// The markers in the page's files and what replaces each.
    static let markers: [(marker: String, value: String)] = [
        ("/* __KATA_VERDICT_STYLES__ */", verdictStyles),
        ("__KATA_VERDICTS__", VerdictKind.javaScriptTable),
        ("__KATA_TIMING_SIGN__", timingSign),
        ("__KATA_TIMING_HINT__", timingHint),
        ("__KATA_TIMING_TITLE__", timingTitle),
    ]

    static let styleLink = "<link rel=\"stylesheet\" href=\"room.css\">"
    static let scriptLink = "<script src=\"room.js\"></script>"

    static func assemble() -> String {
        var css = RoomPageFiles.css
        var js = RoomPageFiles.js
        var page = RoomPageFiles.html
        for (marker, value) in markers {
            css = css.replacingOccurrences(of: marker, with: value)
            js = js.replacingOccurrences(of: marker, with: value)
            page = page.replacingOccurrences(of: marker, with: value)
        }
        // The script's first line is room.js's line 1.
        return page
            .replacingOccurrences(of: styleLink, with: "<style>\n" + css + "\n</style>")
            .replacingOccurrences(of: scriptLink, with: "<script>" + js + "\n//# sourceURL=room.js\n</script>")
    }
}
