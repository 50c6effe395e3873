#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests: made in a folder, reached through a Unix socket in
# that folder only (no TCP port), trusted for local connections, and removed by `stop`.
#
#   Scripts/postgres-cluster.sh start DIR   make and start a cluster in DIR (a new folder);
#                                           prints its connection string on stdout
#   Scripts/postgres-cluster.sh restart DIR stop it (fast: connections are cut) and start it
#                                           again, keeping its data; for tests of a database
#                                           that goes away and comes back
#   Scripts/postgres-cluster.sh stop DIR    stop it and delete DIR
#
# PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user (made
# by Debian's postgresql package), or `nobody`. Needs initdb and pg_ctl on PATH or in
# /usr/lib/postgresql/*/bin.
set -euo pipefail

usage() {
  echo "usage: Scripts/postgres-cluster.sh start|restart|stop DIR" >&2
  exit 64
}
[ $# -eq 2 ] || usage
command=$1
dir=$2
[ -n "$dir" ] || usage

bin_dir() {
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
    return
  fi
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$found" ]; then
    echo "error: initdb and pg_ctl were not found (install PostgreSQL: apt-get install postgresql)" >&2
    exit 1
  fi
  echo "$found"
}

# Runs a PostgreSQL program as the cluster's owner, with no open file but standard input,
# output and error: the server that pg_ctl starts keeps running after this script, and must not
# keep the caller's other files open (a test harness waits for its pipes to close).
as_owner() {
  (
    for fd in $(ls /dev/fd 2>/dev/null); do
      if [ "$fd" -gt 2 ] 2>/dev/null; then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
    if [ "$(id -u)" -eq 0 ]; then
      owner=postgres
      id "$owner" >/dev/null 2>&1 || owner=nobody
      exec runuser -u "$owner" -- "$@"
    else
      exec "$@"
    fi
  )
}

case "$command" in
  start)
    bin=$(bin_dir)
    if [ -e "$dir" ] && [ -n "$(ls -A "$dir" 2>/dev/null)" ]; then
      echo "error: $dir is not empty" >&2
      exit 1
    fi
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ "$(id -u)" -eq 0 ]; then
      owner=postgres
      id "$owner" >/dev/null 2>&1 || owner=nobody
      chown "$owner" "$dir"
    fi
    as_owner "$bin/initdb" --pgdata="$dir/data" --auth=trust --username=postgres \
      --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1 || {
      cat "$dir/initdb.log" >&2
      exit 1
    }
    as_owner "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --wait --timeout=60 \
      -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c max_connections=200 -c fsync=on" \
      start >/dev/null || {
      cat "$dir/server.log" >&2
      exit 1
    }
    echo "postgresql://postgres@/postgres?host=$dir"
    ;;
  restart)
    [ -d "$dir/data" ] || {
      echo "error: $dir holds no cluster" >&2
      exit 1
    }
    bin=$(bin_dir)
    dir=$(cd "$dir" && pwd)
    as_owner "$bin/pg_ctl" --pgdata="$dir/data" --log="$dir/server.log" --mode=fast --wait \
      --timeout=60 \
      -o "-c listen_addresses='' -c unix_socket_directories='$dir' -c max_connections=200 -c fsync=on" \
      restart >/dev/null || {
      tail -n 20 "$dir/server.log" >&2
      exit 1
    }
    ;;
  stop)
    if [ -d "$dir/data" ]; then
      bin=$(bin_dir)
      as_owner "$bin/pg_ctl" --pgdata="$dir/data" --mode=fast --wait --timeout=60 stop \
        >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *) usage ;;
esac
