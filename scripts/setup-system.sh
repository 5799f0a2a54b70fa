#!/usr/bin/env bash
# Installs the system parts the test suite uses (Debian's chromium, postgresql, and apache2 with
# libapache2-mod-auth-openidc for the relying-party browser test, and pgbouncer for the PgBouncer test) when they are missing, and starts a PostgreSQL cluster of our own without systemd. Idempotent: safe to run
# twice; a running cluster is left alone.
set -euo pipefail

PG_PORT="${GATEHOUSE_PG_PORT:-5433}"
PG_DATA="${GATEHOUSE_PG_DATA:-/var/tmp/gatehouse-pg}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$pg_bin" ] && [ -x "$pg_bin/initdb" ] || need+=(postgresql)
# PgBouncer: server/test/pgbouncer.test.ts runs the server through one it starts itself (never as a service).
[ -x /usr/sbin/pgbouncer ] || need+=(pgbouncer)
# web/e2e/relying-party.e2e.ts starts its own Apache (apache2 -X) with mod_auth_openidc; the
# package's service is never used (the test writes its own configuration on a free port).
[ -x /usr/sbin/apache2 ] || need+=(apache2)
[ -f /usr/lib/apache2/modules/mod_auth_openidc.so ] || need+=(libapache2-mod-auth-openidc)
if [ ${#need[@]} -gt 0 ]; then
  echo "setup-system: installing ${need[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else $SUDO -u postgres "$@"; fi
}

if "$pg_bin/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; then
  echo "setup-system: PostgreSQL already running on port $PG_PORT"
else
  if [ ! -s "$PG_DATA/PG_VERSION" ]; then
    $SUDO mkdir -p "$PG_DATA"
    $SUDO chown postgres:postgres "$PG_DATA"
    as_postgres "$pg_bin/initdb" -D "$PG_DATA" -A trust -U postgres >/dev/null
  fi
  as_postgres "$pg_bin/pg_ctl" -D "$PG_DATA" -l "$PG_DATA/server.log" -w -t 60 \
    -o "-p $PG_PORT -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off" start >/dev/null
  echo "setup-system: PostgreSQL started on port $PG_PORT (data in $PG_DATA)"
fi

# The browser tests run in Chromium's headless shell when it is there (web/e2e/support/global-setup.ts):
# same engine, about a third less CPU. Debian releases without the package keep the full chromium.
if [ ! -x /usr/bin/chromium-headless-shell ]; then
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null 2>&1 ||
    { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null 2>&1; } ||
    echo "setup-system: no chromium-headless-shell package here; the browser tests use chromium"
fi

psql_admin() { "$pg_bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -v ON_ERROR_STOP=1 -qAt "$@"; }
if [ "$(psql_admin -c "select 1 from pg_roles where rolname = 'gatehouse'")" != "1" ]; then
  psql_admin -c "create role gatehouse login password 'gatehouse'"
fi
if [ "$(psql_admin -c "select 1 from pg_database where datname = 'gatehouse_test'")" != "1" ]; then
  psql_admin -c "create database gatehouse_test owner gatehouse"
fi
echo "setup-system: ready: chromium $(/usr/bin/chromium --version 2>/dev/null | awk '{print $2}'), $(/usr/sbin/apache2 -v 2>/dev/null | awk 'NR==1{print $3}') with mod_auth_openidc, postgres://gatehouse@127.0.0.1:$PG_PORT/gatehouse_test"
