"""Every proposal of a new time made from the corpus invitations and the project's fixtures
parses through python icalendar: the COUNTER queued in the outbox (read from the store, the
bytes `send` would hand over) is a mail whose text/calendar part says method=COUNTER, holds
METHOD:COUNTER and one VEVENT with the invitation's UID and SEQUENCE, the new DTSTART and a
DTEND the invitation's length after it, exactly one ATTENDEE (you) and the comment as one COMMENT
value; a proposal for one occurrence of a series carries its RECURRENCE-ID and no RRULE. An
invitation whose organizer set X-MICROSOFT-DISALLOW-COUNTER:TRUE must be refused, exit 1.

Usage: python counters.py INVITES_BINARY CORPUS_DIR [FIXTURE_DIR...] (run by Tests/Oracle/run.sh)."""
import datetime
import json
import sys

from homes import Homes, arguments, newest_in_outbox

binary, folders = arguments(sys.argv)
comment = "Later?\nATTENDEE:mailto:evil@example.org"
checked = occurrences = refused_disallowed = 0
failures = []


def utc(value):
    if not isinstance(value, datetime.datetime):
        return value
    if value.tzinfo is None:
        value = value.replace(tzinfo=datetime.timezone.utc)
    return value.astimezone(datetime.timezone.utc)


def counter(home):
    """The newest COUNTER in the store's outbox, parsed."""
    _, method, calendar = newest_in_outbox(home, "counter")
    assert method == "COUNTER", "Content-Type method=%s" % method
    assert str(calendar.get("METHOD")) == "COUNTER", "METHOD"
    events = list(calendar.walk("VEVENT"))
    assert len(events) == 1, "%d VEVENTs" % len(events)
    event = events[0]
    attendees = event.get("ATTENDEE")
    attendees = attendees if isinstance(attendees, list) else [attendees]
    assert len(attendees) == 1, "ATTENDEE count %d" % len(attendees)
    assert str(event.get("COMMENT")) == comment, "COMMENT %r" % event.get("COMMENT")
    assert not list(event.walk("VALARM")), "a VALARM went along"
    return event


homes = Homes(binary, "invites-counters-")
for path, home, run in homes.each_input(folders):
    if run("ingest", path).returncode != 0:
        continue
    for invite in json.loads(run("--json", "list", "--all").stdout)["invites"]:
        if invite["source"] == "push" or not invite.get("organizer") or invite["method"] != "REQUEST":
            continue
        if invite["status"] == "cancelled":
            continue
        handle = invite["handle"]
        me = invite["attendees"][0]["address"] if invite["attendees"] else "someone@example.org"
        shown = json.loads(run("--me", me, "--json", "show", handle).stdout or "{}")
        if not shown.get("details", {}).get("counterAllowed", True):
            proposed = run("--me", me, "propose", handle, "--at", "2030-01-07 10:00")
            if proposed.returncode != 1 or "X-MICROSOFT-DISALLOW-COUNTER" not in proposed.stderr:
                failures.append("%s (%s): a disallowed COUNTER was not refused: %s" % (path, handle, proposed.stderr))
            refused_disallowed += 1
            continue
        try:
            at = "2030-01-07" if invite.get("allDay") else "2030-01-07 10:00"
            proposed = run("--me", me, "propose", handle, "--at", at, "--comment", comment)
            assert proposed.returncode == 0, "propose: %s" % proposed.stderr
            event = counter(home)
            assert str(event.get("UID")) == invite["uid"], "UID"
            start = utc(event.get("DTSTART").dt)
            expected = datetime.date(2030, 1, 7) if invite.get("allDay") else \
                datetime.datetime(2030, 1, 7, 10, 0, tzinfo=datetime.timezone.utc)
            assert start == expected, "DTSTART %s" % start
            if event.get("DTEND") is not None and not invite.get("allDay"):
                length = utc(event.get("DTEND").dt) - start
                was = datetime.datetime.fromisoformat(invite["end"].replace("Z", "+00:00")) - \
                    datetime.datetime.fromisoformat(invite["start"].replace("Z", "+00:00"))
                assert length == was, "length %s, was %s" % (length, was)
            checked += 1
            series = shown.get("occurrences") or []
            if len(series) > 1:
                rid = series[1]["recurrenceId"]
                proposed = run("--me", me, "propose", handle, "--occurrence", rid, "--at", "2030-02-04 10:00",
                               "--comment", comment)
                assert proposed.returncode == 0, "propose --occurrence: %s" % proposed.stderr
                event = counter(home)
                assert event.get("RECURRENCE-ID") is not None, "no RECURRENCE-ID"
                assert event.get("RRULE") is None, "an RRULE on one occurrence's COUNTER"
                occurrences += 1
        except Exception as error:  # noqa: BLE001 - every failure is reported
            failures.append("%s (%s): %s" % (path, handle, error))
print("counters: %d COUNTERs parsed by icalendar, %d for one occurrence, %d refused for "
      "X-MICROSOFT-DISALLOW-COUNTER, %d failed" % (checked, occurrences, refused_disallowed, len(failures)))
for failure in failures:
    print("  " + failure)
sys.exit(1 if failures else 0)
