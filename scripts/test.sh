#!/usr/bin/env bash
# Install what the tests need (Debian Chromium, the project with its test extras in .venv)
# then check formatting, lint and types, and run the whole suite, real-browser tests included.
# Extra arguments go to pytest (after the workers: `-n 0` runs in one process).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the real-browser tests..."
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

PY="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"
# One formatter and linter, a type-checked core (configured in pyproject.toml).
.venv/bin/ruff format --check --quiet .
.venv/bin/ruff check --quiet .
.venv/bin/mypy
# One process by default. TEST_WORKERS=2 runs two workers, each taking whole test modules
# (--dist loadfile: a module's tests share its browser and, where the module says so, its
# server): about a third faster, but two Chromiums on a 2-core machine made a few browser
# tests miss their waits in two full runs out of two, so CI keeps one.
exec .venv/bin/python -m pytest -n "${TEST_WORKERS:-0}" --dist loadfile "$@"
