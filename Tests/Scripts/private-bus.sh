#!/usr/bin/env bash
# Makes a private session bus's configuration in DIR, for dbus-run-session --config-file=DIR/session.conf
# --dbus-daemon=DIR/dbus-daemon: a bus that listens in DIR and starts only the services
# installed in DIR/services. With the machine's configuration (dbus-run-session's default), a
# notification daemon installed system-wide (dunst's /usr/share/dbus-1/services file) would be
# started whenever the test's mock is not running, and fail with no display. The daemon's own
# log (each service it starts, and fails to; a file limit it may not raise in a container) goes
# to DIR/daemon.log, not among the results. Tests/Scripts/watch.sh and bench/run.py's watch
# group both run on it.
# Usage: Tests/Scripts/private-bus.sh DIR
set -euo pipefail
bus_dir=$1
mkdir -p "$bus_dir/services"
cat >"$bus_dir/session.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=$bus_dir</listen>
  <auth>EXTERNAL</auth>
  <servicedir>$bus_dir/services</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
printf '#!/bin/sh\nexec dbus-daemon "$@" 2>>"%s/daemon.log"\n' "$bus_dir" >"$bus_dir/dbus-daemon"
chmod +x "$bus_dir/dbus-daemon"
