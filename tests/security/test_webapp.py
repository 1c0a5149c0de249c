"""The app's own web identity: name, icons, favicon, manifest, Russian loading and
reconnect texts (served over HTTP by the real server)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from companion.table.webserver import ASSETS, RECONNECT_TEXT, patch_wasm_string


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=20) as r:
        return r.read()


def test_the_served_page_is_ours(plain_host):
    manifest = json.loads(get(plain_host.url + "/manifest.json"))
    assert manifest["name"] == "Настольный компаньон" and manifest["short_name"] == "Компаньон"
    assert manifest["display"] == "standalone" and manifest["lang"] == "ru"
    for icon in manifest["icons"]:
        served = get(f"{plain_host.url}/{icon['src']}")
        assert served == (ASSETS / icon["src"]).read_bytes()  # ours, not Flet's
        assert served[:8] == b"\x89PNG\r\n\x1a\n"
    assert get(plain_host.url + "/favicon.png") == (ASSETS / "favicon.png").read_bytes()
    index = get(plain_host.url + "/").decode()
    assert '<html lang="ru">' in index and "<title>Настольный компаньон</title>" in index
    assert "Загрузка: Настольный компаньон" in index
    js = get(plain_host.url + "/main.dart.js").decode()
    assert '"Working..."' not in js and "\\u0421\\u0432\\u044f\\u0437\\u044c" in js
    wasm = get(plain_host.url + "/main.dart.wasm")
    assert b"Working..." not in wasm and RECONNECT_TEXT.encode() in wasm


def test_the_wasm_patch_keeps_a_valid_module():
    """A tiny module importing one string constant, renamed; sizes stay consistent."""

    def leb(n: int) -> bytes:
        out = bytearray()
        while True:
            b, n = n & 0x7F, n >> 7
            out.append(b | (0x80 if n else 0))
            if not n:
                return bytes(out)

    name = b"Working..."
    entry = b"\x00" + leb(len(name)) + name + b"\x03\x64\x6f\x00"
    imports = leb(1) + entry
    module = b"\x00asm\x01\x00\x00\x00" + b"\x02" + leb(len(imports)) + imports
    patched = patch_wasm_string(module, "Working...", "Связь…" * 30)
    assert patched is not None
    size_at = 9
    size, body = 0, size_at
    shift = 0
    while True:
        b = patched[body]
        body += 1
        size |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            break
    assert body + size == len(patched)  # the section size was rewritten (a 2-byte LEB now)
    assert ("Связь…" * 30).encode() in patched
    assert patch_wasm_string(module, "Missing", "x") is None
    assert Path(ASSETS / "manifest.json").exists()
