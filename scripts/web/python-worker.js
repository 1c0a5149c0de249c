// The app's Python: Pyodide in a module worker. Loads the runtime and the app archive
// (fetched side by side), unpacks it (packages under __pypackages__, nothing installed at
// run time), then runs companion.web.boot(), which opens the browser's storage and starts
// the Flet app. Progress goes to the page as {tcProgress, pct}, timings as {tcMark};
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

async function boot(cfg) {
  try {
    const archive = fetch(cfg.appPackageUrl).then((r) => {
      if (!r.ok) throw new Error("HTTP " + r.status + " " + cfg.appPackageUrl);
      // gunzipped by the browser as it arrives (Python's gzip in WASM is slower)
      return new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    });
    const { loadPyodide } = await import(cfg.pyodideUrl);
    mark("pyodide.mjs");
    progress("Запускаю Python", 20);
    // cfg.profile (the page's ?tcProfile): Python's -X importtime, on the console
    const pyodide = await loadPyodide({
      stdout: (text) => console.log(text),
      stderr: (text) => console.error(text),
      env: cfg.profile ? { PYTHONPROFILEIMPORTTIME: "1" } : {},
    });
    self.tcPyodide = pyodide;
    mark("loadPyodide");
    progress("Распаковываю приложение", 45);
    const data = await archive;
    mark("archive fetched");
    pyodide.unpackArchive(data, "tar");
    mark("archive unpacked");
    pyodide.registerJsModule("flet_js", flet_js);
    flet_js.documentUrl = cfg.documentUrl;
    await pyodide.runPythonAsync(
      "import sys\nsys.path.insert(0, '__pypackages__')\n" +
      "from companion.web import boot\nawait boot()\n"
    );
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
