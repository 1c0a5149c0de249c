"""Walking a board through the issue's seven sizes in Chromium (issue 29, «Targets»): one
page resized with ``page.set_viewport_size`` (no reload), the targets checked at each size
(:meth:`Walk.sweep`) and after each tap (:meth:`Walk.tap`). Used by
:mod:`tests.ui.test_sizes`."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from tests.ui.conftest import App
from tests.ui.test_touch_targets import MIN, NODES_JS

__all__ = ["SIZES", "TURN", "Walk", "everything"]

#: The sizes walked (CSS px): the issue's seven (phones either way up, a tablet, a laptop).
SIZES = [(360, 640), (390, 844), (412, 915), (844, 390), (640, 360), (768, 1024), (1280, 800)]
#: What must be in view on a board mid-turn.
TURN = ("status-player", "status-phase", "primary-action")


def everything(_key: str) -> bool:
    """For :meth:`Walk.tap`: every control must stay put."""
    return True


#: Every text node of the tree (not a control): its box and text.
TEXTS_JS = """() => [...document.querySelectorAll('flt-semantics')].flatMap(e => {
  if (e.hasAttribute('flt-tappable') || e.getAttribute('role')) return [];
  const own = [...e.childNodes].filter(c => c.nodeType === 3).map(c => c.textContent).join('');
  const text = ((e.getAttribute('aria-label') || '') + ' ' + own).trim();
  if (!text) return [];
  const r = e.getBoundingClientRect();
  return [{text: text.slice(0, 60), w: r.width, h: r.height, x: r.x, y: r.y}];
})"""
#: The tappable nodes' rects keyed by identifier, role and rank among the nodes sharing both
#: (labels change with the numbers; places must not).
RECTS_JS = (
    "() => { const seen = {}; return (" + NODES_JS + ")().map(n => { const k = n.id + '|' + n.role;"
    " seen[k] = (seen[k] || 0) + 1; return [k + '|' + seen[k], n]; }); }"
)
#: Overlays that come and go by design (the message banners drawn over the board).
OVERLAYS = ("error", "notice")


#: What a sweep reads at one size, in the same read as the rects (one round trip): the boxes
#: of the identifiers asked for (``null``: absent or not drawn, as Playwright's
#: ``bounding_box``), the pinned action bar's box and every text node (:data:`TEXTS_JS`).
SCENE_JS = (
    "ids => { const box = id => { const e = document.querySelector("
    '`[flt-semantics-identifier="${id}"]`); if (!e) return null;'
    " const r = e.getBoundingClientRect(); return r.width > 0 || r.height > 0"
    " ? {x: r.x, y: r.y, width: r.width, height: r.height} : null; };"
    " return {boxes: Object.fromEntries(ids.map(id => [id, box(id)])),"
    " bar: box('action-bar'), texts: (" + TEXTS_JS + ")()}; }"
)


def _steady_rects(
    app: App, timeout: float = 20_000, mark: str = "", view: tuple[str, ...] = ()
) -> dict[str, dict[str, float]]:
    """Every tappable node drawn (see :data:`RECTS_JS`), once the screen has stopped moving:
    two reads in the page 100 ms apart agree (the settle of :func:`tests.ui.phone.settled_boxes`,
    for every node at once, in one wait). ``mark``: and the node tagged so is in the tree
    (the frame's ``layout-<w>x<h>``). ``view``: the last read also returns, under the key
    ``""``, what :data:`SCENE_JS` reads for those identifiers (nothing else is read between
    the still screen and the checks)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    token = time.monotonic_ns()  # this call's own first read: never an old call's
    try:
        found = app.page.wait_for_function(
            "([token, mark, view]) => { if (mark && !document.querySelector("
            '`[flt-semantics-identifier="${mark}"]`)) return false;'
            " const now = (" + RECTS_JS + ")().filter(([k, n]) => n.w > 0);"
            " const seen = (window.__stillRects ||= {}), key = JSON.stringify(now);"
            " const same = seen[token] === key; seen[token] = key;"
            " if (!same) return false; delete seen[token];"
            " return view ? [...now, ['', (" + SCENE_JS + ")(view)]] : now; }",
            arg=[str(token), mark, list(view) if view else None],
            polling=100,
            timeout=timeout,
        )
    except PlaywrightTimeout:
        if mark and not app.el(mark).count():
            raise AssertionError(f"{mark!r} never came (the layout for the new size)") from None
        raise AssertionError("the screen never stopped moving") from None
    return dict(found.json_value())


def _shift(b: dict[str, float], a: dict[str, float], key: str) -> bool:
    """Whether a control moved by more than 2 px from ``b`` to ``a``: any edge, the pinned
    primary action's too (its slot does not depend on its label:
    :func:`companion.ui.layout.primary_width`)."""
    return any(abs(b[c] - a[c]) > 2 for c in "xywh")


def _moved(before: dict, after: dict, keys: Callable[[str], bool]) -> list[str]:
    """The controls (``keys`` picks them) present before and after that moved (:func:`_shift`)."""
    return [
        f"{k}: {[round(b[c]) for c in 'xywh']} → {[round(after[k][c]) for c in 'xywh']}"
        for k, b in before.items()
        if k in after and keys(k) and k.split("|")[0] not in OVERLAYS and _shift(b, after[k], k)
    ]


class Walk:
    """One page on a saved game, resized through :data:`SIZES` after each step; what breaks a
    target is collected in :attr:`problems` (the walk goes on, so one run lists them all)."""

    def __init__(self, app: App) -> None:
        """A walk on ``app``'s page, which shows the game at :data:`SIZES`'s first size."""
        self.app = app
        self.size = SIZES[0]
        self.sweeps = 0
        self.problems: list[str] = []

    def resize(
        self, w: int, h: int, marked: bool = True, view: tuple[str, ...] = ()
    ) -> dict[str, dict[str, float]]:
        """Turn or resize the window to ``w``×``h`` (no reload); once the server has laid the
        game out for it (the frame's ``layout-<w>x<h>``; not ``marked``: a dialog is open,
        and the modal barrier hides the frame's nodes) and the screen stopped moving: the
        tappable nodes (with ``view``: and, under ``""``, what :data:`SCENE_JS` reads)."""
        if (w, h) != self.size:
            self.app.page.set_viewport_size({"width": w, "height": h})
            self.size = (w, h)
        # a switch to or from two columns re-renders most of the frame: seconds on a loaded
        # machine (2.4 s in-process for a finished six-player Coup)
        mark = f"layout-{w}x{h}" if marked else ""
        return _steady_rects(self.app, 60_000 if marked else 20_000, mark, view)

    def sweep(self, step: str, view: tuple[str, ...] = TURN, marked: bool = True) -> None:
        """At each size (starting one further than the last sweep did): ``view`` in view,
        every control whole and ≥ 48×48, no text past the screen's sides."""
        start = self.sweeps % len(SIZES)
        self.sweeps += 1
        for w, h in SIZES[start:] + SIZES[:start]:
            rects = self.resize(w, h, marked, () if not marked else view)
            if not marked:  # a dialog the layout re-renders: its nodes back first
                for ident in view:
                    self.app.appear(ident)
                rects = _steady_rects(self.app, view=view)
            scene = rects.pop("")
            where = f"{step} at {w}×{h}"
            self.problems += [f"{where}: {p}" for p in self._out_of_view(view, scene["boxes"])]
            self.problems += [f"{where}: {p}" for p in self._cut(rects, scene)]

    def _out_of_view(
        self, idents: tuple[str, ...], boxes: dict[str, dict[str, float] | None]
    ) -> list[str]:
        w, h = self.size
        out = []
        for ident in idents:
            b = boxes[ident]
            if b is None:
                out.append(f"{ident!r} absent")
            elif not (
                b["x"] >= -0.5
                and b["y"] >= -0.5
                and b["x"] + b["width"] <= w + 0.5
                and b["y"] + b["height"] <= h + 0.5
            ):
                out.append(f"{ident!r} not in view: {[round(b[c]) for c in ('x', 'y')]}")
        return out

    def _cut(self, rects: dict[str, dict[str, float]], scene: dict) -> list[str]:
        """Tappable nodes drawn on screen under 48×48 or cut at a side edge; text nodes cut at
        a side edge. A node the scrolling body cuts at its lower edge (the pinned action bar's
        top, or the screen's bottom) or at its top (under a pinned header) is whole once
        scrolled: one found small is scrolled into view as a finger would and judged there.
        ``scene``: the bar and the texts read with ``rects`` (:data:`SCENE_JS`)."""
        width, height = self.size
        bar = scene["bar"]
        edges = [height] + ([bar["y"]] if bar else [])
        out, small = [], []
        for key, n in rects.items():
            if not (n["y"] < height and n["y"] + n["h"] > 0) or n["role"] == "textbox":
                continue
            scrolled = any(e - 30 <= n["y"] + n["h"] <= e + 1.5 for e in edges)
            if (n["w"] < MIN or n["h"] < MIN) and not scrolled:
                small.append(key)
            if n["x"] < -0.5 or n["x"] + n["w"] > width + 0.5:
                out.append(f"cut at x={n['x']:.0f} w={n['w']:.0f}: {n['id']} «{n['label']}»")
        for key in small:
            n = rects[key]
            for wheel in (-240, 480):  # the list turned up (under the header), then down
                if n["w"] >= MIN and n["h"] >= MIN:
                    break
                self.app.page.mouse.move(width / 2, height / 2)
                self.app.page.mouse.wheel(0, wheel)
                self.app.unhover()
                n = _steady_rects(self.app).get(key, n)
            if n["w"] < MIN or n["h"] < MIN:
                out.append(f"small {n['w']:.0f}×{n['h']:.0f}: {n['id']} «{n['label']}»")
        for t in scene["texts"]:
            drawn = t["w"] > 0 and t["y"] < height and t["y"] + t["h"] > 0
            if drawn and (t["x"] < -0.5 or t["x"] + t["w"] > width + 0.5):
                out.append(f"text cut at x={t['x']:.0f} w={t['w']:.0f}: «{t['text']}»")
        return out

    def tap(
        self, ident: str, signal: Callable[[], None], still: Callable[[str], bool] | None = None
    ) -> None:
        """Tap ``ident`` where it is (brought into view first, as a finger scrolls), wait for
        ``signal``; the controls ``still`` picks (default: the tapped one and
        ``primary-action``) have not moved by more than 2 px."""
        app = self.app
        app.steady(ident)
        before = _steady_rects(app)
        app.el(ident).click()
        app.unhover()
        signal()
        after = _steady_rects(app)
        keep = still or (lambda k: k.split("|")[0] in (ident, "primary-action"))
        self.problems += [
            f"moved after {ident} at {self.size[0]}×{self.size[1]}: {m}"
            for m in _moved(before, after, keep)
        ]

    def finish(self, board: str) -> None:
        """Fail with every problem found, and a screenshot of the last size."""
        if self.problems:
            shot = Path(f"/tmp/sizes-{board}-{self.size[0]}x{self.size[1]}.png")
            self.app.page.screenshot(path=str(shot))
            self.problems.append(f"screenshot of the last size: {shot}")
        assert not self.problems, f"{board}:\n" + "\n".join(self.problems)
