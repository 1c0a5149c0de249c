"""The app: one :class:`AppModel` per session, screens chosen by ``ft.Router`` (``/``, ``/new``,
``/game/:gid``, ``/game/:gid/log``, ``/rules``, ``/settings``, ``/history``, ``/stats``,
``/nights``, ``/players``)."""

from __future__ import annotations

import importlib
from collections.abc import Callable

import flet as ft

from companion import APP_NAME
from companion.errors import CompanionError
from companion.i18n import _
from companion.store.settings import load_settings
from companion.table import budget
from companion.table.gate import LanGate, Seat
from companion.table.security import connection, is_player, on_host
from companion.ui import flet_fixes
from companion.ui.game_screen import GameScreen
from companion.ui.home import Home
from companion.ui.journal import GameLog
from companion.ui.lan import JoinFlow
from companion.ui.layout import COMPACT, use_window_layout
from companion.ui.nav import AppContext, go
from companion.ui.new_game import NewGame
from companion.ui.session import follow_size_on_reconnect
from companion.ui.settings import THEMES, Settings
from companion.ui.state import AppModel, GameView, Hub, watch
from companion.ui.tagged_controls import said

__all__ = ["make_main", "App"]


@ft.component
def Missing(message: str) -> ft.Control:
    return ft.Column(
        [
            said("open-error", ft.Text(message, size=18, color=ft.Colors.ERROR)),
            ft.FilledButton(_("К списку игр"), on_click=lambda: go("/")),
        ]
    )


def _game_route(screen: Callable[[GameView], ft.Control]) -> Callable[[], ft.Control]:
    @ft.component
    def Route() -> ft.Control:
        app = ft.use_context(AppContext)
        gid = ft.use_route_params().get("gid", "")

        def open_view() -> tuple[GameView] | str:
            """The view of ``gid`` (a plain tuple: an observable in use_state would re-render
            the screen on every change), or why the game cannot be opened."""
            try:
                app.hub.open(gid)
            except CompanionError as exc:
                return str(exc)
            view = GameView(app.hub, gid, author=app.name or None, readonly=not is_player(app))
            view.refresh()  # the revision it shows from the start (no re-render a second later)
            return (view,)

        view, set_view = ft.use_state(open_view)

        def subscribe():
            held = view if isinstance(view, tuple) and view[0].game_id == gid else open_view()
            set_view(held)
            return watch(held[0], ft.context.page) if isinstance(held, tuple) else None

        unsub = ft.use_ref(None)

        def setup() -> None:
            unsub.current = subscribe()

        def cleanup() -> None:
            if unsub.current:
                unsub.current()

        ft.use_effect(setup, [gid], cleanup=cleanup)
        if isinstance(view, str):
            return Missing(view)
        if view[0].game_id != gid:
            return ft.ProgressRing()
        return screen(view[0])

    return Route


GameRoute = _game_route(GameScreen)
LogRoute = _game_route(GameLog)


@ft.component
def RulesRoute() -> ft.Control:
    try:
        from companion.ui.rules_screen import RulesScreen
    except ImportError as exc:  # a build without the search's packages (the offline web app)
        return Missing(f"{_('Поиск по правилам здесь не запускается')}: {exc}")
    return RulesScreen()


def _lazy(module: str, name: str) -> Callable[[], ft.Control]:
    """A route to the screen ``name`` of ``companion.ui.<module>``, imported on first open."""

    @ft.component
    def Route() -> ft.Control:
        screen: Callable[[], ft.Control] = getattr(
            importlib.import_module(f"companion.ui.{module}"), name
        )
        return screen()

    return Route


HistoryRoute = _lazy("history_screen", "HistoryScreen")
StatsRoute = _lazy("stats_screen", "StatsScreen")
NightsRoute = _lazy("night_screen", "NightScreen")
PlayersRoute = _lazy("players_screen", "PlayersScreen")


def _players_only(screen: Callable[[], ft.Control]) -> Callable[[], ft.Control]:
    """``screen`` for a player; a spectator is told only players may use it (e.g. ``/new``)."""

    @ft.component
    def Guarded() -> ft.Control:
        if is_player(ft.use_context(AppContext)):
            return screen()
        return Missing(_("Вы вошли как зритель: начинать игры может только игрок."))

    return Guarded


NewGameRoute = _players_only(NewGame)


@ft.component
def App(app: AppModel) -> ft.Control:
    page = ft.context.page
    page.theme_mode = THEMES.get(app.theme, ft.ThemeMode.SYSTEM)
    # a phone on its side (a compact height): 4 px of page chrome at the left (the board's
    # colour strips), 8 at the right, none above and below
    short = use_window_layout().height_class == COMPACT
    page.padding = ft.Padding.only(left=4, right=8) if short else 10
    if app.lan is not None and not app.joined:
        return ft.SafeArea(ft.Container(JoinFlow(app), padding=16), expand=True)
    return AppContext(
        app,
        lambda: ft.SafeArea(
            ft.Container(
                ft.Router(
                    [
                        ft.Route(index=True, component=Home),
                        ft.Route(path="new", component=NewGameRoute),
                        ft.Route(path="game/:gid", component=GameRoute),
                        ft.Route(path="game/:gid/log", component=LogRoute),
                        ft.Route(path="rules", component=RulesRoute),
                        ft.Route(path="settings", component=Settings),
                        ft.Route(path="history", component=HistoryRoute),
                        ft.Route(path="stats", component=StatsRoute),
                        ft.Route(path="nights", component=NightsRoute),
                        ft.Route(path="players", component=PlayersRoute),
                    ],
                    not_found=Home,
                ),
                padding=0 if short else 12,
                expand=True,
            ),
            expand=True,
        ),
    )


#: The app speaks Russian, whatever the device's language.
RUSSIAN = ft.LocaleConfiguration(
    supported_locales=[ft.Locale("ru", "RU")], current_locale=ft.Locale("ru", "RU")
)


def make_main(hub: Hub, lan: LanGate | None = None) -> Callable[[ft.Page], None]:
    """The Flet ``main(page)`` for ``hub``'s games; ``lan``: table mode's join gate (each
    session gets its own :class:`~companion.table.gate.Seat`)."""
    flet_fixes.apply()

    def main(page: ft.Page) -> None:
        page.title = APP_NAME
        # Flutter's own words (dialog semantics, «Вставить», tooltips) in Russian
        page.locale_configuration = RUSSIAN
        settings = load_settings(hub.store.root)
        seat = None
        if lan is not None:
            # the peer address from the server's connection, never page.client_ip (client-set)
            seat = Seat(lan, connection())
            seat.prefs = ft.SharedPreferences()
        model = AppModel(
            hub, theme=settings.get("theme", "system"), lan=seat, on_host=on_host(connection())
        )
        budget.register(page.session.id, model)  # the websocket's allowance follows the join
        follow_size_on_reconnect(page)  # a reload in the same tab: laid out for its size now
        page.render(App, model)

    return main
