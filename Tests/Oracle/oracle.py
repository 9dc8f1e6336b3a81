#!/usr/bin/env python3
"""Occurrence oracle: `invites show` against recurring-ical-events.

For every calendar (the shared corpus and the generated hard cases) a few
time windows are chosen deterministically. In each window both sides list
the occurrences that intersect it; the lists are compared as multisets of
(uid, start, end), all in UTC:

  - date-times as RFC 3339 `YYYY-MM-DDTHH:MM:SSZ` (floating times taken as
    UTC, which is the display zone used here);
  - all-day values as `YYYY-MM-DD`, the end exclusive.

Semantics (the spec of `invites`): half-open intervals; an occurrence is in
[a, b) when start < b and end > a, and a zero-length one when a <= t < b;
cancelled and transparent events are still listed.

Disagreements listed in known_disagreements.tsv are expected; a listed one
that no longer occurs is reported as stale. Any other disagreement fails.
That file is tab-separated: calendar (as printed, e.g.
`../shared/corpus/calendars/hardcases/x.ics` or `generated/y.ics`), key,
wrong side, reason. The key is matched (fnmatch, case-sensitive) against
"UID START" of each differing tuple, from either side; `*` matches every
disagreement of that calendar; `exit:65` (etc.) an `invites` failure;
`window` a window that `invites` echoed differently.

Usage:
  oracle.py --invites BIN [--generated DIR] [--only PATTERN] [--verbose]
  oracle.py --rie-only [...]      recurring-ical-events side only
"""

import argparse
import collections
import concurrent.futures
import datetime as dt
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import icalendar
import recurring_ical_events

UTC = dt.timezone.utc
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))      # the project root
CORPUS = os.path.join("..", "shared", "corpus", "calendars")  # relative to ROOT
KNOWN = os.path.join(HERE, "known_disagreements.tsv")

MAX_WINDOWS = 15
BEFORE = dt.timedelta(hours=6)
AFTER = dt.timedelta(hours=30)
# how many windows each class of candidate gets (unused quota passes on)
QUOTAS = (8, 3, 3, 1)
LATER_INDICES = (1, 3, 9, 24)      # which later occurrences of a series
LATER_OFFSETS = (dt.timedelta(days=7), dt.timedelta(days=35),
                 dt.timedelta(days=182), dt.timedelta(days=366))
DEFAULT_WINDOW = dt.datetime(2025, 1, 1, 6, tzinfo=UTC)
INVITES_TIMEOUT = 60


# --- time helpers ------------------------------------------------------------

def to_instant(value):
    """The UTC instant of a DTSTART-like value (dates and floating as UTC)."""
    if isinstance(value, tuple):          # PERIOD
        value = value[0]
    if isinstance(value, dt.datetime):
        if value.tzinfo is None or value.utcoffset() is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day, tzinfo=UTC)
    return None


def rfc3339(instant):
    return instant.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def norm(value):
    """Normalise a start/end value the way `invites --json` writes it."""
    if isinstance(value, dt.datetime):
        return rfc3339(to_instant(value))
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


def prop_values(component, name):
    """All .dt values of a (possibly repeated, possibly list) property."""
    out = []
    try:
        props = component.get(name)
    except Exception:                      # broken property
        return out
    if props is None:
        return out
    if not isinstance(props, list):
        props = [props]
    for prop in props:
        try:
            if hasattr(prop, "dts"):
                out.extend(d.dt for d in prop.dts)
            else:
                out.append(prop.dt)
        except Exception:
            pass
    return out


# --- calendars -----------------------------------------------------------------

