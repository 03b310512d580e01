#!/usr/bin/env bash
# Runs the libFuzzer targets of fuzz/ with the stable toolchain (RUSTC_BOOTSTRAP=1 lets
# cargo-fuzz pass its -Z flags) and prints, per target, the inputs executed, the rate, the time
# and the findings (crash-, timeout-, oom- and leak- files libFuzzer wrote to fuzz/artifacts/).
#
#   bash scripts/fuzz.sh                      # every target for 60 s each
#   bash scripts/fuzz.sh --time 600 whole_run # one target for ten minutes
#   bash scripts/fuzz.sh --runs 10000000 packed_run share_link
#   bash scripts/fuzz.sh --runs 10000000 --time 1800   # whichever comes first
#   bash scripts/fuzz.sh --smoke              # CI: every target over its seeds and a few seconds
#
# The working corpus grows in fuzz/corpus/<target>/ (ignored by git); fuzz/seeds/<target>/ holds
# the small seed inputs that are committed. A finding makes the script exit 1 after the summary;
# reproduce one with `RUSTC_BOOTSTRAP=1 cargo fuzz run <target> <artifact>` in fuzz/, and turn it
# into a regression test of the main crate. Stop a long run with `kill -INT <the fuzzer's pid>`: its
# figures are printed as of then. Installs cargo-fuzz from crates.io when it is missing.
# Knobs: FUZZ_JOBS (parallel targets, default 1), FUZZ_NICE (default 19), FUZZ_TIMEOUT (seconds
# one input may take, default 10), FUZZ_SMOKE_SECONDS (per target, default 4).
set -euo pipefail
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/../fuzz"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export RUSTC_BOOTSTRAP=1

TARGETS_ALL=(cron_parse_next load_manifest simulation_document share_link packed_run whole_run)
mode=run seconds= runs= targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) seconds="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --smoke) mode=smoke; shift ;;
    -h|--help) sed -n '2,18p' "$self"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${TARGETS_ALL[@]}")

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "[fuzz] cargo install cargo-fuzz (once, ~3 min)" >&2
  cargo install --quiet --locked cargo-fuzz
fi

# One build for all targets, and for the smoke too: release, debug assertions (integer overflow
# panics), no sanitizer (the crate is safe Rust: AddressSanitizer would halve the rate and find
# nothing more).
BUILD=(--release --debug-assertions --sanitizer none)
echo "[fuzz] building the targets" >&2
build_log=$(mktemp)
nice -n "${FUZZ_NICE:-19}" cargo fuzz build "${BUILD[@]}" >"$build_log" 2>&1 || { cat "$build_log" >&2; exit 1; }
rm -f "$build_log"

# Runs one target; writes its libFuzzer log to $log and one summary line to stdout.
fuzz_one() {
  local target="$1" log="$2" corpus args=() before after found
  mkdir -p "artifacts/$target"
  before=$(find "artifacts/$target" -type f | wc -l)
  args=(-timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="artifacts/$target/")
  if [ "$mode" = smoke ]; then
    # The seeds and whatever a few seconds add, in a throw-away corpus.
    corpus=$(mktemp -d)
    args+=(-max_total_time="${FUZZ_SMOKE_SECONDS:-4}")
  else
    corpus="corpus/$target"
    mkdir -p "$corpus"
    # Whichever limit comes first; 60 s when neither is given.
    [ -n "$runs" ] && args+=(-runs="$runs")
    [ -n "$seconds" ] || [ -n "$runs" ] || seconds=60
    [ -n "$seconds" ] && args+=(-max_total_time="$seconds")
  fi
  local dirs=("$corpus")
  [ -d "seeds/$target" ] && dirs+=("seeds/$target")
  local start=$SECONDS status=0
  nice -n "${FUZZ_NICE:-19}" cargo fuzz run "${BUILD[@]}" "$target" "${dirs[@]}" -- "${args[@]}" >"$log" 2>&1 || status=$?
  [ "$mode" = smoke ] && rm -rf "$corpus"
  after=$(find "artifacts/$target" -type f | wc -l)
  found=$((after - before))
  # A failure without an artifact still counts; a run stopped by hand (SIGINT) is not a failure.
  [ "$status" -eq 0 ] || [ "$found" -gt 0 ] || grep -q 'libFuzzer: run interrupted' "$log" || found=1
  local execs rate
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  printf '%-20s %12s %9s %7s %8s\n' "$target" "${execs:-?}" "${rate:-?}" "$((SECONDS - start))" "$found"
}

logs=$(mktemp -d)
printf '%-20s %12s %9s %7s %8s\n' target execs exec/s seconds findings
pids=() failed=0
for target in "${targets[@]}"; do
  fuzz_one "$target" "$logs/$target.log" > "$logs/$target.line" &
  pids+=($!)
  if [ ${#pids[@]} -ge "${FUZZ_JOBS:-1}" ]; then wait "${pids[0]}" || true; pids=("${pids[@]:1}"); fi
done
for pid in "${pids[@]}"; do wait "$pid" || true; done
for target in "${targets[@]}"; do
  cat "$logs/$target.line"
  if [ "$(awk '{print $5}' "$logs/$target.line")" != 0 ]; then
    failed=1
    echo "--- $target: the end of libFuzzer's log" >&2
    tail -30 "$logs/$target.log" >&2
  fi
done
rm -rf "$logs"
exit "$failed"
