#!/usr/bin/env python3
"""The maintainers' checks of the live room, on 127.0.0.1 only. Python's standard library only:
the kata itself never needs Python. Scripts/room-selftest.sh runs all three.

  room-check.py load    GRADER ROOT [--seconds 60]  30 attendees posting every 2 s, 5 page watchers,
                                                     one attendee sending garbage
  room-check.py restart GRADER ROOT [--seconds 24]  the same, with the server killed (-9) mid-load
  room-check.py browser GRADER ROOT --screenshot PNG headless Chromium watches a verdict arrive

GRADER is the built KataGrader; ROOT a scratch folder holding a copy of Catalog/, where the room
keeps its state (never a real checkout's). Each check prints its figures, then `PASS …` or
`FAIL …`, and exits 0 or 1. Everything it starts, it stops.
"""
import argparse, base64, http.client, json, os, queue, random, signal, socket, statistics
import string, subprocess, sys, tempfile, threading, time, urllib.parse

HOST = "127.0.0.1"


def free_port():
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class RoomProcess:
    """`KataGrader ROOT --room-serve` on loopback, as the instructor runs it through grade.sh."""

    def __init__(self, grader, root, port):
        self.grader, self.root, self.port = grader, root, port
        self.proc, self.code, self.rss_peak_kb = None, None, 0

    def start(self):
        self.proc = subprocess.Popen([self.grader, self.root, "--room-serve", "--bind", HOST, "--port", str(self.port)],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
        lines = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in self.proc.stdout], daemon=True).start()
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                line = lines.get(timeout=0.2)
            except queue.Empty:
                if self.proc.poll() is not None:
                    break
                continue
            if "Attendees:" in line:
                self.code = line.split("?room=")[1].split()[0]
                self.join_line = line.split("Attendees:")[1].strip()
                return self
        raise SystemExit("FAIL the room server did not start (exit %s)" % self.proc.poll())

    def sample_memory(self):
        try:
            with open("/proc/%d/status" % self.proc.pid) as status:
                for line in status:
                    if line.startswith(("VmHWM:", "VmRSS:")):
                        self.rss_peak_kb = max(self.rss_peak_kb, int(line.split()[1]))
        except OSError:
            pass

    def kill9(self):
        self.sample_memory()
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=5)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.sample_memory()
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def alive(self):
        return self.proc.poll() is None


def call(port, method, path, body=None, content_type="application/json", timeout=5):
    """(status, body) or (None, error text). http.client never goes through a proxy."""
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        headers = {"Content-Type": content_type} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    except (OSError, http.client.HTTPException) as error:
        return None, str(error)
    finally:
        connection.close()


def secret(length):
    return "".join(random.choice(string.ascii_letters + string.digits) for _ in range(length))


class Attendee:
    """A checkout that grades every 2 s, with the real sender's outbox: whatever is not
    acknowledged is kept and sent again with the next grade."""

    def __init__(self, index, port, code, exercises, name=None, down=None):
        self.port, self.code, self.exercises = port, code, exercises
        self.down = down or threading.Event()
        self.id = "a-load-%02d-%s" % (index, "".join(random.choice("0123456789abcdef") for _ in range(8)))
        self.token, self.name = secret(32), name or "Attendee %02d" % index
        self.seq, self.outbox, self.acked = 0, {}, {}
        self.latencies, self.errors, self.refused_while_down = [], [], 0
        self.rng = random.Random(index)

    def join(self):
        body = json.dumps({"code": self.code, "attendee": self.id, "token": self.token, "name": self.name})
        status, answer = call(self.port, "POST", "/api/join", body)
        if status != 200:
            raise SystemExit("FAIL join of %s: %s %r" % (self.id, status, answer))

    def grade(self):
        for exercise in self.rng.sample(self.exercises, self.rng.randint(1, 3)):
            verdict = self.rng.choice(VERDICTS)
            missed = sorted(self.rng.sample(exercise["chaffs"], self.rng.randint(1, len(exercise["chaffs"])))) \
                if verdict == "misses bugs" and exercise["chaffs"] else []
            self.seq += 1
            self.outbox[exercise["id"]] = {"id": exercise["id"], "verdict": verdict, "missed": missed, "seq": self.seq}
        return self.flush()

    def flush(self):
        if not self.outbox:
            return True
        sent = list(self.outbox.values())
        body = json.dumps({"code": self.code, "attendee": self.id, "token": self.token, "results": sent})
        started = time.perf_counter()
        status, answer = call(self.port, "POST", "/api/results", body, timeout=5)
        elapsed = time.perf_counter() - started
        if status == 200:
            self.latencies.append(elapsed)
            for entry in sent:
                if self.acked.get(entry["id"], {"seq": -1})["seq"] < entry["seq"]:
                    self.acked[entry["id"]] = entry
                if self.outbox.get(entry["id"]) is entry:
                    del self.outbox[entry["id"]]
            return True
        if status is None and self.down.is_set():
            self.refused_while_down += 1
        else:
            self.errors.append("%s %r" % (status, answer[:200]))
        return False


