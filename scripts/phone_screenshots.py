"""Screenshots of the offline web app (``scripts/build_web.sh``) at 390×844 into
``docs/screenshots/phone-*.png``: the loading screen, home, a free-counter board, settings
and the rules screen, all in Chromium with every request beyond 127.0.0.1 blocked.

    .venv/bin/python scripts/phone_screenshots.py [SITE]   # SITE: a built site (else built now)
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.phone.site import StaticServer, build, open_site  # noqa: E402
from tests.ui.conftest import App  # noqa: E402
from tests.ui.phone import tap_after_guard  # noqa: E402
from tests.ui.test_free_game import start_free_game  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def main() -> None:
    from playwright.sync_api import sync_playwright

    from tests.conftest import Chromium

    site = Path(sys.argv[1]) if len(sys.argv) > 1 else build(Path(tempfile.mkdtemp()) / "web")
    server = StaticServer(site)
    with sync_playwright() as p:
        browser = Chromium(p)
        try:
            app = App(browser, server)  # type: ignore[arg-type]  # only .url is used
            app.page.goto(server.url + "/", wait_until="commit")
            app.page.wait_for_function("window.tcSteps && window.tcSteps.length >= 2")
            app.page.screenshot(path=str(OUT / "phone-loading.png"))
            open_site(app)
            app.shot(str(OUT / "phone-home.png"))
            start_free_game(app, ["Аня", "Борис", "Вика"])
            for ident in ("val-p0-c0-plus", "val-p0-c0-plus", "val-p1-c0-plus"):
                tap_after_guard(app, ident)
            app.wait_label("val-p1-c0", "1")
            app.shot(str(OUT / "phone-board.png"))
            app.page.goto(server.url + "/#/settings")
            app.el("import-game").wait_for(timeout=60_000)
            app.shot(str(OUT / "phone-settings.png"))
            app.tap("home")
            app.tap("open-rules")
            try:
                app.fill("rules-query", "ничя на базе")
                app.wait_label("hit-0", "Споры", timeout=60_000)
            except Exception as exc:  # noqa: BLE001 - the search may not run in the browser yet
                print(f"rules screen: {exc}".splitlines()[0])
            app.shot(str(OUT / "phone-rules.png"))
            app.close()
        finally:
            server.stop()
            browser.close()


if __name__ == "__main__":
    main()
