"""The game journal: every event with time, author and what changed; filters; exports.

Built to scale (a game of 20 000 events opens as fast as one of 20):

* only a page of lines is built and sent (:data:`PAGE`, about two screens, newest first;
  «Показать ещё» adds a page), in a ``ListView`` that builds on the device only the rows near
  the screen;
* the list is frozen at the moment it was opened: another phone's move re-renders only the
  header (the title counts the new events; the refresh button shows them), never the list —
  and nothing moves under the reader's finger;
* lines come from the game's log (``Game.log_slice`` when the engine has it: O(page)).

Exports reach the device that asked: the file is offered as a download (a browser download on
a phone) built from :func:`companion.store.export.export_bytes`; a player's export is also
kept in ``<data dir>/exports/`` on the host, a spectator's never touches the host's disk.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import flet as ft

from companion.engine import Event
from companion.errors import CompanionError
from companion.i18n import _
from companion.store.export import export_bytes
from companion.table.security import require_player
from companion.ui.layout import WIDTH_MEDIUM
from companion.ui.nav import app_model, go
from companion.ui.offline import BROWSER
from companion.ui.state import GameView
from companion.ui.widgets import TARGET, icon_button, tagged, use_file_picker, use_page_width

__all__ = ["GameLog", "PAGE", "KIND_LABELS", "event_players", "journal_page"]

#: Lines built per page: about two phone screens (the first page is what opening the
#: journal costs; «Показать ещё» adds a page).
PAGE = 24

# Flet imports its controls on first use: the journal's, at start-up rather than at the
# first journal a player opens (~0.1 s of imports).
_CONTROLS = (ft.AlertDialog, ft.OutlinedButton, ft.FilePicker, ft.ListView)

#: Filter choices shown without a scroll bar (a longer list scrolls inside its dialog).
SHORT_LIST = 9

#: Russian names of event kinds (by default the part of an event type before the first dot;
#: a game may split its events otherwise: ``GameDefinition.journal_kind``), in the order the
#: «Что» filter lists them.
KIND_LABELS = {
    "counter": "Счётчики",
    "turn": "Ходы",
    "round": "Раунды",
    "core": "Часы",
    "game": "Конец игры",
    "coup": "Действия",
    "challenge": "Оспаривания",
    "block": "Запреты",
    "influence": "Потери покровителей",
    "exchange": "Обмены",
    "base": "Базы",
    "breakpoint": "Пределы баз",
    "vp": "ПО",
    "madness": "Безумие",
    "play": "Розыгрыши",
    "level": "Уровни",
    "gear": "Шмотки",
    "combat": "Бой",
    "charge": "Фаза зарядки",
    "card": "Карты",
    "player": "Персонажи и игроки",
    "phase": "Фазы",
    "faction": "Фракции",
    "seal": "Печати",
    "hand": "Карты на руке",
    "actions": "Жетоны действий",
    "action": "Действия",
}

#: The filter's name for a kind no engine declared above (never the raw code).
OTHER_KIND = "Прочее"

_PLAYER_KEYS = ("player", "target", "challenger", "blocker", "helper", "actor", "to", "by")
_PLAYER_LISTS = ("players", "targets", "winners", "losers")


def kind_of(event: Event, definition: Any = None) -> str:
    """The kind of an event: the game ``definition``'s ``journal_kind`` of its type, else the
    type up to the first dot (``"counter.add"`` → ``"counter"``)."""
    kind = getattr(definition, "journal_kind", None)
    return str(kind(event.type)) if kind is not None else event.type.split(".", 1)[0]


def kinds_of(event: Event, definition: Any = None) -> set[str]:
    """Every kind the «Что» filter lists ``event`` under: :func:`kind_of` and the game's
    ``journal_also`` kinds (a Замес base scored is under «Базы» and «ПО»)."""
    also = getattr(definition, "journal_also", None)
    return {kind_of(event, definition), *(also(event.type) if also is not None else ())}


def _named(event: Event, seats: int) -> set[int]:
    """Seats named in an event's data (``player``, ``target``, … and lists of them)."""
    out: set[int] = set()
    data = event.data
    for key in _PLAYER_KEYS:
        v = data.get(key)
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < seats:
            out.add(v)
    for key in _PLAYER_LISTS:
        vs = data.get(key)
        if isinstance(vs, list):
            out.update(v for v in vs if isinstance(v, int) and 0 <= v < seats)
    return out


