"""Every reply made from the corpus invitations and the project's series fixtures parses through
python icalendar: one VEVENT per component answered (the series, each instance sent or answered
on its own), each with exactly one ATTENDEE and its PARTSTAT, distinct RECURRENCE-IDs, and the
comment as one COMMENT value. For recurring invitations one occurrence is then declined on its
own, and the reply must carry that occurrence's RECURRENCE-ID with PARTSTAT=DECLINED.

Usage: python replies.py INVITES_BINARY CORPUS_DIR [FIXTURE_DIR...] (run by Tests/Oracle/run.sh)."""
import datetime
import json
import sys

import icalendar

from homes import Homes, arguments

binary, folders = arguments(sys.argv)
comment = "Yes; but late,\nATTENDEE:mailto:evil@example.org"
checked = refused = 0
failures = []
declined_checked = 0


def key(event):
    """The inbox's key of a VEVENT's RECURRENCE-ID: a UTC time, or a date (runs use --tz UTC)."""
    rid = event.get("RECURRENCE-ID")
    if rid is None:
        return None
    value = rid.dt
    if not isinstance(value, datetime.datetime):
        return value.isoformat()
    if value.tzinfo is None:
        value = value.replace(tzinfo=datetime.timezone.utc)
    return value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def vevents(text):
    calendar = icalendar.Calendar.from_ical(text)
    assert str(calendar.get("METHOD")) == "REPLY", "METHOD"
    events = list(calendar.walk("VEVENT"))
    assert events, "no VEVENT"
    uids = {str(event.get("UID")) for event in events}
    assert len(uids) == 1, "UIDs %s" % uids
    ids = [key(event) for event in events]
    assert len(ids) == len(set(ids)), "RECURRENCE-ID twice: %s" % ids
    for event in events:
        attendees = event.get("ATTENDEE")
        attendees = attendees if isinstance(attendees, list) else [attendees]
        assert len(attendees) == 1, "ATTENDEE count %d" % len(attendees)
    return events


homes = Homes(binary, "invites-replies-")
for path, home, run in homes.each_input(folders):
    ingested = run("ingest", path)
    if ingested.returncode != 0:
        refused += 1
        continue
    for line in ingested.stdout.splitlines():
        handle, result = line.split()[:2]
        if result == "cancelled":
            continue
        listed = run("--json", "list", "--all")
        invite = next(i for i in json.loads(listed.stdout)["invites"] if i["handle"] == handle)
        if invite["source"] == "push" or not invite.get("organizer") or invite["method"] != "REQUEST":
            continue
        me = invite["attendees"][0]["address"] if invite["attendees"] else "someone@example.org"
        run("--me", me, "accept", handle, "--no-add", "--comment", comment)
        reply = run("--me", me, "reply", handle)
        try:
            events = vevents(reply.stdout)
            for event in events:
                attendee = event.get("ATTENDEE")
                attendee = attendee[0] if isinstance(attendee, list) else attendee
                assert attendee.params.get("PARTSTAT") == "ACCEPTED", "PARTSTAT"
            comments = [str(event.get("COMMENT")) for event in events if event.get("COMMENT")]
            assert comments == [comment], "COMMENT %r" % comments
            checked += 1
            shown = json.loads(run("--json", "show", handle).stdout or "{}")
            occurrences = shown.get("occurrences") or []
            if len(occurrences) > 1:
                rid = occurrences[1]["recurrenceId"]
                declined = run("--me", me, "decline", handle, "--no-add", "--occurrence", rid)
                assert declined.returncode == 0, "decline --occurrence %s: %s" % (rid, declined.stderr)
                events = vevents(run("--me", me, "reply", handle).stdout)
                found = [e for e in events if key(e) == rid]
                assert len(found) == 1, "no VEVENT for the declined occurrence %s" % rid
                attendee = found[0].get("ATTENDEE")
                attendee = attendee[0] if isinstance(attendee, list) else attendee
                assert attendee.params.get("PARTSTAT") == "DECLINED", "declined occurrence PARTSTAT"
                declined_checked += 1
        except Exception as error:  # noqa: BLE001 - every failure is reported
            failures.append("%s (%s): %s" % (path, handle, error))
print("replies: %d replies parsed by icalendar with one ATTENDEE per VEVENT, %d with one occurrence declined apart, "
      "%d inputs refused by ingest, %d failed" % (checked, declined_checked, refused, len(failures)))
for failure in failures:
    print("  " + failure)
sys.exit(1 if failures else 0)
