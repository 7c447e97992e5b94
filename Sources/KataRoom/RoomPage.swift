/// The room's one page: self-contained (no external script, font or style, so it works with no
/// internet), large type for a projector, redrawn from `/api/room` every two seconds.
///
/// Every attendee-supplied string reaches the page through `textContent`, never through HTML
/// markup, so a name such as `<script>…` shows as text. The content security policy forbids
/// anything but this page's own inline code and requests back to the room.
enum RoomPage {
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Kata room</title>
    <style>
      :root { font-size: 22px; color-scheme: light; }
      body { font-family: system-ui, "DejaVu Sans", "Liberation Sans", sans-serif; margin: 0.8rem 1.2rem; background: #fff; color: #111; }
      h1 { font-size: 1.6rem; margin: 0 0 0.3rem; }
      h2 { font-size: 1.2rem; margin: 1.2rem 0 0.4rem; }
      code, .mono { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; }
      .join { font-size: 1rem; background: #f2f2f2; border: 2px solid #444; padding: 0.3rem 0.6rem; display: inline-block; }
      .status { font-size: 0.8rem; color: #444; margin: 0.3rem 0; }
      .status.offline { color: #a00; font-weight: bold; }
      .controls { font-size: 0.8rem; margin: 0.3rem 0 0.6rem; }
      .controls input { font-size: 0.8rem; width: 3.5rem; }
      .controls a { margin-left: 1rem; }
      table { border-collapse: collapse; }
      th, td { border: 1px solid #888; padding: 0.15rem 0.3rem; }
      #grid th.ex { font-size: 0.75rem; min-width: 1.9rem; }
      #grid td.name { font-weight: bold; white-space: nowrap; max-width: 14rem; overflow: hidden; text-overflow: ellipsis; }
      #grid td.cell { text-align: center; font-weight: bold; font-size: 1.1rem; width: 1.9rem; }
      #grid tr.stuck td.name::after { content: " ⚑ stuck"; color: #a00; font-size: 0.8rem; }
      td.current { outline: 3px solid #000; outline-offset: -3px; }
      .v-done { background: #2e8b3d; color: #fff; }
      .v-not-started { background: #fff; color: #777; }
      .v-does-not-compile { background: #6a3d9a; color: #fff; }
      .v-failing { background: #c62828; color: #fff; }
      .v-hangs { background: #ef6c00; color: #000; }
      .v-crashed { background: #000; color: #fff; }
      .v-misses-bugs { background: #f9c74f; color: #000; }
      .v-rejects-correct-code { background: #90caf9; color: #000; }
      .v-flaky { background: #f48fb1; color: #000; }
      .v-too-slow { background: #bdbdbd; color: #000; }
      .legend span { display: inline-block; margin: 0 0.6rem 0.3rem 0; font-size: 0.8rem; }
      .legend b { display: inline-block; width: 1.5rem; text-align: center; border: 1px solid #888; }
      #exercises td { font-size: 0.85rem; vertical-align: top; }
      #exercises td.count { text-align: right; white-space: nowrap; }
      .missed { margin: 0; padding-left: 1rem; }
      .missed li { margin-bottom: 0.2rem; }
      .hint { color: #333; }
      #stuck li, #explain li { font-size: 1rem; margin-bottom: 0.2rem; }
      .empty { color: #666; font-style: italic; }
    </style>
    </head>
    <body>
    <h1>Room <span id="code" class="mono">…</span></h1>
    <div>To join, type in your kata checkout: <span id="join" class="join mono">…</span></div>
    <div id="status" class="status">Connecting…</div>
    <div class="controls">
      <label>Stuck after <input id="stuckAfter" type="number" min="1" max="600" step="1"> minutes on one exercise</label>
      <a href="/api/room?download=1" download="room.json">Export JSON</a>
      <a href="/api/room.csv" download="room.csv">Export CSV</a>
    </div>
    <div id="legend" class="legend"></div>
    <h2>Who is where</h2>
    <table id="grid"><thead></thead><tbody></tbody></table>
    <h2>Explain next: the planted bugs the room misses most</h2>
    <ol id="explain"></ol>
    <h2>Looks stuck</h2>
    <ul id="stuck"></ul>
    <h2>Per exercise reached: done, and the planted bugs missed most</h2>
    <table id="exercises"><thead><tr><th>#</th><th>Exercise</th><th>Done</th><th>Missed most (attendees) and the hint to explain</th></tr></thead><tbody></tbody></table>
    <script>
    "use strict";
    const VERDICTS = [
      ["done", "✓"], ["not started", "·"], ["does not compile", "C"], ["failing", "✗"], ["hangs", "H"],
      ["crashed", "!"], ["misses bugs", "B"], ["rejects correct code", "R"], ["flaky", "~"], ["too slow", "S"]];
    const SYMBOL = Object.fromEntries(VERDICTS);
    const cls = v => "v-" + String(v).replace(/[^a-z]+/g, "-");
    // Builds an element whose text is set as text: attendee strings never become markup.
    function el(tag, text, className) {
      const node = document.createElement(tag);
      if (text !== undefined && text !== null) node.textContent = String(text);
      if (className) node.className = className;
      return node;
    }
    const stuckInput = document.getElementById("stuckAfter");
    stuckInput.value = localStorage.getItem("kataRoomStuckAfter") || "10";
    stuckInput.addEventListener("change", () => { localStorage.setItem("kataRoomStuckAfter", stuckInput.value); refresh(); });

    const legend = document.getElementById("legend");
    for (const [verdict, symbol] of VERDICTS) {
      const item = el("span");
      item.append(el("b", symbol, cls(verdict)), " " + verdict);
      legend.append(item);
    }

    function minutesSince(iso, nowMs) { return (nowMs - Date.parse(iso)) / 60000; }

    function render(room) {
      document.getElementById("code").textContent = room.code;
      document.getElementById("join").textContent = room.joinCommand || "";
      const nowMs = Date.parse(room.generatedAt);
      const typed = Number(stuckInput.value);
      const threshold = stuckInput.value !== "" && typed >= 0 ? typed : 10;
      const byId = Object.fromEntries(room.exercises.map(e => [e.id, e]));

      const head = document.querySelector("#grid thead");
      const headRow = el("tr");
      headRow.append(el("th", "Attendee"), el("th", "Done"));
      for (const e of room.exercises) { const th = el("th", e.number, "ex"); th.title = e.id + ": " + e.title; headRow.append(th); }
      head.replaceChildren(headRow);

      const body = document.querySelector("#grid tbody");
      const rows = [];
      const stuckList = [];
      for (const a of room.attendees) {
        const tr = el("tr");
        tr.dataset.attendee = a.id;
        const stuckMinutes = a.current && a.currentSince ? minutesSince(a.currentSince, nowMs) : 0;
        if (a.current && stuckMinutes > threshold) { tr.className = "stuck"; stuckList.push([a, stuckMinutes]); }
        const name = el("td", a.name, "name"); name.title = a.name;
        const done = room.exercises.filter(e => a.results[e.id] && a.results[e.id].verdict === "done").length;
        tr.append(name, el("td", done + "/" + room.exercises.length, "count"));
        for (const e of room.exercises) {
          const r = a.results[e.id];
          const td = el("td", r ? (SYMBOL[r.verdict] || "?") : "", "cell" + (r ? " " + cls(r.verdict) : ""));
          td.dataset.exercise = e.id;
          if (r) { td.dataset.verdict = r.verdict; td.title = e.id + ": " + r.verdict + (r.missed.length ? " (missed " + r.missed.join(", ") + ")" : ""); }
          if (a.current === e.id) td.classList.add("current");
          tr.append(td);
        }
        rows.push(tr);
      }
      if (rows.length === 0) { const tr = el("tr"); const td = el("td", "Nobody has joined yet.", "empty"); td.colSpan = room.exercises.length + 2; tr.append(td); rows.push(tr); }
      body.replaceChildren(...rows);

      const stuck = document.getElementById("stuck");
      stuckList.sort((x, y) => y[1] - x[1]);
      stuck.replaceChildren(...(stuckList.length ? stuckList.map(([a, m]) => {
        const e = byId[a.current];
        return el("li", a.name + ": #" + (e ? e.number : "?") + " " + (e ? e.title : a.current) + ", " + Math.floor(m) + " min, " + (a.results[a.current] || {}).verdict);
      }) : [el("li", "Nobody, at " + threshold + " minutes.", "empty")]));

      // Across the room: the misconceptions worth stopping everyone for.
      const everywhere = room.exercises.flatMap(e => e.mostMissed.map(m => [e, m]))
        .sort((x, y) => y[1].count - x[1].count || x[0].number - y[0].number).slice(0, 5);
      document.getElementById("explain").replaceChildren(...(everywhere.length ? everywhere.map(([e, m]) => {
        const li = el("li");
        li.append(el("b", m.count + " × " + m.bug), " in #" + e.number + " " + e.title + ": ", el("span", m.hint, "hint"));
        return li;
      }) : [el("li", "No planted bug is missed right now.", "empty")]));

      // Only exercises someone has reached, so the table stays short early in the day.
      const reached = room.exercises.filter(e => room.attendees.some(a => a.results[e.id]));
      const exRows = reached.map(e => {
        const tr = el("tr");
        const missed = el("td");
        if (e.mostMissed.length) {
          const list = el("ul", null, "missed");
          for (const m of e.mostMissed.slice(0, 3)) {
            const li = el("li");
            li.append(el("b", m.bug + " (" + m.count + ")"), " ", el("span", m.hint, "hint"));
            list.append(li);
          }
          missed.append(list);
        }
        tr.append(el("td", e.number, "count"), el("td", e.title), el("td", e.done + "/" + room.attendees.length, "count"), missed);
        return tr;
      });
      if (exRows.length === 0) { const tr = el("tr"); const td = el("td", "No results yet.", "empty"); td.colSpan = 4; tr.append(td); exRows.push(tr); }
      document.querySelector("#exercises tbody").replaceChildren(...exRows);

      const status = document.getElementById("status");
      status.className = "status";
      status.textContent = room.attendees.length + " attendees · updated " + new Date().toLocaleTimeString() + " · revision " + room.revision;
      document.body.dataset.revision = room.revision;
    }

    async function refresh() {
      try {
        const response = await fetch("/api/room?stuckAfter=" + encodeURIComponent(stuckInput.value), { cache: "no-store" });
        if (!response.ok) throw new Error("HTTP " + response.status);
        render(await response.json());
      } catch (error) {
        const status = document.getElementById("status");
        status.className = "status offline";
        status.textContent = "The room server does not answer (" + error.message + "); retrying every 2 s.";
      }
    }
    refresh();
    setInterval(refresh, 2000);
    </script>
    </body>
    </html>
    """#
}