VERDICTS = ["done", "not started", "does not compile", "failing", "hangs", "crashed",
            "misses bugs", "rejects correct code", "flaky", "too slow"]


def load_catalog(root):
    with open(os.path.join(root, "Catalog", "catalog.json")) as file:
        catalog = json.load(file)
    return [{"id": e["id"], "chaffs": e.get("chaffs", [])} for e in catalog["exercises"]]


def raw_exchange(port, payload, hold=0.0, timeout=8.0):
    """Sends raw bytes; returns the status the server answered, 'closed', or 'hung'."""
    try:
        with socket.create_connection((HOST, port), timeout=timeout) as raw:
            raw.sendall(payload)
            if hold:
                time.sleep(hold)
            raw.settimeout(timeout)
            reply = b""
            while True:
                chunk = raw.recv(4096)
                if not chunk:
                    break
                reply += chunk
            if not reply:
                return "closed"
            return int(reply.split(b" ")[1])
    except socket.timeout:
        return "hung"
    except (OSError, ValueError, IndexError):
        return "closed"


class GarbageSender:
    """One attendee who sends everything but a valid request, several times a second, and keeps
    slow half-sent connections open. Each kind must get its refusal, and never a hang."""

    def __init__(self, port, code, victim, down):
        self.port, self.code, self.victim, self.down = port, code, victim, down
        # Bumped by each kill: a request that lived through one proves nothing either way.
        self.generation = 0
        self.me = Attendee(99, port, code, [], name="Garbage")
        self.sent, self.unexpected, self.threads = 0, [], []

    def kinds(self):
        identity = {"code": self.code, "attendee": self.me.id, "token": self.me.token}
        post = lambda body, ctype="application/json": (
            "POST /api/results HTTP/1.1\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n" % (ctype, len(body))).encode() + body
        return [
            ("random bytes", lambda: raw_exchange(self.port, os.urandom(200) + b"\r\n\r\n"), {400, "closed"}),
            ("half-sent head", lambda: raw_exchange(self.port, b"POST /api/results HTTP/1.1\r\nContent-Le"), {408}),
            ("half-sent body", lambda: raw_exchange(self.port, b"POST /api/results HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"code\""), {408}),
            ("oversized body", lambda: raw_exchange(self.port, b"POST /api/results HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n"), {413}),
            ("huge head", lambda: raw_exchange(self.port, b"GET / HTTP/1.1\r\nX: " + b"a" * 20000 + b"\r\n\r\n"), {408, "closed"}),
            ("not JSON", lambda: raw_exchange(self.port, post(b"{\"code\": ")), {422}),
            ("form post", lambda: raw_exchange(self.port, post(b"a=b", "application/x-www-form-urlencoded")), {415}),
            ("no room code", lambda: raw_exchange(self.port, post(json.dumps(dict(identity, code="WRONG1", results=[])).encode())), {403}),
            ("another's row", lambda: raw_exchange(self.port, post(json.dumps({"code": self.code, "attendee": self.victim.id, "token": secret(32), "results": [{"id": "x", "verdict": "done", "missed": [], "seq": 10**9}]}).encode())), {403}),
            ("unknown exercise", lambda: raw_exchange(self.port, post(json.dumps(dict(identity, results=[{"id": "no-such", "verdict": "done", "missed": [], "seq": 1}])).encode())), {422, 429}),
            ("bad verdict", lambda: raw_exchange(self.port, post(json.dumps(dict(identity, results=[{"id": "x", "verdict": "won", "missed": [], "seq": 1}])).encode())), {422}),
            ("file by path", lambda: raw_exchange(self.port, b"GET /../../Package.swift HTTP/1.1\r\n\r\n"), {404}),
            ("wrong method", lambda: raw_exchange(self.port, b"PUT /api/room HTTP/1.1\r\nContent-Length: 0\r\n\r\n"), {405}),
        ]

    def run(self, stop):
        self.me.join()
        kinds = self.kinds()
        while not stop.is_set():
            name, send, expected = random.choice(kinds)

            def one(name=name, send=send, expected=expected):
                generation = self.generation
                got = send()
                if self.down.is_set() or generation != self.generation:
                    return
                if got not in expected:
                    self.unexpected.append("%s: got %s, expected %s" % (name, got, sorted(map(str, expected))))
            # Slow kinds run beside the loop, as a real slow client would.
            thread = threading.Thread(target=one, daemon=True)
            thread.start()
            self.threads.append(thread)
            self.sent += 1
            stop.wait(0.1)

    def join_threads(self):
        for thread in self.threads:
            thread.join(timeout=10)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))] if ordered else float("nan")


