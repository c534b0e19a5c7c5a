// /calibrate confirmation page: follow the profile build (GET /calibrate/progress/<token>) on a
// progress bar; the save button waits for the build (the server would wait too).
(function () {
  const box = document.getElementById("build-progress");
  if (!box) return;
  const bar = document.getElementById("build-bar");
  const text = document.getElementById("build-text");
  const button = document.querySelector("#save-profile button[type=submit]");
  const label = button ? button.textContent : "";
  if (button) { button.disabled = true; button.textContent = "Learning your tiles…"; }
  async function poll() {
    let job;
    try {
      const r = await fetch(box.dataset.url, { headers: { Accept: "application/json" } });
      job = await r.json();
      if (!r.ok) throw new Error((job.error && job.error.message) || r.statusText);
    } catch (err) {
      text.textContent = "Cannot follow the build (" + err.message + "); saving still works.";
      if (button) { button.disabled = false; button.textContent = label; }
      return;
    }
    bar.value = job.percent;
    if (job.state === "ready") {
      text.textContent = "Done in " + Math.round(job.elapsed_s) + " s.";
      if (button) { button.disabled = false; button.textContent = label; }
      return;
    }
    if (job.state === "failed") {
      text.textContent = "The profile could not be built: " + job.error;
      box.classList.add("error");
      return;
    }
    text.textContent = job.state === "waiting" ? "Waiting for another profile to finish…"
      : job.percent + " % (" + Math.round(job.elapsed_s) + " s)";
    setTimeout(poll, 700);
  }
  poll();
})();
