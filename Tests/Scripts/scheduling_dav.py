"""What Tests/Scripts/scheduling.sh asks of the CalDAV server and of the files around it, with
Python's standard library only (it runs under the script's virtualenv, or any python3).

  free-port                      a free TCP port on 127.0.0.1
  wait URL                       waits (15 s at most) until an HTTP server answers at URL
  setup PRINCIPAL ADDRESS CAL    PROPPATCHes the principal's calendar-user-address-set to
                                 ADDRESS and its inbox's schedule-default-calendar-URL to CAL,
                                 reads both back with PROPFIND and prints them
  get URL                        the body of a GET
  put URL FILE                   PUTs FILE as text/calendar; prints the status and the body
  partstat FILE ADDRESS VALUE    sets PARTSTAT of ADDRESS's ATTENDEE lines in FILE, every other
                                 byte left as it was (a person editing the file by hand)
  add-param FILE ADDRESS PARAM   adds ;PARAM to ADDRESS's ATTENDEE lines in FILE, likewise
  add-line FILE LINE             adds LINE before the first END:VEVENT of FILE, likewise
  sent DIR                       one line per message the sendmail stand-in recorded: file, To,
                                 METHOD, then per VEVENT (or VTODO) its UID, RECURRENCE-ID, the
                                 PARTSTATs, any PERCENT-COMPLETE and any COMMENT
  only-partstat OLD NEW ADDRESS VALUE
                                 exits 1, saying why, unless NEW is OLD with ADDRESS's PARTSTAT
                                 set to VALUE on one ATTENDEE line and nothing else changed
  line-added OLD NEW LINE        exits 1, saying why, unless NEW is OLD with the content line
                                 LINE added inside its VEVENT and nothing else changed
  folded-inside FILE ADDRESS      exits 1 unless a fold of ADDRESS's ATTENDEE line in FILE
                                 falls inside the address (after mailto:); prints the line's
                                 pieces either side of each fold
  fold-inside FILE ADDRESS       folds ADDRESS's ATTENDEE lines in FILE two characters into
                                 the address, every other byte left as it was
  override-added OLD NEW ADDRESS RECURRENCE-ID VALUE
                                 exits 1, saying why, unless NEW is OLD with one VEVENT added,
                                 for RECURRENCE-ID, with ADDRESS's PARTSTAT at VALUE
  copies WHERE UID ADDRESS       one line per item holding UID, WHERE a calendar collection's
                                 URL (each member listed by PROPFIND and read by GET) or a
                                 vdir: its name and ADDRESS's PARTSTAT in the master VEVENT
  mkcalendar URL                 makes a calendar collection at URL (MKCALENDAR)
  default-calendar PRINCIPAL CAL points the inbox's schedule-default-calendar-URL at CAL, where
                                 import-imip delivers
"""

import email
import email.policy
import glob
import os
import re
import socket
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from xml.etree import ElementTree

DAV = "DAV:"
CALDAV = "urn:ietf:params:xml:ns:caldav"


def request(method, url, body=None, headers=None):
    """(status, body text) of one HTTP request; HTTP errors are answers, not exceptions."""
    data = body.encode("utf-8") if isinstance(body, str) else body
    req = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=15) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def xml_request(method, url, body, depth=None):
    headers = {"Content-Type": "application/xml; charset=utf-8"}
    if depth is not None:
        headers["Depth"] = depth
    status, text = request(method, url, body, headers)
    if status != 207:
        sys.exit(f"{method} {url}: HTTP {status}: {text.strip()[:300]}")
    return ElementTree.fromstring(text)


def proppatch(url, prop, href):
    """Sets one CalDAV property holding one DAV:href; fails unless the server says 200 for it."""
    body = (
        '<?xml version="1.0" encoding="utf-8"?>'
        f'<D:propertyupdate xmlns:D="{DAV}" xmlns:C="{CALDAV}"><D:set><D:prop>'
        f"<C:{prop}><D:href>{href}</D:href></C:{prop}>"
        "</D:prop></D:set></D:propertyupdate>"
    )
    root = xml_request("PROPPATCH", url, body)
    statuses = [s.text or "" for s in root.iter(f"{{{DAV}}}status")]
    if not statuses or not all(" 200 " in s for s in statuses):
        sys.exit(f"PROPPATCH {prop} on {url}: {statuses}")


