"""The host's list of devices in a browser (issue 33): a phone asks, the host lets it in with
one tap; the host revokes it and the phone is back on the join screen at once."""

from __future__ import annotations

import os

from tests.security.hosts import Phone, join, lan_host_at

SHOTS = os.environ.get("COMPANION_SHOTS", "")


def _shot(app: Phone, name: str) -> None:
    if SHOTS:
        app.shot(os.path.join(SHOTS, name))


def _prefixed(app: Phone, prefix: str):
    return app.page.locator(f'[flt-semantics-identifier^="{prefix}-"]').first


def test_the_host_lets_a_phone_in_and_then_revokes_it(browser, tmp_path):
    with lan_host_at(tmp_path) as host:
        desk, phone = Phone(browser, host), Phone(browser, host)
        try:
            join(desk, name="Ведущий")
            desk.el("host-desk").wait_for()
            phone.open("/")
            phone.fill("join-name", "Вера")
            phone.wait_label("join", "Войти как Вера")
            phone.tap("ask-host")
            phone.el("join-note").wait_for()
            _shot(phone, "phone-asked-390.png")
            admit = _prefixed(desk, "admit")
            admit.wait_for()
            box = admit.bounding_box()
            assert box and box["width"] >= 48 and box["height"] >= 48
            desk.el("host-desk").scroll_into_view_if_needed()
            _shot(desk, "host-knock-390.png")
            admit.click()
            phone.el("new-game").wait_for()  # in as a player, no code typed
            assert phone.page.locator('[flt-semantics-identifier="role"]').count() == 0
            revoke = desk.page.locator('[flt-semantics-identifier^="revoke-"]')
            revoke.nth(1).wait_for()  # the host's own row and Вера's
            desk.el("host-desk").scroll_into_view_if_needed()
            _shot(desk, "host-devices-390.png")
            revoke.first.click()  # the newest first: Вера
            desk.el("revoke-yes").wait_for()
            _shot(desk, "host-revoke-confirm-390.png")
            desk.tap("revoke-yes")
            phone.el("join-code").wait_for()  # back at the join screen, no reload
            desk.page.locator('[flt-semantics-identifier^="revoke-"]').nth(1).wait_for(
                state="detached"
            )
            phone.page.reload()
            phone.page.wait_for_selector("flt-semantics-placeholder", state="attached")
            phone.page.locator("flt-semantics-placeholder").dispatch_event("click")
            phone.el("join-code").wait_for()  # the revoked token no longer gets in
            if SHOTS:  # the wide screen, with a request waiting
                phone.fill("join-name", "Вера")
                phone.wait_label("join", "Войти как Вера")
                phone.tap("ask-host")
                desk.page.set_viewport_size({"width": 1280, "height": 800})
                _prefixed(desk, "admit").wait_for()
                _shot(desk, "host-knock-1280.png")
                desk.page.set_viewport_size({"width": 844, "height": 390})
                _prefixed(desk, "admit").scroll_into_view_if_needed()
                _shot(desk, "host-knock-844x390.png")
                desk.page.set_viewport_size({"width": 360, "height": 640})
                _prefixed(desk, "admit").scroll_into_view_if_needed()
                _shot(desk, "host-knock-360x640.png")
        finally:
            desk.close()
            phone.close()