def event_players(
    event: Event,
    names: Sequence[str],
    acting: int | None = None,
    parties: Iterable[int] = (),
) -> set[int]:
    """Seats an event concerns: named in its data (``player``, ``target``, …) or its author
    (an event that names nobody concerns ``acting``, the player whose turn it was), and
    ``parties``, the players of the action it answers (Coup: the actor and the target of the
    declaration a «Никто», a challenge, a block or a loss resolves, and everyone who blocked
    or challenged in it)."""
    out = _named(event, len(names))
    if event.author in names:
        out.add(list(names).index(event.author))
    if not out and acting is not None:
        out.add(acting)
    out.update(v for v in parties if 0 <= v < len(names))
    return out


class _Parties:
    """The players of the action each event answers, for a walk of the log newest first (the
    engine's ``action_parties`` and ``answers_action``, see
    :class:`~companion.engine.definition.GameDefinition`): the declaration's players and
    everyone its answers name (a blocker, a challenger, a player who loses a card), so a
    challenge of Аня's block is in Аня's filter, and its outcome in the challenger's. An
    answer's action is found by looking back for the declaration before it and then reading
    the action's answers, once per action: a page costs the events walked plus one action,
    the whole log O(events) (each event read at most three times)."""

    def __init__(self, game: Any, log: Sequence[tuple[Event, str]]) -> None:
        self.log = log
        self.seats = len(getattr(game, "players", ()) or ())
        definition = getattr(game, "definition", None)
        self.opens: Callable[[Event], tuple[int, ...] | None] | None = getattr(
            definition, "action_parties", None
        )
        self.answers: Callable[[Event], bool] | None = getattr(definition, "answers_action", None)
        self.opened_at = len(log)  # index of the declaration the parties below are of
        self.parties: tuple[int, ...] = ()

    def _action(self, j: int, declared: tuple[int, ...]) -> tuple[int, ...]:
        """Everyone in the action declared at ``j``: its players and those its answers name."""
        assert self.opens is not None and self.answers is not None
        found = set(declared)
        for ev, _text in self.log[j + 1 :]:
            if self.opens(ev) is not None or not self.answers(ev):
                break
            found |= _named(ev, self.seats)
        return tuple(sorted(found))

    def of(self, i: int) -> tuple[int, ...]:
        """The parties of the ``i``-th event (``i`` never grows from one call to the next)."""
        if self.opens is None or self.answers is None:
            return ()
        ev = self.log[i][0]
        opened = self.opens(ev)
        if opened is None and not self.answers(ev):
            return ()
        if i != self.opened_at and (opened is not None or i <= self.opened_at):
            # another action than the one known: find its declaration, then read its answers
            self.opened_at, self.parties = -1, ()
            for j in range(i, -1, -1):
                found = self.opens(self.log[j][0])
                if found is not None:
                    self.opened_at, self.parties = j, self._action(j, found)
                    break
        return self.parties


def journal_page(
    game: Any, upto: int, player: int | None, kind: str | None, limit: int
) -> tuple[list[tuple[Event, str]], bool]:
    """The newest ``limit`` lines among the first ``upto`` events that pass the filters.

    An event passes the player filter when it concerns the player (:func:`event_players`),
    including every answer to an action the player declared or was the target of.

    :returns: ``([(event, line)], more)``, newest first; ``more`` when older lines remain.
    """
    length = _length(game)
    upto = min(upto, length)
    if player is None and kind is None:
        skip = length - upto
        if hasattr(game, "log_slice"):
            page = game.log_slice(skip, skip + limit)
        else:  # an engine without the slice accessor: one full replay
            page = list(reversed(game.log()[:upto]))[:limit]
        return page, upto > limit
    log = game.log()[:upto]
    names = game.players
    definition = getattr(game, "definition", None)
    parties = _Parties(game, log)
    picked: list[tuple[Event, str]] = []
    more = False
    for i in range(len(log) - 1, -1, -1):
        ev, text = log[i]
        if kind is not None and kind not in kinds_of(ev, definition):
            continue
        if player is not None:
            acting = game.player_before(ev.seq) if hasattr(game, "player_before") else None
            if player not in event_players(ev, names, acting, parties.of(i)):
                continue
        if len(picked) == limit:
            more = True
            break
        picked.append((ev, text))
    return picked, more