def propfind_hrefs(url, prop):
    body = (
        '<?xml version="1.0" encoding="utf-8"?>'
        f'<D:propfind xmlns:D="{DAV}" xmlns:C="{CALDAV}"><D:prop><C:{prop}/></D:prop></D:propfind>'
    )
    root = xml_request("PROPFIND", url, body, depth="0")
    return [h.text.strip() for p in root.iter(f"{{{CALDAV}}}{prop}") for h in p.iter(f"{{{DAV}}}href") if h.text]


def setup(principal, address, calendar):
    proppatch(principal, "calendar-user-address-set", address)
    addresses = propfind_hrefs(principal, "calendar-user-address-set")
    inboxes = propfind_hrefs(principal, "schedule-inbox-URL")
    if addresses != [address] or len(inboxes) != 1:
        sys.exit(f"the principal reads back calendar-user-address-set {addresses}, schedule-inbox-URL {inboxes}")
    inbox = urllib.parse.urljoin(principal, inboxes[0].rstrip("/") + "/")
    proppatch(inbox, "schedule-default-calendar-URL", calendar)
    defaults = propfind_hrefs(inbox, "schedule-default-calendar-URL")
    if defaults != [calendar]:
        sys.exit(f"the inbox reads back schedule-default-calendar-URL {defaults}")
    print(f"calendar-user-address-set {addresses[0]}, schedule-inbox-URL {inboxes[0]}, "
          f"schedule-default-calendar-URL {defaults[0]}")


def unfolded(text):
    return re.sub(r"\r?\n[ \t]", "", text).splitlines()


def rewrite_attendee(path, address, change):
    """Applies CHANGE to the (possibly folded) ATTENDEE lines of ADDRESS, every other byte kept."""
    data = open(path, "rb").read().decode("utf-8")
    changed = 0

    def edit(match):
        nonlocal changed
        line = match.group(0)
        if own_partstat(re.sub(r"\r?\n[ \t]", "", line), address) is None:
            return line
        changed += 1
        return change(line)

    data = re.sub(r"[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*", edit, data)
    if not changed:
        sys.exit(f"{path}: no ATTENDEE line for {address}")
    write(path, data)


def write(path, data):
    with open(path + ".tmp", "wb") as file:
        file.write(data.encode("utf-8"))
    os.rename(path + ".tmp", path)


def add_param(path, address, param):
    def change(line):
        head, value = split_line(line)
        return head + ";" + param + ":" + value

    rewrite_attendee(path, address, change)


def add_line(path, line):
    data = open(path, "rb").read().decode("utf-8")
    end = "\r\n" if "\r\n" in data else "\n"
    index = data.index("END:VEVENT")
    write(path, data[:index] + line + end + data[index:])


def partstat(path, address, value):
    """Rewrites PARTSTAT in place on the (possibly folded) ATTENDEE lines that name ADDRESS."""

    def change(line):
        new, count = re.subn(r"PARTSTAT=[A-Za-z-]+", "PARTSTAT=" + value, line, count=1)
        if not count:
            sys.exit(f"{path}: the ATTENDEE line of {address} has no PARTSTAT")
        return new

    rewrite_attendee(path, address, change)


def vevents(text):
    """The content lines of each VEVENT and VTODO (a task, RFC 5546 §3.4) of TEXT."""
    events, current = [], None
    for line in unfolded(text):
        if line in ("BEGIN:VEVENT", "BEGIN:VTODO"):
            current = []
        elif line in ("END:VEVENT", "END:VTODO") and current is not None:
            events.append(current)
            current = None
        elif current is not None:
            current.append(line)
    return events


def prop(lines, name):
    for line in lines:
        head, value = split_line(line)
        if head.split(";", 1)[0].upper() == name:
            return value
    return ""


