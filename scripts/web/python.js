// The bridge between Flet's Flutter client and the app's Python (python-worker.js).
// The worker starts as soon as the page loads, beside Flutter's own boot (Flet's version
// waited for Flutter to call jsConnect). Its progress messages ({tcProgress, pct}) drive the
// loading screen, which goes once the app has sent its first page.
(function () {
  const base = flet.entrypointBaseUrl.endsWith("/") ? flet.entrypointBaseUrl : flet.entrypointBaseUrl + "/";
  const worker = new Worker(base + "python-worker.js", { type: "module" });
  let toDart = null;
  let error = null;
  let ready;
  const initialized = new Promise((resolve) => { ready = resolve; });
  let shown = false;

  // [text, ms since navigation] of every step, for benchmarks/bench_phone.py
  window.tcSteps = [];
  window.addEventListener("flutter-first-frame", () => window.tcSteps.push(["flutter", performance.now()]));

  function step(text, pct) {
    if (text) window.tcSteps.push([text, performance.now()]);
    const box = document.getElementById("tc-step");
    if (box && text) box.textContent = text;
    const bar = document.querySelector("#tc-bar div");
    if (bar && pct) bar.style.width = Math.max(parseFloat(bar.style.width) || 0, pct) + "%";
  }
  flet.tcStep = step;

  function hideLoading() {
    if (shown) return;
    shown = true;
    step("Готово", 100);
    // two frames: Flutter paints the page it has just been sent
    requestAnimationFrame(() => requestAnimationFrame(() => {
      const box = document.getElementById("tc-loading");
      if (!box) return;
      box.style.opacity = "0";
      setTimeout(() => box.remove(), 200);
      window.tcLoaded = performance.now();
      flet.tcRegisterWorker();
    }));
  }

  worker.onmessage = (event) => {
    const data = event.data;
    if (typeof data === "string") {
      if (data !== "initialized") error = data;
      else step("Рисую экран", 95);
      ready();
    } else if (data && data.tcEvalResult !== undefined) {
      evaluated(data.tcEvalResult);
    } else if (data && data.tcMark) {
      window.tcSteps.push([data.tcMark, performance.now()]);
    } else if (data && data.tcProgress) {
      step(data.tcProgress, data.pct);
    } else if (toDart) {
      toDart(data);
      hideLoading();
    }
  };
  worker.onerror = (event) => { error = String(event.message || event); ready(); };
  step("Загружаю движок приложения", 8);
  worker.postMessage({
    pyodideUrl: flet.pyodideUrl,
    appPackageUrl: flet.appPackageUrl,
    documentUrl: document.URL,
    profile: new URLSearchParams(location.search).has("tcProfile"),
  });

  // With ?tcProfile: tcPython(code) runs Python in the worker, for benchmarks/bench_phone.py
  let evaluated = () => {};
  if (new URLSearchParams(location.search).has("tcProfile")) {
    window.tcPython = (code) => new Promise((resolve) => {
      evaluated = resolve;
      worker.postMessage({ tcEval: code });
    });
  }

  // Called by Dart on backend.connect(); dartOnMessage takes a JSUint8Array
  globalThis.jsConnect = async function (appId, args, dartOnMessage) {
    toDart = dartOnMessage;
    await initialized;
    if (error) {
      step("Не удалось запустить приложение: " + error, 100);
      console.error("Python worker init error:", error);
      throw error;
    }
  };

  // Called by Dart on backend.send: the buffer is handed over, not copied
  globalThis.jsSend = async function (appId, data) {
    worker.postMessage(data, [data.buffer]);
  };

  globalThis.jsDisconnect = async function (appId) {
    worker.terminate();
  };
})();
