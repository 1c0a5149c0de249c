"""The web server: Flet's FastAPI app under uvicorn, behind our own guard.

Why not ``ft.run``: it gives no way to check the ``Origin`` of a websocket, to learn the
TCP peer of a session (``page.client_ip`` is a page property the client can overwrite with
one message), to turn off uvicorn's trust in ``X-Forwarded-For`` from 127.0.0.1, or to pass
a TLS key and certificate. :class:`Guard` wraps the ASGI app:

- every HTTP request and websocket must name an allowed ``Host`` (this machine's addresses
  and names, with our port: a DNS-rebinding page is refused) and, when an ``Origin`` is
  sent, an allowed origin; a websocket must send one. Others get 403.
- for each websocket it sets :data:`companion.table.security.CONNECTION` (the peer address
  from ``scope["client"]``, and whether the page is a secure context) for the session.
- responses lose Flet's ``Access-Control-Allow-Origin: *`` and may not be framed.

:func:`prepare_assets` builds the folder served before Flet's own files: our name, icons,
favicon, manifest, a Russian loading text and a Russian reconnect message.
"""

from __future__ import annotations

import contextlib
import hashlib
import ipaddress
import json
import os
import re
import shutil
import socket
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from companion import APP_NAME, APP_SHORT_NAME
from companion.errors import FletMismatchError
from companion.table.budget import JOINED_FRAME_BYTES, PeerSockets, budgeted
from companion.table.security import CONNECTION, Connection

__all__ = ["Guard", "allowed_names", "prepare_assets", "run_server", "RECONNECT_TEXT"]

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
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
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


def _is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def allowed_names(host: str, extra: Iterable[str] = ()) -> set[str]:
    """Host names a browser may use to reach this server: loopback names, the bound host,
    this machine's name(s) and addresses. Lower-case, IPv6 without brackets."""
    names = set(LOOPBACK_NAMES)
    if host not in ("0.0.0.0", "::", ""):
        names.add(host)
    with contextlib.suppress(OSError):
        hn = socket.gethostname()
        names.update({hn, f"{hn}.local"})
        for info in socket.getaddrinfo(hn, None):
            names.add(str(info[4][0]))
    names.update(extra)
    return {n.lower().strip("[]") for n in names if n}


def _split_host(value: str, default_port: int) -> tuple[str, int] | None:
    m = re.fullmatch(r"\[?([^\[\]]+?)\]?(?::(\d+))?", value.strip().lower())
    if not m:
        return None
    name = m.group(1)
    if ":" in name and not value.strip().startswith("["):  # bare IPv6 without a port
        return name, default_port
    return name, int(m.group(2)) if m.group(2) else default_port


#: The page may frame nothing and run scripts from this server only: Flet's web client asks a
#: CDN for Rive's runtime (``cdn.jsdelivr.net``, an animation library the app does not use) —
#: with this the phone never sends that request, online or not (the app is offline-first).
_CSP = (
    b"frame-ancestors 'none'; "
    b"script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob: data:"
)


