# Helpers of install.sh (sourced): each install step is retried a few times with a
# pause, because a registry or mirror can fail once and work a moment later. While a
# long step runs, a line every 20 s says it is still working and how long it usually
# takes. When a step fails for good, its own output (npm's, apt's) is printed, with
# which step it was and how to run it again.
# Environment: APPHOST_INSTALL_TRIES (default 3), APPHOST_INSTALL_PAUSE (seconds, default 5),
# APPHOST_INSTALL_TICK (seconds between "still on" lines, default 20).

log() { printf '[install-tools] %s\n' "$*"; }

# step "<what>" "<usual duration, e.g. ~2 min>" command args...
step() {
  local what="$1" usual="$2"; shift 2
  local tries="${APPHOST_INSTALL_TRIES:-3}" pause="${APPHOST_INSTALL_PAUSE:-5}"
  local attempt=1 out started ticker status note
  out="$(mktemp)"
  while :; do
    note=""
    if [ "$attempt" -gt 1 ]; then note=", attempt $attempt of $tries"; fi
    log "$what${usual:+ ($usual)}$note…"
    started=$SECONDS
    # The ticker's own sleep is killed with it, so nothing holds the output open afterwards.
    (
      trap 'kill "$nap" 2>/dev/null; exit 0' TERM
      while :; do
        sleep "${APPHOST_INSTALL_TICK:-20}" & nap=$!
        wait "$nap"
        log "  … still on: $what ($((SECONDS - started)) s so far${usual:+, usually $usual})"
      done
    ) &
    ticker=$!
    status=0
    "$@" >"$out" 2>&1 || status=$?
    kill "$ticker" 2>/dev/null; wait "$ticker" 2>/dev/null || true
    if [ "$status" -eq 0 ]; then
      rm -f "$out"
      return 0
    fi
    if [ "$attempt" -ge "$tries" ]; then
      log "FAILED: $what (exit $status, $attempt attempts). Its output:"
      sed 's/^/    /' "$out" >&2
      rm -f "$out"
      log "Fix the cause above if it is not a passing network fault, then run again: bash test/tools/install.sh"
      log "(steps already done are skipped)."
      exit 1
    fi
    log "$what failed (exit $status); the end of its output:"
    tail -n 5 "$out" | sed 's/^/    /' >&2
    log "retrying in $((pause * attempt)) s…"
    sleep $((pause * attempt))
    attempt=$((attempt + 1))
  done
}
