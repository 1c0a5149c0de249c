"""Lengths of what players type are limited in the store, the house rulings and the UI
(issue 33, finding 6: a 1,000,000-character name made a 2 MB game file).

The host's tests share one host (:func:`tests.security.conftest.module_lan_host`): each
joins with the right code, and none saves what another one checks."""

from __future__ import annotations

import pytest

from benchmarks._flet_client import FletClient
from companion.errors import CompanionError, SetupError
from companion.rules.house import HOUSE_FILE, add_ruling, list_rulings
from companion.store import GameStore
from companion.store.limits import (
    COUNTER_NAME_CHARS,
    NAME_CHARS,
    RULING_TEXT_CHARS,
    RULING_TITLE_CHARS,
)
from tests.security.hosts import run
from tests.security.test_roles import join


@pytest.fixture
def lan_host(module_lan_host):
    return module_lan_host


def test_the_store_refuses_long_names_and_counter_names(tmp_path):
    store = GameStore(tmp_path)
    with pytest.raises(SetupError, match=f"Имя игрока 2 .* длиннее {NAME_CHARS} знаков"):
        store.create("free", ["Аня", "Б" * 1_000_000], first_player=0)
    counters = [{"name": "С" * (COUNTER_NAME_CHARS + 1), "step": 1, "start": 0}]
    with pytest.raises(SetupError, match=f"счётчика .* длиннее {COUNTER_NAME_CHARS}"):
        store.create("free", ["Аня", "Борис"], first_player=0, options={"counters": counters})
    assert store.list() == []  # nothing was written
    ok = store.create("free", ["А" * NAME_CHARS, "Борис"], first_player=0)
    assert ok.game.setup.players[0].name == "А" * NAME_CHARS


def test_house_rulings_refuse_long_titles_and_texts(tmp_path):
    path = tmp_path / HOUSE_FILE
    with pytest.raises(CompanionError, match=f"Название .* длиннее {RULING_TITLE_CHARS}"):
        add_ruling("Н" * (RULING_TITLE_CHARS + 1), "текст", "coup", path=path)
    with pytest.raises(CompanionError, match=f"Текст .* длиннее {RULING_TEXT_CHARS}"):
        add_ruling("Ничья", "т" * (RULING_TEXT_CHARS + 1), "coup", path=path)
    add_ruling("Н" * RULING_TITLE_CHARS, "т" * RULING_TEXT_CHARS, "coup", path=path)
    assert len(list_rulings(path=path)) == 1


def test_a_player_sending_a_long_ruling_past_the_field_is_refused(lan_host):
    """The field stops at the limit; a client that sends more anyway is told why, and
    nothing is saved."""
    path = lan_host.data_dir / HOUSE_FILE

    async def main() -> None:
        c: FletClient = await join(lan_host, "player", route="/rules")
        await c.event(await c.wait_for("house-open"), "click")
        await c.type_into("house-title", "Ничья")
        await c.type_into("house-text", "т" * (RULING_TEXT_CHARS + 1))
        await c.settle()
        await c.event(await c.wait_for("house-save"), "click")
        await c.wait_string(f"длиннее {RULING_TEXT_CHARS}", part=True)
        await c.close()

    run(main())
    assert not path.exists() or list_rulings(path=path) == []


def test_a_roster_name_is_limited_in_the_field_and_refused_past_it(lan_host):
    """«Игроки»: the rename field stops at :data:`NAME_CHARS` (``max_length``); a client that
    sends a longer name anyway is told the limit, and the roster keeps the old name. (The
    CLI's ``roster add``/``rename`` refuse it too: ``tests/test_cli.py``.)"""
    from companion.store.roster import Roster

    Roster(lan_host.data_dir).add("Аня")

    async def main() -> None:
        c: FletClient = await join(lan_host, "player", route="/players")
        await c.event(await c.wait_for("rename-Аня"), "click")
        field = await c.wait_for("name-Аня")
        assert field.get("max_length") == NAME_CHARS
        await c.type_into("name-Аня", "Я" * (NAME_CHARS + 1))
        await c.settle()
        await c.event(field, "submit")  # «Сохранить» (or the keyboard's enter)
        await c.wait_for("refusal-Аня")
        assert any(f"не длиннее {NAME_CHARS}" in s for s in c.strings)
        await c.close()

    run(main())
    assert [p.name for p in Roster(lan_host.data_dir).players()] == ["Аня"]


def test_the_fields_stop_at_the_limits(lan_host):
    """What the browser is told: a new game's name fields stop at :data:`NAME_CHARS`, a house
    ruling's title and text at theirs (``max_length``: the field takes no more)."""

    async def main() -> None:
        c: FletClient = await join(lan_host, "player", route="/new")
        assert (await c.wait_for("player-name-0")).get("max_length") == NAME_CHARS
        await c.close()
        c = await join(lan_host, "player", route="/rules")
        await c.event(await c.wait_for("house-open"), "click")
        assert (await c.wait_for("house-title")).get("max_length") == RULING_TITLE_CHARS
        assert (await c.wait_for("house-text")).get("max_length") == RULING_TEXT_CHARS
        await c.close()

    run(main())