class Guard:
    """ASGI middleware: host/origin checks, the connection's peer, safer headers.

    :param app: the Flet FastAPI app.
    :param names: allowed host names (:func:`allowed_names`).
    :param port: the port we serve on.
    :param https: whether we serve TLS.
    :param on_started: called once the server is up (e.g. to open a browser).
    :param lan: table mode: a websocket is held to the join screen's :class:`Budget` until
        its session has joined.
    :param on_abuse: called with the peer address of a websocket closed for sending more
        than its budget before the join (charged as a wrong code).
    :param admits: whether a peer address may open a websocket now (refused with 403 while
        locked out); ``None``: always. In table mode an address's open websockets are capped
        too (:class:`~companion.table.budget.PeerSockets`).
    """

    def __init__(
        self,
        app: Any,
        names: set[str],
        port: int,
        https: bool = False,
        on_started: Callable[[], None] | None = None,
        lan: bool = False,
        on_abuse: Callable[[str], None] | None = None,
        admits: Callable[[str], bool] | None = None,
    ) -> None:
        self.app = app
        self.lan = lan
        self.sockets = PeerSockets() if lan else None
        self.on_abuse = on_abuse
        self.admits = admits
        self.names = names
        self.port = port
        self.scheme = "https" if https else "http"
        self.on_started = on_started

    def host_ok(self, scope: dict[str, Any], host: str) -> bool:
        parsed = _split_host(host, 443 if self.scheme == "https" else 80)
        if parsed is None:
            return False
        name, port = parsed
        server = scope.get("server") or ("", 0)
        return port == self.port and (name in self.names or name == str(server[0]).lower())

    def origin_ok(self, scope: dict[str, Any], origin: str) -> bool:
        try:
            parts = urlsplit(origin)
        except ValueError:
            return False
        if parts.scheme != self.scheme or not parts.netloc:
            return False
        return self.host_ok(scope, parts.netloc)

    def allowed(self, scope: dict[str, Any], headers: dict[str, str]) -> bool:
        if not self.host_ok(scope, headers.get("host", "")):
            return False
        origin = headers.get("origin")
        if scope["type"] == "websocket":
            return origin is not None and self.origin_ok(scope, origin)
        if origin is not None and origin != "null" and not self.origin_ok(scope, origin):
            return False
        site = headers.get("sec-fetch-site")
        return not (site == "cross-site" and headers.get("sec-fetch-mode") != "navigate")

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind == "lifespan":
            await self.app(scope, receive, self._lifespan_send(send))
            return
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        peer = str(scope["client"][0]) if scope.get("client") else "?"
        if not self.allowed(scope, headers) or (
            kind == "websocket" and self.admits is not None and not self.admits(peer)
        ):
            if kind == "websocket":
                await send({"type": "websocket.close", "code": 1008})  # before accept: 403
            else:
                await send(
                    {
                        "type": "http.response.start",
                        "status": 403,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8")],
                    }
                )
                await send({"type": "http.response.body", "body": "Доступ запрещён".encode()})
            return
        if kind == "websocket":
            client = scope.get("client")
            host = (_split_host(headers.get("host", ""), 0) or ("", 0))[0]
            CONNECTION.set(
                Connection(
                    peer=str(client[0]) if client else "?",
                    secure=self.scheme == "https" or _is_loopback(host),
                    host=host,
                    agent=headers.get("user-agent", "")[:512],
                )
            )
            await budgeted(
                self.app,
                scope,
                receive,
                send,
                lan=self.lan,
                on_abuse=self.on_abuse,
                sockets=self.sockets,
            )
            return
        await self.app(scope, receive, self._http_send(send))

    def _lifespan_send(self, send: Any) -> Any:
        async def wrapped(message: dict[str, Any]) -> None:
            await send(message)
            if message.get("type") == "lifespan.startup.complete" and self.on_started:
                self.on_started()

        return wrapped

    @staticmethod
    def _http_send(send: Any) -> Any:
        async def wrapped(message: dict[str, Any]) -> None:
            if message.get("type") == "http.response.start":
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if k.lower() != b"access-control-allow-origin"
                ]
                headers += [
                    (b"x-frame-options", b"DENY"),
                    (b"content-security-policy", _CSP),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-content-type-options", b"nosniff"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        return wrapped


# -- the app's own web identity ---------------------------------------------------------------
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


def run_server(
    main: Callable[..., Any],
    *,
    host: str,
    port: int,
    names: set[str],
    tls: tuple[Path, Path] | None = None,
    on_started: Callable[[], None] | None = None,
    on_abuse: Callable[[str], None] | None = None,
    admits: Callable[[str], bool] | None = None,
) -> None:
    """Serve ``main`` (the Flet ``main(page)``) until SIGINT/SIGTERM.

    :param tls: ``(certificate, key)`` PEM files to serve https, or ``None`` for http.
    :param on_abuse: table mode: charged with the peer of a websocket closed for sending more
        than the join screen needs (see :class:`Guard`); ``None`` in plain mode.
    :param admits: table mode: whether a peer may open a websocket now (:class:`Guard`).
    """
    import flet_web.fastapi as flet_fastapi
    import uvicorn

    from companion.paths import cache_dir
    from companion.table.plainhttp import SniffingServer

    with contextlib.ExitStack() as stack:
        try:
            assets = web_files(cache_dir())
        except OSError:  # no writable cache: a folder of this run's own, removed at the end
            assets = prepare_assets(
                Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="companion-web-")))
            )
        os.environ.pop("FLET_ASSETS_DIR", None)
        inner = flet_fastapi.app(
            main,
            assets_dir=str(assets),
            app_name=APP_NAME,
            app_short_name=SHORT_NAME,
            app_description=DESCRIPTION,
            no_cdn=True,
        )
        app = Guard(
            inner,
            names,
            port,
            https=tls is not None,
            on_started=on_started,
            lan=on_abuse is not None,
            on_abuse=on_abuse,
            admits=admits,
        )
        config = uvicorn.Config(
            app,
            host=host,
            port=port,
            ws="websockets-sansio",
            ws_max_size=JOINED_FRAME_BYTES,  # Flet's default 16 MB: a frame is read whole
            proxy_headers=False,  # X-Forwarded-For from 127.0.0.1 must not change the peer
            server_header=False,
            log_level="warning",
            ssl_certfile=str(tls[0]) if tls else None,
            ssl_keyfile=str(tls[1]) if tls else None,
        )
        SniffingServer(config).run()
