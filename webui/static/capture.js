// Capture page: upload with visible progress, the browser's or the server's webcam, live mode.
"use strict";
(() => {
  const cfg = document.getElementById("capture-data").dataset;
  const textBox = document.getElementById("capture-text");
  const T = textBox ? JSON.parse(textBox.textContent) : {};
  const tr = (s, fields) => {
    let out = T[s] || s;
    for (const [k, v] of Object.entries(fields || {})) out = out.replace("{" + k + "}", v);
    return out;
  };
  const form = document.getElementById("upload-form");
  const input = document.getElementById("photo-input");
  const progress = document.getElementById("progress");
  const bar = document.getElementById("progress-bar");
  const ptext = document.getElementById("progress-text");
  const errBox = document.getElementById("capture-error");

  function showError(box, msg) { box.textContent = msg; box.hidden = false; }
  function errorOf(xhrOrData, status) {
    const d = xhrOrData && xhrOrData.error ? xhrOrData : null;
    return d ? d.error.message : tr("the server answered {status}", { status });
  }

  // Send a photo (File or Blob) to url with a progress bar: upload %, then "reading".
  function sendPhoto(url, blob, extra, onDone) {
    const fd = new FormData();
    fd.append("csrf_token", mj.csrf());
    fd.append("image", blob, blob.name || "photo.jpg");
    if (cfg.game) fd.append("game", cfg.game);
    const rulesSel = form.querySelector("select[name=rules]");
    fd.append("rules", rulesSel ? rulesSel.value : cfg.rules);
    for (const [k, v] of Object.entries(extra || {})) fd.append(k, v);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("X-Requested-With", "fetch");
    xhr.setRequestHeader("X-CSRF-Token", mj.csrf());
    xhr.responseType = "json";
    // Live mode's frames (two a second) say how they go in its own status line: the upload bar,
    // shown and hidden above the camera for each, would move the camera and the kept hand's link.
    const shown = !(extra && extra.live);
    errBox.hidden = true;
    if (shown) {
      progress.hidden = false;
      progress.classList.remove("indeterminate");
      bar.style.width = "0"; ptext.textContent = tr("Uploading…");
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) bar.style.width = Math.round(100 * e.loaded / e.total) + "%";
      };
      xhr.upload.onload = () => { progress.classList.add("indeterminate"); ptext.textContent = tr("Reading the tiles…"); };
    }
    xhr.onload = () => {
      progress.hidden = true;
      const data = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300 && data) onDone(data);
      else { showError(errBox, errorOf(data, xhr.status)); if (shown) reading(false); }
    };
    xhr.onerror = () => {
      progress.hidden = true; showError(errBox, tr("the upload failed (is the server running?)"));
      if (shown) reading(false);
    };
    xhr.send(fd);
  }

  // One photo read at a time: said at once (a large photo is shrunk for seconds before it is
  // sent), the button off until the review opens or the read fails (three taps read it three times)
  let inFlight = false;
  const readButton = form.querySelector("button[type=submit]");
  function reading(on) {
    inFlight = on;
    if (readButton) readButton.disabled = on;
    if (on) {
      errBox.hidden = true;
      progress.hidden = false; progress.classList.add("indeterminate");
      bar.style.width = "0"; ptext.textContent = tr("Preparing the photo…");
    }
  }

  // A photo chosen is read at once: one tap from the camera to the review.
  input.addEventListener("change", () => {
    document.getElementById("photo-name").textContent = input.files[0] ? input.files[0].name : "";
    if (input.files[0]) form.requestSubmit();
  });
  // A saved photo, chosen apart from the camera's input, is read through that input.
  const choose = document.getElementById("photo-choose");
  if (choose) {
    choose.closest("label").hidden = false;
    choose.addEventListener("change", () => {
      if (!choose.files[0]) return;
      input.files = choose.files;
      input.dispatchEvent(new Event("change"));
    });
  }
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (inFlight) return;
    if (!input.files[0]) { showError(errBox, tr("choose or take a photo first")); return; }
    reading(true);
    mj.fitPhoto(input.files[0]).then((photo) => {
      sendPhoto(cfg.readUrl, photo, {}, (d) => { window.location.href = d.review_url; });
    }, () => { reading(false); showError(errBox, tr("the upload failed (is the server running?)")); });
  });
  // back from the review page (the page kept in the browser's cache): the button on again
  window.addEventListener("pageshow", () => { if (inFlight) { reading(false); progress.hidden = true; } });

  // ---- cameras -------------------------------------------------------------------------------
  const box = document.getElementById("camera-box");
  const video = document.getElementById("browser-video");
  const server = document.getElementById("server-video");
  const canvas = document.getElementById("grab-canvas");
  const camErr = document.getElementById("camera-error");
  const live = document.getElementById("live-mode");
  const liveStatus = document.getElementById("live-status");
  const liveResult = document.getElementById("live-result");
  let source = null, stream = null, liveTimer = null, busy = false, seen = null;

  const CAMERA_ERRORS = {
    NotAllowedError: "the camera was refused: allow it in the browser's site settings, or use the photo button above",
    NotFoundError: "this device has no camera the browser can use",
    NotReadableError: "the camera is busy: another app or tab is using it",
    OverconstrainedError: "no camera here can film as asked; use the photo button above",
    SecurityError: "the browser forbids the camera on this page (it needs localhost or HTTPS)",
  };
  async function startBrowser() {
    camErr.hidden = true;
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      showError(camErr, tr("this browser gives no camera here (browsers allow it on localhost or HTTPS); use the photo button above, which opens the phone's camera"));
      return;
    }
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment", width: { ideal: 1920 } } });
    } catch (e) {
      // the browser's own message is in its language, not the page's: name the usual causes
      const why = CAMERA_ERRORS[e.name];
      showError(camErr, why ? tr(why) : tr("the camera could not be opened:") + " " + e.message);
      return;
    }
    video.srcObject = stream; video.hidden = false; server.hidden = true; box.hidden = false; source = "browser";
  }
  async function startServer() {
    camErr.hidden = true;
    const r = await fetch(cfg.statusUrl);
    const d = await r.json();
    if (!d.available) { showError(camErr, d.message || tr("no webcam on the server")); return; }
    server.src = cfg.streamUrl + "?t=" + Date.now(); server.hidden = false; video.hidden = true; box.hidden = false; source = "server";
  }
  function stop() {
    if (stream) stream.getTracks().forEach((t) => t.stop());
    stream = null; server.removeAttribute("src"); box.hidden = true; source = null;
    live.checked = false; stopLive();
  }
  function grab() {
    return new Promise((resolve) => {
      canvas.width = video.videoWidth; canvas.height = video.videoHeight;
      canvas.getContext("2d").drawImage(video, 0, 0);
      canvas.toBlob((b) => resolve(b), "image/jpeg", 0.92);
    });
  }
  async function captureOnce(extra, onDone) {
    if (source === "browser") {
      const blob = await grab();
      sendPhoto(extra && extra.live ? cfg.liveUrl : cfg.readUrl, blob, extra, onDone);
    } else if (source === "server") {
      sendPhoto(cfg.serverCaptureUrl, new Blob([], { type: "image/jpeg" }), extra, onDone);
    }
  }
  document.getElementById("browser-cam-start").addEventListener("click", startBrowser);
  document.getElementById("server-cam-start").addEventListener("click", startServer);
  document.getElementById("cam-stop").addEventListener("click", stop);
  document.getElementById("cam-capture").addEventListener("click", () =>
    captureOnce({}, (d) => { window.location.href = d.review_url; }));

  // Live mode: read a frame about twice a second; when the same complete hand is read for at
  // least a second, keep that frame, score it and show the result without a click.
  function stopLive() { if (liveTimer) clearInterval(liveTimer); liveTimer = null; seen = null; liveStatus.textContent = ""; }
  function liveTick() {
    if (busy || !source) return;
    busy = true;
    captureOnce({ live: "1" }, (d) => {
      busy = false;
      // A complete hand (the reader rebuilt all 14 tiles); whether it wins is the score's call.
      if (!d.notation) { seen = null; liveStatus.textContent = tr("Looking… {n} tiles in view", { n: d.tiles || 0 }); return; }
      const now = Date.now();
      if (!seen || seen.notation !== d.notation) { seen = { notation: d.notation, since: now, done: false }; }
      const held = (now - seen.since) / 1000;
      liveStatus.textContent = tr("Same hand for {s} s: {hand}", { s: held.toFixed(1), hand: d.notation });
      if (held >= 1 && !seen.done) {
        seen.done = true;
        captureOnce({ live: "1", keep: "1" }, (k) => {
          liveResult.innerHTML = "";
          const p = document.createElement("p");
          p.className = "total";
          const unit = k.score ? (k.score.total_unit || (k.score.items && k.score.items[0] ? k.score.items[0].unit : "")) : "";
          p.textContent = k.score && k.score.valid ? `${mj.number(k.score.total)} ${unit}` : tr("not a winning hand");
          const a = document.createElement("a");
          a.href = k.review_url; a.textContent = tr("Review {hand}", { hand: k.notation || "" });
          a.className = "button";
          liveResult.append(p, a);
        });
      }
    });
    setTimeout(() => { busy = false; }, 15000);
  }
  live.addEventListener("change", () => {
    if (live.checked) { seen = null; liveTimer = setInterval(liveTick, 500); } else stopLive();
  });
})();
