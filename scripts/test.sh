#!/usr/bin/env bash
# `npm test`: brings what the tests need, then runs every test. On a fresh Debian machine with only Node.js and npm:
# - Debian's Chromium (the end-to-end journeys; never a downloaded browser), the Thai fonts (pages as a Thai reader
#   sees them), unzip (the downloaded zips are checked) and PostgreSQL (the database suites run on it as well as on
#   the embedded database): installed with apt-get when run as root, else named in one line with the command that
#   installs them;
# - a throw-away PostgreSQL cluster on 127.0.0.1, unless TEST_DATABASE_URL names one, stopped and removed at the end;
# then lint, types, catalogs, the unit and API suites, the build and the end-to-end tests (npm run test:steps).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing+=(chromium)
{ dpkg -s fonts-thai-tlwg >/dev/null 2>&1 || fc-list 2>/dev/null | grep -qi 'tlwg'; } || missing+=(fonts-thai-tlwg)
command -v unzip >/dev/null 2>&1 || missing+=(unzip)
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing what the tests need: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "npm test needs ${missing[*]}: install them with \`sudo apt-get install -y ${missing[*]}\` (or run npm test as root), then run it again" >&2
    exit 1
  fi
fi

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  # A throw-away cluster: its own folder, a free port on loopback, trust for local connections only.
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  pg_dir=$(mktemp -d /tmp/test-pg.XXXXXX)
  as_pg=()
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres: "$pg_dir"
    as_pg=(runuser -u postgres --)
  fi
  pg_port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  "${as_pg[@]}" "$pg_bin/initdb" -D "$pg_dir/data" -A trust -U postgres -E UTF8 >/dev/null
  "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $pg_port -c unix_socket_directories=$pg_dir -c fsync=off" start >/dev/null
  stop_pg() {
    "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$pg_dir"
  }
  trap stop_pg EXIT
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/postgres"
fi

# Every npm script runs on the Node.js of the project's own `node` dev dependency (24 LTS), not the machine's.
echo "npm scripts run on Node.js $(npm run --silent node:version)"
npm run test:steps
