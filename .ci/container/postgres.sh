#!/usr/bin/env bash
# Prints the tag of a local PostgreSQL image for compose.yaml's `db` service (POSTGRES_IMAGE): no
# registry is reachable on CI machines, so it is built on the local base image (base.sh) with
# Debian's PostgreSQL and an entrypoint that honours the official image's variables
# (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB, data in /var/lib/postgresql/data). Cached in
# podman's store under a tag keyed by what went in.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
base=${1:-$("$here/base.sh")}
key=$({
  echo "postgres-v1 $base"
  sha256sum <"$0"
} | sha256sum | cut -c1-16)
tag="localhost/atlas-ci-postgres:$key"
if podman image exists "$tag"; then echo "$tag"; exit 0; fi

ctx=$(mktemp -d /var/tmp/atlas-pg.XXXXXX)
trap 'rm -rf "$ctx"' EXIT
cat >"$ctx/entrypoint.sh" <<'EOF'
#!/bin/bash
# The official image's contract: first start initialises the cluster with POSTGRES_USER as the
# superuser (password auth over the network), creates POSTGRES_DB; later starts just run.
set -euo pipefail
export PGDATA=/var/lib/postgresql/data
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
[ -n "${POSTGRES_PASSWORD:-}" ] || { echo "POSTGRES_PASSWORD is required" >&2; exit 1; }
mkdir -p "$PGDATA" /run/postgresql
chown -R postgres:postgres "$PGDATA" /run/postgresql
chmod 0700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  pwfile=$(mktemp)
  printf '%s' "$POSTGRES_PASSWORD" >"$pwfile"
  chown postgres "$pwfile"
  su postgres -s /bin/bash -c "$bin/initdb -D $PGDATA -U '$POSTGRES_USER' --pwfile=$pwfile --auth-host=scram-sha-256 --auth-local=trust -E UTF8" >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    su postgres -s /bin/bash -c "$bin/pg_ctl -D $PGDATA -o '-c listen_addresses=' -w start" >/dev/null
    su postgres -s /bin/bash -c "$bin/psql -U '$POSTGRES_USER' -d postgres -v ON_ERROR_STOP=1 -qc 'create database \"$POSTGRES_DB\"'"
    su postgres -s /bin/bash -c "$bin/pg_ctl -D $PGDATA -m fast -w stop" >/dev/null
  fi
fi
exec su postgres -s /bin/bash -c "exec $bin/postgres -D $PGDATA -c listen_addresses='*'"
EOF
cat >"$ctx/Containerfile" <<EOF
FROM $base
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql \
    && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb
COPY entrypoint.sh /usr/local/bin/postgres-entrypoint
RUN chmod 0755 /usr/local/bin/postgres-entrypoint && ln -s /usr/lib/postgresql/*/bin/pg_isready /usr/local/bin/pg_isready
VOLUME ["/var/lib/postgresql/data"]
EXPOSE 5432
STOPSIGNAL SIGINT
CMD ["/usr/local/bin/postgres-entrypoint"]
EOF
podman build -q --network=host --format docker -t "$tag" "$ctx" >&2
echo "$tag"
