"""Moves shared by tests: a two-player «Переворот» that Аня wins in two turns.

Аня taxes, Борис challenges and loses a card to the shown Duke; Борис steals, Аня challenges,
he has no Captain and loses his last card («Оспаривание», «Цель игры»).
"""

from __future__ import annotations

from typing import Any

#: (event type, data) in order, for players 0 (Аня) and 1 (Борис), Аня first.
TWO_PLAYER_WIN: list[tuple[str, dict[str, Any]]] = [
    ("coup.declare", {"player": 0, "action": "tax", "target": None}),
    ("coup.challenge", {"challenger": 1}),
    ("coup.challenge_result", {"proven": True}),
    ("coup.lose_influence", {"player": 1, "character": "contessa"}),
    ("coup.declare", {"player": 1, "action": "steal", "target": 0}),
    ("coup.challenge", {"challenger": 0}),
    ("coup.challenge_result", {"proven": False}),
    ("coup.lose_influence", {"player": 1, "character": "captain"}),
]
