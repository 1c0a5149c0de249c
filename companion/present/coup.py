"""What the Coup («Переворот») board says, without Flet: the actions' button words, the step's
question, its answer buttons and «Итог действия» (:mod:`companion.ui.boards.coup` shows them).
Rulebook: «Действия», «Оспаривание», «Запрет действия», «Покровители»."""

from __future__ import annotations

from typing import Any

from companion.engine.coup import (
    ACTIONS,
    CHARACTER_NAMES,
    CHARACTERS,
    MUST_COUP,
    CoupState,
    awaiting,
    expected_outcome,
    explain,
    legal_declarations,
    legal_events,
    loses_both,
    refusal,
    shown_answer,
    waiting_for,
)
from companion.i18n import _
from companion.words import inflect

__all__ = [
    "ACTION_LABELS",
    "Answer",
    "STEP_RULES",
    "action_label",
    "answer_label",
    "answers_of",
    "chosen",
    "declare_hint",
    "declare_refusal",
    "genitive",
    "opponents",
    "outcome_line",
    "row_status",
    "step_title",
    "target_title",
    "targets_of",
    "text_lines",
    "which_card",
]

#: Players from which the board folds on a crowded short layout
#: (:attr:`~companion.ui.layout.Layout.crowded_short`).
CROWDED_FROM = 5
#: (lines, size px) of the explanation and «Итог действия»: unfolded, folded, folded short
#: and crowded; a cut text ends in «…» («Весь текст» shows it whole).
FULL_LINES, FOLDED_LINES, CROWDED_LINES = (4, 3, 13), (2, 2, 12), (1, 1, 12)


ACTION_LABELS = {
    "income": "Доход +1",
    "foreign_aid": "Помощь +2",
    "coup": "Переворот −7",
    "tax": "Налог +3",
    "assassinate": "Убийство −3",
    "steal": "Кража",
    "exchange": "Обмен",
}


def action_label(action: str) -> str:
    """Russian button text of an action id, e.g. ``"tax"`` → «Налог +3 (Герцог)»."""
    claim = ACTIONS[action].claim
    text = _(ACTION_LABELS[action])
    return f"{text} ({CHARACTER_NAMES[claim]})" if claim else text


def genitive(name: str) -> str:
    """A name after «против», «у»: «Гриша» → «Гриши» (:func:`companion.words.inflect`)."""
    return inflect(name, "gent")


def _shown(character: str) -> str:
    """«Посол показан?», «Графиня показана?» (:func:`answer_label`'s words)."""
    return f"{CHARACTER_NAMES[character]} {shown_answer(character, True).lower()}?"


def answer_label(character: str, proven: bool) -> str:
    """«Показан» / «Не показан» («Показана» for the Contessa), the engine's words
    (:func:`companion.engine.coup.shown_answer`)."""
    return shown_answer(character, proven)


def _aimed(state: CoupState) -> str:
    """« Цель — Вика» for a step about an aimed action, else «»."""
    target = state.pending.get("target") if state.pending is not None else None
    if target is None:
        return ""
    return f" {_('Цель')} — {state.names[target]}"


def step_title(state: CoupState) -> str:
    """The current step's question, e.g. «Кто-то запрещает? Цель — Вика», «Аня: Герцог показан?»."""
    step = awaiting(state)
    names = state.names
    # every step after «action» has a pending action (:func:`awaiting`), of whatever shape
    p: Any = state.pending
    if step == "action":
        who = state.current
        if state.coins[who] >= MUST_COUP:
            return f"{names[who]}: {_('обязателен переворот')}"
        return f"{names[who]}: {_('какое действие?')}"
    if step == "challenge":
        return _("Кто-то оспаривает?") + _aimed(state)
    if step == "challenge_result":
        return f"{names[p['actor']]}: {_shown(str(ACTIONS[p['action']].claim))}"
    if step == "block":
        return _("Кто-то запрещает?") + _aimed(state)
    if step == "block_challenge":
        return _("Кто-то оспаривает запрет?") + _aimed(state)
    if step == "block_challenge_result":
        return f"{names[p['blocker']]}: {_shown(p['block_character'])}"
    if step == "lose_influence":
        who = names[p["losses"][0]["player"]]
        if loses_both(state):  # the first of two: the second step reads differently
            return f"{who}: {_('какую раскрыть первой из двух?')}"
        return f"{who}: {_('какую карту раскрыть?')}"
    if step == "exchange":
        return f"{names[p['actor']]}: {_('обмен с колодой двора')}"
    return _("Игра окончена")


def opponents(state: CoupState) -> list[int]:
    """Players the turn's player may aim at: everybody else still holding an influence."""
    return [
        i
        for i, k in enumerate(state.influence)
        if i != state.current and k > 0 and not state.exiled[i]
    ]


#: An answer button: (identifier, lines, label or "", dimmed, move type, move data).
Answer = tuple[str, tuple[str, ...], str, bool, str, tuple[tuple[str, Any], ...]]


def _answer(
    ident: str,
    lines: tuple[str, ...],
    kind: str,
    data: dict[str, Any],
    label: str = "",
    dimmed: bool = False,
) -> Answer:
    return ident, lines, label, dimmed, kind, tuple(sorted(data.items()))


