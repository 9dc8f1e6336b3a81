"""The test's side of the session bus for Tests/Scripts/watch.sh, and the mail it delivers.

  calls                       the Notify calls the mock notification server received, as JSON:
                              id (as the mock gave it), replaces_id, summary, body, actions,
                              expire_timeout, and whether the arguments had the types of
                              Notify(susssasa{sv}i) (the mock does not check them; real servers do)
  wait N SECONDS              waits until N Notify calls came (exit 1 when they did not)
  emit ID KEY                 the server's ActionInvoked(ID, KEY), as a user's click sends it
  mail FIXTURE OUT [UID [SEQUENCE [SUMMARY [METHOD [START]]]]]
                              an e-mail around an invitation fixture (text/calendar), its UID,
                              SEQUENCE, SUMMARY and METHOD replaced when given (an empty one is
                              left as it is); START, seconds from now, moves it to start then
                              (in UTC, an hour long, the RRULE dropped)
"""
import json
import re
import sys
import time


def mock():
    import dbus
    bus = dbus.SessionBus()
    obj = bus.get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications")
    return dbus.Interface(obj, "org.freedesktop.DBus.Mock")


def notify_calls():
    import dbus
    calls = []
    next_id = 1
    for _, method, args in mock().GetCalls():
        if method != "Notify":
            continue
        types = [
            isinstance(args[0], dbus.String), isinstance(args[1], dbus.UInt32), isinstance(args[2], dbus.String),
            isinstance(args[3], dbus.String), isinstance(args[4], dbus.String),
            isinstance(args[5], dbus.Array) and args[5].signature == "s",
            isinstance(args[6], dbus.Dictionary) and args[6].signature == "sv", isinstance(args[7], dbus.Int32),
        ] if len(args) == 8 else [False]
        if args[1]:
            ident = int(args[1])
        else:
            ident = next_id
            next_id += 1
        calls.append({
            "id": ident, "app": str(args[0]), "replaces_id": int(args[1]), "summary": str(args[3]),
            "body": str(args[4]), "actions": [str(a) for a in args[5]], "expire_timeout": int(args[7]),
            "typed": all(types),
        })
    return calls


def main():
    command = sys.argv[1]
    if command == "calls":
        print(json.dumps(notify_calls(), ensure_ascii=False, indent=1))
    elif command == "wait":
        wanted, deadline = int(sys.argv[2]), time.time() + float(sys.argv[3])
        while time.time() < deadline:
            if len(notify_calls()) >= wanted:
                return 0
            time.sleep(0.1)
        print("watch: %d Notify calls, not %d" % (len(notify_calls()), wanted), file=sys.stderr)
        return 1
    elif command == "emit":
        import dbus
        mock().EmitSignal(
            "org.freedesktop.Notifications", "ActionInvoked", "us", [dbus.UInt32(int(sys.argv[2])), sys.argv[3]])
    elif command == "mail":
        fixture, out = sys.argv[2], sys.argv[3]
        uid, sequence, summary, method, start = (sys.argv[4:] + [None] * 5)[:5]
        text = open(fixture, encoding="utf-8").read().replace("\r\n", "\n")
        if uid:
            text = re.sub(r"(?m)^UID:.*$", "UID:" + uid, text)
        if sequence:
            text = re.sub(r"(?m)^SEQUENCE:.*$", "SEQUENCE:" + sequence, text)
        if summary:
            text = re.sub(r"(?m)^SUMMARY:.*$", "SUMMARY:" + summary.replace("\\e", "\x1b"), text)
        if method:
            text = re.sub(r"(?m)^METHOD:.*$", "METHOD:" + method, text)
            if method == "CANCEL":
                text = text.replace("END:VEVENT", "STATUS:CANCELLED\nEND:VEVENT")
        if start:
            at = int(time.time()) + int(start)
            stamp = lambda t: time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(t))
            text = re.sub(r"(?m)^DTSTART[;:].*$", "DTSTART:" + stamp(at), text)
            text = re.sub(r"(?m)^DTEND[;:].*$", "DTEND:" + stamp(at + 3600), text)
            text = re.sub(r"(?m)^RRULE:.*\n", "", text)
        calendar = text.replace("\n", "\r\n")
        kind = re.search(r"(?m)^METHOD:(\S+)", text).group(1)
        with open(out, "w", encoding="utf-8", newline="") as mail:
            mail.write(
                "From: Ann <ann@example.org>\r\nTo: me@example.org\r\nSubject: Invitation\r\n"
                "Message-ID: <%s-%s@example.org>\r\nMIME-Version: 1.0\r\n"
                "Content-Type: text/calendar; method=%s; charset=UTF-8\r\n\r\n%s"
                % (uid or "fixture", sequence or "0", kind, calendar))
    return 0


sys.exit(main())
