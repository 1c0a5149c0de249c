"""Build the offline web app: a folder of static files in which the whole app runs in the
browser (Python on Pyodide), with no server and, after the first visit, no network.

Usage: ``python scripts/build_web.py OUT`` (``scripts/build_web.sh`` picks the Python).
Needs the ``flet-web`` package installed (Flet's prebuilt Flutter client and the Pyodide
runtime it ships) and PyPI for the app's pure-Python wheels. Nothing else is fetched.

The folder holds:
- Flet's client (CanvasKit build only: the dart2wasm/skwasm files are never loaded and
  are left out), with Flutter's self-unregistering service worker removed;
- ``pyodide/`` (Pyodide's core from flet-web), ``python.js`` and ``python-worker.js`` (ours,
  in ``scripts/web/``: Python boots beside Flutter and reports progress to the loading
  screen), ``app.tar.gz`` (``companion`` and every package it needs under
  ``__pypackages__``, so nothing is installed at run time; the Russian lemmas of the rules
  search as the package's table, ``companion/_lemmas.tsv``, not pymorphy3's dictionaries;
  what the first screen imports compiled to .pyc, see :func:`compile_python`);
- ``index.html`` (the app's name, a Russian loading screen with a progress bar), the app's
  manifest and icons (``companion/assets``), ``sw.js`` (precaches every file, cache-first);
- a ``.gz`` copy of each compressible file for hosts that serve pre-compressed files.

Env ``BASE_HREF`` (default ``/``): the path the site is served under, e.g. ``/companion/`` on
a GitHub project page.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = Path(__file__).resolve().parent / "web"
INDEX_URL = "https://pypi.org/simple"
PLATFORM = ["--platform", "pyemscripten_2026_0_wasm32", "--python-version", "3.14"]

#: What the app imports in the browser, installed with ``--no-deps`` (this list is the
#: closure): pyproject's dependencies without the server-only ones (``server`` extra:
#: cryptography, uvicorn; flet-web, the server's client files) and without the compiled ones
#: that have no browser wheel (numpy, bm25s, orjson: the app falls back to pure Python) and
#: pymorphy3 with its dictionaries (replaced by a table of their lemmas, see
#: :mod:`companion.rules.lemma_table`). rapidfuzz is added as its pure-Python modules (see
#: :func:`add_rapidfuzz`).
BROWSER_PACKAGES = [
    "flet",
    "flet-charts",
    "flet-audio",
    "repath",
    "six",
    "msgpack",
    "tinydb",
    "platformdirs",
    "snowballstemmer",
    "segno",
    "coloraide",
    "stop-words",
]

#: Files of Flet's client never fetched by a CanvasKit load (renderer pinned below).
DROP_SUFFIXES = (".symbols", ".map", ".d.ts")
DROP_FILES = {
    "main.dart.wasm",
    "main.dart.mjs",
    "flutter_service_worker.js",
    "index.html",
    "manifest.json",
    "python.js",
    "python-worker.js",
    "pyodide/python",
    "pyodide/python.bat",
    "pyodide/python.exe",
    "pyodide/python_cli_entry.mjs",
    "pyodide/pyodide.js",
}
#: Pyodide's package installer and its dependency: nothing is installed at run time.
DROP_GLOBS = ("pyodide/micropip-*.whl", "pyodide/packaging-*.whl")
DROP_PREFIXES = (
    # one CanvasKit for every browser (canvasKitVariant "full" below): the Chromium-only
    # variant would be a second 6 MB copy for the service worker to store
    "canvaskit/chromium/",
    # fonts for LaTeX in Markdown, a video player's HLS script: the app uses neither
    "assets/packages/flutter_math_fork/",
    "assets/packages/media_kit/",
    "canvaskit/skwasm",
    "canvaskit/wimp",
    "canvaskit/experimental_webparagraph/",
)
#: Python's modules the app reads the source of (``companion.ui.flet_fixes.check``): kept
#: beside their .pyc (see :func:`compile_python`).
KEEP_SOURCE = [
    "__pypackages__/flet/messaging/session.py",
    "__pypackages__/flet/controls/base_control.py",
]
#: Pyodide's standard library without what a browser app never imports (debuggers, the REPL,
#: test runners, processes, help()).
STDLIB_DROP = [
    *("_pyrepl", "pdb", "pydoc", "doctest", "unittest", "multiprocessing"),
    *("xmlrpc", "pickletools"),
]
#: Compressed copies are written for these.
GZIP_SUFFIXES = (
    *(".js", ".mjs", ".wasm", ".json", ".html", ".zip", ".otf", ".ttf", ".bin"),
    "NOTICES",  # the licences Flutter shows: 1.5 MB of text
)


#: Compiled for Pyodide: whichever version has a browser wheel (not the server's version).
UNPINNED = {"msgpack"}


def pinned(name: str) -> str:
    """``name==<installed version>`` (the browser runs what the tests ran), else ``name``."""
    if name in UNPINNED:
        return name
    try:
        return f"{name}=={metadata.version(name)}"
    except metadata.PackageNotFoundError:
        return name


def pip(*args: str) -> None:
    # --isolated: no local find-links or extra indexes from the machine's pip config
    cmd = [sys.executable, "-m", "pip", "--isolated", "--disable-pip-version-check", "-q"]
    subprocess.run([*cmd, *args, "--index-url", INDEX_URL], check=True)


def add_packages(target: Path) -> None:
    """Install :data:`BROWSER_PACKAGES` for Pyodide into ``target``."""
    pip(
        "install",
        "--target",
        str(target),
        *PLATFORM,
        "--implementation",
        "cp",
        "--only-binary=:all:",
        "--no-deps",
        *map(pinned, BROWSER_PACKAGES),
    )
    add_rapidfuzz(target)
    # the .dist-info folders keep the licences; no one reads the bills of materials
    sboms = target.glob("*.dist-info/sboms")
    for junk in [*target.rglob("__pycache__"), *sboms, target / "bin"]:
        shutil.rmtree(junk, ignore_errors=True)
    for stub in target.rglob("*.pyi"):  # type stubs: read by type checkers only
        stub.unlink()


def add_rapidfuzz(target: Path) -> None:
    """rapidfuzz has no browser wheel; its Python modules run alone (``fuzz``, ``process``,
    ``distance``): unpack a Linux wheel's ``.py`` files and leave its compiled modules out."""
    with tempfile.TemporaryDirectory() as tmp:
        pip(
            "download",
            "--no-deps",
            "--only-binary=:all:",
            *("--platform", "manylinux_2_28_x86_64", "--platform", "manylinux_2_17_x86_64"),
            "--python-version",
            "3.14",
            "-d",
            tmp,
            pinned("rapidfuzz"),
        )
        (wheel,) = Path(tmp).glob("rapidfuzz-*.whl")
        with zipfile.ZipFile(wheel) as z:
            for name in z.namelist():
                if name.startswith("rapidfuzz/") and name.endswith(".py"):
                    z.extract(name, target)