def list_calendars(generated_dir, only):
    """(display path, path to open) for each calendar, in a stable order."""
    cals = []
    corpus_abs = os.path.join(ROOT, CORPUS)
    for dirpath, _dirs, files in os.walk(corpus_abs):
        for name in files:
            if name.lower().endswith(".ics"):
                full = os.path.join(dirpath, name)
                rel = os.path.relpath(full, ROOT)
                cals.append((rel, rel))
    if generated_dir and os.path.isdir(generated_dir):
        for name in os.listdir(generated_dir):
            if name.endswith(".ics"):
                cals.append(("generated/" + name, os.path.join(generated_dir, name)))
    cals.sort()
    if only:
        if any(c in only for c in "*?["):
            cals = [c for c in cals if fnmatch.fnmatch(c[0], only)]
        else:
            cals = [c for c in cals if only in c[0]]
    return cals


def parse_calendar(path):
    with open(os.path.join(ROOT, path) if not os.path.isabs(path) else path, "rb") as fh:
        data = fh.read()
    return icalendar.Calendar.from_ical(data)


def sub_calendar(cal, uid):
    """A calendar with cal's properties, its VTIMEZONEs and uid's VEVENTs."""
    sub = icalendar.Calendar()
    for key, value in cal.items():
        sub[key] = value
    for comp in cal.subcomponents:
        if comp.name == "VTIMEZONE":
            sub.add_component(comp)
        elif comp.name == "VEVENT" and str(comp.get("UID", "")) == uid:
            sub.add_component(comp)
    return sub


def uids_of(cal):
    seen = []
    for comp in cal.walk("VEVENT"):
        uid = str(comp.get("UID", ""))
        if uid not in seen:
            seen.append(uid)
    return seen


# --- window choice -------------------------------------------------------------

def evenly(items, k):
    if k <= 0:
        return []
    if k >= len(items):
        return list(items)
    if k == 1:
        return [items[0]]
    n = len(items)
    return [items[round(i * (n - 1) / (k - 1))] for i in range(k)]


def choose_windows(cal):
    """Deterministic list of window start instants' anchors (UTC)."""
    first, other, later, offsets = set(), set(), set(), set()
    masters = {}
    seen_uid = set()
    events = list(cal.walk("VEVENT")) if cal is not None else []
    for comp in events:
        uid = str(comp.get("UID", ""))
        starts = [to_instant(v) for v in prop_values(comp, "DTSTART")]
        starts = [s for s in starts if s is not None]
        if not starts:
            continue
        start = starts[0]
        if uid not in seen_uid and "RECURRENCE-ID" not in comp:
            first.add(start)
            seen_uid.add(uid)
        else:
            other.add(start)
        for name in ("RDATE", "EXDATE", "RECURRENCE-ID"):
            for v in prop_values(comp, name):
                t = to_instant(v)
                if t is not None:
                    other.add(t)
        if ("RRULE" in comp or "RDATE" in comp) and "RECURRENCE-ID" not in comp:
            masters.setdefault(uid, start)
            for off in LATER_OFFSETS:
                offsets.add(start + off)
    for uid, start in sorted(masters.items()):
        try:
            sub = sub_calendar(cal, uid)
            it = recurring_ical_events.of(sub).after(start - dt.timedelta(seconds=1))
            for i, occ in enumerate(it):
                if i > max(LATER_INDICES):
                    break
                if i in LATER_INDICES:
                    t = to_instant(occ["DTSTART"].dt)
                    if t is not None:
                        later.add(t)
        except Exception:
            pass
    classes = []
    taken = set()
    for cls in (first, other, later, offsets):
        items = sorted(t for t in cls if t not in taken)
        taken.update(items)
        classes.append(items)
    chosen, carry = [], 0
    for items, quota in zip(classes, QUOTAS):
        sel = evenly(items, quota + carry)
        carry = quota + carry - len(sel)
        chosen.extend(sel)
    for items in classes:                     # fill up what is left
        room = MAX_WINDOWS - len(chosen)
        if room <= 0:
            break
        rest = [t for t in items if t not in chosen]
        chosen.extend(evenly(rest, room))
    if not chosen:
        chosen = [DEFAULT_WINDOW]
    chosen = sorted(set(chosen))[:MAX_WINDOWS]
    return [(t - BEFORE, t + AFTER) for t in chosen]


