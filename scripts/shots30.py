"""Screenshots of the screens issue 30 changed, at 390×844, into ``docs/screenshots/``:

- ``fix30-smashup-two-boxes.png``: the new-game form of «Замес» with «Две коробки» on;
- ``fix30-smashup-shared-faction.png``: the board's faction picking with two boxes, a faction
  another player has still offered;
- ``fix30-ricks-universes.png``: the Ricks board, universes top to bottom as on the table;
- ``fix30-ricks-refused.png``: the Ricks card dialog refusing three bad fields at once;
- ``fix30-undo-two.png``: the notice after two quick undos;
- ``fix30-munchkin-result.png``: Munchkin's result after a reload mid-fight and a double tap;
- ``fix30-clock-paused.png``: the turn clock paused, and its notice.

    .venv/bin/python scripts/shots30.py

The phone's journal export: ``FIX30_SHOTS=docs/screenshots`` on
``tests/ui/test_journal_export.py``; the charity dialog, the free-counter target and the journal's
end are the ``fix30-*`` files made before.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from screenshots import settled_shot  # noqa: E402

from companion.store import GameStore  # noqa: E402
from tests.ui.conftest import CHROMIUM, App, Server  # noqa: E402
from tests.ui.phone import double_tap  # noqa: E402
from tests.ui.test_ricks import NAMES4, fill, ricks_game  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def smashup_form(app: App) -> None:
    app.open("/new")
    app.choose("game-choice", "Замес")
    app.fill("player-name-0", "Аня")
    app.fill("player-name-1", "Борис")
    app.tap("opt-two-boxes")
    app.steady("opt-two-boxes")


def smashup_shared(app: App, server: Server) -> None:
    g = GameStore(server.data_dir).create(
        "smashup", ["Аня", "Борис"], first_player=0, options={"two_boxes": True}
    )
    g.push("faction.pick", {"player": 0, "faction": "Бабульки"})
    g.push("faction.pick", {"player": 0, "faction": "Рокеры"})  # Борис picks next
    app.open(f"/game/{g.id}")
    app.el("status-player").wait_for()


def ricks_universes(app: App, server: Server) -> None:
    gid = ricks_game(server, NAMES4, "round.draw")
    app.open(f"/game/{gid}")
    app.steady("uni-3")  # scrolled down to the universes, all four in sight


def ricks_refused(app: App, server: Server) -> None:
    gid = ricks_game(server, NAMES4, "round.draw")
    app.open(f"/game/{gid}")
    app.wait_label("actions-left", "5")
    app.tap("play-open")
    app.el("play-preview").wait_for()
    app.tap("kind-invention")
    app.wait_label("kind-invention", "выбран")
    for ident, text in (("play-build", "abc"), ("play-cost", "-3"), ("play-vp", "xyz")):
        fill(app, ident, text)
    app.tap("play-card")
    app.steady("play-error")


def undo_two(app: App, server: Server) -> None:
    g = GameStore(server.data_dir).create("free", ["Аня", "Борис"], first_player=0)
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 1})
    g.push("turn.next", {})
    app.open(f"/game/{g.id}")
    app.el("status-player").wait_for()
    app.tap("undo")
    app.wait_label("notice", "Отменено")
    app.tap("undo")  # again while the first notice is up
    app.wait_label("notice", "Отменено 2 хода")


def clock_paused(app: App, server: Server) -> None:
    g = GameStore(server.data_dir).create(
        "free", ["Аня", "Борис"], first_player=0, options={"target": {"counter": "ПО", "value": 3}}
    )
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 1})
    app.open(f"/game/{g.id}")
    app.wait_label("clock", "ход")
    app.tap("clock-toggle")
    app.wait_label("notice", "Часы на паузе")


def munchkin_result(app: App, server: Server) -> None:
    g = GameStore(server.data_dir).create("munchkin", ["Рома", "Аня", "Вика"], first_player=0)
    g.push("level.set", {"player": 0, "value": 9})
    g.push("combat.start", {"monster": {"name": "Радиоактивный слизень", "level": 1}})
    app.open(f"/game/{g.id}")
    app.wait_label("primary-action", "Победа")
    app.page.reload()
    app.open(f"/game/{g.id}")
    app.wait_label("primary-action", "Победа")
    double_tap(app, "primary-action")
    app.wait_label("winner", "Рома")


SHOTS = {
    "fix30-smashup-two-boxes": lambda app, server: smashup_form(app),
    "fix30-smashup-shared-faction": smashup_shared,
    "fix30-ricks-universes": ricks_universes,
    "fix30-ricks-refused": ricks_refused,
    "fix30-undo-two": undo_two,
    "fix30-munchkin-result": munchkin_result,
    "fix30-clock-paused": clock_paused,
}


def main(argv: list[str]) -> int:
    wanted = [a for a in argv if not a.startswith("-")] or list(SHOTS)
    tmp = tempfile.mkdtemp(prefix="shots30-")
    server = Server(Path(tmp) / "data", ["--settle-seconds", "0.6"])
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
            )
            for name in wanted:
                app = App(browser, server)
                try:
                    SHOTS[name](app, server)
                    try:
                        shot = settled_shot(app, tries=8)
                    except RuntimeError:  # a blinking caret in a dialog's field: shoot anyway
                        app.page.wait_for_timeout(1000)
                        shot = app.page.screenshot()
                    (OUT / f"{name}.png").write_bytes(shot)
                    print(f"docs/screenshots/{name}.png", flush=True)
                finally:
                    app.close()
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
