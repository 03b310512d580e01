#!/usr/bin/env bash
# Installs whatever this machine still lacks to build, serve and test the playground. Idempotent:
# each step checks first, so a re-run on a ready machine takes seconds. Used by both README commands.
#
#  1. A wasm32-unknown-unknown std: rustup's prebuilt one when present or when
#     `rustup target add` answers within RUSTUP_TARGET_TIMEOUT seconds; otherwise Debian's
#     rustc-web + rust-web-src, linked as the rustup toolchain "debian" and used only for wasm
#     builds with -Zbuild-std (scripts/wasm-env.sh picks the route).
#  2. Debian's chromium + chromium-driver (wasm-bindgen-test and Playwright drive them headless).
#  3. wasm-bindgen-cli (exactly the Cargo.lock version), trunk and wasm-pack, from the Rust
#     package registry.
#  4. npm playwright-core + binaryen (wasm-opt) + esbuild and CodeMirror 6 from
#     e2e/package-lock.json, and the editor bundle target/editor/codemirror.js.
#
# Knobs: WASM_TOOLCHAIN=debian forces the Debian route; RUSTUP_TARGET_TIMEOUT (default 180 s).
set -euo pipefail
cd "$(dirname "$0")/.."

# One pin, three places: Cargo.toml (wasm-bindgen = "=X"), Trunk.toml (wasm_bindgen = "X"), here.
WASM_BINDGEN_VERSION=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' Cargo.toml)
TRUNK_VERSION=0.21.14   # 0.22.x needs rustc >= 1.96.1, newer than both toolchains here
WASM_PACK_VERSION=0.15.1
grep -q "wasm_bindgen = \"$WASM_BINDGEN_VERSION\"" Trunk.toml || {
  echo "setup: Trunk.toml's wasm_bindgen differs from Cargo.toml's wasm-bindgen =$WASM_BINDGEN_VERSION" >&2; exit 1; }
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

log() { printf '[setup] %s\n' "$*" >&2; }
SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
APT_UPDATED=
apt_install() {
  local p missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "apt-get install ${missing[*]}"
  [ -n "$APT_UPDATED" ] || { $SUDO apt-get update -qq; APT_UPDATED=1; }
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}
wasm_std_present() {
  local d
  d="$(rustc --print target-libdir --target wasm32-unknown-unknown 2>/dev/null)" || return 1
  compgen -G "$d/libstd-*.rlib" >/dev/null
}
debian_linked() { rustup toolchain list 2>/dev/null | grep -q '^debian'; }

# 0. a Rust toolchain at all (a machine of this kind has rustup; a bare one gets it from Debian)
if ! command -v cargo >/dev/null; then
  log "no cargo on PATH: using Debian's rustc-web/cargo-web"
  apt_install rustc-web cargo-web rust-web-src rust-web-llvm lld-22
fi

# 1. wasm32 std
if [ "${WASM_TOOLCHAIN:-}" != debian ] && wasm_std_present; then
  log "wasm32 std: rustup (present)"
elif [ "${WASM_TOOLCHAIN:-}" != debian ] && ! debian_linked && command -v rustup >/dev/null \
     && timeout "${RUSTUP_TARGET_TIMEOUT:-180}" rustup target add wasm32-unknown-unknown && wasm_std_present; then
  log "wasm32 std: rustup (added)"
else
  log "wasm32 std: Debian rustc-web + rust-web-src (-Zbuild-std)"
  # rust-web-llvm ships /usr/bin/rust-lld -> lld-22 without depending on it.
  apt_install rustc-web cargo-web rust-web-src rust-web-llvm lld-22
  if command -v rustup >/dev/null && ! debian_linked; then rustup toolchain link debian /usr; fi
fi

# 2. browser for headless tests
apt_install chromium chromium-driver

# 3. CLIs from the Rust package registry
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $WASM_BINDGEN_VERSION"; then
  log "cargo install wasm-bindgen-cli $WASM_BINDGEN_VERSION (~5 min cold)"
  # No --locked: its lockfile pins a webpki-roots release the registry does not serve.
  cargo install -q --force wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi
if ! trunk --version 2>/dev/null | grep -qx "trunk $TRUNK_VERSION"; then
  log "cargo install trunk $TRUNK_VERSION (~5 min cold)"
  # A debug build without debuginfo: trunk only orchestrates, and this costs 40 % of the CPU of
  # its fat-LTO release profile.
  CARGO_PROFILE_DEV_DEBUG=0 cargo install -q --force --locked --debug trunk --version "$TRUNK_VERSION"
fi

if ! wasm-pack --version 2>/dev/null | grep -qx "wasm-pack $WASM_PACK_VERSION"; then
  log "cargo install wasm-pack $WASM_PACK_VERSION (~4 min cold)"
  # A debug build without debuginfo, as for trunk: it only orchestrates cargo and wasm-bindgen.
  CARGO_PROFILE_DEV_DEBUG=0 cargo install -q --force --locked --debug wasm-pack --version "$WASM_PACK_VERSION"
fi

# 4. npm packages for the end-to-end tests and wasm-opt (Debian's binaryen is too old to read
#    current wasm-bindgen output)
if [ ! -x e2e/node_modules/.bin/wasm-opt ] || [ ! -d e2e/node_modules/playwright-core ] \
   || [ e2e/package-lock.json -nt e2e/node_modules/.package-lock.json ]; then
  command -v npm >/dev/null || apt_install nodejs npm
  (cd e2e && npm ci --no-audit --no-fund --loglevel=error)
fi
# The CodeMirror editor bundle (esbuild over those npm packages; Trunk's pre_build hook reruns it).
bash scripts/build-editor.sh

# 5. crates for every target
cargo fetch --locked -q
log "ready"
