"""What replies.py, counters.py and itip.py share: the inputs they walk (the corpus's invitations
and mail, then the project's fixture folders), one fresh home per input under one folder removed
when the script ends, and the newest message of a kind read back from a home's outbox (the bytes
`send` would hand over) with its one text/calendar part parsed."""
import email
import os
import sqlite3
import subprocess
import tempfile

import icalendar


def arguments(argv):
    """INVITES_BINARY CORPUS_DIR [FIXTURE_DIR...] as the binary and the folders to walk."""
    binary, corpus, fixtures = argv[1], argv[2], argv[3:]
    folders = [os.path.join(corpus, folder) for folder in ("invites", "mail") if os.path.isdir(corpus)] + fixtures
    return binary, folders


class Homes:
    """Fresh homes for one binary, all under one folder removed when the script ends."""

    def __init__(self, binary, prefix):
        self.binary = binary
        self.folder = tempfile.TemporaryDirectory(prefix=prefix)

    def new(self):
        """A fresh home and a `run(*args)` of the binary on it (UTC, output captured as text)."""
        home = tempfile.mkdtemp(dir=self.folder.name)

        def run(*args):
            return subprocess.run([self.binary, "--home", home, "--tz", "UTC", *args], capture_output=True, text=True)

        return home, run

    def each_input(self, folders):
        """Every file under the folders, sorted, with a home of its own and its `run`."""
        for folder in folders:
            for directory, _, names in sorted(os.walk(folder)):
                for name in sorted(names):
                    home, run = self.new()
                    yield os.path.join(directory, name), home, run


def newest_in_outbox(home, kind, recipient=None):
    """The newest outbox message of `kind` (to `recipient` when given): the mail, its text/calendar
    part's method parameter and that part parsed."""
    query = "SELECT body FROM outbox WHERE kind = ?" + (" AND recipient = ?" if recipient else "")
    with sqlite3.connect(os.path.join(home, "invites.sqlite3")) as store:
        row = store.execute(query + " ORDER BY id DESC LIMIT 1", (kind, recipient) if recipient else (kind,)).fetchone()
    assert row, "no %s in the outbox" % kind + (" to %s" % recipient if recipient else "")
    message = email.message_from_bytes(row[0])
    parts = [part for part in message.walk() if part.get_content_type() == "text/calendar"]
    assert len(parts) == 1, "%d text/calendar parts" % len(parts)
    return message, parts[0].get_param("method"), icalendar.Calendar.from_ical(parts[0].get_payload(decode=True))
