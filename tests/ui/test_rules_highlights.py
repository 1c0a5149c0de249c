"""The rules screen's marked words (issue 30): a new query never leaves the previous query's
pieces or marks on screen («запретоспаривание или запрет» was drawn for about 2 s).

The browser redraws a Text when the Text itself changes, not when only its spans do; so a
patch that edits an old Text's spans in place (a piece's words or its mark) stays undrawn until
some later redraw. A highlighted text that changes must arrive as a new Text. In-process
(:mod:`tests.ui.render_tree`): the patches the server sends are read as sent on the wire.
"""

from __future__ import annotations

from typing import Any

import flet as ft
import msgpack

from companion.rules import RulesIndex, load_db
from companion.rules.text import segments
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt

QUERIES = ["запрет", "оспаривание или запрет", "оспаривание", "ничья на базе", "запрет"]


def _paths_into_spans(tree: Any) -> bool:
    """True if a patch's node tree (``[n, {prop: subtree}]``) addresses anything in a
    ``spans`` list — an in-place edit of an old Text's pieces."""
    if isinstance(tree, list) and len(tree) == 2 and isinstance(tree[1], dict):
        return any(k == "spans" or _paths_into_spans(v) for k, v in tree[1].items())
    if isinstance(tree, dict):
        return any(_paths_into_spans(v) for v in tree.values())
    return False


def _marked(session) -> list[list[tuple[str, bool]]]:
    return [
        [(s.text, s.style is not None) for s in c.spans]
        for c in rt.controls(session)
        if isinstance(c, ft.Text) and c.spans
    ]


async def _typing(data) -> tuple[list[str], list[list[list[tuple[str, bool]]]]]:
    session = await rt.open_app(make_main(Hub(GameStore(data))), "/rules", (390, 844))
    edits: list[str] = []

    def sent(body: bytes) -> None:
        _action, payload = msgpack.unpackb(body, strict_map_key=False)
        patch = payload.get("patch") if isinstance(payload, dict) else None
        if patch and _paths_into_spans(patch[0]):  # patch[0]: the nodes its operations address
            edits.append(str(patch[0])[:300])

    session.connection.sent = sent
    shown = []
    for q in QUERIES:
        box = rt.tagged_control(session, "rules-query")
        session.apply_patch(box._i, {"value": q})
        await session.dispatch_event(box._i, "change", q)
        await rt.quiet(session)
        shown.append(_marked(session))
    return edits, shown


def test_a_new_query_replaces_marked_texts_instead_of_patching_their_pieces(tmp_path):
    edits, shown = rt.run(_typing(tmp_path))
    assert edits == [], f"{len(edits)} patches edit old spans in place, e.g. {edits[0]}"
    index = RulesIndex(load_db())
    for q, texts in zip(QUERIES, shown, strict=True):
        best = index.search(q)[0]
        title = [(a, b) for f, a, b in best.spans if f == "title"]
        assert segments(best.entry["title"], title) == texts[0], q  # the first card's title
