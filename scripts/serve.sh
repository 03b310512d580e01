#!/usr/bin/env bash
# Sets up whatever is missing, then serves the playground on http://127.0.0.1:8080 (README's run command).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/wasm-env.sh
exec trunk serve --address 127.0.0.1 --port "${PORT:-8080}" "$@"
