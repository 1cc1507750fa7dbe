#!/usr/bin/env bash
# Prints the tag of a local base image for the Containerfile: a minimal Debian bookworm made with
# debootstrap, with this machine's Node, its headers and npm copied in (native modules build offline
# against them). No image registry is needed. The image is kept in podman's store under a tag keyed
# by a hash of what went in, so later runs reuse it; from nothing it takes about a minute.
set -euo pipefail
suite=bookworm
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
node_bin=$(readlink -f "$(command -v node)")
prefix=$(dirname "$(dirname "$node_bin")")
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
[ -f "$prefix/include/node/node.h" ] || { echo "no Node headers in $prefix/include/node" >&2; exit 1; }
key=$({
  echo "base-v1 $suite $mirror"
  sha256sum "$node_bin"
  tar -C "$prefix/include/node" -c . | sha256sum
  sha256sum "$npm_dir/package.json"
  cat "$prefix/etc/npmrc" 2>/dev/null || true
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
# npm's global settings (e.g. `cafile=` pointing at that bundle: npm does not read the system store).
if [ -f "$prefix/etc/npmrc" ]; then mkdir -p "$root/usr/etc" && cp "$prefix/etc/npmrc" "$root/usr/etc/npmrc"; fi
echo "deb $mirror $suite main" >"$root/etc/apt/sources.list"
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/doc/* "$root"/usr/share/man/*
tar -C "$root" -c . | podman import --change 'CMD ["/bin/bash"]' - "$tag" >&2
echo "$tag"
