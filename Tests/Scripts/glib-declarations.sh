#!/usr/bin/env bash
# invites' own declarations of the GLib, GIO and GMime functions and types it loads with dlopen
# (Sources/CGLibOnDemand) against the libraries' headers: every prototype in the lists, and the
# enum values and struct layouts, as the C compiler sees both; and that the binary BIN links
# none of them, so that a start of invites maps none of their libraries.
set -euo pipefail
bin=$(realpath "${1:?usage: glib-declarations.sh BIN}")
cd "$(dirname "$0")/../.."
if command -v readelf >/dev/null 2>&1; then
    linked=$(readelf -d "$bin" | grep -E 'NEEDED.*lib(gmime|gio|gobject|glib)' || true)
    if [ -n "$linked" ]; then
        echo "glib-declarations: FAILED: $bin links what it should load when needed:"
        echo "$linked"
        exit 1
    fi
fi
if ! pkg-config --exists gmime-3.0 gio-2.0 2>/dev/null; then
    echo "glib-declarations: skipped: no GMime or GIO headers (apt-get install libgmime-3.0-dev)"
    exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/invites-glib.XXXXXX")
trap 'rm -rf "$work"' EXIT
include=Sources/CGLibOnDemand/include
# shellcheck disable=SC2046
# The toolchain's clang: a machine with only the Swift toolchain may have no cc.
compiler=${CC:-clang}
"$compiler" -std=c11 -Wall -Werror -I "$include" $(pkg-config --cflags gmime-3.0 gio-2.0) \
    -o "$work/real" Tests/Scripts/glib-declarations.c
"$compiler" -std=c11 -Wall -Werror -DINVITES -I "$include" -o "$work/invites" Tests/Scripts/glib-declarations.c
"$work/real" >"$work/real.txt"
"$work/invites" >"$work/invites.txt"
if ! diff -u "$work/real.txt" "$work/invites.txt"; then
    echo "glib-declarations: FAILED: Sources/CGLibOnDemand/include/glib_types.h differs from the headers (above)"
    exit 1
fi
functions=$(cat "$include"/g*_functions.h | grep -c '^\(FUNCTION\|PROCEDURE\)')
echo "glib-declarations: $functions functions, $(wc -l <"$work/real.txt") values and layouts as the headers declare them"
