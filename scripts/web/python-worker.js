// The app's Python: Pyodide in a module worker. Loads the runtime and the app archive
// (fetched side by side), unpacks it (packages under __pypackages__, nothing installed at
// run time), then runs companion.web.boot(), which opens the browser's storage and starts
// the Flet app. Progress goes to the page as {tcProgress, pct}; "initialized" or an error
// string ends the start.
self.flet_js = {};
let started = false;

function progress(text, pct) {
  self.postMessage({ tcProgress: text, pct: pct });
}
self.tcProgress = progress;

async function boot(cfg) {
  try {
    const archive = fetch(cfg.appPackageUrl).then((r) => {
      if (!r.ok) throw new Error("HTTP " + r.status + " " + cfg.appPackageUrl);
      return r.arrayBuffer();
    });
    const { loadPyodide } = await import(cfg.pyodideUrl);
    progress("Запускаю Python", 20);
    const pyodide = await loadPyodide({
      stdout: (text) => console.log(text),
      stderr: (text) => console.error(text),
    });
    progress("Распаковываю приложение", 45);
    pyodide.unpackArchive(await archive, "gztar");
    pyodide.registerJsModule("flet_js", flet_js);
    flet_js.documentUrl = cfg.documentUrl;
    await pyodide.runPythonAsync(
      "import sys\nsys.path.insert(0, '__pypackages__')\n" +
      "from companion.web import boot\nawait boot()\n"
    );
    if (typeof flet_js.start_connection !== "function") {
      throw new Error("the app did not start Flet");
    }
    await flet_js.start_connection((message) => {
      const bytes = message.toJs();
      self.postMessage(bytes, [bytes.buffer]);
    });
    self.postMessage("initialized");
  } catch (error) {
    self.postMessage(String(error));
  }
}

self.onmessage = async (event) => {
  if (!started) {
    started = true;
    await boot(event.data);
  } else if (typeof flet_js.send === "function") {
    flet_js.send(event.data);
  }
};
