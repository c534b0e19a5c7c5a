// /calibrate confirmation page: follow the profile build (GET /calibrate/progress/<token>) on a
// progress bar; the save button waits for the build (the server would wait too). Texts in the
// page's language come from the page (data-text).
(function () {
  const box = document.getElementById("build-progress");
  const SLOW_S = 90;          // a build on a quiet 2-core machine takes 30-60 s (docs/calibration.md)
  if (!box) return;
  let words = {};
  try { words = JSON.parse(box.dataset.text || "{}"); } catch (e) { words = {}; }
  const tr = (key, fields) => String(words[key] || key).replace(/\{(\w+)\}/g, (m, k) => (fields && k in fields ? fields[k] : m));
  const bar = document.getElementById("build-bar");
  const text = document.getElementById("build-text");
  // said to a screen reader at each quarter and at the end only: the text above changed 32 times
  // in 22 s, each read out (WCAG 4.1.3)
  const said = document.getElementById("build-said");
  let quarterSaid = 0, phaseSaid = "";
  const say = (words) => { if (said) said.textContent = words; };
  // a phase's words said once as it begins (loading, waiting, checking), not each second's count
  const sayPhase = (phase, words) => { if (phase !== phaseSaid) { phaseSaid = phase; say(words); } };
  const button = document.querySelector("#save-profile button[type=submit]");
  const label = button ? button.textContent : "";
  if (button) { button.disabled = true; button.textContent = tr("Learning your tiles…"); }
  // the time left is counted at the pace of the steps alone: with the models' loading in it, the
  // first estimate said 129 s left of a build that took 33 s
  let paceFrom = { s: 0, p: 0 };
  async function poll() {
    let job;
    try {
      const r = await fetch(box.dataset.url, { headers: { Accept: "application/json" } });
      job = await r.json();
      if (!r.ok) throw new Error((job.error && job.error.message) || r.statusText);
    } catch (err) {
      text.textContent = tr("Cannot follow the build ({error}); saving still works.", { error: err.message });
      say(text.textContent);
      if (button) { button.disabled = false; button.textContent = label; }
      return;
    }
    bar.value = job.percent;
    if (job.state === "ready") {
      text.textContent = tr("Done in {s} s.", { s: Math.round(job.elapsed_s) });
      if (button) { button.disabled = false; button.textContent = label; }
      // the save it waited for, said (no focus moved: a player checking the codes would be taken
      // from them)
      say(text.textContent + (button ? " " + label : ""));
      return;
    }
    if (job.state === "failed") {
      // nothing can be saved: the save button, left waiting, read "Learning your tiles…" for good
      // given up for a newer photo sent from another tab of this browser: uploading here again
      // would give that one up in turn (a trial's two tabs took turns)
      text.textContent = job.superseded
        ? tr("This photo's profile was not built: a newer calibration photo, sent from another tab or window, replaced it. Go on there.")
        : tr("The profile could not be built: {error}. Upload the photo again.", { error: job.message || job.error });
      say(text.textContent);
      box.classList.add("error");
      const form = document.getElementById("save-profile");
      if (form) form.hidden = true;
      return;
    }
    // before the first step (the models loading) and after the last (the layout tiles read again,
    // the profile saved) the bar has nothing to count: said in words, not a 0 % or 100 % that stalls
    const s = Math.round(job.elapsed_s);
    if (job.state === "building" && job.done === 0) {
      paceFrom = { s: job.elapsed_s, p: 0 };
      bar.removeAttribute("value");
      text.textContent = tr("Loading the models… ({s} s)", { s });
      sayPhase("loading", text.textContent);
    }
    else if (job.state === "building" && job.done >= job.total) {
      text.textContent = tr("Checking what it learnt… ({s} s)", { s });
      sayPhase("checking", text.textContent);
    }
    else if (job.state === "waiting") {
      // how far the build ahead is: the wait said nothing of how long it could last
      const ahead = typeof job.ahead_percent === "number";
      text.textContent = ahead ? tr("Waiting for another profile to finish ({p}% built)…", { p: job.ahead_percent })
        : tr("Waiting for another profile to finish…");
      sayPhase("waiting", tr("Waiting for another profile to finish…"));
    }
    else {
      // the time left at the pace so far: "about a minute" was still said after seven on a busy machine
      const left = job.percent > paceFrom.p
        ? Math.round((job.elapsed_s - paceFrom.s) * (100 - job.percent) / (job.percent - paceFrom.p)) : null;
      text.textContent = left === null ? tr("{p}% ({s} s)", { p: job.percent, s })
        : tr(s > SLOW_S ? "{p}% ({s} s, about {left} s left: slower than usual, this computer is busy with other work)"
          : "{p}% ({s} s, about {left} s left)", { p: job.percent, s, left });
    }
    const quarter = Math.floor((job.percent || 0) / 25);
    if (job.state === "building" && quarter > quarterSaid && quarter < 4) { quarterSaid = quarter; say(tr("{p}%", { p: job.percent })); }
    setTimeout(poll, 700);
  }
  poll();
})();
