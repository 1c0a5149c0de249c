"""What the server serves before Flet's own web files: the app's name, icons and manifest,
an ``index.html`` in Russian with the reload-on-reconnect script, and Flet's web client with
its English texts replaced (:func:`prepare_assets`), made once per version in the cache
(:func:`web_files`). Used by :func:`companion.table.webserver.run_server`.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from companion import APP_NAME, APP_SHORT_NAME
from companion.errors import FletMismatchError

__all__ = [
    "CLIENT_TEXTS",
    "LOADING_TEXT",
    "RECONNECT_TEXT",
    "RELOAD_ON_RECONNECT",
    "manifest",
    "patch_wasm_string",
    "prepare_assets",
    "web_files",
]

ASSETS = Path(__file__).resolve().parent.parent / "assets"
SHORT_NAME = APP_SHORT_NAME
DESCRIPTION = "Счёт, ход и правила рядом с настольной игрой"
#: Replaces Flet's English «Working...» shown while the connection is restored.
RECONNECT_TEXT = "Связь с ведущим устройством…"
LOADING_TEXT = f"Загрузка: {APP_NAME}…"
#: Flet's own English texts in its web client, and ours (the reconnect message, and the
#: crash screen, should a session ever crash despite every handler catching its errors).
CLIENT_TEXTS = {
    "Working...": RECONNECT_TEXT,
    "Error running app": "Ошибка в приложении",
    "Error starting app": "Приложение не запустилось",
    "The application encountered an error: {message}": "Ошибка в приложении: {message}",
    "The application encountered an error: {message}\n\n{details}": (
        "Ошибка в приложении: {message}\n\n{details}"
    ),
}
#: Put in ``index.html`` before Flet's client: when the app's websocket closes while the page
#: stays (a phone locked, Wi-Fi lost, the host restarted), the page reloads itself once the
#: host answers again, instead of letting Flet's client reconnect in place. Flet 1.0.5's
#: in-place reconnect froze the game screen in most tries (the renderer spinning at 100 % in
#: the client's code, the page dead for minutes; the bare Flet counter did not freeze, the
#: cause in the client was not found). A reload keeps the Flet session (its id lives in the
#: tab), and the host sends the screen as it is now. Until the reload, Flet's own attempts get
#: a socket to a closed local port (they fail at once; Flet keeps showing its reconnect text).
RELOAD_ON_RECONNECT = """
(() => {
  const Real = window.WebSocket;
  let lost = false;
  const dead = () => (location.protocol === 'https:' ? 'wss' : 'ws') + '://127.0.0.1:9/';
  const reloadWhenBack = async () => {
    for (;;) {
      await new Promise(r => setTimeout(r, 1000));
      try {
        const r = await fetch(location.href, {cache: 'no-store'});
        if (r.ok) { location.reload(); return; }
      } catch (e) { /* the host is not back yet */ }
    }
  };
  function Guarded(url, protocols) {
    if (lost) return new Real(dead());
    const ws = protocols === undefined ? new Real(url) : new Real(url, protocols);
    ws.addEventListener('close', () => {
      if (!lost && !window.__leaving) { lost = true; reloadWhenBack(); }
    });
    return ws;
  }
  Guarded.prototype = Real.prototype;
  Object.assign(Guarded, Real);
  for (const k of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) Guarded[k] = Real[k];
  window.WebSocket = Guarded;
  window.addEventListener('pagehide', () => { window.__leaving = true; });
})();
"""


def _js_string(text: str) -> str:
    return "".join(ch if ord(ch) < 128 else f"\\u{ord(ch):04x}" for ch in text)


def _leb(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _read_leb(data: bytes, i: int) -> tuple[int, int]:
    n = shift = 0
    while True:
        b = data[i]
        i += 1
        n |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return n, i


def patch_wasm_string(wasm: bytes, old: str, new: str) -> bytes | None:
    """Rename the imported string constant ``old`` to ``new`` in a dart2wasm module.

    dart2wasm imports string literals as globals whose import *name* is the text
    (module ``""``, type ``(ref extern)``). The import section's size is rewritten.
    Returns ``None`` when the module does not have exactly that one import.
    """
    o, n = old.encode(), new.encode()
    needle = b"\x00" + _leb(len(o)) + o + b"\x03\x64\x6f"
    at = wasm.find(needle)
    if at < 0 or wasm.find(needle, at + 1) >= 0 or wasm[:4] != b"\x00asm":
        return None
    i = 8
    while i < len(wasm):
        sid = wasm[i]
        size, body = _read_leb(wasm, i + 1)
        if body <= at < body + size:
            if sid != 2:
                return None
            repl = b"\x00" + _leb(len(n)) + n + b"\x03\x64\x6f"
            section = wasm[body:at] + repl + wasm[at + len(needle) : body + size]
            return wasm[: i + 1] + _leb(len(section)) + section + wasm[body + size :]
        i = body + size
    return None


def _replace_once(text: str, old: str, new: str, where: str) -> str:
    """``text`` with its one ``old`` replaced by ``new``.

    :raises FletMismatchError: ``old`` is not in ``text`` exactly once (another Flet client).
    """
    if text.count(old) != 1:
        raise FletMismatchError(
            f"веб-клиент Flet не тот: в {where} нет ровно одного «{old[:60]}» "
            "(нужен flet-web==1.0.5)"
        )
    return text.replace(old, new, 1)


def prepare_assets(target: Path) -> Path:
    """Fill ``target`` with what is served before Flet's own web files; returns ``target``.

    Our icons, favicon and manifest (name, colours, ``lang`` ru), an ``index.html`` made from
    Flet's with our title, a Russian loading text and ``lang="ru"``, and Flet's client with
    its English texts replaced (:data:`CLIENT_TEXTS`: «Working...» becomes
    :data:`RECONNECT_TEXT`) in both its builds, ``main.dart.js`` and ``main.dart.wasm``.

    :raises FletMismatchError: something patched is not there exactly once (another
        ``flet-web`` release): the app refuses to start rather than serve English texts or an
        ``index.html`` without the reload-on-reconnect script.
    """
    from flet_web import get_package_web_dir

    web = Path(get_package_web_dir())
    target.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ASSETS, target, dirs_exist_ok=True)
    index = (web / "index.html").read_text(encoding="utf-8")
    for old, new in (
        ("<html>", '<html lang="ru">'),
        (
            '<img src="icons/loading-animation.png" alt="" />',
            '<img src="icons/loading-animation.png" alt="" />'
            f'<p style="position:absolute;bottom:20vh;font:18px sans-serif;color:#555">'
            f"{LOADING_TEXT}</p>",
        ),
        ('aria-label="Loading"', f'aria-label="{LOADING_TEXT}"'),
        ("<head>", "<head>\n  <script>" + RELOAD_ON_RECONNECT + "</script>"),
        (
            '<link rel="manifest" href="manifest.json">',
            '<link rel="manifest" href="manifest.json">\n'
            '  <meta name="theme-color" content="#1B5E20">',
        ),
    ):
        index = _replace_once(index, old, new, "index.html")
    (target / "index.html").write_text(index, encoding="utf-8")
    js = (web / "main.dart.js").read_text(encoding="utf-8")
    wasm = (web / "main.dart.wasm").read_bytes()
    for old, new in CLIENT_TEXTS.items():
        quoted = '"' + old.replace("\n", "\\n") + '"'
        js = _replace_once(
            js, quoted, '"' + _js_string(new).replace("\n", "\\n") + '"', "main.dart.js"
        )
        patched = patch_wasm_string(wasm, old, new)
        if patched is None:
            raise FletMismatchError(
                f"веб-клиент Flet не тот: в main.dart.wasm нет строки «{old[:60]}» "
                "(нужен flet-web==1.0.5)"
            )
        wasm = patched
    (target / "main.dart.js").write_text(js, encoding="utf-8")
    (target / "main.dart.wasm").write_bytes(wasm)
    return target


#: Age (seconds) after which another version's web client in the cache, or a half-made one,
#: is removed when the app starts.
STALE_SECONDS = 24 * 3600


def _assets_key() -> str:
    """What the served web files are made from, as a short hash: Flet's client (its version,
    and the size and time of its files), our assets, and this module's source (the texts and
    the way the files are patched)."""
    from flet_web import get_package_web_dir
    from flet_web.version import version as flet_web_version

    digest = hashlib.sha256(flet_web_version.encode())
    web = Path(get_package_web_dir())
    for name in ("index.html", "main.dart.js", "main.dart.wasm"):
        info = (web / name).stat()
        digest.update(f"{web / name}|{info.st_size}|{info.st_mtime_ns}".encode())
    for path in sorted(p for p in ASSETS.rglob("*") if p.is_file()):
        digest.update(str(path.relative_to(ASSETS)).encode())
        digest.update(path.read_bytes())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()[:16]


def web_files(cache: Path) -> Path:
    """The web files to serve, made once per version in ``cache/web/<key>`` and reused by
    every start after it (:func:`prepare_assets`).

    They used to be made in a new temporary folder at each start and removed at the end —
    which never came for a server stopped by SIGTERM (uvicorn re-raises the signal after its
    shutdown) or killed: each start left 18 MB behind, and the test suite's servers filled
    the disk. A folder is made under a hidden name and renamed into place when complete, so
    two servers starting at once, or a start killed half-way, never serve half a folder.
    Other versions' folders and half-made ones older than :data:`STALE_SECONDS` are removed.

    :raises OSError: the cache cannot be written (the caller falls back to a temporary one).
    """
    root = cache / "web"
    root.mkdir(parents=True, exist_ok=True)
    key = _assets_key()
    final = root / key
    if not (final / ".complete").exists():
        building = Path(tempfile.mkdtemp(prefix=f".{key}-", dir=root))
        try:
            prepare_assets(building)
            (building / ".complete").write_text(key, encoding="utf-8")
            try:
                os.rename(building, final)
            except OSError:  # another start put it in place first
                if not (final / ".complete").exists():
                    raise
        finally:
            shutil.rmtree(building, ignore_errors=True)
    now = time.time()
    for other in root.iterdir():
        if other.name != key and now - other.stat().st_mtime > STALE_SECONDS:
            shutil.rmtree(other, ignore_errors=True)
    return final


def manifest() -> dict[str, Any]:
    """Our web app manifest (also shipped as ``companion/assets/manifest.json``)."""
    return json.loads((ASSETS / "manifest.json").read_text(encoding="utf-8"))
