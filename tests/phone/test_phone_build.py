"""The offline web app in Chromium as a 390×844 phone, every request beyond 127.0.0.1
blocked, in one first visit: a game is played, the static server stopped, the page reloaded
from the service worker's cache (Python from its memory snapshot), and the game is back from
the browser's storage, and the rules search answers from the reloaded page; Python dies the
moment a tap's number reaches the screen and the number is still there after a reload; a
damaged snapshot costs one slow start (a first visit costs tens of seconds on this machine:
the three checks share one)."""

from __future__ import annotations

from tests.phone.site import wait_app, wait_offline_ready, wait_pushes
from tests.ui.conftest import App
from tests.ui.phone import tap_after_guard
from tests.ui.test_free_game import start_free_game

#: Installed before the page's scripts: keeps the app's Python worker reachable as
#: ``window.tcWorkerForTest`` (python.js keeps it private).
KEEP_WORKER = """(() => {
  const Native = window.Worker;
  window.Worker = function (url, options) {
    const worker = new Native(url, options);
    window.tcWorkerForTest = worker;
    return worker;
  };
  window.Worker.prototype = Native.prototype;
})()"""

#: Armed on a board whose counters read «2» and «0»: the first message from Python that
#: carries the text «1» (msgpack's one-character string: bytes A1 31; the clock's ticks,
#: «0:07», and Flet's method calls never do) goes to the screen, and at that very moment Python
#: dies (its worker is terminated: a crash, an OOM kill, the tab swiped away) — nothing it had
#: queued gets to run.
CRASH_AFTER_NEXT_MESSAGE = """() => {
  const worker = window.tcWorkerForTest;
  const deliver = worker.onmessage;
  window.tcCrashed = false;
  worker.onmessage = (event) => {
    deliver(event);
    const bytes = event.data;
    const one = bytes instanceof Uint8Array
      && bytes.some((b, i) => b === 0xa1 && bytes[i + 1] === 0x31);
    if (one && !window.tcCrashed) {
      worker.terminate();
      window.tcCrashed = true;
    }
  };
}"""


#: Overwrites every stored snapshot of Python's memory with 1 KiB of zeros; returns how many.
DAMAGE_SNAPSHOTS = """async () => {
  const cache = await caches.open("tc-python-snapshot");
  const keys = await cache.keys();
  for (const key of keys) await cache.put(key, new Response(new Uint8Array(1024)));
  return keys.length;
}"""
SNAPSHOT_SAVED = "window.tcSteps.some((s) => s[0] === 'snapshot saved')"


def test_the_offline_site_survives_a_reload_a_crash_and_a_damaged_snapshot(
    browser, static_server
) -> None:
    """One first visit, in turn (each part was a test with a first visit of its own):

    * the first visit's loading box, a game played, the server stopped and the page reloaded
      from the service worker and the snapshot: the game is back and takes a tap, and the
      rules search answers (was ``test_a_game_survives_a_reload_and_rules_search_answers_
      with_the_server_stopped``);
    * the crash-safety promise (was ``test_a_change_on_screen_is_on_storage_when_python_dies_
      at_once``): Python dies the moment the screen gets a tap's new number; after a reload
      the number is still there (the worker posts a change to the screen only once IndexedDB
      holds it);
    * a snapshot that does not restore (damaged, or from another Pyodide) costs one slow
      start, not a broken app: Python starts as on a first visit and takes a new one (was
      ``test_a_damaged_snapshot_is_replaced_and_python_starts_afresh``)."""
    app = App(browser, static_server)  # type: ignore[arg-type]  # only .url is used
    try:
        # keeps Python's worker reachable for the crash below (before the page's scripts)
        app.context.add_init_script(KEEP_WORKER)
        app.page.goto(static_server.url + "/", wait_until="commit")
        # from the first paint: the app's name and a Russian step under a progress bar
        loading = app.page.locator("#tc-loading")
        assert "Настольный компаньон" in (loading.get_attribute("aria-label") or "")
        assert loading.locator("h1").text_content() == "Настольный компаньон"
        assert loading.locator("#tc-bar").count() == 1
        step = app.page.locator("#tc-step").text_content() or ""
        assert step and not any("a" <= ch.lower() <= "z" for ch in step), step
        wait_app(app)
        # then it is gone
        # the tab's title is the app's (Flutter sets it once the app's first page is drawn)
        app.page.wait_for_function("document.title === 'Настольный компаньон'")
        # the loading box fades out, then leaves the page
        app.page.locator("#tc-loading").wait_for(state="detached", timeout=10_000)
        start_free_game(app, ["Аня", "Борис"])
        tap_after_guard(app, "val-p0-c0-plus")
        app.wait_label("val-p0-c0", "1")
        # the change reached IndexedDB (the open log is fsync'd, never closed: only the fsync
        # hook saves it), and the service worker holds the whole site
        wait_pushes(app, 1)
        wait_offline_ready(app)
        # the first start took Python's memory snapshot (after importing the app) and stored it
        app.page.wait_for_function(SNAPSHOT_SAVED)
        game_url = app.page.url
        assert "#/game/" in game_url  # hash routes: a static server has no /game/ID

        static_server.stop()
        app.page.reload()
        wait_app(app)
        # the reload restored it instead of starting Python and importing the app again
        steps = [text for text, _ms in app.page.evaluate("window.tcSteps")]
        assert "snapshot restored" in steps and "preloaded" not in steps, steps
        assert app.page.url == game_url
        app.wait_label("val-p0-c0", "1", timeout=30_000)
        tap_after_guard(app, "val-p0-c0-plus")
        app.wait_label("val-p0-c0", "2")
        wait_pushes(app, 2)

        # Python dies the moment the screen gets a tap's «1» (the counter at «2» taken down
        # by one); after a reload the «1» is there
        app.page.evaluate(CRASH_AFTER_NEXT_MESSAGE)
        tap_after_guard(app, "val-p0-c0-minus")
        app.page.wait_for_function("window.tcCrashed === true")
        app.wait_label("val-p0-c0", "1")  # the screen got it
        app.page.goto(game_url, wait_until="commit")
        app.page.reload(wait_until="commit")
        wait_app(app)
        app.wait_label("val-p0-c0", "1", timeout=30_000)

        # the rules search answers offline too, from the home screen of the reloaded page:
        # a misspelled table question finds the tie rule
        app.tap("home")
        app.tap("open-rules")
        app.fill("rules-query", "ничя на базе")
        app.wait_label("hit-0", "Споры при раздаче", timeout=60_000)

        # the stored snapshot damaged: one start from scratch that takes a new one, then the
        # next reload restores that
        assert app.page.evaluate(DAMAGE_SNAPSHOTS) == 1
        app.page.reload()
        wait_app(app)
        steps = [text for text, _ms in app.page.evaluate("window.tcSteps")]
        assert "snapshot read" in steps and "snapshot restored" not in steps, steps
        assert "preloaded" in steps, steps
        app.page.wait_for_function(SNAPSHOT_SAVED)
        app.page.reload()
        wait_app(app)
        steps = [text for text, _ms in app.page.evaluate("window.tcSteps")]
        assert "snapshot restored" in steps, steps
        assert not app.blocked, f"non-local requests: {app.blocked}"
    finally:
        app.close()