def raw_windows(path):
    """Windows for a file icalendar cannot parse: DTSTART lines read as UTC."""
    try:
        with open(os.path.join(ROOT, path), "rb") as fh:
            text = fh.read().decode("utf-8", "replace")
    except OSError:
        text = ""
    anchors = set()
    text = "\n".join(re.findall(r"BEGIN:VEVENT(.*?)END:VEVENT", text, re.S))
    for m in re.finditer(r"^DTSTART[^:\r\n]*:(\d{8})(?:T(\d{6}))?", text, re.M):
        try:
            day = dt.datetime.strptime(m.group(1) + (m.group(2) or "000000"),
                                       "%Y%m%d%H%M%S").replace(tzinfo=UTC)
        except ValueError:
            continue
        anchors.add(day)
    chosen = evenly(sorted(anchors), MAX_WINDOWS) or [DEFAULT_WINDOW]
    return [(t - BEFORE, t + AFTER) for t in chosen]


# --- recurring-ical-events side ----------------------------------------------------

def occurrence_tuple(comp):
    uid = str(comp.get("UID", ""))
    start = comp["DTSTART"].dt
    if "DTEND" in comp:
        end = comp["DTEND"].dt
    elif "DURATION" in comp:
        end = start + comp["DURATION"].dt
    elif isinstance(start, dt.datetime):
        end = start
    else:
        end = start + dt.timedelta(days=1)
    return (uid, norm(start), norm(end))


def rie_between(cal, a, b):
    """(tuples, {uid: error}) for the window [a, b)."""
    try:
        return [occurrence_tuple(c) for c in recurring_ical_events.of(cal).between(a, b)], {}
    except Exception:
        pass
    tuples, bad = [], {}
    for uid in uids_of(cal):
        try:
            sub = sub_calendar(cal, uid)
            tuples.extend(occurrence_tuple(c)
                          for c in recurring_ical_events.of(sub).between(a, b))
        except Exception as exc:   # this series cannot be evaluated
            bad[uid] = f"{type(exc).__name__}: {str(exc)[:120]}"
    return tuples, bad


# --- invites side ---------------------------------------------------------------------

