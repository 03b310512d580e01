#!/usr/bin/env bash
# Bundles the CodeMirror 6 editor (www/editor/codemirror.mjs + npm packages from e2e/) into
# target/editor/codemirror.js with esbuild; Trunk copies it into dist (index.html). Run by
# scripts/setup.sh and by Trunk's pre_build hook (Trunk.toml); a no-op when up to date.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/editor/codemirror.js
src=www/editor/codemirror.mjs
if [ -f "$out" ] && [ "$out" -nt "$src" ] && [ "$out" -nt e2e/package-lock.json ]; then exit 0; fi
mkdir -p target/editor
NODE_PATH="$PWD/e2e/node_modules" e2e/node_modules/.bin/esbuild "$src" --bundle --minify --format=iife --target=es2020 \
  --legal-comments=none --log-level=warning --outfile="$out"