def app_archive(out: Path) -> None:
    """``app.tar.gz``: the ``companion`` package (rules database included) and its packages."""
    with tempfile.TemporaryDirectory() as tmp:
        stage = Path(tmp)
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pot")
        shutil.copytree(ROOT / "companion", stage / "companion", ignore=ignore)
        if not (stage / "companion" / "_rules_db").exists():  # else a link to it, copied above
            shutil.copytree(ROOT / "rules_db", stage / "companion" / "_rules_db", ignore=ignore)
        add_packages(stage / "__pypackages__")
        compile_python(out, stage)
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w:gz", compresslevel=9) as tar:
            for path in sorted(stage.rglob("*")):
                if path.is_file():
                    info = tar.gettarinfo(str(path), str(path.relative_to(stage)))
                    info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
                    with path.open("rb") as f:
                        tar.addfile(info, f)
        (out / "app.tar.gz").write_bytes(buf.getvalue())


def compile_python(out: Path, stage: Path) -> None:
    """Compile what the first screen imports to .pyc, in ``stage`` and in ``out``'s Pyodide
    standard library, with the site's own Pyodide in Node.js (``scripts/web/pyc.mjs``):
    Pyodide compiles every module it imports from source, and keeps nothing. Without
    Node.js the site works as it is, only slower to start (a warning says so)."""
    node = shutil.which("node")
    if node is None:
        print("build_web: no Node.js, Python is shipped uncompiled (a slower first start)")
        return
    stdlib = out / "pyodide" / "python_stdlib.zip"
    new = stdlib.with_name("python_stdlib.new.zip")
    cfg = {"pyodide": str(out / "pyodide"), "stage": str(stage), "keep": KEEP_SOURCE}
    cfg |= {"stdlib": str(stdlib), "out": str(new), "drop": STDLIB_DROP}
    subprocess.run([node, str(TEMPLATES / "pyc.mjs"), json.dumps(cfg)], check=True)
    new.replace(stdlib)