def split_line(line):
    """(name and parameters, value) of a content line: the first colon outside quotes."""
    quoted = False
    for index, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == ":" and not quoted:
            return line[:index], line[index + 1 :]
    return line, ""


def partstats(lines):
    out = []
    for line in lines:
        head, value = split_line(line)
        if head.split(";", 1)[0].upper() == "ATTENDEE":
            match = re.search(r";PARTSTAT=([A-Za-z-]+)", head, re.IGNORECASE)
            out.append(value + "=" + (match.group(1).upper() if match else "NEEDS-ACTION"))
    return out


def sent(folder):
    for path in sorted(glob.glob(os.path.join(folder, "*.eml"))):
        message = email.message_from_binary_file(open(path, "rb"), policy=email.policy.default)
        calendars = [p for p in message.walk() if p.get_content_type() == "text/calendar"]
        text = calendars[0].get_content() if calendars else ""
        method = prop(unfolded(text), "METHOD") or "-"
        parts = [os.path.basename(path), "To=" + str(message["To"]), "METHOD=" + method]
        for event in vevents(text):
            parts.append("UID=" + prop(event, "UID"))
            parts.append("RECURRENCE-ID=" + (prop(event, "RECURRENCE-ID") or "-"))
            parts.extend(partstats(event))
            if prop(event, "PERCENT-COMPLETE"):
                parts.append("PERCENT-COMPLETE=" + prop(event, "PERCENT-COMPLETE"))
            if prop(event, "COMMENT"):
                parts.append("COMMENT=" + prop(event, "COMMENT").replace(" ", "_"))
        print(" ".join(parts))


def content_lines(path):
    return unfolded(open(path, "rb").read().decode("utf-8"))


def own_partstat(line, address):
    """ADDRESS's PARTSTAT on this ATTENDEE line, or None when the line is not theirs."""
    head, value = split_line(line)
    if head.split(";", 1)[0].upper() != "ATTENDEE" or value.lower() != address.lower():
        return None
    match = re.search(r";PARTSTAT=([A-Za-z-]+)", head, re.IGNORECASE)
    return match.group(1).upper() if match else "NEEDS-ACTION"


def only_partstat(old_path, new_path, address, value):
    old, new = content_lines(old_path), content_lines(new_path)
    if len(old) != len(new):
        sys.exit(f"{len(old)} content lines became {len(new)}")
    changed = [(a, b) for a, b in zip(old, new) if a != b]
    if len(changed) != 1:
        sys.exit(f"{len(changed)} lines changed: {changed}")
    before, after = changed[0]
    if own_partstat(before, address) is None or own_partstat(after, address) != value:
        sys.exit(f"not {address}'s PARTSTAT set to {value}: {before!r} became {after!r}")
    expected = re.sub(r"PARTSTAT=[A-Za-z-]+", "PARTSTAT=" + value, before, count=1)
    if "PARTSTAT=" not in before:
        expected = None
    if after != expected:
        sys.exit(f"more than PARTSTAT changed: {before!r} became {after!r}")


def line_added(old_path, new_path, line):
    old, new = content_lines(old_path), content_lines(new_path)
    if new.count(line) != old.count(line) + 1:
        sys.exit(f"{line!r} appears {new.count(line)} times in the new item, {old.count(line)} in the old")
    index = max(i for i, entry in enumerate(new) if entry == line)
    rest = new[:index] + new[index + 1 :]
    if rest != old:
        changed = [(a, b) for a, b in zip(old, rest) if a != b] or f"{len(old)} lines became {len(rest)}"
        sys.exit(f"besides {line!r}, the item changed: {changed}")
    if "BEGIN:VEVENT" not in new[:index] or "END:VEVENT" not in new[index:]:
        sys.exit(f"{line!r} is outside the VEVENT")


