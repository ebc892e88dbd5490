#!/usr/bin/env bash
# Runs a command in an empty folder with the loader's search traced (LD_DEBUG=libs) and fails
# if the loader looked for a library by a relative path: one found there, in whatever folder
# the command runs in, would be loaded in place of the system's.
# Usage: loader_paths_test.sh COMMAND [ARG ...]
set -uo pipefail
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
trace=$(cd "$folder" && LD_DEBUG=libs "$@" 2>&1 >/dev/null)
status=$?
if [ "$status" -ne 0 ]; then
  echo "the command failed ($status): $*" >&2
  echo "$trace" | tail -20 >&2
  exit 1
fi
if ! grep -q 'trying file=/' <<<"$trace"; then
  echo "no loader trace: LD_DEBUG=libs had no effect" >&2
  exit 1
fi
relative=$(grep -E 'trying file=[^/]' <<<"$trace")
if [ -n "$relative" ]; then
  echo "libraries looked for in the current folder:" >&2
  echo "$relative" | head -20 >&2
  exit 1
fi
echo "every library looked for by an absolute path"
