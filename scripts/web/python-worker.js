// The app's Python: Pyodide in a module worker. Loads the runtime (from a memory snapshot
// after the first start) and the app archive (fetched side by side), unpacks it (packages
// under __pypackages__, nothing installed at run time), then runs companion.web.boot(), which
// opens the browser's storage and starts the Flet app. Progress goes to the page as {tcProgress, pct}, timings as {tcMark};
// "initialized" or an error string ends the start.
self.flet_js = {};
let started = false;
let storage = null;

function progress(text, pct) {
  self.postMessage({ tcProgress: text, pct: pct });
}
self.tcProgress = progress;

function mark(name) {
  self.postMessage({ tcMark: name });
}

// The games' folder on IndexedDB (Emscripten's IDBFS, mounted by companion.web).
// Contract: every change under the folder is saved — the fsync hook of companion.web and
// IDBFS's own autoPersist (close, rename, create, delete) both call persist() — and a message
// the app sends to the screen after a change is posted only once that change is on IndexedDB
// (send() holds it behind the save). Saves run one at a time; changes made while one runs are
// taken by the next, which starts as soon as Python yields.
function watchStorage(FS, path) {
  const IDBFS = FS.filesystems.IDBFS;
  const mount = FS.lookupPath(path).node.mount;
  let saved = Promise.resolve();
  let queued = false;
  let running = 0;
  function persist() {
    if (queued) return;
    queued = true;
    running++;
    saved = saved.then(() => new Promise((resolve) => {
      queued = false;
      IDBFS.syncfs(mount, false, (err) => {
        running--;
        if (err) console.error("IndexedDB: the games' folder was not saved:", err);
        resolve();
      });
    }));
  }
  IDBFS.queuePersist = () => persist();
  return { persist, pending: () => (running ? saved : null) };
}
self.tcWatchStorage = (path) => {
  storage = watchStorage(self.tcPyodide.FS, path);
};
self.tcPersist = () => storage && storage.persist();
// whether the browser promised to keep the site's data; undefined (None) where it cannot tell
self.tcStoragePersisted = async () =>
  navigator.storage && navigator.storage.persisted ? await navigator.storage.persisted() : undefined;

let outbox = Promise.resolve();
let held = 0;
function send(bytes) {
  const gate = storage && storage.pending();
  if (!gate && !held) {
    self.postMessage(bytes, [bytes.buffer]);
    return;
  }
  held++;
  outbox = Promise.all([outbox, gate]).then(() => {
    held--;
    self.postMessage(bytes, [bytes.buffer]);
  });
}

// Python's memory snapshot (Pyodide's `_makeSnapshot`/`_loadSnapshot`): the first start takes
// one once the app's modules are imported (companion.web.preload) and before Python holds any
// browser object; later starts restore it instead of booting Python and importing the app.
// Kept in the Cache Storage under the SHA-256 of the app archive (a new build makes a new
// one; the old is deleted). A snapshot that fails to restore is deleted and Python boots as
// on a first start. Not with ?tcProfile (the import profile needs a real import).
const SNAPSHOTS = "tc-python-snapshot";

async function snapshotKey(packed) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", packed));
  return "snapshot-" + Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("") + ".bin";
}

