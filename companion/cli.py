"""The ``companion`` command.

::

    companion [--host H] [--port P] [--data-dir DIR] [--desktop] [--lan [--code C] [--https]]
    companion games list | show ID | export ID [--format json|text] [--output FILE]
    companion rules QUERY [--game G] [--limit N] [--json] | --batch FILE [--json]
    companion --version

Bad arguments and refused requests print one line on stderr and exit with code 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from companion import __version__
from companion.errors import CompanionError
from companion.store.export import export_json, export_text
from companion.store.export import fmt_time as _fmt_time  # noqa: I001

__all__ = ["main", "build_parser", "export_text", "export_json"]

DEFAULT_PORT = 8550


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error in one line, exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: ошибка: {message} (см. --help)\n")


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"порт должен быть числом, а не «{text}»") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"порт должен быть от 1 до 65535, а не {port}")
    return port


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for ``companion`` and its subcommands."""
    p = _Parser(prog="companion", description="Table Companion — счёт и судья для настольных игр.")
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
    p.add_argument("--code", help="код для входа в режиме стола (по умолчанию случайный)")
    p.add_argument(
        "--https",
        action="store_true",
        help="https с самоподписанным сертификатом (телефоны не гаснут во время игры)",
    )
    p.add_argument("--no-browser", action="store_true", help="не открывать браузер")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    games = sub.add_parser("games", help="сохранённые игры")
    gsub = games.add_subparsers(dest="games_command", parser_class=_Parser, required=True)
    gsub.add_parser("list", help="список сохранённых игр")
    show = gsub.add_parser("show", help="журнал одной игры")
    show.add_argument("id", help="номер игры из `companion games list`")
    export = gsub.add_parser("export", help="выгрузка журнала игры")
    export.add_argument("id", help="номер игры из `companion games list`")
    export.add_argument("--format", choices=("json", "text"), default="json")
    export.add_argument("--output", "-o", help="файл для записи (по умолчанию — на экран)")

    rules = sub.add_parser("rules", help="поиск по правилам")
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
            print(
                f"{s.id}  {s.title:<20} {', '.join(s.players):<30} "
                f"{_fmt_time(s.updated)}  {s.status}"
            )
        return 0
    stored = store.open(args.id)
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


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``companion`` console script. Returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        from companion.paths import data_dir

        if args.command == "rules":
            from companion.rules.cli import run

            return run(args)
        root = data_dir(args.data_dir)
        os.environ["COMPANION_DATA_DIR"] = str(
            root
        )  # one data dir for every module of this process
        if args.command == "games":
            from companion.store import GameStore

            return _games(args, GameStore(root))
        from companion.ui.serve import serve

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