def _filtered(game: Any, player: str, kind: str) -> tuple[list[tuple[Event, str]] | None, str]:
    """What an export of the journal holds under its filters: ``(lines oldest first, the
    filter in words)``; ``(None, "")`` when nothing is filtered (every line)."""
    if player == "all" and kind == "all":
        return None, ""
    who = None if player == "all" else int(player)
    what = None if kind == "all" else kind
    length = _length(game)
    lines, _more = journal_page(game, length, who, what, max(length, 1))
    said = []
    if who is not None:
        said.append(f"{_('игрок')} {game.players[who]}")
    if what is not None:
        said.append(f"{_('события')} «{what}»")
    return lines[::-1], ", ".join(said)


def _kinds(events: Sequence[Event], definition: Any = None) -> list[str]:
    """The kinds among ``events`` (the few distinct types first: one pass of a set), in the
    order of :data:`KIND_LABELS` (a Coup game: actions, challenges, blocks, losses, exchanges),
    kinds without a name last."""
    kind = getattr(definition, "journal_kind", None)
    also = getattr(definition, "journal_also", None)
    types = {e.type for e in events}
    kinds = {kind(t) if kind is not None else t.split(".", 1)[0] for t in types}
    kinds.update(k for t in types for k in (also(t) if also is not None else ()))
    order = {k: i for i, k in enumerate(KIND_LABELS)}
    return sorted(kinds, key=lambda k: (order.get(k, len(order)), k))


def _length(game: Any) -> int:
    """Number of active events without copying the log (when the engine allows)."""
    n = getattr(game, "log_length", None)
    return n if isinstance(n, int) else len(game.events)


def _revision(game: Any) -> int:
    """The game's revision (grows on every push, undo and redo)."""
    rev = getattr(game, "revision", None)
    return rev if isinstance(rev, int) else _length(game)


def _row(ev: Event, text: str) -> ft.Control:
    """One line: number and the engine's words, then time and author, smaller (four controls:
    a ``ListTile`` row carried seven, each built, diffed and sent by Flet)."""
    stamp = time.strftime("%H:%M:%S", time.localtime(ev.ts))
    who = f" · {ev.author}" if ev.author else ""
    return ft.Semantics(
        key=f"log-{ev.seq}",  # rows are paired by event, not by place, when the list changes
        identifier=f"log-{ev.seq}",
        content=ft.Column(
            [
                ft.Text(f"#{ev.seq}  {text}", size=16),
                ft.Text(stamp + who, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            ],
            spacing=0,
        ),
        label=f"#{ev.seq} {text}",
    )


@ft.component
def _LogList(stored: Any, upto: int, seen: int, player: int | None, kind: str | None) -> ft.Control:
    """The frozen list (memoized: another phone's move does not re-render it).

    ``seen`` is the game revision the list was taken at (a refresh after an undo and a new
    move may leave ``upto`` alike but change the lines).
    """
    limit, set_limit = ft.use_state(PAGE)
    page, more = journal_page(stored.game, upto, player, kind, limit)
    rows: list[ft.Control] = [_row(ev, text) for ev, text in page]
    if not rows:
        rows.append(
            tagged("log-empty", ft.Text(_("Событий нет."), size=16), label=_("Событий нет."))
        )
    if more:
        rows.append(
            tagged(
                "log-more",
                ft.TextButton(
                    _("Показать ещё"),
                    icon=ft.Icons.EXPAND_MORE,
                    on_click=lambda: set_limit(limit + PAGE),
                    height=TARGET,
                    style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD),
                ),
                label=_("Показать ещё"),
            )
        )
    return ft.ListView(
        rows,
        expand=True,
        build_controls_on_demand=True,
        spacing=10,
        padding=ft.Padding.symmetric(horizontal=12, vertical=4),
    )


LogList = ft.memo(_LogList)


#: A filter button's layouts: (leading icon, side padding, text size) on a wider page, and
#: on a phone upright (below :data:`~companion.ui.layout.WIDTH_MEDIUM`), where the choice
#: gets the icon's room.
CHOICE_LAYOUTS = ((True, 12, 14), (False, 8, 13))


def choice_layout(page_width: float) -> tuple[bool, int, int]:
    """``(leading icon, side padding, text size)`` of a filter button on a page
    ``page_width`` px wide (:data:`CHOICE_LAYOUTS`). The choice is one line, then «…»; the
    button's label and the list a tap opens have it whole."""
    return CHOICE_LAYOUTS[1 if page_width < WIDTH_MEDIUM else 0]


