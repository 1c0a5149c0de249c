#!/usr/bin/env bash
# Build the offline web app (a folder of static files, Python running in the browser on
# Pyodide) into dist/web or the folder given as $1. Needs only package registries (PyPI);
# see scripts/build_web.py and docs/PHONE.md.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-dist/web}"
PY="${PYTHON:-}"
if [ -z "$PY" ]; then
  if [ -x .venv/bin/python ] && .venv/bin/python -c "import flet_web" 2>/dev/null; then
    PY=.venv/bin/python
  else
    # a machine without the project installed: a throwaway venv with the project (Flet's
    # web client)
    VENV="$(mktemp -d)/venv"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" --isolated install -q --disable-pip-version-check \
      --index-url https://pypi.org/simple .
    PY="$VENV/bin/python"
  fi
fi
exec "$PY" scripts/build_web.py "$OUT"
