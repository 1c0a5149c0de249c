"""Замес: the game definition that ties state, checks, flow and texts together."""

from __future__ import annotations

from typing import Any

from companion.engine.clock import BEFORE_PLAY
from companion.engine.core import Event, GameDefinition, Outcome, Setup
from companion.engine.smashup import checks, flow, texts
from companion.engine.smashup.checks import _faction_error, base_card_error
from companion.engine.smashup.events import EVENTS
from companion.engine.smashup.state import (
    DEFAULT_EDITION,
    EDITIONS,
    PHASES,
    REMIND_PHASES,
    SETUP_PHASE,
    WIN_AFTER_SCORING,
    WIN_AT_END_OF_TURN,
    WIN_CHECKS,
    WIN_VP,
    SmashUpState,
    _new_base,
)
from companion.errors import SetupError


class SmashUp(GameDefinition[SmashUpState]):
    """Замес: the game definition (see the module docstring for events and options)."""

    id = "smashup"
    events = EVENTS
    title = "Замес"
    score_label = "ПО"
    min_players = 2
    max_players = 4
    phases = PHASES[DEFAULT_EDITION]
    #: Steppers (power, minions, breakpoint, VP, madness, «+1» extra play): each tap counts,
    #: so two quick taps apply twice. ``play.record`` («Сыграл») is not one of them: a
    #: double tap on it made against an old revision is refused (issue 14).
    cumulative_moves = frozenset(
        {"base.adjust", "breakpoint.modify", "vp.adjust", "madness.adjust", "play.grant"}
    )

    def default_options(self) -> dict[str, Any]:
        return {
            "edition": DEFAULT_EDITION,
            "factions": [],
            "draft": False,
            "madness": False,
            "bases": [],
            "win_check": WIN_AT_END_OF_TURN,
            "step_phases": False,
            "remind": [],
            "two_boxes": False,
        }

    def phases_for(self, edition: str) -> tuple[str, ...]:
        """The phase names of an edition («Вот как это делается»)."""
        return PHASES[edition]

    # -- setup ------------------------------------------------------------------------------
    def validate_setup(self, setup: Setup) -> None:
        """Players 2–4, a known edition, decks of distinct factions, well-formed bases.

        :raises SetupError: with a Russian sentence («Подготовка к игре»).
        """
        super().validate_setup(setup)
        opts = setup.options
        edition = opts.get("edition", DEFAULT_EDITION)
        if edition not in EDITIONS:
            raise SetupError(f"Неизвестное издание правил «{edition}»: есть bbrr и mimimi.")
        for key in ("draft", "madness", "step_phases", "two_boxes"):
            if not isinstance(opts.get(key, False), bool):
                raise SetupError(f"Опция «{key}» должна быть да/нет.")
        win_check = opts.get("win_check", WIN_AT_END_OF_TURN)
        if win_check not in WIN_CHECKS:
            raise SetupError(
                f"Проверка победы («win_check»): {WIN_AT_END_OF_TURN} или {WIN_AFTER_SCORING}."
            )
        if win_check == WIN_AFTER_SCORING and edition != "mimimi":
            raise SetupError(
                "Проверять 15 очков сразу после захвата баз велят только правила «Мимими»; "
                "в «Мишках, бабках, рок-н-ролле» это делают в конце хода (Конец хода)."
            )
        remind = opts.get("remind") or []
        if not isinstance(remind, list) or any(
            not isinstance(i, int) or isinstance(i, bool) or i not in REMIND_PHASES for i in remind
        ):
            raise SetupError(
                "Напоминания («remind»): список номеров фаз "
                f"{', '.join(str(i) for i in REMIND_PHASES)} (Вот как это делается)."
            )
        factions = opts.get("factions") or []
        if not isinstance(factions, list) or len(factions) > len(setup.players):
            raise SetupError("Фракции задаются списком по одному на игрока.")
        for i, deck in enumerate(factions):
            if not isinstance(deck, list):
                raise SetupError("Фракции игрока задаются списком названий.")
            chosen: list[str] = []
            for name in deck:
                err = _faction_error(chosen, name)
                if err:
                    raise SetupError(f"{setup.players[i].name}: {err}")
                chosen.append(name.strip())
        bases = opts.get("bases") or []
        if not isinstance(bases, list):
            raise SetupError("Базы задаются списком.")
        for card in bases:
            err = base_card_error(card)
            if err:
                raise SetupError(err)

    def initial_state(self, setup: Setup) -> SmashUpState:
        n = len(setup.players)
        opts = setup.options
        given = list(opts.get("factions") or [])
        factions = [
            [str(f).strip() for f in (given[i] if i < len(given) else [])] for i in range(n)
        ]
        return SmashUpState(
            edition=opts.get("edition", DEFAULT_EDITION),
            factions=factions,
            bases=[_new_base(c, n) for c in (opts.get("bases") or [])],
            vp=[0] * n,
            madness=[0] * n,
            active=setup.first_player,
            draft=bool(opts.get("draft", False)),
            madness_on=bool(opts.get("madness", False)),
            first=setup.first_player,
            win_check=str(opts.get("win_check", WIN_AT_END_OF_TURN)),
            remind=tuple(sorted(set(opts.get("remind") or []))),
            two_boxes=bool(opts.get("two_boxes", False)),
        )

    # -- rules ------------------------------------------------------------------------------
    def check(self, state: SmashUpState, event: Event) -> None:
        """Refuse an illegal event (see :mod:`~companion.engine.smashup.checks`).

        :raises RuleViolation: naming the rule.
        """
        checks.check(state, event, self.title)

    def apply(self, state: SmashUpState, event: Event) -> None:
        """Apply an accepted event (see :mod:`~companion.engine.smashup.flow`)."""
        flow.apply(state, event)

    # -- reading ----------------------------------------------------------------------------
    def outcome(self, state: SmashUpState) -> Outcome | None:
        if state.winner is None:
            return None
        final = state.final or state.vp
        when = "После захвата баз" if state.won_after_scoring else "В конце хода"
        reason = f"{when} набрано {WIN_VP}+ очков; больше всех — {final[state.winner]}."
        if state.madness_on:
            cost = ": −1 ПО за каждые две" if list(final) != list(state.vp) else ""
            reason += f" Учтены карты безумия{cost}."
            tied = [i for i, v in enumerate(final) if v == final[state.winner]]
            if len(tied) > 1:  # «Самое главное»: a tie goes to fewer madness cards
                reason += (
                    f" При равенстве побеждает тот, у кого меньше карт безумия "
                    f"({state.madness[state.winner]})."
                )
        return Outcome((state.winner,), reason)

    def active_player(self, state: SmashUpState) -> int | None:
        return state.active if state.started else None

    def turn_number(self, state: SmashUpState) -> int:
        """The turn; :data:`~companion.engine.clock.BEFORE_PLAY` (0) during «Подготовка к
        игре»: the turn clock starts with the first turn («Ход игры»), not at setup."""
        return state.turn if state.started else BEFORE_PLAY

    def current_phase(self, state: SmashUpState) -> str | None:
        """The phase name of the edition, or :data:`SETUP_PHASE` before the first turn."""
        if not state.started:
            return SETUP_PHASE
        return PHASES[state.edition][state.phase]

    def scores(self, state: SmashUpState) -> dict[int, float]:
        """VP by seat; once the game is over, the final VP (madness counted, «Самое главное»):
        the result lists what decided the game, not the VP before the madness cards."""
        return {i: float(v) for i, v in enumerate(state.final or state.vp)}

    def status_note(self, state: SmashUpState) -> str | None:
        """The 15-VP line for the status bar (see :func:`~.texts.status_note`): a shared lead
        at 15+ is not an end, play goes on («Игра окончена»)."""
        return texts.status_note(state)

    def status_detail(self, state: SmashUpState) -> str | None:
        """The 15-VP note whole (see :func:`~.texts.status_detail`), shown by a tap on the
        status line."""
        return texts.status_detail(state)

    def journal_also(self, event_type: str) -> tuple[str, ...]:
        """A base scored is also under «ПО» (``"vp"``): it gives VP («Раздача очков»)."""
        return ("vp",) if event_type == "base.score" else ()

    def describe(self, state: SmashUpState, event: Event, setup: Setup) -> str:
        """The journal line (see :func:`~companion.engine.smashup.texts.describe`)."""
        return texts.describe(state, event, setup)


#: The module-level singleton registered in :data:`companion.engine.GAMES`.
SMASHUP = SmashUp()
