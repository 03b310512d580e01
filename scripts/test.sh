#!/usr/bin/env bash
# Every test the project has, on a fresh machine or a ready one (README's test command; CI runs it):
# native unit, doc and integration tests; wasm-bindgen tests in headless Chromium; a release
# Trunk build; Playwright end-to-end tests against that build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

echo "== native: cargo test"
cargo test --locked

(
  source scripts/wasm-env.sh
  echo "== wasm ($WASM_TOOLCHAIN): wasm-bindgen tests in headless Chromium"
  cargo test --locked --target wasm32-unknown-unknown --tests
  echo "== wasm ($WASM_TOOLCHAIN): trunk build --release"
  trunk build --release --locked
)

echo "== end-to-end: Playwright against dist/"
(cd e2e && node --test)