def run_invites(binary, args, timeout=INVITES_TIMEOUT):
    try:
        proc = subprocess.run([binary] + args, cwd=ROOT, capture_output=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, b"", b"timeout"
    return proc.returncode, proc.stdout, proc.stderr


def first_line(data):
    text = data.decode("utf-8", "replace").strip()
    return text.splitlines()[0][:200] if text else ""


def invites_windows(binary, cal_path, windows):
    """Per window: ('ok', tuples, window) or ('error', message)."""
    tmp = tempfile.mkdtemp(prefix="invites-oracle-")
    try:
        home = os.path.join(tmp, "home")
        os.mkdir(home)
        payload = os.path.join(tmp, "windows.json")
        ids = [f"w{i:02d}" for i in range(len(windows))]
        with open(payload, "w") as fh:
            json.dump([{"title": "oracle window", "start": rfc3339(a),
                        "end": rfc3339(b), "id": wid}
                       for wid, (a, b) in zip(ids, windows)], fh)
        base = ["--home", home, "--calendar", cal_path, "--tz", "UTC"]
        rc, _out, err = run_invites(binary, base + ["--json", "ingest", payload])
        if rc != 0:
            msg = f"ingest exit {rc}: {first_line(err)}"
            return [("error", f"exit:{rc}", msg)] * len(windows)
        results = []
        for wid in ids:
            rc, out, err = run_invites(binary, base + ["--json", "show", wid,
                                                       "--before", "0m", "--after", "0m"])
            if rc != 0:
                results.append(("error", f"exit:{rc}", f"show exit {rc}: {first_line(err)}"))
                continue
            try:
                doc = json.loads(out)
                tuples = [(str(e["uid"]), str(e["start"]), str(e["end"]))
                          for e in doc.get("events", [])]
                results.append(("ok", tuples, doc.get("window", {})))
            except Exception as exc:
                results.append(("error", "json", f"show output not JSON ({exc}): "
                                f"{first_line(out)}"))
        return results
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


# --- known disagreements -------------------------------------------------------------

def load_known(path):
    known = []
    if not os.path.exists(path):
        return known
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t")
            if cols[0] == "calendar":          # header
                continue
            if len(cols) < 4:
                print(f"oracle: {os.path.basename(path)}:{n}: expected 4 tab-separated "
                      f"columns", file=sys.stderr)
                continue
            known.append({"calendar": cols[0], "key": cols[1], "wrong": cols[2],
                          "reason": cols[3], "used": 0, "line": n})
    return known


def match_known(known, calendar, key):
    for k in known:
        if k["calendar"] == calendar and (k["key"] == "*" or fnmatch.fnmatchcase(key, k["key"])):
            return k
    return None


# --- main -------------------------------------------------------------------------------

def process(display, path, binary, verbose):
    """Compare one calendar. Returns a dict of results."""
    res = {"calendar": display, "windows": 0, "items": [], "agree": 0,
           "uncompared": {}, "log": []}
    try:
        cal = parse_calendar(path)
    except Exception as exc:
        cal = None
        res["uncompared"]["*"] = f"icalendar cannot parse: {type(exc).__name__}: {exc}"
    windows = choose_windows(cal) if cal is not None else raw_windows(path)
    res["windows"] = len(windows)
    known_uids = set(uids_of(cal)) if cal is not None else set()
    inv = invites_windows(binary, path, windows) if binary else [None] * len(windows)
    for i, ((a, b), got) in enumerate(zip(windows, inv)):
        wid = f"w{i:02d}"
        wname = f"{wid}[{rfc3339(a)},{rfc3339(b)})"
        if cal is not None:
            rie, bad = rie_between(cal, a, b)
        else:
            rie, bad = None, {}
        res["uncompared"].update(bad)
        if verbose:
            res["log"].append(f"  {wname} rie: {sorted(rie) if rie is not None else '-'}")
            if got is not None:
                res["log"].append(f"  {wname} invites: {got[1] if got[0] == 'ok' else got}")
        if got is not None and rie is None:
            if got[0] == "error":
                res["invites_note"] = got[2]
            else:
                res.setdefault("invites_listed", 0)
                res["invites_listed"] += len(got[1])
        if got is None or rie is None:
            continue
        if got[0] == "error":
            res["items"].append({"window": wname, "key": got[1], "side": "invites-error",
                                 "tuple": got[2]})
            continue
        _ok, inv_tuples, inv_window = got
        if inv_window and (inv_window.get("start"), inv_window.get("end")) != (rfc3339(a), rfc3339(b)):
            res["items"].append({"window": wname, "key": "window", "side": "harness",
                                 "tuple": f"invites window {inv_window}"})
        rie_c = collections.Counter(t for t in rie if t[0] not in bad)
        inv_c = collections.Counter(t for t in inv_tuples if t[0] not in bad)
        res["agree"] += sum((rie_c & inv_c).values())
        only_rie, only_inv = rie_c - inv_c, inv_c - rie_c
        # An event without a UID: invites has to make one up. Pair it by
        # (start, end) with an invites occurrence whose uid is not in the file.
        for t in [t for t in only_rie.elements() if t[0] == ""]:
            for u in list(only_inv.elements()):
                if u[1:] == t[1:] and u[0] not in known_uids:
                    only_rie[t] -= 1
                    only_inv[u] -= 1
                    res["agree"] += 1
                    break
        only_rie, only_inv = +only_rie, +only_inv
        for side, counter in (("only-rie", only_rie), ("only-invites", only_inv)):
            for t, n in sorted(counter.items()):
                for _ in range(n):
                    res["items"].append({"window": wname, "key": f"{t[0]} {t[1]}",
                                         "side": side, "tuple": t})
    return res


def fmt_tuple(t):
    if isinstance(t, tuple):
        return "(" + " ".join(t) + ")"
    return str(t)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--invites", help="path to the invites binary")
    ap.add_argument("--rie-only", action="store_true",
                    help="only run the recurring-ical-events side")
    ap.add_argument("--generated", default=os.path.join(ROOT, ".build", "oracle-generated"),
                    help="directory of generated calendars (gen_hard.py output)")
    ap.add_argument("--only", help="substring or glob of calendar paths to run")
    ap.add_argument("--known", default=KNOWN)
    ap.add_argument("--jobs", type=int, default=max(2, os.cpu_count() or 2))
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args()
    if not args.invites and not args.rie_only:
        ap.error("--invites BIN or --rie-only is required")
    binary = None
    if args.invites:
        binary = os.path.abspath(args.invites)
        if not os.access(binary, os.X_OK):
            print(f"oracle: {args.invites}: not an executable", file=sys.stderr)
            return 2

    cals = list_calendars(args.generated, args.only)
    if not cals:
        print("oracle: no calendars selected", file=sys.stderr)
        return 2
    known = load_known(args.known)

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda c: process(c[0], c[1], binary, args.verbose), cals))

    windows = agree = documented = 0
    unexplained = []
    not_compared = []
    for res in results:
        windows += res["windows"]
        agree += res["agree"]
        if args.verbose:
            print(f"{res['calendar']}: {res['windows']} windows")
            for line in res["log"]:
                print(line)
        for uid, why in sorted(res["uncompared"].items()):
            note = ""
            if uid == "*" and "invites_note" in res:
                note = f" (invites: {res['invites_note']})"
            elif uid == "*" and "invites_listed" in res:
                note = f" (invites: exit 0, {res['invites_listed']} occurrences listed)"
            not_compared.append(f"{res['calendar']} {uid}: {why}{note}")
        for item in res["items"]:
            k = match_known(known, res["calendar"], item["key"])
            if k is not None:
                k["used"] += 1
                documented += 1
                if args.verbose:
                    print(f"  documented: {item['window']} {item['side']} {item['tuple']} "
                          f"({k['wrong']} wrong)")
            else:
                unexplained.append((res["calendar"], item))
    compared = agree + documented + len(unexplained)

    if not_compared:
        print(f"oracle: not compared (recurring-ical-events cannot evaluate), "
              f"{len(not_compared)}:")
        for line in not_compared:
            print(f"  {line}")
    if binary is None:
        print(f"oracle: {len(results)} calendars, {windows} windows "
              f"(recurring-ical-events side only)")
        return 0

    ran = {r["calendar"] for r in results}
    stale = [k for k in known if k["calendar"] in ran and k["used"] == 0]
    for k in stale:
        print(f"oracle: stale: known_disagreements.tsv:{k['line']}: {k['calendar']} "
              f"{k['key']} no longer disagrees")
    # one line per calendar and window
    grouped = collections.OrderedDict()
    for cal, item in unexplained:
        grouped.setdefault((cal, item["window"]), []).append(item)
    print(f"oracle: {len(results)} calendars, {windows} windows, {compared} occurrences "
          f"compared, {agree} agree, {documented} documented disagreements, "
          f"{len(unexplained)} unexplained")
    for (cal, wname), items in grouped.items():
        parts = []
        for side in ("only-rie", "only-invites", "invites-error", "harness"):
            tuples = [fmt_tuple(i["tuple"]) for i in items if i["side"] == side]
            if tuples:
                parts.append(f"{side}: " + " ".join(tuples))
        print(f"  {cal} {wname} " + " | ".join(parts))
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
