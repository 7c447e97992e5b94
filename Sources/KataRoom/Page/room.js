"use strict";
// A page written by grade.sh --merge holds its room here, and asks no server for anything.
const OFFLINE = null;
// Each verdict's words, symbol and class, from KataVerdicts' VerdictKind.
const VERDICTS = __KATA_VERDICTS__;
const SYMBOL = Object.fromEntries(VERDICTS.map(([verdict, symbol]) => [verdict, symbol]));
const CLASS = Object.fromEntries(VERDICTS.map(([verdict, , name]) => [verdict, name]));
const FRAMEWORK = { "xctest": "XCTest", "swift-testing": "Swift Testing" };
// A suite that a generated perturbation rejected: what the page says of it.
const TIMING_SIGN = "__KATA_TIMING_SIGN__";
const TIMING = "rejected by a timing change";
const TIMING_HINT = "__KATA_TIMING_HINT__";
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
  item.append(sample, " bar under it: a second track");
  $("legend").append(item);
}
// What the grid's heads left off to fit the screen, and how to see it: under the rows' order in
// the grid's corner (fitHeads writes it).
const leftOff = el("span", "", "leftoff");
leftOff.id = "leftOff";
leftOff.hidden = true;

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
  const caption = el("th", sortInput.value === "help" ? "Rows: stuck first, then least done." : "", "caption");
  caption.append(leftOff);
  caption.colSpan = 3;
  patternRow.append(caption);
  for (const p of room.patterns) {
    const th = el("th", p.title, "pattern pstart");
    th.dataset.title = p.title;
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

  // Across the room: the misconceptions worth stopping everyone for. Correct code that their
  // tests reject is one too (a timing change the grader generated, or a correct version written
  // for the exercise): its line gives the lesson of the cause most of those desks have (the
  // snapshot's causes, most first: a deadline too short, a fixed sleep, an order, shared state…),
  // and names the others after it.
  const rejections = exercises.filter(e => e.rejected > 0 && e.causes && e.causes.length).map(e => {
    const top = e.causes[0];
    const others = e.causes.slice(1).map(c => c.title + ": " + c.count);
    return [e, { count: e.rejected, bug: null, cause: top.cause,
                 label: (top.timing ? TIMING_SIGN + " " : "") + e.rejected + " rejected: " + top.title,
                 hint: top.lesson + (others.length ? " (" + top.title + ": " + top.count + " of " + e.rejected + "; " + others.join("; ") + ")" : "") }];
  });
  const everywhere = exercises.flatMap(e => e.mostMissed.map(m => [e, m])).concat(rejections)
    .sort((x, y) => y[1].count - x[1].count || x[0].number - y[0].number).slice(0, 5);
  const explainItems = everywhere.map(([e, m]) => {
    const li = el("li", null, "item");
    if (m.bug === null) li.dataset.cause = m.cause;
    li.append(el("b", m.bug === null ? m.label : m.count + " × " + m.bug), " ",
              el("span", "in #" + e.number + " " + e.label, "where"), el("span", m.hint, "hint"));
    li.title = m.hint;
    return li;
  });
  if (explainItems.length) {
    explainItems.push(el("li", "Hints left off to fit: hover a line.", "hintsnote"));
    const more = el("li", null, "more");
    more.dataset.total = everywhere.length;
    more.dataset.says = "more in Per exercise reached";
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
  body.classList.remove("short", "nolabels");
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
  // Still below the screen: the columns' names give their height to rows (numbers head them).
  if (bottom() > window.innerHeight - 4 && !perExercise) { body.classList.add("nolabels"); shrink(); }
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
// A pattern's head whose longest word is wider than its columns ("assertion" over three narrow
// ones) loses its last words, then letters of its first ("Busy", "Expect."), rather than being
// set under 16 px or broken inside a word; its title is on hover. The legend says what the
// heads left off and how to see it.
function fitHeads() {
  const wider = th => th.scrollWidth > th.clientWidth + 1;
  const shortened = [];
  for (const th of document.querySelectorAll("#grid th.pattern")) {
    const full = th.dataset.title || th.textContent;
    th.textContent = full;
    th.classList.remove("shortened");
    th.removeAttribute("title");
    if (!wider(th)) continue;
    const words = full.split(" ");
    for (let count = words.length - 1; count >= 1 && wider(th); count--) th.textContent = words.slice(0, count).join(" ");
    for (let letters = words[0].length - 1; letters >= 1 && wider(th); letters--) th.textContent = words[0].slice(0, letters) + ".";
    th.classList.add("shortened");
    th.title = full;
    shortened.push(full);
  }
  const said = [];
  if (document.body.classList.contains("nolabels")) {
    said.push("Column names left off to fit: hover a number, or Per exercise reached.");
  }
  if (shortened.length) said.push("Shortened: " + shortened.map(full => "\u201c" + full + "\u201d").join(", ") + ".");
  leftOff.textContent = said.join(" ");
  leftOff.hidden = said.length === 0;
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
