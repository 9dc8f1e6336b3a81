"""Every reply made from the corpus invitations parses through python icalendar and holds
exactly one ATTENDEE, with the PARTSTAT answered and the comment as one COMMENT value.

Usage: python replies.py INVITES_BINARY CORPUS_DIR (run by Tests/Oracle/run.sh in its venv)."""
import os
import subprocess
import sys
import tempfile

import icalendar

binary, corpus = sys.argv[1], sys.argv[2]
comment = "Yes; but late,\nATTENDEE:mailto:evil@example.org"
checked = refused = 0
failures = []
for folder in ("invites", "mail"):
    for directory, _, names in sorted(os.walk(os.path.join(corpus, folder))):
        for name in sorted(names):
            path = os.path.join(directory, name)
            home = tempfile.mkdtemp(prefix="invites-replies-")
            run = lambda *args: subprocess.run([binary, "--home", home, "--tz", "UTC", *args], capture_output=True, text=True)
            ingested = run("ingest", path)
            if ingested.returncode != 0:
                refused += 1
                continue
            for line in ingested.stdout.splitlines():
                handle, result = line.split()[:2]
                if result == "cancelled":
                    continue
                listed = run("--json", "list", "--all")
                import json
                invite = next(i for i in json.loads(listed.stdout)["invites"] if i["handle"] == handle)
                if invite["source"] == "push" or not invite.get("organizer") or invite["method"] != "REQUEST":
                    continue
                me = invite["attendees"][0]["address"] if invite["attendees"] else "someone@example.org"
                run("--me", me, "accept", handle, "--no-add", "--comment", comment)
                reply = run("--me", me, "reply", handle)
                try:
                    calendar = icalendar.Calendar.from_ical(reply.stdout)
                    events = [c for c in calendar.walk("VEVENT")]
                    assert str(calendar.get("METHOD")) == "REPLY", "METHOD"
                    assert len(events) == 1, "VEVENT count"
                    attendees = events[0].get("ATTENDEE")
                    attendees = attendees if isinstance(attendees, list) else [attendees]
                    assert len(attendees) == 1, "ATTENDEE count %d" % len(attendees)
                    assert attendees[0].params.get("PARTSTAT") == "ACCEPTED", "PARTSTAT"
                    assert str(events[0].get("COMMENT")) == comment, "COMMENT"
                    checked += 1
                except Exception as error:  # noqa: BLE001 - every failure is reported
                    failures.append("%s (%s): %s" % (path, handle, error))
print("replies: %d replies parsed by icalendar with one ATTENDEE, %d inputs refused by ingest, %d failed"
      % (checked, refused, len(failures)))
for failure in failures:
    print("  " + failure)
sys.exit(1 if failures else 0)
