"""Start the Flet app: a web server on 127.0.0.1 (offline), or the desktop window."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

DEFAULT_PORT = 8550

__all__ = ["serve", "DEFAULT_PORT"]


def _has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or sys.platform in (
        "darwin",
        "win32",
    )


def _desktop_client_available() -> bool:
    """Whether flet-desktop's client is already on disk (it cannot be fetched offline)."""
    try:
        import flet_desktop  # noqa: F401  (only: is it installed?)
    except ImportError:
        return False
    home = Path(os.environ.get("FLET_DESKTOP_CLIENT_DIR", Path.home() / ".flet" / "client"))
    return home.exists() and any(home.iterdir())


def serve(args: argparse.Namespace, root: Path) -> int:
    """Serve the UI until interrupted; returns the exit code. The caller has checked the host
    and port (:func:`companion.cli.main`). The client comes from the installed ``flet-web``
    (no CDN) via :func:`companion.table.webserver.run_server`."""
    import flet as ft

    from companion import APP_NAME
    from companion.store import GameStore
    from companion.table.gate import LanGate, lan_address, new_code, spaced
    from companion.table.https import ensure_certificate, fingerprint, spaced_fingerprint
    from companion.table.qr import qr_terminal
    from companion.table.security import device_secret
    from companion.table.webserver import allowed_names, run_server
    from companion.ui.app import make_main
    from companion.ui.state import Hub

    store = GameStore(root)
    settle = getattr(args, "settle_seconds", None)
    hub = Hub(store) if settle is None else Hub(store, settle=settle)
    host = args.host or ("0.0.0.0" if args.lan else "127.0.0.1")
    port = args.port or DEFAULT_PORT
    https = bool(getattr(args, "https", False))
    scheme = "https" if https else "http"
    wildcard = host in ("0.0.0.0", "::")
    shown = lan_address() if wildcard else host
    tls = None
    fp = ""
    if https:
        tls = ensure_certificate(root, [shown] if shown not in ("0.0.0.0", "::") else [])
        fp = fingerprint(tls[0])
    gate = None
    if args.lan:
        gate = LanGate(
            new_code(args.code),
            f"{scheme}://{shown}:{port}",
            secret=device_secret(root),
            fingerprint=fp,
            revoked=root / "revoked-tokens.json",
        )
    main = make_main(hub, gate)
    if args.desktop:
        if not _desktop_client_available():
            print(
                "companion: окно Flet недоступно (его клиент скачивается из интернета); "
                "запустите без --desktop и откройте адрес в браузере.",
                file=sys.stderr,
            )
            return 2
        ft.run(main)
        return 0
    os.environ.setdefault("FLET_WEB_NO_CDN", "true")
    url = f"{scheme}://{'127.0.0.1' if wildcard else host}:{port}"
    print(f"{APP_NAME}: {url}  (данные: {root}; остановить — Ctrl+C)", flush=True)
    if gate is not None:
        print(
            f"Режим стола: с телефонов откройте {gate.url} и введите код {spaced(gate.code)}",
            flush=True,
        )
        print(qr_terminal(gate.url), flush=True)
    if fp:
        print(
            "Сертификат самоподписанный: телефон один раз предупредит о нём. Сверьте отпечаток "
            "SHA-256 в браузере телефона с этим:\n" + spaced_fingerprint(fp),
            flush=True,
        )
    open_browser = _has_display() and not args.no_browser

    def started() -> None:
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    names = allowed_names(host, [shown])
    run_server(
        main,
        host=host,
        port=port,
        names=names,
        tls=tls,
        on_started=started,
        on_abuse=gate.throttle.failed if gate is not None else None,
        admits=gate.throttle.admits if gate is not None else None,
    )
    return 0
