"""Draw the app's icons (run by hand: ``python scripts/make_icons.py``); no network, no Pillow.

A white die showing five pips on a dark green tile: ``companion/assets/icons/*.png`` and
``companion/assets/favicon.png``. Maskable icons keep the die inside the central safe zone.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "companion" / "assets"
GREEN = (27, 94, 32)
WHITE = (255, 255, 255)
PIP = (27, 94, 32)


def _rounded(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def shade(u: float, v: float, maskable: bool, transparent: bool) -> tuple[int, int, int, int]:
    """Colour at (u, v) in [0, 1)²."""
    tile = maskable or _rounded(u, v, 0.0, 0.0, 1.0, 1.0, 0.18)
    if not tile:
        return (0, 0, 0, 0) if transparent else (*WHITE, 255)
    s = 0.62 if maskable else 0.72  # die size: inside the maskable safe zone (80 % circle)
    d0, d1 = 0.5 - s / 2, 0.5 + s / 2
    if _rounded(u, v, d0, d0, d1, d1, s * 0.16):
        for px, py in ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)):
            if (u - (d0 + px * s)) ** 2 + (v - (d0 + py * s)) ** 2 <= (s * 0.1) ** 2:
                return (*PIP, 255)
        return (*WHITE, 255)
    return (*GREEN, 255)


def png(size: int, maskable: bool = False, transparent: bool = True, ss: int = 3) -> bytes:
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(ss):
                for sx in range(ss):
                    c = shade(
                        (x + (sx + 0.5) / ss) / size,
                        (y + (sy + 0.5) / ss) / size,
                        maskable,
                        transparent,
                    )
                    for k in range(4):
                        acc[k] += c[k]
            rows.extend(round(a / ss / ss) for a in acc)

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + tag
            + data
            + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
        )

    ihdr = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    icons = OUT / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    (OUT / "favicon.png").write_bytes(png(32, ss=4))
    (icons / "icon-192.png").write_bytes(png(192))
    (icons / "icon-512.png").write_bytes(png(512, ss=2))
    (icons / "icon-maskable-192.png").write_bytes(png(192, maskable=True))
    (icons / "icon-maskable-512.png").write_bytes(png(512, maskable=True, ss=2))
    (icons / "apple-touch-icon-192.png").write_bytes(png(192, maskable=True))
    (icons / "loading-animation.png").write_bytes(png(192))


if __name__ == "__main__":
    main()