def final_grid_matches(port, attendees):
    status, body = call(port, "GET", "/api/room")
    if status != 200:
        return False, "GET /api/room answered %s" % status
    rows = {row["id"]: row for row in json.loads(body)["attendees"]}
    mismatches = []
    for attendee in attendees:
        got = {k: (v["verdict"], v["missed"]) for k, v in rows.get(attendee.id, {"results": {}})["results"].items()}
        want = {k: (v["verdict"], v["missed"]) for k, v in attendee.acked.items()}
        if got != want:
            mismatches.append("%s: room %s, sent %s" % (attendee.id, sorted(got.items())[:3], sorted(want.items())[:3]))
    return not mismatches, "; ".join(mismatches[:3])


def run_load(args, kill_at=None, restart_after=2.0):
    """The load test; with kill_at, the restart test. Returns a list of failure reasons."""
    port = free_port()
    room = RoomProcess(args.grader, args.root, port).start()
    exercises = load_catalog(args.root)
    stop, down = threading.Event(), threading.Event()
    attendees = [Attendee(i, port, room.code, exercises, down=down) for i in range(30)]
    for attendee in attendees:
        attendee.join()
    watcher_stats = {"served": 0, "errors": []}
    watcher_lock = threading.Lock()

    def attend(attendee):
        stop.wait(random.uniform(0, 2))
        while not stop.is_set():
            attendee.grade()
            stop.wait(2)

    def watch():
        polls = 0
        while not stop.is_set():
            path = "/" if polls % 5 == 0 else "/api/room?stuckAfter=10"
            status, body = call(port, "GET", path)
            with watcher_lock:
                if status == 200:
                    watcher_stats["served"] += 1
                elif not down.is_set():
                    watcher_stats["errors"].append("%s %s" % (path, status))
            polls += 1
            stop.wait(2)

    garbage = GarbageSender(port, room.code, attendees[0], down)
    threads = [threading.Thread(target=attend, args=(a,), daemon=True) for a in attendees]
    threads += [threading.Thread(target=watch, daemon=True) for _ in range(5)]
    threads.append(threading.Thread(target=garbage.run, args=(stop,), daemon=True))
    for thread in threads:
        thread.start()

    failures, restart_notes = [], []
    started = time.time()
    while time.time() - started < args.seconds:
        room.sample_memory()
        if kill_at is not None and time.time() - started >= kill_at and garbage.generation == 0:
            down.set()
            garbage.generation += 1
            room.kill9()
            # What the dead server had saved, read from its file: every acknowledged result must be there.
            time.sleep(0.2)  # answers already on their way back are counted as acknowledged
            acked = {a.id: dict(a.acked) for a in attendees}
            with open(os.path.join(args.root, ".build", "kata", "room", "state.json")) as file:
                saved = {row["id"]: row["results"] for row in json.load(file)["attendees"]}
            lost = [(who, ex) for who, results in acked.items() for ex, entry in results.items()
                    if saved.get(who, {}).get(ex, {"seq": -1})["seq"] < entry["seq"]]
            restart_notes.append("acknowledged before the kill: %d results, lost: %d" % (sum(map(len, acked.values())), len(lost)))
            if lost:
                failures.append("acknowledged results lost by kill -9: %s" % lost[:3])
            time.sleep(restart_after)
            queued = sum(len(a.outbox) for a in attendees)
            room.start()
            restart_notes.append("restarted after %.0f s; %d results queued in attendees' outboxes" % (restart_after, queued))
            down.clear()
        time.sleep(0.5)
    stop.set()
    for thread in threads:
        thread.join(timeout=10)
    garbage.join_threads()
    # The last grade's results, sent by each attendee's next grade (here: one more flush).
    for attendee in attendees:
        for _ in range(3):
            if attendee.flush():
                break
            time.sleep(1.1)
    left_in_outboxes = sum(len(a.outbox) for a in attendees)
    matches, why = final_grid_matches(port, attendees)
    room.sample_memory()
    alive = room.alive()
    room.stop()

    latencies = [l for a in attendees for l in a.latencies]
    errors = [e for a in attendees for e in a.errors]
    posts = len(latencies)
    served = posts + len(attendees) + watcher_stats["served"] + garbage.sent
    print("  requests served: %d (posts %d, page and API reads %d, garbage %d)" % (served, posts, watcher_stats["served"], garbage.sent))
    print("  errors: %d attendee, %d watcher, %d garbage answered unexpectedly" % (len(errors), len(watcher_stats["errors"]), len(garbage.unexpected)))
    print("  post latency: p50 %.1f ms, p99 %.1f ms, max %.1f ms" % (percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000, max(latencies or [0]) * 1000))
    print("  server peak memory: %.1f MB (VmHWM from /proc)" % (room.rss_peak_kb / 1024))
    for note in restart_notes:
        print("  " + note)
    if kill_at is not None:
        print("  posts refused while the server was down: %d; left unsent at the end: %d" % (sum(a.refused_while_down for a in attendees), left_in_outboxes))
    print("  final grid equals what was sent: %s" % ("yes" if matches else "NO (%s)" % why))
    for sample in (errors[:3] + watcher_stats["errors"][:3] + garbage.unexpected[:5]):
        print("    " + sample)
    if errors or watcher_stats["errors"]:
        failures.append("%d legitimate requests failed" % (len(errors) + len(watcher_stats["errors"])))
    if garbage.unexpected:
        failures.append("%d garbage requests got an unexpected answer" % len(garbage.unexpected))
    if not matches:
        failures.append("the final grid differs from what was sent")
    if left_in_outboxes:
        failures.append("%d results never arrived" % left_in_outboxes)
    if not alive:
        failures.append("the server died")
    if posts and percentile(latencies, 0.99) > 1.0:
        failures.append("p99 post latency over 1 s")
    return failures