async function savedSnapshot(key) {
  if (!self.caches || !(await caches.has(SNAPSHOTS))) return null;
  const hit = await (await caches.open(SNAPSHOTS)).match(await key);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

async function saveSnapshot(key, bytes) {
  const cache = await caches.open(SNAPSHOTS);
  for (const old of await cache.keys()) await cache.delete(old);
  await cache.put(await key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

// Pyodide 314.0.7 sizes the memory a snapshot is restored into with Emscripten's
// INITIAL_MEMORY, which its build ignores (the module makes and exports its own memory): the
// restore then fails ("offset is out of bounds"). So while a snapshot of `size` bytes is
// restored, the module's memory is grown to that size as it is instantiated, before Emscripten
// takes its views of it. Returns the function that undoes the wrapping.
function growMemoryOnInstantiate(size) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  const grow = (result) => {
    const memory = result.instance && result.instance.exports.memory;
    if (memory) {
      const pages = Math.ceil(size / 65536) - memory.buffer.byteLength / 65536;
      if (pages > 0) memory.grow(pages);
    }
    return result;
  };
  WebAssembly.instantiate = (...args) => instantiate(...args).then(grow);
  WebAssembly.instantiateStreaming = (...args) => instantiateStreaming(...args).then(grow);
  return () => Object.assign(WebAssembly, { instantiate, instantiateStreaming });
}

// The app archive (a POSIX tar, pax headers for long names) written straight into Pyodide's
// file system under `dest`: Python's tarfile (pyodide.unpackArchive) took 1.1–1.3 s for it on a
// quiet machine. Regular files and folders only (the build writes nothing else); each file's
// bytes are handed over without a copy (`canOwn`).
function untar(FS, bytes, dest) {
  const decoder = new TextDecoder();
  const field = (at, length) => {
    const raw = bytes.subarray(at, at + length);
    const end = raw.indexOf(0);
    return decoder.decode(end < 0 ? raw : raw.subarray(0, end));
  };
  let longName = null;
  let at = 0;
  while (at + 512 <= bytes.length && bytes[at] !== 0) {
    const size = parseInt(field(at + 124, 12).trim() || "0", 8);
    const type = bytes[at + 156];
    const prefix = field(at + 345, 155);
    const name = longName || (prefix ? prefix + "/" : "") + field(at, 100);
    const body = at + 512;
    at = body + Math.ceil(size / 512) * 512;
    if (type === 0x78 /* x: pax header of the next entry */) {
      longName = paxPath(bytes.subarray(body, body + size), decoder) || null;
      continue;
    }
    if (type === 0x4c /* L: GNU long name */) {
      longName = field(body, size);
      continue;
    }
    longName = null;
    const path = dest + "/" + name.replace(/^\.\//, "").replace(/\/$/, "");
    if (type === 0x35 /* 5: folder */) {
      FS.mkdirTree(path);
    } else if (type === 0 || type === 0x30 /* 0: file */) {
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, bytes.subarray(body, body + size), { canOwn: true });
    }
  }
}

// The `path` record of a pax header ("<length> <key>=<value>\n" records; length in bytes).
function paxPath(bytes, decoder) {
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    const length = parseInt(decoder.decode(bytes.subarray(at, space)), 10);
    if (!(length > 0)) return null;
    const record = decoder.decode(bytes.subarray(space + 1, at + length - 1));
    if (record.startsWith("path=")) return record.slice(5);
    at += length;
  }
  return null;
}

async function boot(cfg) {
  try {
    const response = fetch(cfg.appPackageUrl).then((r) => {
      if (!r.ok) throw new Error("HTTP " + r.status + " " + cfg.appPackageUrl);
      return r.body.tee();
    });
    // gunzipped by the browser as it arrives (Python's gzip in WASM is slower)
    const archive = response.then(([body]) =>
      new Response(body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
    const key = response.then(([, body]) => new Response(body).arrayBuffer()).then(snapshotKey);
    const snapshots = !cfg.profile && !!self.caches;
    const saved = snapshots ? savedSnapshot(key).catch(() => null) : Promise.resolve(null);
    const { loadPyodide } = await import(cfg.pyodideUrl);
    mark("pyodide.mjs");
    progress("Запускаю движок приложения", 20);
    // cfg.profile (the page's ?tcProfile): Python's -X importtime, on the console
    const options = {
      stdout: (text) => console.log(text),
      stderr: (text) => console.error(text),
      env: cfg.profile ? { PYTHONPROFILEIMPORTTIME: "1" } : {},
    };
    let pyodide = null;
    const snapshot = await saved;
    if (snapshot) {
      mark("snapshot read");
      const unwrap = growMemoryOnInstantiate(snapshot.length);
      try {
        pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
        mark("snapshot restored");
      } catch (error) {
        console.warn("Python's snapshot did not restore; starting Python afresh:", error);
        caches.delete(SNAPSHOTS);
      } finally {
        unwrap();
      }
    }
    const restored = !!pyodide;
    if (!pyodide) pyodide = await loadPyodide({ ...options, _makeSnapshot: snapshots });
    self.tcPyodide = pyodide;
    mark("loadPyodide");
    progress("Распаковываю приложение", 45);
    const data = await archive;
    mark("archive fetched");
    // also after a restore: the snapshot holds Python's memory, not its files (modules
    // imported later, the rules' dictionaries)
    untar(pyodide.FS, new Uint8Array(data), pyodide.FS.cwd());
    mark("archive unpacked");
    if (!restored) {
      const compiled = await pyodide.runPythonAsync(
        "import sys\nsys.path.insert(0, '__pypackages__')\n" +
        "from companion.web import preload\npreload()\n"
      );
      mark("preloaded");
      if (compiled) console.warn("no snapshot: compiled modules imported before it:", compiled);
      if (snapshots && !compiled) {
        try {
          const bytes = pyodide.makeMemorySnapshot();
          mark("snapshot taken " + Math.round(bytes.length / 1e6) + " MB");
          saveSnapshot(key, bytes).then(
            () => mark("snapshot saved"),
            (error) => console.warn("Python's snapshot was not saved:", error));
        } catch (error) {
          console.warn("Python's snapshot was not taken:", error);
        }
      }
    }
    pyodide.registerJsModule("flet_js", flet_js);
    flet_js.documentUrl = cfg.documentUrl;
    await pyodide.runPythonAsync("from companion.web import boot\nawait boot()\n");
    if (typeof flet_js.start_connection !== "function") {
      throw new Error("the app did not start Flet");
    }
    await flet_js.start_connection((message) => send(message.toJs()));
    self.postMessage("initialized");
  } catch (error) {
    self.postMessage(String(error));
  }
}

let profiling = false;
self.onmessage = async (event) => {
  if (!started) {
    started = true;
    profiling = !!event.data.profile;
    await boot(event.data);
  } else if (profiling && event.data && event.data.tcEval) {
    // benchmarks/bench_phone.py measures Python in the browser (only with ?tcProfile)
    let result;
    try {
      result = String(await self.tcPyodide.runPythonAsync(event.data.tcEval));
    } catch (error) {
      result = "error: " + String(error);
    }
    self.postMessage({ tcEvalResult: result });
  } else if (typeof flet_js.send === "function") {
    flet_js.send(event.data);
  }
};
