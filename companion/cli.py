"""The ``companion`` command.

::

    companion [--host H] [--port P] [--data-dir DIR] [--desktop] [--lan [--code C] [--https]]
    companion games list | show ID | export ID [--format json|text] [--output FILE] | delete ID
    companion rules QUERY [--game G] [--limit N] [--json] | --batch FILE [--json]
    companion stats [--game GAME] [--player NAME] [--json]
    companion plays export [--format csv|json] [--output FILE] | import FILE
    companion roster list | add NAME [--color #RRGGBB] | rename OLD NEW | merge KEEP DROP
    companion --version

``--data-dir`` is accepted before or after the subcommand. Bad arguments, refused requests and
a server that cannot start (port in use, unknown host, no rights to the port) print one line
on stderr and exit with code 2.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from companion import APP_NAME, __version__
from companion.errors import CompanionError
from companion.serve import DEFAULT_PORT  # no Flet at import
from companion.store.export import export_json, export_text
from companion.store.export import fmt_time as _fmt_time  # noqa: I001
from companion.table.security import CODE_DIGITS, CODE_MAX_DIGITS, code_problem  # no Flet

__all__ = ["main", "build_parser", "export_text", "export_json"]


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line, exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: ошибка: {message} (см. --help)\n")


def _number(text: str, kind: type[int] | type[float], low: float, high: float) -> Any:
    """``text`` as a ``kind`` from ``low`` to ``high``, or an argparse error (argparse names
    the option)."""
    try:
        value = kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"нужно число, а не «{text}»") from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"нужно от {low} до {high}, а не {text}")
    return value


def _port(text: str) -> int:
    """``--port``: 1 to 65535."""
    return int(_number(text, int, 1, 65535))


def _seconds(text: str) -> float:
    """``--settle-seconds``: a number of seconds from 0 to 5."""
    return float(_number(text, float, 0, 5))


def _code(text: str) -> str:
    """``--code``: a join code the phones can type (:func:`companion.table.security.code_problem`:
    8 to 16 digits 0–9; the join screen's field is sized by the same limit)."""
    problem = code_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return text


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for ``companion`` and its subcommands."""
    p = _Parser(prog="companion", description=f"{APP_NAME} — счёт и судья для настольных игр.")
    p.add_argument("--version", action="version", version=f"companion {__version__}")
    p.add_argument("--data-dir", help="папка с сохранёнными играми (или env COMPANION_DATA_DIR)")
    p.add_argument(
        "--host",
        default=None,
        help="адрес сервера (по умолчанию 127.0.0.1; с --lan — все интерфейсы)",
    )
    p.add_argument(
        "--port", type=_port, default=None, help=f"порт сервера (по умолчанию {DEFAULT_PORT})"
    )
    p.add_argument("--desktop", action="store_true", help="открыть окно Flet вместо браузера")
    p.add_argument(
        "--lan", action="store_true", help="режим стола: доступ из локальной сети по коду"
    )
    p.add_argument(
        "--code",
        type=_code,
        help=f"код для входа в режиме стола: от {CODE_DIGITS} до {CODE_MAX_DIGITS} цифр "
        f"(по умолчанию {CODE_DIGITS} случайных)",
    )
    p.add_argument(
        "--https",
        action="store_true",
        help="https с самоподписанным сертификатом (телефоны не гаснут во время игры)",
    )
    p.add_argument("--no-browser", action="store_true", help="не открывать браузер")
    p.add_argument(
        "--settle-seconds",
        type=_seconds,
        default=None,
        help="сколько секунд после хода не принимать второе касание (по умолчанию 0.6; 0 — сразу)",
    )
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    # --data-dir after the subcommand too; SUPPRESS keeps a value given before it
    data = _Parser(add_help=False)
    data.add_argument("--data-dir", default=argparse.SUPPRESS, help=argparse.SUPPRESS)

    games = sub.add_parser("games", help="сохранённые игры", parents=[data])
    gsub = games.add_subparsers(dest="games_command", parser_class=_Parser, required=True)
    gsub.add_parser("list", help="список сохранённых игр", parents=[data])
    show = gsub.add_parser("show", help="журнал одной игры", parents=[data])
    show.add_argument("id", help="номер игры из `companion games list`")
    delete = gsub.add_parser(
        "delete", help="удалить игру (файлы переносятся в папку trash)", parents=[data]
    )
    delete.add_argument("id", help="номер игры из `companion games list`")
    export = gsub.add_parser("export", help="выгрузка журнала игры", parents=[data])
    export.add_argument("id", help="номер игры из `companion games list`")
    export.add_argument("--format", choices=("json", "text"), default="json")
    export.add_argument("--output", "-o", help="файл для записи (по умолчанию — на экран)")

    from companion.engine import GAMES

    stats = sub.add_parser("stats", help="статистика сыгранных партий", parents=[data])
    stats.add_argument("--game", choices=sorted(GAMES), help="только эта игра (id игры)")
    stats.add_argument("--player", help="только партии с этим игроком")
    stats.add_argument("--json", action="store_true", help="числа как JSON")
    plays = sub.add_parser("plays", help="выгрузка и загрузка всех партий", parents=[data])
    psub = plays.add_subparsers(dest="plays_command", parser_class=_Parser, required=True)
    pexport = psub.add_parser(
        "export", help="все партии: CSV, или JSON — резервная копия", parents=[data]
    )
    pexport.add_argument("--format", choices=("csv", "json"), default="csv")
    pexport.add_argument("--output", "-o", help="файл для записи (по умолчанию — на экран)")
    pimport = psub.add_parser(
        "import", help="загрузить резервную копию (JSON) после проверки", parents=[data]
    )
    pimport.add_argument("file", help="файл резервной копии")

    roster = sub.add_parser("roster", help="список игроков", parents=[data])
    rsub = roster.add_subparsers(dest="roster_command", parser_class=_Parser, required=True)
    rsub.add_parser("list", help="игроки, их цвета и прежние имена", parents=[data])
    radd = rsub.add_parser("add", help="добавить игрока", parents=[data])
    radd.add_argument("name")
    radd.add_argument("--color", help="цвет #RRGGBB (по умолчанию — свободный из палитры)")
    rren = rsub.add_parser("rename", help="переименовать (история остаётся)", parents=[data])
    rren.add_argument("old")
    rren.add_argument("new")
    rmerge = rsub.add_parser(
        "merge", help="два имени одного человека: DROP станет KEEP", parents=[data]
    )
    rmerge.add_argument("keep")
    rmerge.add_argument("drop")

    rules = sub.add_parser("rules", help="поиск по правилам", parents=[data])
    from companion.rules.cli import configure

    configure(rules)
    return p


# -- games ------------------------------------------------------------------------------------
def _games(args: argparse.Namespace, store) -> int:
    if args.games_command == "list":
        games = store.list()
        for w in store.warnings:
            print(f"Внимание: {w}", file=sys.stderr)
        if not games:
            print("Сохранённых игр нет.")
        for s in games:
            players = ", ".join(s.players)
            print(f"{s.id}  {s.title:<20} {players:<30} {_fmt_time(s.updated)}  {s.status}")
        return 0
    if args.games_command == "delete":
        trash = store.delete(args.id)
        print(f"Игра {args.id} удалена; её файлы перенесены в {trash}.")
        return 0
    stored = store.open(args.id, readonly=True)
    for w in store.warnings:
        print(f"Внимание: {w}", file=sys.stderr)
    if args.games_command == "show":
        sys.stdout.write(export_text(stored))
        return 0
    out = (
        json.dumps(export_json(stored), ensure_ascii=False, indent=2) + "\n"
        if args.format == "json"
        else export_text(stored)
    )
    if args.output:
        Path(args.output).write_text(out, encoding="utf-8")
        print(f"Записано: {args.output}")
    else:
        sys.stdout.write(out)
    return 0


# -- statistics and plays -------------------------------------------------------------------
def _pct(rate: float) -> str:
    return f"{round(rate * 100)}%"


def _stats(args: argparse.Namespace, root: Path) -> int:
    from companion.store import GameStore
    from companion.store.history import History
    from companion.store.roster import Roster
    from companion.store.stats import filter_plays, player_stats, stats_json

    history = History(GameStore(root))
    roster = Roster(root)
    aliases = roster.aliases()
    plays = history.plays()
    for w in [*history.warnings, *roster.warnings]:
        print(f"Внимание: {w}", file=sys.stderr)
    chosen = filter_plays(plays, game=args.game, player=args.player, aliases=aliases)
    if args.player is not None and not filter_plays(plays, player=args.player, aliases=aliases):
        raise CompanionError(f"--player: игрока «{args.player}» нет ни в одной партии.")
    if args.json:
        print(json.dumps(stats_json(chosen, aliases), ensure_ascii=False, indent=2))
        return 0
    if not chosen:
        print("Сыгранных партий нет.")
        return 0
    rows = [("Игрок", "Партий", "Побед", "% побед", "Серия", "Лучшая серия", "Последняя")]
    for st in player_stats(chosen, aliases):
        rows.append(
            (
                st.name,
                str(st.plays),
                str(st.wins),
                _pct(st.win_rate),
                str(st.current_streak),
                str(st.longest_streak),
                _fmt_time(st.last_played)[:10],
            )
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )
    return 0


def _plays(args: argparse.Namespace, root: Path) -> int:
    from companion.store import GameStore
    from companion.store.backup import backup_json, import_backup, plays_csv
    from companion.store.history import History
    from companion.store.roster import Roster

    store = GameStore(root)
    if args.plays_command == "import":
        try:
            data = json.loads(Path(args.file).read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError) as exc:
            raise CompanionError(f"{args.file}: это не JSON ({exc}).") from None
        done = import_backup(store, data, Roster(root))
        print(done.summary())
        return 0
    if args.format == "csv":
        history = History(store)
        out = plays_csv(history.plays())
        warnings = history.warnings
    else:
        out = json.dumps(backup_json(store, Roster(root)), ensure_ascii=False, indent=1) + "\n"
        warnings = store.warnings
    for w in warnings:
        print(f"Внимание: {w}", file=sys.stderr)
    if args.output:
        Path(args.output).write_text(out, encoding="utf-8")
        print(f"Записано: {args.output}")
    else:
        sys.stdout.write(out)
    return 0


def _roster(args: argparse.Namespace, root: Path) -> int:
    from companion.store.roster import Roster

    roster = Roster(root)
    for w in roster.warnings:
        print(f"Внимание: {w}", file=sys.stderr)
    cmd = args.roster_command
    if cmd == "add":
        p = roster.add(args.name, args.color)
        print(f"Добавлен: {p.name} ({p.color}).")
    elif cmd == "rename":
        p = roster.rename(args.old, args.new)
        print(f"Переименован: {args.old} → {p.name}; прежние партии остаются за ним.")
    elif cmd == "merge":
        p = roster.merge(args.keep, args.drop)
        print(f"Объединены: {args.drop} теперь {p.name}.")
    else:
        players = roster.players()
        if not players:
            print("Список игроков пуст.")
        for p in players:
            also = f"  (также: {', '.join(p.aliases)})" if p.aliases else ""
            print(f"{p.name}  {p.color}{also}")
    return 0


# -- startup checks ---------------------------------------------------------------------------
def _check_bind(host: str, port: int | None) -> None:
    """Fail early, with one Russian sentence, if the server could not listen on host:port.

    :raises CompanionError: unknown host, port in use, no rights to the port.
    """
    port = port or DEFAULT_PORT
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError):
        raise CompanionError(
            f"адрес «{host}» не найден: укажите IP-адрес этого компьютера в --host "
            "(например 127.0.0.1 или 0.0.0.0)."
        ) from None
    family, kind, proto, _name, addr = infos[0]
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
        try:
            sock.bind(addr)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                why = f"порт {port} уже занят другой программой: выберите другой (--port)"
            elif exc.errno in (errno.EACCES, errno.EPERM):
                why = (
                    f"нет прав открыть порт {port} (порты ниже 1024 — только для "
                    "администратора): выберите другой (--port)"
                )
            elif exc.errno == errno.EADDRNOTAVAIL:
                why = f"адрес {host} не принадлежит этому компьютеру (--host)"
            else:
                why = f"не удалось открыть {host}:{port}: {exc.strerror or exc}"
            raise CompanionError(f"сервер не запущен: {why}.") from None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``companion`` console script. Returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None and args.code and not args.lan:
        parser.error("--code имеет смысл только вместе с --lan")
    try:
        from companion.paths import data_dir

        root = data_dir(args.data_dir)
        # one data dir for every module of this process (house rulings, settings, games)
        os.environ["COMPANION_DATA_DIR"] = str(root)
        if args.command == "rules":
            from companion.rules.cli import run

            return run(args)
        if args.command == "stats":
            return _stats(args, root)
        if args.command == "plays":
            return _plays(args, root)
        if args.command == "roster":
            return _roster(args, root)
        if args.command == "games":
            from companion.store import GameStore

            return _games(args, GameStore(root))
        if not args.desktop:
            _check_bind(args.host or ("0.0.0.0" if args.lan else "127.0.0.1"), args.port)
        from companion.serve import serve

        return serve(args, root)
    except CompanionError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(
            f"companion: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "), file=sys.stderr
        )
        return 2
    except KeyboardInterrupt:
        return 130


def run() -> NoReturn:
    """Console-script wrapper around :func:`main`."""
    sys.exit(main())


if __name__ == "__main__":  # pragma: no cover
    os.environ.setdefault("PYTHONIOENCODING", "utf-8")
    run()
