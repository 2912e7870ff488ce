#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests (scripts/test.sh uses it):
#   scripts/postgres.sh start DIR   makes a new cluster in DIR, starts it listening only on a
#                                   socket in DIR, and prints its URL (a superuser `chaupal`,
#                                   no password) for CHAUPAL_TEST_POSTGRES;
#   scripts/postgres.sh stop DIR    stops it at once (as a crash would);
#   scripts/postgres.sh resume DIR  starts the stopped cluster in DIR again, with its data.
# As root the server runs as the `postgres` user that Debian's package creates (PostgreSQL
# refuses to run as root). scripts/install.sh test installs the package.
set -euo pipefail
cmd=${1:?start or stop}
dir=${2:?a directory for the cluster}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ]; then
    echo "PostgreSQL is not installed: run scripts/install.sh test" >&2
    exit 1
fi
as=()
if [ "$(id -u)" -eq 0 ]; then
    as=(runuser -u postgres --)
    chown postgres "$dir"
fi
case $cmd in
start)
    "${as[@]}" "$bin/initdb" -D "$dir/data" -U chaupal --auth=trust >"$dir/initdb.log"
    "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
        -o "-c listen_addresses= -k $dir -c max_connections=200" start >/dev/null
    echo "postgres://chaupal@localhost/postgres?host=$dir"
    ;;
stop)
    "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    ;;
resume)
    "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
        -o "-c listen_addresses= -k $dir -c max_connections=200" start >/dev/null
    ;;
*)
    echo "usage: $0 start|stop|resume DIR" >&2
    exit 2
    ;;
esac
