# Sourced by the scripts that read a vdir back with khal (khal 0.14.1 from PyPI, in a virtualenv
# under .build/). khal_ready ROOT: installs it once; fails when PyPI cannot be reached.
# khal_config VDIR WORK: writes WORK/khal.conf for that vdir, in UTC with ISO dates.
khal_ready() {
    local venv="$1/.build/recipes-venv"
    khal="$venv/bin/khal"
    [ -x "$khal" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q khal==0.14.1; } >/dev/null 2>&1
}

khal_config() {
    cat > "$2/khal.conf" <<CONF
[calendars]
[[personal]]
path = $1
[locale]
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M
default_timezone = UTC
local_timezone = UTC
[sqlite]
path = $2/khal.db
CONF
}
