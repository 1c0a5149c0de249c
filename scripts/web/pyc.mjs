// Build step (Node.js, run by scripts/build_web.py): compiles Python to bytecode with the
// site's own Pyodide, so the browser imports .pyc instead of compiling each module as the
// app starts (Pyodide runs with dont_write_bytecode: nothing it compiles is kept).
//
//   node pyc.mjs '{"pyodide": DIR, "stage": DIR, "keep": [..], "stdlib": ZIP, "out": ZIP,
//                  "drop": [..]}'
//
// Only the modules the first screen imports (companion.web.preload, run here on the staged
// app) are compiled: a .pyc is larger than its zipped or gzipped .py, and the rest is
// imported later, if at all. "stage" (the app archive's folder, unpacked at run time into
// Pyodide's cwd, /home/pyodide): each such .py becomes a sourceless .pyc beside it (the .py
// removed), except the files in "keep" (paths under "stage" whose source the app reads):
// those keep their .py and get an unchecked-hash .pyc in __pycache__. "stdlib" (Pyodide's
// python_stdlib.zip, on sys.path as /lib/python314.zip) is written to "out" with each such
// .py replaced by its .pyc and the top-level modules and packages named in "drop" left out.
// Functions' and modules' docstrings are left out of the .pyc, and the column ranges of its
// location table (a traceback marks no columns). Any error: exit code 1 and the message.
import path from "node:path";

const cfg = JSON.parse(process.argv[2]);
const pyodideDir = cfg.pyodide;
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
// no column ranges in the code's location tables: ~20 % smaller .pyc
const py = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/",
  env: { PYTHONNODEBUGRANGES: "1" },
});
const { NODEFS } = py.FS.filesystems;
const mounts = [[cfg.stage, "/stage"], [path.dirname(cfg.stdlib), "/stdlib_in"], [path.dirname(cfg.out), "/stdlib_out"]];
for (const [dir, at] of mounts) {
  py.FS.mkdirTree(at);
  py.FS.mount(NODEFS, { root: path.resolve(dir) }, at);
}
py.globals.set("KEEP", py.toPy(cfg.keep));
py.globals.set("DROP", py.toPy(cfg.drop));
py.globals.set("STDLIB_IN", "/stdlib_in/" + path.basename(cfg.stdlib));
py.globals.set("STDLIB_OUT", "/stdlib_out/" + path.basename(cfg.out));
py.runPython(`
import importlib.util, marshal, os, sys, zipfile

# what the first screen imports: companion.web.preload run here, on the staged app
os.chdir("/stage")
sys.path[:0] = ["/stage/__pypackages__", "/stage"]
from companion.web import preload
preload()
imported = set()
for module in list(sys.modules.values()):
    try:
        file = object.__getattribute__(module, "__dict__").get("__file__")
    except AttributeError:
        continue
    if isinstance(file, str) and file.endswith(".py"):
        imported.add(file)

import ast

class Undoc(ast.NodeTransformer):
    # functions' and the module's docstrings go (classes keep theirs: dataclasses would
    # compute a signature for each class without one)
    def strip(self, node):
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
        self.generic_visit(node)
        return node
    visit_Module = visit_FunctionDef = visit_AsyncFunctionDef = strip

def pyc(source, runtime):
    # an unchecked-hash .pyc: valid whatever the source file's time (or its absence)
    data = bytearray(importlib.util.MAGIC_NUMBER)
    data += (0b01).to_bytes(4, "little")  # hash-based, source not checked
    data += importlib.util.source_hash(source)
    tree = Undoc().visit(ast.parse(source, runtime))
    data += marshal.dumps(compile(tree, runtime, "exec", dont_inherit=True))
    return bytes(data)

keep = set(KEEP)
for full in sorted(f for f in imported if f.startswith("/stage/")):
    rel = os.path.relpath(full, "/stage")
    with open(full, "rb") as f:
        data = pyc(f.read(), "/home/pyodide/" + rel)
    if rel in keep:
        target = importlib.util.cache_from_source(full)
        os.makedirs(os.path.dirname(target), exist_ok=True)
    else:
        target = full[:-3] + ".pyc"
        os.remove(full)
    with open(target, "wb") as f:
        f.write(data)

ZIP = "/lib/python314.zip/"
with zipfile.ZipFile(STDLIB_IN) as src, zipfile.ZipFile(STDLIB_OUT, "w") as dst:
    for info in src.infolist():
        data, name = src.read(info), info.filename
        if name.split("/")[0].removesuffix(".py") in DROP:
            continue
        if ZIP + name in imported:
            data, name = pyc(data, ZIP + name), name[:-3] + ".pyc"
        dst.writestr(zipfile.ZipInfo(name, info.date_time), data,
                     info.compress_type, compresslevel=9)
print(len(imported), "modules compiled")
`);