def _choice_button(
    ident: str,
    label: str,
    icon: ft.IconData,
    current: str,
    on_open: Callable[[], None],
    page_width: float,
) -> ft.Control:
    """A filter as a button showing its current choice; a tap opens :func:`_choices`. Lighter
    on the device than a ``Dropdown`` (a text field and a laid-out menu built with the screen):
    the first journal a phone opens was half Flutter building the two dropdowns. On a phone
    upright the button gives its leading icon and some padding, and a point of size, to the
    choice (:func:`choice_layout`); it stays 48 dp tall."""
    lead, padding, size = choice_layout(page_width)
    return ft.Container(
        tagged(
            ident,
            ft.OutlinedButton(
                content=ft.Row(
                    [
                        ft.Icon(icon, size=18, visible=lead),
                        ft.Container(
                            tagged(
                                f"{ident}-text",
                                ft.Text(
                                    current,
                                    size=size,
                                    no_wrap=True,
                                    overflow=ft.TextOverflow.ELLIPSIS,
                                ),
                                label=current,
                            ),
                            expand=True,
                            alignment=ft.Alignment.CENTER_LEFT,
                        ),
                        ft.Icon(ft.Icons.ARROW_DROP_DOWN),
                    ],
                    spacing=6 if lead else 4,
                ),
                height=TARGET,
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=padding)),
                on_click=lambda _e: on_open(),
                expand=True,
            ),
            label=f"{label}: {current}",
        ),
        expand=1,
    )


def _choices(
    title: str,
    options: list[tuple[str, str]],
    pick: Callable[[str], None],
    close: Callable[[], None],
) -> ft.AlertDialog:
    """The options of one filter, one 48 dp button each (scrolls when there are many)."""
    return ft.AlertDialog(
        title=ft.Text(title),
        content=ft.Column(
            [
                ft.TextButton(
                    text,
                    height=TARGET,
                    style=ft.ButtonStyle(alignment=ft.Alignment.CENTER_LEFT),
                    on_click=lambda _e, k=key: pick(k),
                )
                for key, text in options
            ],
            tight=True,
            spacing=0,
            # a short list keeps the dialog short; a long one scrolls inside it
            scroll=ft.ScrollMode.AUTO if len(options) > SHORT_LIST else None,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        ),
        actions=[
            tagged(
                "log-filter-close",
                ft.TextButton(_("Закрыть"), on_click=lambda _e: close(), height=TARGET),
            )
        ],
        on_dismiss=lambda _e: close(),
    )


@ft.component
def _Back(game_id: str) -> ft.Control:
    return icon_button(
        "back-to-game", ft.Icons.ARROW_BACK, _("К игре"), lambda: go(f"/game/{game_id}")
    )


@ft.component
def _Tools(changed: bool, refresh: Callable[[], None], export: Callable[[str], None]) -> ft.Control:
    """Refresh (shows the new events), the two exports."""
    return ft.Row(
        [
            icon_button(
                "log-refresh",
                ft.Icons.REFRESH,
                _("Показать новые события"),
                refresh,
                disabled=not changed,
            ),
            icon_button(
                "export-json", ft.Icons.DATA_OBJECT, _("Выгрузить JSON"), lambda: export("json")
            ),
            icon_button(
                "export-text", ft.Icons.DESCRIPTION, _("Выгрузить текстом"), lambda: export("text")
            ),
        ],
        spacing=0,
        tight=True,
    )


@ft.component
def _Filters(
    player: str,
    kind: str,
    names: tuple[str, ...],
    kinds: tuple[str, ...],
    set_player: Callable[[str], None],
    set_kind: Callable[[str], None],
) -> ft.Control:
    """The player and kind filters: two buttons, each opening its list of choices."""
    players = [("all", _("Все игроки")), *((str(i), n) for i, n in enumerate(names))]
    kinds_ = [("all", _("Все события")), *((k, KIND_LABELS.get(k, OTHER_KIND)) for k in kinds)]
    picking, set_picking = ft.use_state("")  # "", "player" or "kind"
    width = use_page_width()

    def pick(setter: Callable[[str], None]) -> Callable[[str], None]:
        def chosen(key: str) -> None:
            set_picking("")
            setter(key)

        return chosen

    dialogs = {
        "player": (_("Игрок"), players, pick(set_player)),
        "kind": (_("Что"), kinds_, pick(set_kind)),
    }
    ft.use_dialog(
        _choices(*dialogs[picking], lambda: set_picking("")) if picking in dialogs else None
    )
    return ft.Row(
        [
            _choice_button(
                "log-player",
                _("Игрок"),
                ft.Icons.PERSON_OUTLINE,
                dict(players).get(player, players[0][1]),
                lambda: set_picking("player"),
                width,
            ),
            _choice_button(
                "log-kind",
                _("Что"),
                ft.Icons.FILTER_LIST,
                dict(kinds_).get(kind, kinds_[0][1]),
                lambda: set_picking("kind"),
                width,
            ),
        ],
        spacing=8,
    )


