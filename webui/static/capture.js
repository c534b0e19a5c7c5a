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
  function sendPhoto(url, blob, extra, onDone, onFail) {
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
    // a live frame's failure goes to onFail, beside the camera (the upload card's box sat above
    // the screen on a phone, and "the upload failed" named no upload)
    const failed = (message) => {
      progress.hidden = true;
      if (onFail) { onFail(message); return; }
      showError(errBox, message);
      if (shown) reading(false);
    };
    xhr.onload = () => {
      progress.hidden = true;
      const data = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300 && data) onDone(data);
      else failed(errorOf(data, xhr.status));
    };
    xhr.onerror = () => failed(tr(onFail ? "the server could not be reached (is it running?)" : "the upload failed (is the server running?)"));
    if (onFail) {       // a live frame never answered frees live mode all the same
      xhr.timeout = 15000;
      xhr.ontimeout = () => failed(tr("the server did not answer in time (is it busy?)"));
    }
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
  // live mode's pace: a frame every LIVE_MS, every LIVE_SLOW_MS while the kept hand stays in view
  // or nothing has changed for LIVE_QUIET_S, and none after LIVE_IDLE_S without a new hand (a page
  // left in live mode kept the server at 30-45 % of a core without end)
  const LIVE_MS = 500, LIVE_SLOW_MS = 2000, LIVE_QUIET_S = 20, LIVE_IDLE_S = 300;
  let nextAt = 0, changedAt = 0;
  // each run of live mode: a frame answered after live mode was switched off (or on again) is
  // dropped, not taken for the new run's (two frames at once, a stale error in the status line)
  let liveRun = 0;
  let starting = false;

  const CAMERA_ERRORS = {
    NotAllowedError: "the camera was refused: allow it in the browser's site settings, or use the photo button above",
    NotFoundError: "this device has no camera the browser can use",
    NotReadableError: "the camera is busy: another app or tab is using it",
    OverconstrainedError: "no camera here can film as asked; use the photo button above",
    SecurityError: "the browser forbids the camera on this page (it needs localhost or HTTPS)",
  };
  async function startBrowser() {
    if (starting) return;         // tapped again while the camera opens: one stream, none left running
    camErr.hidden = true;
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      showError(camErr, tr("this browser gives no camera here (browsers allow it on localhost or HTTPS); use the photo button above, which opens the phone's camera"));
      return;
    }
    if (stream) stream.getTracks().forEach((t) => t.stop());   // tapped twice: the first stream stopped too
    stream = null; source = null;
    starting = true;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment", width: { ideal: 1920 } } });
    } catch (e) {
      // the browser's own message is in its language, not the page's: name the usual causes
      const why = CAMERA_ERRORS[e.name];
      showError(camErr, why ? tr(why) : tr("the camera could not be opened:") + " " + e.message);
      return;
    } finally {
      starting = false;
    }
    video.srcObject = stream; video.hidden = false; server.hidden = true; box.hidden = false; source = "browser";
    // the camera lost (the phone locked, another app took it, a webcam unplugged): said, and live
    // mode off, not black frames sent twice a second
    const mine = stream;
    stream.getVideoTracks().forEach((track) => track.addEventListener("ended", () => {
      if (stream !== mine) return;
      stop();
      showError(camErr, tr("the camera stopped (the phone locked, or another app took it): start it again"));
    }));
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
  // ``frame``: a frame grabbed before (live mode keeps the frame it read, not a later one)
  async function captureOnce(extra, onDone, onFail, frame) {
    try {
      if (source === "browser") {
        // no frame yet (the camera just opened): nothing to send, said as a failed frame
        const blob = frame || (video.videoWidth ? await grab() : null);
        if (!blob) { if (onFail) onFail(tr("the camera shows no picture yet")); return; }
        sendPhoto(extra && extra.live ? cfg.liveUrl : cfg.readUrl, blob, extra, (d) => onDone(d, blob), onFail);
      } else if (source === "server") {
        sendPhoto(cfg.serverCaptureUrl, new Blob([], { type: "image/jpeg" }), extra, onDone, onFail);
      }
    } catch (e) {
      // a frame that could not be sent frees live mode (its busy flag stayed set for good)
      if (onFail) onFail(tr("the camera could not be opened:") + " " + e.message); else throw e;
    }
  }
  document.getElementById("browser-cam-start").addEventListener("click", startBrowser);
  document.getElementById("server-cam-start").addEventListener("click", startServer);
  document.getElementById("cam-stop").addEventListener("click", stop);
  document.getElementById("cam-capture").addEventListener("click", () =>
    captureOnce({}, (d) => { window.location.href = d.review_url; }));

  // Live mode: read a frame about twice a second; when the same complete hand is read for at
  // least a second, keep that frame, score it and show the result without a click.
  function stopLive() {
    if (liveTimer) clearInterval(liveTimer);
    liveRun += 1;           // a frame still on its way belongs to the run stopped
    liveTimer = null; seen = null; busy = false; liveStatus.textContent = "";
  }
  const seconds = (s) => s.toLocaleString(document.documentElement.lang || undefined,
                                           { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  // the hand shown was kept from a view that has changed since: said so, not shown as the hand in view
  function keptIsOld(old) {
    liveResult.classList.toggle("stale", old);
    const label = liveResult.querySelector(".kept-label");
    if (label) label.hidden = !old;
  }
  function showKept(k) {
    liveResult.innerHTML = "";
    const label = document.createElement("p");
    label.className = "muted small kept-label"; label.hidden = true;
    label.textContent = tr("The last hand kept (the view has changed since):");
    const p = document.createElement("p");
    p.className = "total";
    // as the review page says it: an MCR hand under its minimum, or a riichi hand without a yaku,
    // is no win (it showed "1 points" and a Review link)
    p.textContent = k.declare ? (k.declare.ok ? k.total_text : k.declare.reason)
      : (k.score && k.score.valid ? mj.number(k.score.total) : tr("not a winning hand"));
    const a = document.createElement("a");
    a.href = k.review_url; a.textContent = tr("Review {hand}", { hand: k.notation || "" });
    a.className = "button";
    liveResult.append(label, p, a);
    (k.warnings || []).forEach((w) => {
      const note = document.createElement("p");
      note.className = "muted small"; note.textContent = w;
      liveResult.append(note);
    });
  }
  function liveTick() {
    if (busy || !source || document.hidden || Date.now() < nextAt) return;
    if ((Date.now() - changedAt) / 1000 > LIVE_IDLE_S) {
      live.checked = false; stopLive();
      liveStatus.textContent = tr("Live mode stopped: no new hand for 5 minutes. Tick it again to go on.");
      return;
    }
    busy = true;
    const run = liveRun;
    const failed = (message) => {
      if (run !== liveRun) return;
      busy = false; seen = null; nextAt = Date.now() + LIVE_SLOW_MS;
      keptIsOld(true);
      liveStatus.textContent = message;
    };
    captureOnce({ live: "1" }, (d, frame) => {
      if (run !== liveRun) return;
      busy = false;
      const now = Date.now();
      const quiet = (now - changedAt) / 1000 > LIVE_QUIET_S;
      // what the reader warns of (a dark view, a tile left apart), beside the count
      const warning = d.warnings && d.warnings.length ? " · " + d.warnings[0] : "";
      // A complete hand (the reader rebuilt all 14 tiles); whether it wins is the score's call.
      if (!d.notation) {
        if (seen) { changedAt = now; keptIsOld(true); }
        seen = null;
        nextAt = now + (quiet ? LIVE_SLOW_MS : LIVE_MS);
        const n = d.tiles || 0;
        liveStatus.textContent = (n === 1 ? tr("Looking… 1 tile in view") : tr("Looking… {n} tiles in view", { n })) + warning;
        return;
      }
      if (!seen || seen.notation !== d.notation) {
        seen = { notation: d.notation, since: now, done: false }; changedAt = now;
        keptIsOld(true);
      }
      const held = (now - seen.since) / 1000;
      liveStatus.textContent = tr("Same hand for {s} s: {hand}", { s: seconds(held), hand: d.notation }) + warning;
      nextAt = now + (seen.done || quiet ? LIVE_SLOW_MS : LIVE_MS);
      if (held >= 1 && !seen.done) {
        seen.done = true;
        const kept = seen;
        busy = true;
        // the frame just read is the one kept: a frame grabbed now may show the hand leaving
        captureOnce({ live: "1", keep: "1" }, (k) => {
          if (run !== liveRun) return;
          busy = false;
          if (seen === kept) { showKept(k); keptIsOld(false); }
        }, failed, frame);
      }
    }, failed);
  }
  live.addEventListener("change", () => {
    if (live.checked) { seen = null; nextAt = 0; changedAt = Date.now(); liveTimer = setInterval(liveTick, 250); } else stopLive();
  });
})();
