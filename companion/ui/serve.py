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
    """Serve the UI until interrupted. Returns the exit code.

    The web client is served from the installed ``flet-web`` wheel with ``no_cdn=True`` so it
    works with no network at all.
    """
    import flet as ft

    from companion.store import GameStore
    from companion.ui.app import make_main
    from companion.ui.lan import LanGate, lan_address, new_code, qr_terminal
    from companion.ui.state import Hub

    store = GameStore(root)
    hub = Hub(store)
    host = args.host or ("0.0.0.0" if args.lan else "127.0.0.1")
    port = args.port or DEFAULT_PORT
    gate = None
    if args.lan:
        shown = lan_address() if host in ("0.0.0.0", "::") else host
        gate = LanGate(new_code(args.code), f"http://{shown}:{port}")
    elif args.code:
        print("companion: --code имеет смысл только вместе с --lan.", file=sys.stderr)
        return 2
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
    open_browser = _has_display() and not args.no_browser
    if not open_browser:
        os.environ["FLET_FORCE_WEB_SERVER"] = "true"  # serve only: never try to open a browser
    os.environ.setdefault("FLET_WEB_NO_CDN", "true")
    url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
    print(f"Table Companion: {url}  (данные: {root}; остановить — Ctrl+C)", flush=True)
    if gate is not None:
        print(f"Режим стола: с телефонов откройте {gate.url} и введите код {gate.code}", flush=True)
        print(qr_terminal(gate.url), flush=True)
    ft.run(
        main,
        view=ft.AppView.WEB_BROWSER,
        host=host,
        port=port,
        no_cdn=True,
    )
    return 0