class DevTools:
    """Just enough of the Chrome DevTools Protocol over a hand-rolled WebSocket (RFC 6455)."""

    def __init__(self, url):
        parts = urllib.parse.urlparse(url)
        self.socket = socket.create_connection((parts.hostname, parts.port), timeout=15)
        key = base64.b64encode(os.urandom(16)).decode()
        self.socket.sendall(("GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                             "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n" % (parts.path, parts.hostname, parts.port, key)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.socket.recv(1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError("DevTools refused the WebSocket: %r" % head[:100])
        self.next_id, self.events = 0, []

    def _exactly(self, count):
        data = b""
        while len(data) < count:
            chunk = self.socket.recv(count - len(data))
            if not chunk:
                raise RuntimeError("DevTools closed the connection")
            data += chunk
        return data

    def _send(self, text):
        payload, mask = text.encode(), os.urandom(4)
        length = len(payload)
        header = bytes([0x81]) + (bytes([0x80 | length]) if length < 126 else
                                  bytes([0x80 | 126]) + length.to_bytes(2, "big") if length < 65536 else
                                  bytes([0x80 | 127]) + length.to_bytes(8, "big"))
        self.socket.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _receive(self):
        message = b""
        while True:
            first, second = self._exactly(2)
            length = second & 0x7F
            if length == 126:
                length = int.from_bytes(self._exactly(2), "big")
            elif length == 127:
                length = int.from_bytes(self._exactly(8), "big")
            message += self._exactly(length)
            if first & 0x80:
                return json.loads(message)

    def call(self, method, **params):
        self.next_id += 1
        self._send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = self._receive()
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError("%s: %s" % (method, message["error"]))
                return message.get("result", {})
            self.events.append(message)

    def evaluate(self, expression):
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

    def wait_for(self, expression, seconds):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if self.evaluate(expression):
                return True
            time.sleep(0.2)
        return False


def run_browser(args):
    """Headless Chromium opens the page; an attendee named like an XSS attack posts a verdict; the
    page must show it as text, without a reload, and a screenshot is saved."""
    chromium = next((c for c in ("chromium", "chromium-browser", "google-chrome") if subprocess.run(
        ["sh", "-c", "command -v " + c], capture_output=True).returncode == 0), None)
    if chromium is None:
        print("  no chromium on this machine (Debian: apt-get install -y chromium)")
        return ["no chromium"]
    port = free_port()
    room = RoomProcess(args.grader, args.root, port).start()
    exercises = load_catalog(args.root)
    failures = []
    profile = tempfile.mkdtemp(prefix="room-chromium-")
    browser = None
    try:
        # A plausible room: a few attendees at different places, and most-missed chaffs to explain.
        crowd = [Attendee(i, port, room.code, exercises, name=n) for i, n in
                 enumerate(["Ana", "Bruno", "Chloé", "Dmitri", "Esra", "Farid", "<script>alert(1)</script>"])]
        for index, attendee in enumerate(crowd):
            attendee.join()
            for position, exercise in enumerate(exercises[:index + 3]):
                attendee.seq += 1
                last = position == index + 2
                verdict = ("misses bugs" if index % 2 else "failing") if last else "done"
                missed = exercise["chaffs"][:1 + index % 2] if verdict == "misses bugs" else []
                attendee.outbox[exercise["id"]] = {"id": exercise["id"], "verdict": verdict, "missed": missed, "seq": attendee.seq}
            if attendee is not crowd[-1] and not attendee.flush():
                failures.append("could not post %s's results" % attendee.name)
        scripted = crowd[-1]
        scripted.outbox.clear()

        browser = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-proxy-server",
                                    "--hide-scrollbars", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
                                    "--user-data-dir=" + profile, "--window-size=1920,1080", "about:blank"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        active = os.path.join(profile, "DevToolsActivePort")
        deadline = time.time() + 20
        while not os.path.exists(active) and time.time() < deadline:
            time.sleep(0.1)
        with open(active) as file:
            devtools_port = int(file.readline())
        status, body = call(devtools_port, "GET", "/json/list")
        page = next(t for t in json.loads(body) if t["type"] == "page")
        tools = DevTools(page["webSocketDebuggerUrl"])
        tools.call("Page.enable")
        tools.call("Emulation.setDeviceMetricsOverride", width=1920, height=1080, deviceScaleFactor=1, mobile=False)
        tools.call("Page.navigate", url="http://%s:%d/" % (HOST, port))
        row = "#grid tr[data-attendee='%s']" % scripted.id
        if not tools.wait_for("document.querySelector(\"%s\") !== null" % row, 10):
            failures.append("the page never showed the attendees")
        tools.evaluate("window.loadedOnce = 'yes'")
        first = exercises[0]["id"]
        cell = "document.querySelector(\"%s td[data-exercise='%s']\")" % (row, first)
        before = tools.evaluate("%s.dataset.verdict || 'none'" % cell)

        scripted.seq += 1
        scripted.outbox[first] = {"id": first, "verdict": "done", "missed": [], "seq": scripted.seq}
        posted_at = time.time()
        if not scripted.flush():
            failures.append("the simulated attendee's post failed: %s" % scripted.errors)
        appeared = tools.wait_for("%s.dataset.verdict === 'done'" % cell, 10)
        print("  verdict before the post: %s; after: %s, shown %.1f s after the post" % (
            before, tools.evaluate("%s.dataset.verdict" % cell), time.time() - posted_at))
        if not appeared:
            failures.append("the posted verdict did not appear")
        if tools.evaluate("window.loadedOnce") != "yes":
            failures.append("the page reloaded")
        name = tools.evaluate("document.querySelector(\"%s td.name\").textContent" % row)
        scripts = tools.evaluate("document.scripts.length")
        print("  attendee name shown as text: %r; <script> elements on the page: %s" % (name, scripts))
        if name != "<script>alert(1)</script>" or scripts != 1:
            failures.append("the attendee's name was not shown as plain text")
        if any(e.get("method") == "Page.javascriptDialogOpening" for e in tools.events):
            failures.append("an alert opened: a name ran as script")
        # The instructor lowers the stuck threshold on the page: everyone not done is listed.
        tools.evaluate("{ const s = document.getElementById('stuckAfter'); s.value = '0'; s.dispatchEvent(new Event('change')); }")
        if not tools.wait_for("document.querySelectorAll('#grid tr.stuck').length > 0", 6):
            failures.append("lowering the stuck threshold listed nobody")
        tools.evaluate("{ const s = document.getElementById('stuckAfter'); s.value = '10'; s.dispatchEvent(new Event('change')); }")
        if not tools.wait_for("document.querySelectorAll('#grid tr.stuck').length === 0", 6):
            failures.append("raising the stuck threshold again kept attendees listed")
        shot = tools.call("Page.captureScreenshot", format="png")
        with open(args.screenshot, "wb") as file:
            file.write(base64.b64decode(shot["data"]))
        print("  screenshot: %s (1920x1080)" % args.screenshot)
        try:
            tools.call("Browser.close")
        except Exception:
            pass
    except Exception as error:  # any surprise is a failure with its reason, never a hang
        failures.append("browser check broke: %s" % error)
    finally:
        if browser is not None:
            try:
                browser.wait(timeout=5)
            except subprocess.TimeoutExpired:
                browser.kill()
                browser.wait()
            try:  # Chromium's helper processes share its session: none may outlive the check.
                os.killpg(browser.pid, signal.SIGKILL)
            except OSError:
                pass
        room.stop()
        subprocess.run(["rm", "-rf", profile])
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("check", choices=["load", "restart", "browser"])
    parser.add_argument("grader")
    parser.add_argument("root")
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--screenshot", default="room.png")
    args = parser.parse_args()
    random.seed(12)
    if args.check == "load":
        args.seconds = args.seconds or 60
        failures = run_load(args)
    elif args.check == "restart":
        args.seconds = args.seconds or 24
        failures = run_load(args, kill_at=args.seconds / 3)
    else:
        failures = run_browser(args)
    print(("FAIL " + "; ".join(failures)) if failures else "PASS")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
