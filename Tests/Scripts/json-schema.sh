#!/usr/bin/env bash
# Every command's --json output from the real binary, and its errors, checked against
# docs/json-schema.json by Python's jsonschema (pinned, in a virtualenv under .build/), which
# also checks the schema itself against the 2020-12 meta-schema. The Swift tests check the same
# documents with their own validator; this is the independent oracle. Without PyPI it prints
# one line saying so and exits 0.
# Usage: Tests/Scripts/json-schema.sh BIN
set -euo pipefail
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")/../.."
root=$(pwd)
venv="$root/.build/jsonschema-venv"
pins=(jsonschema==4.23.0 attrs==26.1.0 jsonschema-specifications==2025.9.1 referencing==0.37.0
    rpds-py==2026.9.1 typing_extensions==4.16.0)
if ! "$venv/bin/python" -c "import jsonschema" 2>/dev/null; then
    if ! { python3 -m venv "$venv" && "$venv/bin/pip" install -q "${pins[@]}"; } >/dev/null 2>&1; then
        echo "json-schema: skipped: jsonschema could not be installed from PyPI"
        exit 0
    fi
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-json.XXXXXX")
trap 'rm -rf "$work"' EXIT
export HOME="$work" XDG_CONFIG_HOME="$work/config" TZ=UTC
: > "$work/cases"
# case DEFINITION STATUS ARGS...: runs invites --json ARGS, keeps its output for the check.
case_() {
    local definition=$1 expected=$2 n
    shift 2
    n=$(wc -l < "$work/cases")
    set +e
    "$bin" --json --home "$work/home" --me me@example.org "$@" > "$work/out.$n" 2>/dev/null
    local status=$?
    set -e
    printf '%s\t%s\t%s\t%s\n' "$definition" "$expected" "$status" "$*" >> "$work/cases"
}
calendar=Tests/InvitesKitTests/Fixtures/calendars/recurrence.ics
weekly=Tests/InvitesCLITests/Fixtures/weekly-invite.ics
echo '{"title":"Lunch","start":"2099-07-01T10:00:00Z","end":"2099-07-01T11:00:00Z","id":7}' > "$work/push.json"
echo '{' > "$work/bad.json"
case_ ingest 1 --calendar "$calendar" ingest "$weekly" "$work/push.json" "$work/bad.json"
case_ ingest 66 ingest /nonexistent.ics
case_ list 0 list --all
case_ list 0 list
case_ show 0 --calendar "$calendar" show weekly-sync
case_ show 0 --calendar "$calendar" show 7
case_ check 3 --calendar "$calendar" --tz Europe/Berlin check weekly-sync --occurrences 6
case_ check 0 --calendar "$calendar" check 7
cp "$calendar" "$work/calendar.ics"
case_ answer 0 --calendar "$work/calendar.ics" accept weekly-sync --comment Fine
case_ answer 0 --calendar "$work/calendar.ics" --tz Europe/Berlin decline weekly-sync --occurrence "2024-06-04 09:30"
case_ answer 0 comment 7 Hungry
case_ answer 0 tentative 7 --no-add
case_ answer 0 accept weekly-sync --for boss@example.org --no-add --no-send
case_ history 0 history
case_ history 0 history 7 --since 7d
case_ reply 0 reply weekly-sync
case_ reply 0 reply weekly-sync --mime
case_ reply 0 reply 7
case_ day 0 --calendar "$calendar" day 2024-06-04
case_ propose 0 --calendar "$work/calendar.ics" propose weekly-sync --at "2099-07-01 15:00" --no-send
case_ refresh 0 refresh weekly-sync --occurrence 2024-06-04T07:30:00Z --comment "Lost it" --no-send
case_ forward 0 forward weekly-sync erin@example.org --comment "Erin runs it now" --no-send
case_ delegate 0 --calendar "$work/calendar.ics" delegate weekly-sync dan@example.org --no-send
case_ outbox 0 outbox
case_ outbox 0 outbox --all
case_ send 1 send 7 --again
case_ status 0 status
case_ config 0 config
case_ config 0 --calendar /nonexistent.ics config
# scheduling for every calendar and per calendar (one in use, one not), each with its line.
printf 'scheduling = client\nscheduling = server %s\nscheduling = auto /srv/other\n' "$work/calendar.ics" \
    > "$work/scheduling.conf"
case_ config 0 --config "$work/scheduling.conf" --calendar "$work/calendar.ics" config
case_ completions 0 completions bash
case_ completions 0 completions zsh
case_ completions 0 completions fish
case_ help 0 help
case_ help 0 help show
case_ help 0 --help
case_ version 0 --version
case_ error 1 show nope
case_ error 2 frobnicate
case_ error 2 help shwo
case_ error 2 list --bogus
case_ error 66 --config /nonexistent status
"$venv/bin/python" - "$work" docs/json-schema.json <<'PY'
import json, sys
from jsonschema import Draft202012Validator
work, path = sys.argv[1], sys.argv[2]
schema = json.load(open(path))
Draft202012Validator.check_schema(schema)
failures = 0
cases = [line.rstrip("\n").split("\t") for line in open(f"{work}/cases")]
for n, (definition, expected, status, arguments) in enumerate(cases):
    text = open(f"{work}/out.{n}").read()
    problems = []
    if status != expected:
        problems.append(f"exit {status}, not {expected}")
    if text.count("\n") != 1 or not text.endswith("\n"):
        problems.append("not one line")
    try:
        document = json.loads(text)
        for name, validator in (("root", Draft202012Validator(schema)),
                                (definition, Draft202012Validator({**schema, "oneOf": [{"$ref": f"#/$defs/{definition}"}]}))):
            problems += [f"{name}: {'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(document)]
    except ValueError as error:
        problems.append(f"not JSON: {error}")
    if problems:
        failures += 1
        print(f"json-schema: FAILED: invites --json {arguments}: " + "; ".join(problems)[:600])
if failures:
    sys.exit(1)
print(f"json-schema: {len(cases)} documents of {len({c[0] for c in cases})} kinds valid against docs/json-schema.json (jsonschema, 2020-12)")
PY
