#!/usr/bin/env python3
"""Big and deep inputs from strangers: each answered within seconds and a bounded memory, or
refused with 65 — never a crash, a hang or a store that grows with its square.

Generates, under .build/bench-big: an e-mail of 50 MB, a calendar of 1 GB (--calendar-mb), an
invitation with one 10 MB line, MIME nested 1,000 deep, a VEVENT with 100,000 ATTENDEEs and
REQUESTs of 3,000, 10,000 and 459,901 VEVENTs; runs `invites` on each (whole process, peak RSS from GNU time) and
prints one table with the exit status, the time, the peak memory and the store's size. A
benchmark, not a test: it reports, and says which rows exceed the bounds docs/spec.md names
(10 s and 1 GiB each; the store at most three times what was received).

Usage: bench/big_inputs.py [--binary PATH] [--calendar-mb 1024] [--markdown FILE]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build", "bench-big")
SECONDS, MEGABYTES, STORE = 10.0, 1024.0, 3

EVENT = ("BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240610T{hour:02d}0000Z\r\n"
         "DTEND:20240610T{hour:02d}3000Z\r\nSUMMARY:Event {uid}\r\nORGANIZER:mailto:o@example.org\r\n"
         "ATTENDEE:mailto:me@example.org\r\nEND:VEVENT\r\n")


def calendar(body, method="REQUEST"):
    return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nMETHOD:%s\r\n%sEND:VCALENDAR\r\n" % (method, body)


def generate(calendar_mb):
    os.makedirs(WORK, exist_ok=True)
    files = {}
    invite = calendar(EVENT.format(uid="big-1@example.org", hour=10))
    path = os.path.join(WORK, "mail-50mb.eml")
    with open(path, "w") as out:
        out.write("From: o@example.org\r\nTo: me@example.org\r\nSubject: big\r\nMIME-Version: 1.0\r\n"
                  "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/calendar; method=REQUEST\r\n\r\n")
        out.write(invite + "\r\n--b\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n\r\n")
        line = "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0NTY3\r\n"
        out.write(line * (50 * 1024 * 1024 // len(line)))
        out.write("--b--\r\n")
    files["an e-mail of 50 MB"] = (path, ["ingest", path])
    path = os.path.join(WORK, "line-10mb.ics")
    with open(path, "w") as out:
        out.write(calendar(EVENT.format(uid="line-1@example.org", hour=11).replace(
            "SUMMARY:", "DESCRIPTION:" + "x" * (10 * 1024 * 1024) + "\r\nSUMMARY:")))
    files["a line of 10 MB"] = (path, ["ingest", path])
    path = os.path.join(WORK, "nested-1000.eml")
    with open(path, "w") as out:
        out.write("From: o@example.org\r\nTo: me@example.org\r\nSubject: deep\r\nMIME-Version: 1.0\r\n")
        for depth in range(1000):
            out.write("Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n" % (depth, depth))
        out.write("Content-Type: text/calendar; method=REQUEST\r\n\r\n" + invite)
        for depth in reversed(range(1000)):
            out.write("\r\n--b%d--\r\n" % depth)
    files["MIME nested 1,000 deep"] = (path, ["ingest", path])
    path = os.path.join(WORK, "attendees-100k.ics")
    attendees = "".join("ATTENDEE;CN=Person %d:mailto:p%d@example.org\r\n" % (i, i) for i in range(100_000))
    with open(path, "w") as out:
        out.write(calendar(EVENT.format(uid="many-1@example.org", hour=12).replace("END:VEVENT", attendees + "END:VEVENT")))
    files["100,000 ATTENDEEs"] = (path, ["ingest", path])
    path = os.path.join(WORK, "request-3000.ics")
    with open(path, "w") as out:
        out.write(calendar("".join(EVENT.format(uid="r%d@example.org" % i, hour=8 + i % 10) for i in range(3000))))
    files["a REQUEST of 3,000 VEVENTs"] = (path, ["ingest", path])
    path = os.path.join(WORK, "request-10000.ics")
    with open(path, "w") as out:
        out.write(calendar("".join(EVENT.format(uid="t%d@example.org" % i, hour=8 + i % 10) for i in range(10_000))))
    files["a REQUEST of 10,000 VEVENTs (the most one message carries)"] = (path, ["ingest", path])
    path = os.path.join(WORK, "request-459901.ics")
    with open(path, "w") as out:
        out.write(calendar("".join(EVENT.format(uid="h%d@example.org" % i, hour=8 + i % 10) for i in range(459_901))))
    files["a REQUEST of 459,901 VEVENTs (refused)"] = (path, ["ingest", path])
    path = os.path.join(WORK, "calendar-%dmb.ics" % calendar_mb)
    if not os.path.exists(path) or os.path.getsize(path) < calendar_mb * 1024 * 1024:
        with open(path, "w") as out:
            out.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\n")
            chunk = "".join(EVENT.format(uid="c%d@example.org" % i, hour=i % 24).replace("20240610", "2023%02d%02d" % (1 + i % 12, 1 + i % 28))
                            for i in range(10_000))
            for _ in range(max(1, calendar_mb * 1024 * 1024 // len(chunk))):
                out.write(chunk)
            out.write("END:VCALENDAR\r\n")
    files["a calendar of %d MB (show beside it)" % calendar_mb] = (path, None)
    return files


def measure(binary, arguments, home, calendar_path):
    handle, report = tempfile.mkstemp(prefix="bench-rss-")
    os.close(handle)
    command = ["/usr/bin/time", "-f", "%M", "-o", report, binary, "--home", home, "--tz", "UTC",
               "--calendar", calendar_path] + arguments
    started = time.perf_counter()
    try:
        process = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600)
        status = process.returncode
    except subprocess.TimeoutExpired:
        status = "hung"
    elapsed = time.perf_counter() - started
    with open(report) as handle:
        text = handle.read().split()
    os.unlink(report)
    peak = int(text[-1]) / 1024.0 if text and text[-1].isdigit() else 0.0
    return status, elapsed, peak


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary")
    parser.add_argument("--calendar-mb", type=int, default=1024)
    parser.add_argument("--markdown")
    options = parser.parse_args()
    if not os.path.exists("/usr/bin/time"):
        raise SystemExit("big_inputs: needs GNU time (apt-get install time)")
    binary = options.binary
    if not binary:
        binary = subprocess.run([os.path.join(ROOT, "scripts", "build-release")], check=True, capture_output=True,
                                text=True).stdout.strip()
    files = generate(options.calendar_mb)
    empty = os.path.join(WORK, "empty.ics")
    with open(empty, "w") as out:
        out.write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nEND:VCALENDAR\r\n")
    rows = []
    for name, (path, arguments) in files.items():
        home = tempfile.mkdtemp(prefix="bench-big-")
        size = os.path.getsize(path) / 1024 / 1024
        if arguments is None:
            invite = os.path.join(WORK, "one.json")
            with open(invite, "w") as out:
                out.write('{"title": "Beside", "start": "2023-06-10T10:00:00Z", "end": "2023-06-10T11:00:00Z", "id": "b"}')
            measure(binary, ["ingest", invite], home, path)
            status, elapsed, peak = measure(binary, ["show", "b"], home, path)
        else:
            status, elapsed, peak = measure(binary, arguments, home, empty)
        store = os.path.join(home, "invites.sqlite3")
        stored = sum(os.path.getsize(os.path.join(home, f)) for f in os.listdir(home)
                     if f.startswith("invites.sqlite3")) / 1024 / 1024 if os.path.exists(store) else 0.0
        within = status in (0, 65) and elapsed <= SECONDS and peak <= MEGABYTES and (arguments is None or stored <= STORE * size + 1)
        rows.append((name, size, status, elapsed, peak, stored, within))
        shutil.rmtree(home, ignore_errors=True)
    lines = ["| input | size MB | exit | seconds | peak MB | store MB | within the bounds |", "|---|---:|---:|---:|---:|---:|---|"]
    for name, size, status, elapsed, peak, stored, within in rows:
        lines.append("| %s | %.1f | %s | %.2f | %.0f | %.1f | %s |" % (name, size, status, elapsed, peak, stored, "yes" if within else "NO"))
    print("\n".join(lines))
    if options.markdown:
        with open(options.markdown, "w") as out:
            out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
