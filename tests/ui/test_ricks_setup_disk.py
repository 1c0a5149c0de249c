"""The «Рик и Морти» setup form on a data folder that refuses writes («Подготовка к игре»: the
universes' action tokens are remembered for the next game).

A real tmpfs is the data folder, remounted read-only while the app runs (as in
tests/ui/test_lan_disk.py): typing a number must show the store's Russian reason in the form,
leave ``settings.json`` as it was, and never break the screen.
"""

from __future__ import annotations

import json
import subprocess

from companion.engine.ricks import MICRO, MINI, RICK_UNIVERSE
from tests.ui.conftest import App, Server
from tests.ui.phone import assert_target, box, no_flet_error


def test_action_tokens_on_a_read_only_disk(browser, small_disk):
    saved = {"theme": "system", "ricks_actions": {RICK_UNIVERSE: 2, MICRO: 3, MINI: 4}}
    (small_disk / "settings.json").write_text(json.dumps(saved, ensure_ascii=False))
    srv = Server(small_disk, [])
    app = App(browser, srv)
    try:
        app.open("/")
        app.tap("new-game")
        app.el("start-game").wait_for()
        app.choose("game-choice", "Рик и Морти: Наверное, Рики сошли с ума")
        app.el("actions-mini").wait_for()
        assert_target(app, "abilities")  # the switch and its words: one 48 dp row
        gap = box(app, "charge-limit")["y"] - box(app, "actions-mini")["y"]
        subprocess.run(["mount", "-o", "remount,bind,ro", str(small_disk)], check=True)
        app.fill("actions-mini", "5")  # typed once: the form takes it and says why it can't keep it
        app.wait_label("ricks-settings-error", "Число действий не запомнено")
        text = app.label("ricks-settings-error")
        assert any(w in text for w in ("диск", "запис", "чтения", "сохран")), text
        # the message had its slot (typing may scroll the form: compare the fields' distance)
        assert abs(box(app, "charge-limit")["y"] - box(app, "actions-mini")["y"] - gap) <= 2
        no_flet_error(app)
        # the switch still shows the option as it is (on: abilities are the default) and a tap
        # anywhere on its row turns it off
        switch = '[flt-semantics-identifier="abilities"] [role="switch"]'
        assert app.page.get_attribute(switch, "aria-checked") == "true"
        app.tap("abilities")
        app.page.wait_for_function(
            "sel => document.querySelector(sel)?.getAttribute('aria-checked') === 'false'",
            arg=switch,
        )
    finally:
        app.close()
        srv.stop()
    assert json.loads((small_disk / "settings.json").read_text()) == saved
