"""A crash-safe TinyDB storage.

TinyDB's own ``JSONStorage`` rewrites its file in place (a kill mid-write leaves half a file)
and ``CachingMiddleware`` keeps writes in memory. :class:`AtomicJSONStorage` instead writes
every change to a temporary file in the same folder, flushes and fsyncs it, keeps the
previous version as ``<name>.bak`` (a hard link, so no copy is made), swaps the new file in
with ``os.replace`` and fsyncs the folder. At every moment the file on disk is a complete
version: the old one or the new one.

A file that cannot be read (truncated, garbage, wrong shape) is moved aside as
``<name>.corrupt-YYYYmmdd-HHMMSS`` and the ``.bak`` copy is used instead; the storage records a
Russian sentence in :attr:`AtomicJSONStorage.recovered` so the UI and CLI can tell the user.
If no good copy exists, :class:`~companion.errors.CorruptFileError` is raised: the app never
silently starts empty.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from companion.errors import CorruptFileError, StoreError

__all__ = ["AtomicJSONStorage", "atomic_write_text", "dumps", "set_aside", "store_error"]

try:  # orjson is ~10x faster on a long event log; the standard library is the fallback
    import orjson

    def dumps(data: Any) -> str:
        """Compact JSON text of ``data`` (UTF-8, no ASCII escapes)."""
        return orjson.dumps(data).decode("utf-8")

except ImportError:  # pragma: no cover - e.g. a mobile build without the wheel

    def dumps(data: Any) -> str:
        """Compact JSON text of ``data`` (UTF-8, no ASCII escapes)."""
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


Validator = Callable[[dict[str, Any]], None]


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds (Windows)
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


_FULL = {errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)}
_DENIED = {errno.EACCES, errno.EPERM, errno.EROFS}


def store_error(exc: OSError, what: str) -> StoreError:
    """A :class:`StoreError` with a Russian sentence for a refused write of ``what``
    (disk full or file too large; no rights or a read-only disk; else the system's reason)."""
    if exc.errno in _FULL:
        why = "на диске нет места (или файл превысил допустимый размер)"
    elif exc.errno in _DENIED:
        why = "нет прав на запись в папку с данными (или диск только для чтения)"
    else:
        why = exc.strerror or str(exc)
    return StoreError(f"Не удалось сохранить {what}: {why}. Ничего не изменилось.")


def atomic_write_text(
    path: Path, text: str, *, backup: Path | None = None, what: str | None = None
) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old or the new file.

    :param backup: if given and ``path`` exists, the old version is kept there.
    :param what: what is saved, for the error message (Russian, accusative), e.g. «ход».
    :raises StoreError: if the disk refuses the write (full, read-only, permissions).
    """
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if backup is not None and path.exists():
            link_tmp = backup.with_name(f".{backup.name}.{os.getpid()}.tmp")
            try:
                if link_tmp.exists():
                    link_tmp.unlink()
                os.link(path, link_tmp)
            except OSError:  # no hard links here (some mobile/FAT filesystems): copy instead
                link_tmp.write_bytes(path.read_bytes())
            os.replace(link_tmp, backup)
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except OSError as exc:
        with contextlib.suppress(OSError):  # the folder refuses even that: removed at start
            tmp.unlink(missing_ok=True)
        raise store_error(exc, what or f"файл {path.name}") from exc


def set_aside(path: Path) -> Path:
    """Rename an unreadable file to ``<name>.corrupt-<timestamp>`` and return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    os.replace(path, target)
    return target


class AtomicJSONStorage(Storage):
    """TinyDB storage with atomic, durable writes and recovery from a damaged file.

    Use as ``TinyDB(path, storage=AtomicJSONStorage)`` (extra keyword ``validate`` takes a
    callable that raises ``ValueError`` on a document store of the wrong shape).

    :ivar recovered: Russian sentences describing any recovery done when the file was read.
    :raises CorruptFileError: on first read, if neither the file nor its backup can be read.
    """

    def __init__(self, path: str | os.PathLike[str], *, validate: Validator | None = None) -> None:
        self.path = Path(path)
        self.backup = self.path.with_name(self.path.name + ".bak")
        self.validate = validate
        self.recovered: list[str] = []
        self._cache: dict[str, Any] | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)

    # -- tinydb.storages.Storage ------------------------------------------------------------
    def read(self) -> dict[str, Any] | None:
        if self._cache is None:
            self._cache = self._load()
        return self._cache

    def write(self, data: dict[str, Any]) -> None:
        try:
            atomic_write_text(self.path, dumps(data), backup=self.backup)
        except BaseException:
            self._cache = None  # TinyDB may have mutated the cached dict: re-read from disk
            raise
        self._cache = data

    def close(self) -> None:
        self._cache = None

    # -- loading and recovery ----------------------------------------------------------------
    def _parse(self, path: Path) -> dict[str, Any]:
        raw = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(raw, dict) or not all(
            isinstance(t, dict) and all(isinstance(d, dict) for d in t.values())
            for t in raw.values()
        ):
            raise ValueError("not a TinyDB document store")
        if self.validate is not None:
            self.validate(raw)
        return raw

    def _load(self) -> dict[str, Any] | None:
        if not self.path.exists():
            if not self.backup.exists():
                return None
            data = self._from_backup(f"Файл {self.path.name} пропал")
            return data
        try:
            return self._parse(self.path)
        except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError) as exc:
            aside = set_aside(self.path)
            return self._from_backup(
                f"Файл {self.path.name} повреждён ({type(exc).__name__}) "
                f"и отложен как {aside.name}",
                aside,
            )

    def _from_backup(self, why: str, aside: Path | None = None) -> dict[str, Any]:
        try:
            data = self._parse(self.backup)
        except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError):
            where = f" Повреждённый файл сохранён как {aside.name}." if aside else ""
            raise CorruptFileError(
                f"{why}; резервной копии, которую можно прочитать, нет.{where}"
            ) from None
        atomic_write_text(self.path, dumps(data))
        self.recovered.append(f"{why}; загружена последняя исправная копия.")
        return data