def delegated(old_path, new_path, address, delegate):
    """NEW is OLD delegated in place: ADDRESS's ATTENDEE line with PARTSTAT=DELEGATED and
    DELEGATED-TO="DELEGATE" (its other parameters as they were), DELEGATE's line added right
    after it with DELEGATED-FROM="ADDRESS", PARTSTAT=NEEDS-ACTION and RSVP=TRUE, and nothing
    else changed."""
    old, new = content_lines(old_path), content_lines(new_path)
    if len(new) != len(old) + 1:
        sys.exit(f"{len(old)} content lines became {len(new)}, not one more")
    mine = [i for i, line in enumerate(old) if own_partstat(line, address) is not None]
    if len(mine) != 1:
        sys.exit(f"{len(mine)} ATTENDEE lines of {address} in the old item")
    index = mine[0]
    if new[:index] != old[:index] or new[index + 2 :] != old[index + 1 :]:
        sys.exit("lines other than yours changed")
    before, after, added = old[index], new[index], new[index + 1]
    head, value = split_line(before)
    expected = re.sub(r"PARTSTAT=[A-Za-z-]+", "PARTSTAT=DELEGATED", head, count=1)
    expected += ';DELEGATED-TO="' + delegate + '":' + value
    if after != expected:
        sys.exit(f"your line: {before!r} became {after!r}, not {expected!r}")
    wanted = 'ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;DELEGATED-FROM="' + address + '":' + delegate
    if added != wanted:
        sys.exit(f"the delegate's line is {added!r}, not {wanted!r}")


def is_recurrence_id(line, value):
    head, rest = split_line(line)
    return head.split(";", 1)[0].upper() == "RECURRENCE-ID" and rest == value


def override_added(old_path, new_path, address, recurrence_id, value):
    old, new = content_lines(old_path), content_lines(new_path)
    added, rest, block = [], [], None
    for line in new:
        if line == "BEGIN:VEVENT":
            block = [line]
        elif block is not None:
            block.append(line)
            if line == "END:VEVENT":
                if any(is_recurrence_id(entry, recurrence_id) for entry in block):
                    added.append(block)
                else:
                    rest.extend(block)
                block = None
        else:
            rest.append(line)
    if any(is_recurrence_id(line, recurrence_id) for line in old):
        sys.exit(f"the old item already had RECURRENCE-ID {recurrence_id}")
    if len(added) != 1:
        sys.exit(f"{len(added)} VEVENTs with RECURRENCE-ID {recurrence_id} in the new item")
    if rest != old:
        changed = [(a, b) for a, b in zip(old, rest) if a != b] or f"{len(old)} lines became {len(rest)}"
        sys.exit(f"besides the override, the item changed: {changed}")
    states = [own_partstat(line, address) for line in added[0] if own_partstat(line, address) is not None]
    if states != [value]:
        sys.exit(f"the override gives {address} {states}, not [{value!r}]")


def attendee_lines(data, address):
    """(start, end) of each ATTENDEE content line of ADDRESS in DATA, continuation lines and
    all, and its unfolded text."""
    for match in re.finditer(r"[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*", data):
        line = re.sub(r"\r?\n[ \t]", "", match.group(0))
        if match.group(0) and own_partstat(line, address) is not None:
            yield match.start(), match.end(), line


def bare_address(address):
    """The address without its mailto:, lower-cased: where a fold counts as inside it."""
    return re.sub(r"^mailto:", "", address, flags=re.IGNORECASE).lower()


def folded_inside(path, address):
    data = open(path, "rb").read().decode("utf-8")
    for start, end, line in attendee_lines(data, address):
        pieces = re.split(r"\r?\n[ \t]", data[start:end])
        shown = " / ".join(repr(piece[-14:] if index == 0 else piece[:14]) for index, piece in enumerate(pieces))
        bare = bare_address(address)
        at = line.lower().rindex(bare)
        cuts, length = [], 0
        for piece in pieces[:-1]:
            length += len(piece)
            cuts.append(length)
        if any(at < cut < at + len(bare) for cut in cuts):
            print(shown)
            return
        sys.exit(shown)
    sys.exit(f"no ATTENDEE line for {address}")


