#!/usr/bin/env bash
# Every test the project has, on a fresh machine or a ready one (README's test command; CI runs it):
# formatting and clippy (native and wasm32, warnings denied); native unit, doc and integration
# tests (the layer rule among them: tests/layers.rs); a smoke run of every fuzz target
# (scripts/fuzz.sh); the crate's wasm-bindgen tests in headless Chromium through
# `wasm-pack test --headless --chrome`, as other projects run theirs; the JS API's npm package
# (`wasm-pack build js`) and the example project that tests its own CronJob with it
# (examples/nightly-report); a release Trunk build; Playwright end-to-end tests against that build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

echo "== cargo fmt --check"
cargo fmt --check

echo "== native: cargo clippy --all-targets -D warnings"
cargo clippy --locked --all-targets -- -D warnings

echo "== native: cargo test"
cargo test --locked

echo "== fuzz: each libFuzzer target over its seeds and a few seconds (scripts/fuzz.sh --smoke)"
(cd fuzz && cargo fmt --check)
bash scripts/fuzz.sh --smoke

(
  source scripts/wasm-env.sh
  echo "== wasm ($WASM_TOOLCHAIN): cargo clippy --all-targets -D warnings"
  if cargo clippy --version >/dev/null 2>&1; then
    cargo clippy --locked --target wasm32-unknown-unknown --all-targets -- -D warnings
  else
    echo "(skipped: the $WASM_TOOLCHAIN toolchain has no clippy; rustup's wasm32 route has it)"
  fi
  if [ "$WASM_TOOLCHAIN" = rustup ]; then
    echo "== wasm: wasm-pack test --headless --chrome (wasm-bindgen tests in headless Chromium)"
    wasm-pack test --headless --chrome --chromedriver "$CHROMEDRIVER" -- --locked
    echo "== wasm: wasm-pack build js (the JS API's npm package) and examples/nightly-report's browser test"
    # A member of the root's workspace: its crates are the ones the tests just built.
    wasm-pack build js --dev --target web
    (cd examples/nightly-report && npm ci --no-audit --no-fund --loglevel=error && npm test)
  else
    # wasm-pack needs rustup's wasm32 target; the Debian route runs the same tests through cargo.
    echo "== wasm ($WASM_TOOLCHAIN): wasm-bindgen tests in headless Chromium"
    cargo test --locked --target wasm32-unknown-unknown --tests
  fi
  echo "== wasm ($WASM_TOOLCHAIN): trunk build --release"
  trunk build --release --locked
)

echo "== end-to-end: Playwright against dist/"
(cd e2e && node --test)