#: Memoised: another phone's move re-renders the title only (and the refresh button).
Back, Tools, Filters = ft.memo(_Back), ft.memo(_Tools), ft.memo(_Filters)


@ft.component
def GameLog(view: GameView) -> ft.Control:
    """The journal screen of ``view``'s game: header (48 dp controls), filters, lazy list."""
    app = app_model()
    page = ft.context.page
    game = view.game
    length = _length(game)
    upto, set_upto = ft.use_state(length)
    seen, set_seen = ft.use_state(_revision(game))
    player, set_player = ft.use_state("all")
    kind, set_kind = ft.use_state("all")
    msg, set_msg = ft.use_state("")
    picker = use_file_picker()

    # the filters as shown now, read by the (stable) export callback at tap time
    shown_filter = ft.use_ref(("all", "all"))
    shown_filter.current = (player, kind)

    def export(fmt: str) -> None:
        try:
            require_player(app)
            spectator = view.readonly
        except CompanionError:  # a spectator gets the download only
            spectator = True
        try:
            name, data = export_bytes(
                view.stored, fmt, *_filtered(view.game, *shown_filter.current)
            )
        except (OSError, CompanionError, ValueError) as exc:
            set_msg(f"{_('Не удалось выгрузить')}: {exc}")
            return
        saved = f"; {_('на ведущее устройство зритель файлы не записывает')}" if spectator else ""
        # a spectator never writes to the host's disk; the browser app has no host
        if not spectator and not BROWSER.active:
            folder = app.hub.store.root / "exports"
            try:
                folder.mkdir(exist_ok=True)
                (folder / name).write_bytes(data)
                # the host's own path means something only on the host itself
                saved = f"; {_('копия на компьютере')}: {folder / name}" if app.on_host else ""
            except OSError as exc:
                saved = f"; {_('копию на компьютере сохранить не удалось')}: {exc.strerror}"

        async def download() -> None:
            fp = picker.current
            if fp is None:
                return
            try:
                await fp.save_file(file_name=name, src_bytes=data)
            except Exception as exc:  # noqa: BLE001 - the client refused the dialog
                set_msg(f"{_('Не удалось выгрузить')}: {exc}")

        page.run_task(download)
        set_msg(f"{_('Файл')} {name} {_('отправлен на это устройство')}{saved}")

    names = game.players
    kinds = ft.use_memo(
        lambda: _kinds(game.events[:upto], getattr(game, "definition", None)), [upto, seen]
    )
    fresh = length - upto
    changed = _revision(game) != seen
    title = _("Журнал")
    if fresh > 0:
        title += f" · {_('новых')}: {fresh}"
    elif changed:
        title += f" · {_('изменён')}"

    def show_latest() -> None:
        set_upto(_length(view.game))
        set_seen(_revision(view.game))

    # stable callbacks (the hooks' setters they reach never change), so the memoised header
    # and filters are skipped when another phone's move only changes the title
    refresh = ft.use_callback(show_latest, [])
    export_as = ft.use_callback(export, [])
    pick_player = ft.use_callback(lambda v: set_player(v), [])
    pick_kind = ft.use_callback(lambda v: set_kind(v), [])
    header = ft.Row(
        [
            Back(view.game_id),
            tagged(
                "log-title",
                ft.Text(title, size=20, weight=ft.FontWeight.BOLD, no_wrap=True),
                label=title,
            ),
            ft.Container(expand=True),
            Tools(changed, refresh, export_as),
        ],
        spacing=0,
    )
    filters = Filters(player, kind, tuple(names), tuple(kinds), pick_player, pick_kind)
    status = tagged(
        "log-message",
        ft.Text(
            msg,
            size=13,
            height=36,
            max_lines=2,
            overflow=ft.TextOverflow.ELLIPSIS,
            tooltip=msg or None,
        ),
        label=msg or " ",
    )
    return ft.Column(
        [
            header,
            filters,
            status,
            LogList(
                view.stored,
                upto,
                seen,
                None if player == "all" else int(player),
                None if kind == "all" else kind,
            ),
        ],
        spacing=4,
        expand=True,
    )