def fold_inside(path, address):
    data = open(path, "rb").read().decode("utf-8")
    end_of_line = "\r\n" if "\r\n" in data else "\n"

    def change(line):
        unfolded = re.sub(r"\r?\n[ \t]", "", line)
        at = unfolded.lower().rindex(bare_address(address)) + 2
        return unfolded[:at] + end_of_line + " " + unfolded[at:]

    rewrite_attendee(path, address, change)


def members(url):
    """The hrefs of a collection's members (PROPFIND, Depth 1), the collection left out."""
    body = f'<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="{DAV}"><D:prop><D:getetag/></D:prop></D:propfind>'
    root = xml_request("PROPFIND", url, body, depth="1")
    own = urllib.parse.urlparse(url).path.rstrip("/")
    hrefs = [h.text.strip() for r in root.iter(f"{{{DAV}}}response") for h in r.findall(f"{{{DAV}}}href") if h.text]
    return [h for h in hrefs if urllib.parse.urlparse(h).path.rstrip("/") != own]


def copies(where, uid, address):
    """(name, text) of each item holding UID, on the server or in a vdir."""
    if where.startswith("http"):
        items = []
        for href in members(where):
            status, text = request("GET", urllib.parse.urljoin(where, href))
            if status != 200:
                sys.exit(f"GET {href}: HTTP {status}")
            items.append((os.path.basename(href.rstrip("/")), text))
    else:
        items = [(os.path.basename(p), open(p, "rb").read().decode("utf-8")) for p in sorted(glob.glob(os.path.join(where, "*.ics")))]
    for name, text in items:
        events = [e for e in vevents(text) if prop(e, "UID") == uid]
        if not events:
            continue
        master = next((e for e in events if not prop(e, "RECURRENCE-ID")), events[0])
        states = [own_partstat(line, address) for line in master if own_partstat(line, address) is not None]
        print(name, address + "=" + (",".join(states) or "(no ATTENDEE)"))


def mkcalendar(url):
    status, text = request("MKCALENDAR", url)
    if status != 201:
        sys.exit(f"MKCALENDAR {url}: HTTP {status}: {text.strip()[:300]}")


def default_calendar(principal, calendar):
    inbox = urllib.parse.urljoin(principal, propfind_hrefs(principal, "schedule-inbox-URL")[0].rstrip("/") + "/")
    proppatch(inbox, "schedule-default-calendar-URL", calendar)
    defaults = propfind_hrefs(inbox, "schedule-default-calendar-URL")
    if defaults != [calendar]:
        sys.exit(f"the inbox reads back schedule-default-calendar-URL {defaults}")


def wait(url):
    deadline = time.time() + 15
    while time.time() < deadline:
        try:
            request("OPTIONS", url)
            return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"no server answered at {url}")


def main():
    command, args = sys.argv[1], sys.argv[2:]
    if command == "free-port":
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            print(s.getsockname()[1])
    elif command == "wait":
        wait(args[0])
    elif command == "setup":
        setup(*args)
    elif command == "get":
        status, text = request("GET", args[0])
        if status != 200:
            sys.exit(f"GET {args[0]}: HTTP {status}")
        sys.stdout.write(text)
    elif command == "put":
        status, text = request("PUT", args[0], open(args[1], "rb").read(), {"Content-Type": "text/calendar"})
        print(status, " ".join(text.split()))
    elif command == "partstat":
        partstat(*args)
    elif command == "add-param":
        add_param(*args)
    elif command == "add-line":
        add_line(*args)
    elif command == "sent":
        sent(args[0])
    elif command == "only-partstat":
        only_partstat(*args)
    elif command == "delegated":
        delegated(*args)
    elif command == "line-added":
        line_added(*args)
    elif command == "folded-inside":
        folded_inside(*args)
    elif command == "fold-inside":
        fold_inside(*args)
    elif command == "override-added":
        override_added(*args)
    elif command == "copies":
        copies(*args)
    elif command == "mkcalendar":
        mkcalendar(*args)
    elif command == "default-calendar":
        default_calendar(*args)
    else:
        sys.exit(f"unknown command {command}")


if __name__ == "__main__":
    main()