def client(out: Path, base: str) -> None:
    """Flet's client without the files a CanvasKit load never asks for, and our pages."""
    from flet_web import get_package_web_dir
    from flet_web.patch_index import patch_font_manifest_json

    web = Path(get_package_web_dir())
    for src in sorted(web.rglob("*")):
        rel = src.relative_to(web).as_posix()
        if (
            src.is_dir()
            or rel in DROP_FILES
            or rel.endswith(DROP_SUFFIXES)
            or rel.startswith(DROP_PREFIXES)
            or any(src.match(g) for g in DROP_GLOBS)
        ):
            continue
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, out / rel)
    shutil.copytree(ROOT / "companion" / "assets", out, dirs_exist_ok=True)
    # Flutter loads every font of the manifest at start: not the LaTeX ones (dropped above);
    # Roboto from the client's own files, not from Google's font CDN
    fonts = out / "assets" / "FontManifest.json"
    kept = [
        f
        for f in json.loads(fonts.read_text(encoding="utf-8"))
        if not f["family"].startswith("packages/flutter_math_fork/")
    ]
    fonts.write_text(json.dumps(kept), encoding="utf-8")
    patch_font_manifest_json(str(fonts))
    boot = (out / "flutter_bootstrap.js").read_text(encoding="utf-8")
    # Flutter's own service worker only unregisters itself (sw.js is ours); the loading screen
    # is removed by python.js once the app has drawn its first page, not at Flutter's first frame
    for old in (
        "var flutterConfig = {",
        "serviceWorkerSettings: {",
        "document.getElementById('loading')?.remove();",
    ):
        if boot.count(old) != 1:
            raise SystemExit(f"flutter_bootstrap.js changed: {old!r} not found once")
    start = boot.index("serviceWorkerSettings: {")
    boot = boot[:start] + boot[boot.index("},", start) + 2 :]
    boot = boot.replace("document.getElementById('loading')?.remove();", "")
    boot = boot.replace(
        "var flutterConfig = {", 'var flutterConfig = {\n    canvasKitVariant: "full",'
    )
    (out / "flutter_bootstrap.js").write_text(boot, encoding="utf-8")
    sys.path.insert(0, str(ROOT))
    from companion import APP_NAME

    config = {
        "pyodide": True,
        "multiView": False,
        "noCdn": True,
        "webSocketEndpoint": "/ws",
        "entrypointBaseUrl": base,
        "assetBase": base,
        "routeUrlStrategy": "hash",
        "canvasKitBaseUrl": base + "canvaskit/",
        "pyodideUrl": "./pyodide/pyodide.mjs",
        "webRenderer": "canvaskit",
        "fontFallbackBaseUrl": "assets/fonts/",
        "appPackageUrl": "app.tar.gz",
    }
    page = (TEMPLATES / "index.html").read_text(encoding="utf-8")
    page = page.replace("{{BASE}}", base).replace("{{APP_NAME}}", APP_NAME)
    page = page.replace("{{FLET_CONFIG}}", json.dumps(config, indent=2))
    (out / "index.html").write_text(page, encoding="utf-8")
    for name in ("python.js", "python-worker.js"):
        shutil.copy2(TEMPLATES / name, out / name)


def service_worker(out: Path) -> None:
    """``sw.js``: every file of the site precached under a version named by their content."""
    files = sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and p.suffix != ".gz" or p.name == "app.tar.gz"
    )
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes())
    text = (TEMPLATES / "sw.js").read_text(encoding="utf-8")
    text = text.replace("{{VERSION}}", digest.hexdigest()[:16])
    text = text.replace("{{FILES}}", json.dumps(["./", *files], indent=0))
    (out / "sw.js").write_text(text, encoding="utf-8")


def precompress(out: Path) -> None:
    for path in sorted(out.rglob("*")):
        if path.is_file() and path.name.endswith(GZIP_SUFFIXES) and path.stat().st_size > 1024:
            with path.open("rb") as src, gzip.open(f"{path}.gz", "wb", compresslevel=9) as dst:
                shutil.copyfileobj(src, dst)
            os.utime(f"{path}.gz", (path.stat().st_mtime, path.stat().st_mtime))


def build(out: Path, base: str = "/") -> None:
    """Write the site into ``out``; an earlier build there is replaced only once the new one
    is whole (a folder that holds something else is refused)."""
    if out.exists() and any(out.iterdir()) and not (out / "sw.js").exists():
        raise SystemExit(f"{out} is not empty and holds no earlier build; not touching it")
    part = out.with_name(out.name + ".part")
    shutil.rmtree(part, ignore_errors=True)
    part.mkdir(parents=True)
    client(part, base)
    app_archive(part)
    service_worker(part)
    precompress(part)
    shutil.rmtree(out, ignore_errors=True)
    part.rename(out)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: build_web.py OUT")
    base = os.environ.get("BASE_HREF", "/")
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    build(Path(sys.argv[1]).resolve(), base)
    print(f"built {sys.argv[1]}")
