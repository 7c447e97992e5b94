import Foundation
import KataVerdicts

/// The room's one page: self-contained (no external script, font or style, so it works with no
/// internet), redrawn from `/api/room` every two seconds.
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

    static let verdictStyles = VerdictKind.allCases.map { ".\($0.cssClass) { \(colours($0)) }" }.joined(separator: "\n  ")

    /// The sign of a suite rejected by a timing change: a clock face that DejaVu Sans (Linux) and
    /// macOS's fonts both draw, where ⏱ is missing from the first.
    static let timingSign = "◷"

    /// What a suite rejected by a timing change (a generated perturbation) did, for the instructor
    /// to explain. Its cause differs from suite to suite (a deadline too short for the contract, a
    /// fixed sleep, an assumed time, no room past the contract's edge), and each attendee's grade
    /// names theirs: the room names them all rather than one that misleads the others (a "wait for
    /// the event" told to a suite that already waits, and whose deadline is the fault).
    static let timingHint = "their tests fail when the code takes its time within what it promises (grade.sh names the delay, the cause and a --seed to replay it): a deadline too short for the contract, a fixed sleep, or no room past its longest delay. Wait for the event, with a deadline well past what the contract allows."
    static let timingTitle = "Attendees whose latest suite a timing change the code allows (a generated perturbation) rejects: rejects correct code or flaky"

    static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Kata room</title>
    <style>
      :root { font-size: 18px; color-scheme: light; --side: 28rem; --name: 17rem; }
      @media (max-width: 1599px) { :root { font-size: 14px; --side: 21rem; --name: 19rem; } }
      * { box-sizing: border-box; }
      body { font-family: system-ui, "DejaVu Sans", "Liberation Sans", sans-serif; margin: 0; padding: 0.4rem 0.8rem; background: #fff; color: #111; overflow-wrap: anywhere; }
      button, input, select { font: inherit; }
      header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.1rem 1.2rem; margin-bottom: 0.4rem; }
      h1 { font-size: 1.5rem; margin: 0; white-space: nowrap; }
      h2 { font-size: max(17px, 1.1rem); margin: 0 0 0.3rem; }
      h2 .sub { font-size: 0.75rem; font-weight: normal; color: #444; }
      code, .mono { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; }
      .joinline { font-size: 1.1rem; min-width: 0; }
      .join { display: inline-block; max-width: 100%; background: #f2f2f2; border: 2px solid #444; padding: 0 0.4rem; }
      .join .word { white-space: nowrap; }
      #status { font-size: 0.75rem; color: #444; }
      #status.offline { color: #a00; font-weight: bold; }
      .layout { display: grid; grid-template-columns: minmax(0, 1fr) var(--side); gap: 0 1rem; align-items: start; }
      .gridwrap { min-width: 0; }

      #grid { border-collapse: collapse; table-layout: fixed; width: 100%; }
      #grid col.name { width: var(--name); }
      #grid col.stuckcol { width: max(4.3rem, 64px); }
      #grid col.donecol { width: 3.4rem; }
      #grid th, #grid td { border: 1px solid #999; padding: 0 0.15rem; }
      #grid thead th { font-size: 0.72rem; font-weight: bold; vertical-align: bottom; background: #fafafa; }
      #grid th.caption { text-align: left; font-weight: normal; color: #333; vertical-align: bottom; }
      /* A head breaks between words only ("Busy assertio / n" read as two words); fitRows sets
         a head whose longest word is wider than its columns in smaller type. */
      #grid th.pattern { text-align: center; line-height: 1.1; padding: 0.1rem; overflow-wrap: normal; word-break: normal; }
      #grid th.ex { padding: 0.2rem 0 0.1rem; text-align: center; }
      #grid th.ex .label { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; font-weight: normal; line-height: 1; display: inline-block; }
      /* A short screen: a two-word head on two lines, and tighter rows. */
      body.short #grid th.ex .label { white-space: normal; max-height: 4.9rem; }
      body.short #grid th.pattern { line-height: 1; }
      body.short #grid tbody td, body.short #grid tfoot td { line-height: 1.05; }
      body.short #grid td.cell .box { min-height: 1.05em; }
      body.short header { margin-bottom: 0.2rem; }
      body.short #grid col.stuckcol { width: max(3.7rem, 60px); }
      body.short #grid col.donecol { width: 3.2rem; }
      /* Many exercises on a short screen: the names give way a little (down to 15rem, still two
         lines for most), two-line heads set tighter and pattern heads smaller, so that each column
         holds its head and a pattern of three holds its title's longest word. */
      body.short #grid col.name { width: clamp(15rem, calc(100vw - var(--side) - 10.5rem - var(--cols, 29) * 1.5rem), var(--name)); }
      body.short #grid th.ex .label { line-height: 0.9; }
      body.short #grid th.pattern { font-size: 0.66rem; }
      body.short #grid td.stuckmark { font-size: max(16px, 0.75rem); letter-spacing: -0.06em; }
      /* The number, as Looks stuck and Explain next name the exercise, reads from the back. */
      #grid th.ex .num { display: block; font-size: max(16px, 0.6rem); color: #222; margin-top: 0.15rem; white-space: nowrap;
                         font-family: "DejaVu Sans Condensed", "Arial Narrow", system-ui, sans-serif; font-stretch: condensed; font-weight: normal; letter-spacing: -0.06em; }
      #grid th.head { text-align: left; }
      #grid .pstart { border-left: 3px solid #222; }
      #grid tbody td, #grid tfoot td { font-size: var(--row-font, 1rem); line-height: 1.15; }
      #grid td.name { font-weight: bold; padding: 0.05rem 0.3rem; }
      #grid tr.stuck td.name { background: #fde2e2; }
      #grid td.stuckmark { color: #a00; font-weight: bold; font-size: max(16px, 0.8rem); white-space: nowrap; text-align: left; }
      #grid td.name .doctor { font-size: 1em; white-space: nowrap; } #grid td.name .ready { color: #1a7f37; } #grid td.name .notready { color: #b35900; }
      #grid td.count { text-align: right; font-size: calc(var(--row-font, 1rem) * 0.85); white-space: nowrap; }
      #grid td.cell { padding: 0; height: 1px; text-align: center; font-weight: bold; }
      #grid td.cell .box { display: flex; height: 100%; min-height: 1.2em; }
      #grid td.cell .box span { flex: 1 1 0; min-width: 0; display: flex; align-items: center; justify-content: center; }
      #grid td.cell .box span + span { border-left: 1px solid #fff; }
      /* Two tracks: the one that stands for the exercise in full size, the other as a bar under
         it in its colour (its verdict in the cell's tooltip; the legend says so). */
      #grid td.cell .box.split { flex-direction: column; }
      #grid td.cell .box.split span + span { flex: 0 0 0.3em; border-left: 0; border-top: 1px solid #fff; }
      #grid td.current { outline: 3px solid #000; outline-offset: -3px; }
      #grid tfoot td { font-size: calc(var(--row-font, 1rem) * 0.75); text-align: center; color: #222; background: #fafafa; }
      #grid tfoot td.foot { text-align: left; }
      #grid td.empty { text-align: left; font-weight: normal; }
      body.instructor #grid td.name { cursor: pointer; text-decoration: underline dotted #888; }
      /* The rows the screen could not hold, named where they were cut off. */
      #below { position: sticky; bottom: 0; background: #fff3c4; border: 2px solid #444; padding: 0.1rem 0.4rem; font-size: 0.9rem; }

      \#(verdictStyles)

      .side { min-width: 0; display: flex; flex-direction: column; gap: 0.6rem; }
      .side section { border: 2px solid #444; padding: 0.3rem 0.5rem; }
      #stuckBox { border-color: #a00; }
      .side ul, .side ol { margin: 0; padding-left: 1.3rem; }
      #stuck li { font-size: max(16px, 0.9rem); margin-bottom: 0.1rem; }
      #explain li { font-size: max(16px, 0.9rem); margin-bottom: 0.35rem; }
      .where { color: #333; }
      .hint { color: #333; font-size: max(16px, 0.8rem); display: block; }
      /* A short screen: Explain next leaves its hints off rather than set them small, and says so. */
      #explain.nohints .hint, #explainBox.nohints h2 .sub { display: none; }
      #explain li.hintsnote { display: none; list-style: none; font-size: max(16px, 0.8rem); color: #444; }
      #explain.nohints li.hintsnote { display: list-item; }
      .more { font-size: max(16px, 0.8rem); color: #444; list-style: none; }
      .empty { color: #666; font-style: italic; }
      .legend { display: flex; flex-wrap: wrap; gap: 0.1rem 0.7rem; font-size: 0.72rem; }
      .legend b { display: inline-block; width: 1.4rem; text-align: center; border: 1px solid #888; }
      .controls { display: flex; flex-wrap: wrap; gap: 0.3rem 0.9rem; align-items: center; font-size: 0.72rem; }
      .controls input { width: 3.5rem; }
      #instructorBadge { color: #060; font-weight: bold; }

      #details h2 { margin: 0 0 0.3rem; }
      #exercises { border-collapse: collapse; width: 100%; }
      #exercises th, #exercises td { border: 1px solid #999; padding: 0.05rem 0.3rem; font-size: var(--row-font, 1rem); line-height: 1.05; vertical-align: top; text-align: left; }
      #exercises th { white-space: nowrap; font-size: 0.85rem; background: #fafafa; }
      #exercises td.count { text-align: right; white-space: nowrap; }
      #exercises td.timing { white-space: nowrap; }
      #exercises .bug { white-space: nowrap; }
      #exercises td.hinted .hint { display: inline; }

      dialog { max-width: min(34rem, 92vw); border: 2px solid #444; }
      dialog h3 { margin: 0 0 0.4rem; font-size: 1.1rem; }
      dialog input { width: 100%; margin: 0.3rem 0; }
      dialog .buttons { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.5rem; }
      dialog .error { color: #a00; min-height: 1.2em; margin: 0.3rem 0 0; }
      #removeRow { color: #a00; }

      /* A phone, or a narrow window: one column, the join line first; only the grid scrolls sideways. */
      @media (max-width: 899px) {
        :root { font-size: 15px; }
        .layout { grid-template-columns: minmax(0, 1fr); gap: 0.8rem; }
        .side { order: -1; }
        .gridwrap { overflow-x: auto; }
        #below { display: none; }
        #grid { width: calc(var(--name) + 7rem + var(--cols, 29) * 2rem); }
        .joinline { font-size: 0.85rem; }
      }
    </style>
    </head>
    <body>
    <header>
      <h1>Room <span id="code" class="mono">…</span></h1>
      <div class="joinline">To join, type in your kata checkout: <code id="join" class="join">…</code></div>
      <div id="status">Connecting…</div>
    </header>
    <div class="layout">
      <div class="gridwrap">
        <table id="grid"><colgroup></colgroup><thead></thead><tbody></tbody><tfoot></tfoot></table>
        <section id="details" hidden>
          <h2>Per exercise reached <span class="sub">done, the suites a timing change rejects, and the planted bugs missed most (hover for the hint)</span></h2>
          <table id="exercises"><thead><tr><th>#</th><th>Exercise</th><th>Done</th><th title="\#(timingTitle)">\#(timingSign) Timing change</th><th>Missed most (attendees)</th></tr></thead><tbody></tbody></table>
        </section>
        <div id="below" hidden></div>
      </div>
      <aside class="side">
        <section id="stuckBox">
          <h2>Looks stuck <span class="sub">over <span id="thresholdShown">10</span> min on one exercise: go and see</span></h2>
          <ul id="stuck"></ul>
        </section>
        <section id="explainBox">
          <h2>Explain next <span class="sub">the planted bugs the most attendees' tests miss, and the timing changes that reject them</span></h2>
          <ol id="explain"></ol>
        </section>
        <div id="legend" class="legend"></div>
        <div class="controls">
          <button id="viewSwitch" type="button">Per exercise reached</button>
          <label class="live">Stuck after <input id="stuckAfter" type="number" min="0" step="any"> min</label>
          <label>Rows: <select id="sortBy">
            <option value="help">who needs help first</option>
            <option value="name">by name</option>
            <option value="joined">in join order</option>
          </select></label>
          <a class="live" href="/api/room?download=1" download="room.json">Export JSON</a>
          <a class="live" href="/api/room.csv" download="room.csv">Export CSV</a>
          <button id="enterKey" type="button">Instructor key…</button>
          <span id="instructorBadge" hidden>Instructor: click a name to rename or remove it <button id="forgetKey" type="button">Forget key</button></span>
        </div>
      </aside>
    </div>

    <dialog id="rowDialog">
      <h3 id="rowTitle"></h3>
      <div id="rowInfo" class="where"></div>
      <label>New name <input id="newName" maxlength="40" autocomplete="off"></label>
      <div class="buttons">
        <button id="renameRow" type="button">Rename</button>
        <button id="removeRow" type="button">Remove row…</button>
        <button id="closeRow" type="button">Cancel</button>
      </div>
      <p id="rowError" class="error"></p>
    </dialog>
    <dialog id="keyDialog">
      <h3>Instructor key</h3>
      <div class="where">The line "Instructor:" that --room-serve printed ends with #key=… : paste what follows.</div>
      <input id="keyInput" type="password" autocomplete="off">
      <div class="buttons"><button id="useKey" type="button">Use key</button><button id="closeKey" type="button">Cancel</button></div>
      <p id="keyError" class="error"></p>
    </dialog>
    <script>
    "use strict";
    // A page written by grade.sh --merge holds its room here, and asks no server for anything.
    const OFFLINE = null;
    // Each verdict's words, symbol and class, from KataVerdicts' VerdictKind.
    const VERDICTS = \#(VerdictKind.javaScriptTable);
    const SYMBOL = Object.fromEntries(VERDICTS.map(([verdict, symbol]) => [verdict, symbol]));
    const CLASS = Object.fromEntries(VERDICTS.map(([verdict, , name]) => [verdict, name]));
    const FRAMEWORK = { "xctest": "XCTest", "swift-testing": "Swift Testing" };
    // A suite that a generated perturbation rejected: what the page says of it.
    const TIMING_SIGN = "\#(timingSign)";
    const TIMING = "rejected by a timing change";
    const TIMING_HINT = "\#(timingHint)";
    const cls = v => CLASS[v] || "v-unknown";
    const $ = id => document.getElementById(id);
    // Builds an element whose text is set as text: attendee strings never become markup.
    function el(tag, text, className) {
      const node = document.createElement(tag);
      if (text !== undefined && text !== null) node.textContent = String(text);
      if (className) node.className = className;
      return node;
    }
    let lastRoom = null;
    let instructorKey = null;

    const stuckInput = $("stuckAfter");
    stuckInput.value = localStorage.getItem("kataRoomStuckAfter") || "10";
    stuckInput.addEventListener("change", () => { localStorage.setItem("kataRoomStuckAfter", stuckInput.value); refresh(); });
    const sortInput = $("sortBy");
    sortInput.value = localStorage.getItem("kataRoomSort") || "help";
    sortInput.addEventListener("change", () => { localStorage.setItem("kataRoomSort", sortInput.value); if (lastRoom) render(lastRoom); });

    for (const [verdict, symbol] of VERDICTS) {
      const item = el("span");
      item.append(el("b", symbol, cls(verdict)), " " + verdict);
      $("legend").append(item);
    }
    {
      const item = el("span");
      const sample = el("b", "✓", cls("done"));
      sample.style.borderBottom = "0.3em solid #f9c74f";
      item.append(sample, " a bar under it: a second track (hover)");
      $("legend").append(item);
    }

    // The join line breaks only between its words, never inside "--name" or the URL.
    function showJoinLine(text) {
      const join = $("join");
      if (join.textContent === text) return;
      const parts = [];
      text.split(" ").forEach((word, index) => { if (index) parts.push(" "); parts.push(el("span", word, "word")); });
      join.replaceChildren(...parts);
    }
    function minutesSince(iso, nowMs) { return (nowMs - Date.parse(iso)) / 60000; }
    function duration(minutes) {
      const m = Math.floor(minutes);
      if (m >= 600) return "10h+";
      return m < 1 ? "<1m" : m < 60 ? m + "m" : Math.floor(m / 60) + "h" + String(m % 60).padStart(2, "0");
    }
    function threshold() {
      const typed = Number(stuckInput.value);
      return stuckInput.value !== "" && typed >= 0 ? typed : 10;
    }

    // Who needs help first: the stuck, longest first; then the least done; then by name.
    function order(rows) {
      const byName = (x, y) => x.a.name.localeCompare(y.a.name);
      if (sortInput.value === "name") return rows.sort(byName);
      if (sortInput.value === "joined") return rows;
      return rows.sort((x, y) => (y.stuck ? y.minutes : -1) - (x.stuck ? x.minutes : -1) || x.a.done - y.a.done || byName(x, y));
    }

    function render(room) {
      lastRoom = room;
      if (OFFLINE) {
        document.querySelector("h1").textContent = "Room, from results files";
        // Where the live page has its join line: where this room comes from.
        document.querySelector(".joinline").firstChild.textContent = "";
        $("join").className = "";
        $("join").textContent = OFFLINE.note;
      } else {
        $("code").textContent = room.code;
        showJoinLine(room.joinCommand || "");
      }
      const nowMs = Date.parse(room.generatedAt);
      const limit = threshold();
      $("thresholdShown").textContent = limit;
      const exercises = room.exercises;
      const byId = Object.fromEntries(exercises.map(e => [e.id, e]));
      const firstOfPattern = new Set(room.patterns.map(p => exercises.find(e => e.pattern === p.id)).filter(Boolean).map(e => e.id));
      const columnClass = e => firstOfPattern.has(e.id) ? "pstart" : "";

      const cols = [el("col", null, "name"), el("col", null, "stuckcol"), el("col", null, "donecol")];
      for (const e of exercises) cols.push(el("col", null, "exc"));
      document.querySelector("#grid colgroup").replaceChildren(...cols);
      $("grid").style.setProperty("--cols", exercises.length);

      const patternRow = el("tr");
      const caption = el("th", sortInput.value === "help" ? "Rows: stuck first, then least done" : "", "caption");
      caption.colSpan = 3;
      patternRow.append(caption);
      for (const p of room.patterns) {
        const th = el("th", p.title, "pattern pstart");
        th.colSpan = p.exercises;
        patternRow.append(th);
      }
      const exerciseRow = el("tr");
      exerciseRow.append(el("th", "Attendee", "head"), el("th", "Stuck", "head"), el("th", "Done", "head"));
      for (const e of exercises) {
        const th = el("th", null, "ex " + columnClass(e));
        th.title = "#" + e.number + " " + e.id + ": " + e.title;
        th.dataset.exercise = e.id;
        th.append(el("span", e.label, "label"), el("span", e.number, "num"));
        exerciseRow.append(th);
      }
      document.querySelector("#grid thead").replaceChildren(patternRow, exerciseRow);

      const rows = order(room.attendees.map(a => {
        const minutes = a.current && a.currentSince ? minutesSince(a.currentSince, nowMs) : 0;
        return { a, minutes, stuck: Boolean(a.current) && minutes > limit };
      }));
      const trs = rows.map(({ a, minutes, stuck }) => {
        const tr = el("tr", null, stuck ? "stuck" : "");
        tr.dataset.attendee = a.id;
        tr.dataset.done = a.done;
        tr.dataset.stuckMinutes = stuck ? minutes.toFixed(2) : "";
        const name = el("td", a.name, "name");
        name.dataset.name = a.name;
        name.title = a.name;
        // The machine's pre-workshop check (grade.sh --doctor): ready, or what it found.
        if (a.doctor) {
          const badge = el("span", a.doctor.ready ? "\u00a0✓" : "\u00a0⚠", a.doctor.ready ? "doctor ready" : "doctor notready");
          badge.title = a.doctor.summary;
          name.append(badge);
          name.title = a.name + "\n" + a.doctor.summary;
        }
        const mark = el("td", stuck ? "⚑ " + duration(minutes) : "", "stuckmark");
        if (stuck) mark.title = "stuck for " + Math.floor(minutes) + " min on " + a.current;
        // An exercise the attendee's machine cannot run ("needs") does not count, as in grade.sh's N/M.
        const counted = exercises.filter(e => !(a.results[e.id] && a.results[e.id].verdict === "needs")).length;
        tr.append(name, mark, el("td", a.done + "/" + counted, "count"));
        for (const e of exercises) {
          const r = a.results[e.id];
          const td = el("td", null, "cell " + columnClass(e));
          td.dataset.exercise = e.id;
          if (r) {
            const tracks = r.tracks && r.tracks.length ? r.tracks : [r];
            const box = el("div", null, tracks.length > 1 ? "box split" : "box");
            // The track that stands for the exercise first, in full; another as a bar under it.
            const standing = tracks.find(t => t.verdict === r.verdict) || tracks[0];
            box.append(el("span", SYMBOL[standing.verdict] || "?", cls(standing.verdict)));
            for (const t of tracks) if (t !== standing) box.append(el("span", "", cls(t.verdict)));
            td.append(box);
            td.dataset.verdict = r.verdict;
            td.title = e.id + ": " + tracks.map(t => (t.framework ? FRAMEWORK[t.framework] + " " : "") + t.verdict
              + (t.perturbed ? " (" + TIMING_SIGN + " " + TIMING + ")" : "")
              + (t.missed.length ? " (missed " + t.missed.join(", ") + ")" : "")).join("; ");
            if (tracks.some(t => t.perturbed)) td.dataset.perturbed = "true";
          }
          if (a.current === e.id) td.classList.add("current");
          tr.append(td);
        }
        return tr;
      });
      if (trs.length === 0) {
        const tr = el("tr"); const td = el("td", "Nobody has joined yet: put the join line on the screen.", "empty");
        td.colSpan = exercises.length + 3; tr.append(td); trs.push(tr);
      }
      document.querySelector("#grid tbody").replaceChildren(...trs);
      const foot = el("tr");
      const label = el("td", "Done, per exercise", "foot");
      label.colSpan = 3;
      foot.append(label);
      for (const e of exercises) foot.append(el("td", e.done, columnClass(e)));
      document.querySelector("#grid tfoot").replaceChildren(foot);

      // Looks stuck: longest first, the first eight named (the grid flags all of them); fitSide
      // names fewer when the screen is short, and the last line says how many more.
      const stuckRows = rows.filter(r => r.stuck).sort((x, y) => y.minutes - x.minutes);
      const stuckItems = stuckRows.slice(0, 8).map(({ a, minutes }) => {
        const e = byId[a.current];
        const li = el("li", null, "item");
        li.append(el("b", a.name), " ", el("span", "#" + (e ? e.number + " " + e.label : a.current), "where"),
                  ", " + duration(minutes) + ", " + ((a.results[a.current] || {}).verdict || ""));
        return li;
      });
      if (stuckItems.length) {
        const more = el("li", null, "more");
        more.dataset.total = stuckRows.length;
        more.dataset.says = "more, flagged ⚑ in the grid";
        stuckItems.push(more);
      }
      $("stuck").replaceChildren(...(OFFLINE ? [el("li", "Only the live room can tell: results files say where everyone is, not for how long.", "empty")]
        : stuckItems.length ? stuckItems : [el("li", "Nobody, at " + limit + " minutes.", "empty")]));

      // Across the room: the misconceptions worth stopping everyone for. A suite a timing change
      // rejects (a generated perturbation) is one too: the tests assume how long the code takes.
      const timing = exercises.filter(e => e.perturbed > 0).map(e => [e, { count: e.perturbed, bug: null, hint: TIMING_HINT }]);
      const everywhere = exercises.flatMap(e => e.mostMissed.map(m => [e, m])).concat(timing)
        .sort((x, y) => y[1].count - x[1].count || x[0].number - y[0].number).slice(0, 5);
      const explainItems = everywhere.map(([e, m]) => {
        const li = el("li", null, "item");
        if (m.bug === null) li.dataset.timing = e.id;
        li.append(el("b", m.bug === null ? TIMING_SIGN + " " + m.count + " " + TIMING : m.count + " × " + m.bug), " ",
                  el("span", "in #" + e.number + " " + e.label, "where"), el("span", m.hint, "hint"));
        li.title = m.hint;
        return li;
      });
      if (explainItems.length) {
        explainItems.push(el("li", "Hints left off to fit the screen: hover a line, or see Per exercise reached.", "hintsnote"));
        const more = el("li", null, "more");
        more.dataset.total = everywhere.length;
        more.dataset.says = "more in Per exercise reached (the button below)";
        explainItems.push(more);
      }
      $("explain").replaceChildren(...(explainItems.length ? explainItems : [el("li", "No planted bug is missed right now.", "empty")]));

      // Only exercises someone has graded past the starter, so the table stays short early in the
      // day: one line each, the bugs' hints on hover (Explain next shows the top ones').
      const exRows = exercises.filter(e => e.reached > 0).map(e => {
        const tr = el("tr");
        tr.dataset.exercise = e.id;
        const missed = el("td");
        e.mostMissed.slice(0, 3).forEach((m, index) => {
          if (index) missed.append(", ");
          const bug = el("span", m.bug + " (" + m.count + ")", "bug");
          bug.title = m.hint;
          missed.append(bug);
        });
        const title = el("td", e.title);
        title.title = e.id;
        const timed = el("td", e.perturbed ? TIMING_SIGN + " " + e.perturbed + " rejected" : "", "timing");
        if (e.perturbed) timed.title = e.perturbed + " attendee" + (e.perturbed === 1 ? "'s tests" : "s' tests") + ": " + TIMING_HINT;
        tr.dataset.perturbed = e.perturbed;
        tr.append(el("td", e.number, "count"), title, el("td", e.done + "/" + room.attendees.length, "count"), timed, missed);
        return tr;
      });
      if (exRows.length === 0) { const tr = el("tr"); const td = el("td", "Nobody has graded an exercise past its starter yet.", "empty"); td.colSpan = 5; tr.append(td); exRows.push(tr); }
      document.querySelector("#exercises tbody").replaceChildren(...exRows);

      const status = $("status");
      status.className = "";
      status.textContent = OFFLINE ? room.attendees.length + " attendees · " + room.generatedAt.replace("T", " ").replace("Z", " UTC")
        : room.attendees.length + " attendees · updated " + new Date().toLocaleTimeString() + " · revision " + room.revision;
      document.body.dataset.revision = room.revision;
      fitRows();
    }

    // The layout follows the room's size and the screen's. The rows' type shrinks until the grid
    // ends on the first screen, never below READABLE px; then the heads grow compact; rows still
    // below the screen are named in a bar at its bottom. The side's lists shorten last.
    const READABLE = 16;
    const wide = window.matchMedia("(min-width: 900px)");
    function fitRows() {
      const root = document.documentElement;
      const body = document.body;
      const perExercise = body.classList.contains("perExercise");
      const grid = perExercise ? $("exercises") : $("grid");
      const below = $("below");
      const base = parseFloat(getComputedStyle(root).fontSize);
      const bottom = () => grid.getBoundingClientRect().bottom + window.scrollY;
      below.hidden = true;
      body.classList.remove("short");
      let size = Math.max(READABLE, base * 1.2);
      root.style.setProperty("--row-font", size + "px");
      if (!wide.matches) { fitSide(); return; }
      const shrink = () => {
        while (bottom() > window.innerHeight - 4 && size > READABLE) {
          size = Math.max(READABLE, size - 0.5);
          root.style.setProperty("--row-font", size + "px");
        }
      };
      shrink();
      if (bottom() > window.innerHeight - 4 && !perExercise) { body.classList.add("short"); shrink(); }
      fitHeads();
      fitSide();
      if (bottom() <= window.innerHeight - 4) return;
      // Say which rows the screen could not hold, and how to see them.
      const rows = [...grid.querySelectorAll(perExercise ? "tbody tr[data-exercise]" : "tbody tr[data-attendee]")];
      const name = tr => perExercise ? "#" + tr.firstChild.textContent : tr.querySelector("td.name").dataset.name;
      const left = limit => rows.filter(tr => tr.getBoundingClientRect().bottom + window.scrollY > limit);
      below.hidden = false;
      // The bar's own height decides which rows it hides: again until its count holds.
      for (let pass = 0; pass < 4; pass++) {
        const off = left(window.innerHeight - below.offsetHeight);
        if (pass > 0 && Number(below.dataset.count) === off.length) break;
        const names = off.map(name);
        const what = perExercise ? " exercise" + (off.length === 1 ? "" : "s") : " row" + (off.length === 1 ? "" : "s");
        below.dataset.count = off.length;
        below.textContent = "▼ " + off.length + " more" + what + " below the screen"
          + (sortInput.value === "help" && !perExercise ? ", the furthest along: " : ": ") + names.slice(0, 5).join(", ")
          + (names.length > 5 ? " and " + (names.length - 5) + " more" : "") + ". Scroll down to see them.";
      }
    }

    // A pattern's head whose longest word is wider than its columns ("assertion" over three
    // narrow ones) in smaller type, rather than broken inside the word.
    function fitHeads() {
      for (const th of document.querySelectorAll("#grid th.pattern")) {
        th.style.fontSize = "";
        let px = parseFloat(getComputedStyle(th).fontSize);
        while (th.scrollWidth > th.clientWidth + 1 && px > 8) { px -= 0.5; th.style.fontSize = px + "px"; }
      }
    }

    // Each list of the side names fewer, the stuck first, until the side ends on the first
    // screen; its last line says how many it left off and where they are.
    function fitSide() {
      const side = document.querySelector(".side");
      const lists = [$("stuck"), $("explain")].map(list => ({
        items: [...list.querySelectorAll("li.item")], more: list.querySelector("li.more") }));
      const show = (list, count) => {
        list.items.forEach((li, index) => { li.hidden = index >= count; });
        if (!list.more) return;
        const left = Number(list.more.dataset.total) - count;
        list.more.hidden = left <= 0;
        list.more.textContent = "and " + left + " " + list.more.dataset.says;
      };
      for (const list of lists) show(list, list.items.length);
      $("explain").classList.remove("nohints");
      $("explainBox").classList.remove("nohints");
      if (!wide.matches) return;
      const fits = () => side.getBoundingClientRect().bottom + window.scrollY <= window.innerHeight - 2;
      // Three of each before either goes down to one.
      const [stuck, explain] = lists;
      // Before Explain next names fewer than three, it leaves its hints off (in 16 px type
      // they take most of its height), and says so.
      for (const [list, floor] of [[stuck, 3], [null, 0], [explain, 3], [stuck, 1], [explain, 1]]) {
        if (list === null) {
          if (!fits()) { $("explain").classList.add("nohints"); $("explainBox").classList.add("nohints"); }
          continue;
        }
        for (let count = Math.min(list.items.length, list.items.filter(li => !li.hidden).length) - 1; !fits() && count >= floor; count--) show(list, count);
      }
    }

    // Per exercise reached takes the grid's place, on the first screen, and gives it back.
    $("viewSwitch").addEventListener("click", () => {
      const on = document.body.classList.toggle("perExercise");
      $("grid").hidden = on;
      $("details").hidden = !on;
      $("viewSwitch").textContent = on ? "Back to the grid" : "Per exercise reached";
      if (lastRoom) render(lastRoom);
    });
    window.addEventListener("resize", () => { if (lastRoom) render(lastRoom); });

    async function refresh() {
      if (OFFLINE) { render(OFFLINE.room); return; }
      try {
        const response = await fetch("/api/room?stuckAfter=" + encodeURIComponent(threshold()), { cache: "no-store" });
        if (!response.ok) throw new Error("HTTP " + response.status);
        render(await response.json());
      } catch (error) {
        const status = $("status");
        status.className = "offline";
        status.textContent = "The room server does not answer (" + error.message + "); retrying every 2 s.";
      }
    }

    // The instructor's controls. The key never stays in the address bar, where the projector shows it.
    async function postJSON(path, body) {
      try {
        const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), cache: "no-store" });
        let data = {};
        try { data = await response.json(); } catch (ignored) { data = {}; }
        return { ok: response.ok, status: response.status, error: data.error || ("HTTP " + response.status) };
      } catch (error) {
        return { ok: false, status: 0, error: "the room server does not answer (" + error.message + ")" };
      }
    }
    function setInstructor(key) {
      instructorKey = key;
      document.body.classList.toggle("instructor", Boolean(key));
      $("instructorBadge").hidden = !key;
      $("enterKey").hidden = Boolean(key);
    }
    async function tryKey(key) {
      const answer = await postJSON("/api/instructor", { key });
      if (answer.ok) { localStorage.setItem("kataRoomKey", key); setInstructor(key); }
      else if (answer.status === 403 || answer.status === 422) { localStorage.removeItem("kataRoomKey"); setInstructor(null); }
      return answer;
    }
    function keyFromAddress() {
      const found = /(?:^#|&)key=([A-Za-z0-9]+)/.exec(location.hash);
      if (!found) return null;
      history.replaceState(null, "", location.pathname + location.search);
      return found[1];
    }
    // The instructor link pasted into a tab that shows the page already changes only the fragment.
    window.addEventListener("hashchange", () => { const key = keyFromAddress(); if (key) tryKey(key); });
    const savedKey = OFFLINE ? null : keyFromAddress() || localStorage.getItem("kataRoomKey");
    setInstructor(null);
    if (savedKey) tryKey(savedKey);
    if (OFFLINE) {
      // Nothing to export, key or wait for: the room is this file. Who looks stuck needs the live
      // room's clock.
      for (const node of document.querySelectorAll(".live, #enterKey")) node.hidden = true;
      document.querySelector("#stuckBox .sub").hidden = true;
    }

    $("enterKey").addEventListener("click", () => { $("keyError").textContent = ""; $("keyInput").value = ""; $("keyDialog").showModal(); });
    $("closeKey").addEventListener("click", () => $("keyDialog").close());
    $("useKey").addEventListener("click", async () => {
      const answer = await tryKey($("keyInput").value.trim());
      if (answer.ok) $("keyDialog").close(); else $("keyError").textContent = answer.error;
    });
    $("forgetKey").addEventListener("click", () => { localStorage.removeItem("kataRoomKey"); setInstructor(null); });

    let editing = null;
    let confirmRemove = false;
    document.querySelector("#grid tbody").addEventListener("click", event => {
      const cell = event.target.closest("td.name");
      if (!cell || !instructorKey || !lastRoom) return;
      const a = lastRoom.attendees.find(x => x.id === cell.parentElement.dataset.attendee);
      if (!a) return;
      editing = a;
      confirmRemove = false;
      $("rowTitle").textContent = a.name;
      $("rowInfo").textContent = "Joined " + new Date(a.joinedAt).toLocaleTimeString() + ", last heard from " + new Date(a.lastSeen).toLocaleTimeString() + ", " + a.done + " done.";
      $("newName").value = a.name;
      $("removeRow").textContent = "Remove row…";
      $("rowError").textContent = "";
      $("rowDialog").showModal();
    });
    $("closeRow").addEventListener("click", () => $("rowDialog").close());
    // Enter in a dialog's field does what its first button does.
    $("newName").addEventListener("keydown", event => { if (event.key === "Enter") $("renameRow").click(); });
    $("keyInput").addEventListener("keydown", event => { if (event.key === "Enter") $("useKey").click(); });
    $("renameRow").addEventListener("click", async () => {
      const answer = await postJSON("/api/rename", { key: instructorKey, attendee: editing.id, name: $("newName").value });
      if (answer.ok) { $("rowDialog").close(); refresh(); } else $("rowError").textContent = answer.error;
    });
    $("removeRow").addEventListener("click", async () => {
      if (!confirmRemove) {
        confirmRemove = true;
        $("removeRow").textContent = "Really remove " + editing.name + "? Their next grade is told, and --join brings them back.";
        return;
      }
      const answer = await postJSON("/api/remove", { key: instructorKey, attendee: editing.id });
      if (answer.ok) { $("rowDialog").close(); refresh(); } else $("rowError").textContent = answer.error;
    });

    refresh();
    if (!OFFLINE) setInterval(refresh, 2000);
    </script>
    </body>
    </html>
    """#
}
