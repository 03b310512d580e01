# shellcheck shell=bash
# Source me (in a subshell) before wasm32 commands: chooses how this machine builds for
# wasm32-unknown-unknown. Native commands must not source it (build-std would rebuild std).
#   WASM_TOOLCHAIN=rustup  rustup's prebuilt wasm32 std
#   WASM_TOOLCHAIN=debian  Debian rustc-web 1.96 + rust-web-src, std rebuilt with -Zbuild-std
_wasm_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$_wasm_root/e2e/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
_wasm_std_present() {
  local d
  d="$(rustc --print target-libdir --target wasm32-unknown-unknown 2>/dev/null)" || return 1
  compgen -G "$d/libstd-*.rlib" >/dev/null
}
if [ "${WASM_TOOLCHAIN:-}" != debian ] && _wasm_std_present; then
  export WASM_TOOLCHAIN=rustup
elif rustup toolchain list 2>/dev/null | grep -q '^debian' || ! command -v rustup >/dev/null; then
  export WASM_TOOLCHAIN=debian
  if command -v rustup >/dev/null; then export RUSTUP_TOOLCHAIN=debian; else export PATH="/usr/bin:$PATH"; fi
  export RUSTC_BOOTSTRAP=1                          # -Z flags on a stable compiler
  export CARGO_UNSTABLE_BUILD_STD=std,panic_abort   # == -Zbuild-std=std,panic_abort
else
  echo "wasm-env: no wasm32 std and no 'debian' toolchain: run scripts/setup.sh" >&2
  return 1 2>/dev/null || exit 1
fi
# Smaller wasm on both routes: panics carry no file/line/column strings (-7 KB gzip measured on
# the page). -Z flags on a stable compiler need RUSTC_BOOTSTRAP. Not -Zfmt-debug=none: Debug
# output is part of messages the page shows ({:?} quoting).
export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zlocation-detail=none"
# wasm-bindgen-test-runner reads CHROMEDRIVER and ./webdriver.json.
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
# Not TRUNK_OFFLINE: it makes cargo offline too, and build-std fetches std's own crates on a cold
# cache. Trunk.toml's version pins keep Trunk from downloading tools.
export TRUNK_SKIP_VERSION_CHECK=true
# The runner's limit for a whole wasm-bindgen test binary (its default is 20 s): the determinism
# test runs every scenario and 120 generated simulations in a debug build.
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-900}"