def answers_of(state: CoupState) -> tuple[Answer, ...]:
    """The answer buttons: ``challenge-p<i>``, ``block-p<i>-<character>``,
    ``lose-<character>`` (those not held dimmed); empty outside answer steps."""
    step = awaiting(state)
    names, legal = state.names, legal_events(state)
    if step in ("challenge", "block_challenge"):
        said = _("оспаривает")
        return tuple(
            _answer(
                f"challenge-p{c}",
                (names[c],),
                "coup.challenge",
                {"challenger": c},
                f"{names[c]} {said}",
            )
            for c in waiting_for(state)
        )
    if step == "block":
        blocks = [d for kind, d in legal if kind == "coup.block"]
        return tuple(
            _answer(
                f"block-p{d['blocker']}-{d['character']}",
                (names[d["blocker"]], CHARACTER_NAMES[d["character"]]),
                "coup.block",
                d,
            )
            for d in blocks
        )
    if step != "lose_influence" or state.pending is None:
        return ()
    who = state.pending["losses"][0]["player"]
    allowed = {d["character"] for kind, d in legal if kind == "coup.lose_influence"}
    return tuple(
        _answer(
            f"lose-{c}",
            (CHARACTER_NAMES[c],),
            "coup.lose_influence",
            {"character": c, "player": who},
            dimmed=c not in allowed,
        )
        for c in CHARACTERS
    )


#: Rulebook headings searched by each step's rules link.
STEP_RULES = {
    "action": "Действия",
    "challenge": "Оспаривание",
    "challenge_result": "Оспаривание",
    "block": "Запрет действия",
    "block_challenge": "Оспаривание",
    "block_challenge_result": "Оспаривание",
    "lose_influence": "Покровители",
    "exchange": "Посол: обмен",
    "over": "Конец игры",
}


def outcome_line(state: CoupState) -> str:
    """«Итог действия: …» (:func:`~companion.engine.coup.expected_outcome`), or «» when the
    explanation says it."""
    text = expected_outcome(state)
    said = explain(state)
    if not text or text in said:
        return ""
    if awaiting(state) == "lose_influence" and state.pending is not None:
        who = state.names[state.pending["losses"][0]["player"]]
        if text == f"{who} теряет покровителя" and f"{who} теряет" in said:
            return ""
    if awaiting(state) in ("challenge_result", "block_challenge_result"):
        return text  # «Показан: …» and «Не показан: …» (agreeing with the card), the bar's answers
    return f"{_('Итог действия')}: {text}"


def row_status(exiled: bool, turn: bool, aimed: bool, target: bool) -> str:
    """A player row's status word: «в ссылке», «ходит», the chosen target «цель», a possible
    one «цель?», else «»."""
    if exiled:
        return _("в ссылке")
    if turn:
        return _("ходит")
    if aimed:
        return _("цель")
    return _("цель?") if target else ""


def target_title(state: CoupState, target: int | None) -> str:
    """The step's question while a targeted action's target is chosen (or not yet)."""
    if target is None:
        return _("Против кого? Коснитесь строки игрока")
    return f"{_('Против')} {genitive(state.names[target])}. " + _("Сменить — коснитесь другого")


def declare_hint(state: CoupState, action: str | None, target: int | None) -> str:
    """What «Объявить» will declare: the action, against whom, and a theft with nothing to
    take; or what is still to choose."""
    if action is None:
        return _("Выберите действие")
    if ACTIONS[action].targeted and target is None:
        return f"{action_label(action)}: {_('против кого? Коснитесь строки игрока')}"
    text = action_label(action)
    if target is not None:
        text += f" {_('против')} {genitive(state.names[target])}"
        if action == "steal" and state.coins[target] == 0:
            text += f" {_('— монет нет, красть нечего')}"
    return text


def which_card(state: CoupState) -> str:
    """What «Карта?» says when tapped: the card has its own button («Покровители»)."""
    who = state.names[state.pending["losses"][0]["player"]] if state.pending else ""
    return (
        f"{_('Сначала коснитесь карты, которую раскрывает')} {who}: "
        f"{_('кнопки с персонажами на доске, под вопросом')} (Покровители)."
    )


def text_lines(folded: bool, short: bool, players: int) -> tuple[int, int, int]:
    """Lines and size (px) of the explanation and «Итог действия» for a board ``folded``, a
    ``short`` layout and ``players`` rows."""
    if not folded:
        return FULL_LINES
    return CROWDED_LINES if short and players >= CROWDED_FROM else FOLDED_LINES


def declare_refusal(state: CoupState, action: str) -> str | None:
    """``None`` when the current player may declare ``action`` now, else why not (a targeted
    action asked against the first other player)."""
    who = state.current
    if action in {d["action"] for d in legal_declarations(state)}:
        return None
    others = (t for t in range(len(state.names)) if t != who)
    target = next(others, None) if ACTIONS[action].targeted else None
    reason = refusal(state, "coup.declare", {"player": who, "action": action, "target": target})
    return reason or _("Это действие сейчас недоступно.")


def chosen(
    state: CoupState, action: str | None, target: int | None
) -> tuple[str | None, int | None]:
    """``(action, target)`` as chosen while the turn waits for an action (else none): a lone
    opponent is the target without a tap; a target no longer valid counts as not aimed."""
    if awaiting(state) != "action":
        return None, None
    if action is None or not ACTIONS[action].targeted:
        return action, None
    rivals = opponents(state)
    if target in rivals:
        return action, target
    return action, rivals[0] if len(rivals) == 1 else None


def targets_of(state: CoupState, action: str | None) -> set[int]:
    """The players ``action`` may be declared against now (none for an untargeted one)."""
    legal = legal_declarations(state) if action is not None else []
    return next((set(d["targets"]) for d in legal if d["action"] == action and d["targets"]), set())
