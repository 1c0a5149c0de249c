"""The import layers of ``pyproject.toml`` ([tool.importlinter]) hold: cli → ui → table → rules
→ store → engine, engines without Flet or TinyDB, no Flet below the UI (table, rules, store),
and no import cycle between sibling modules."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept() -> None:
    exe = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))
    proc = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "0 broken" in proc.stdout
