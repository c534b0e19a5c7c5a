// Shared helpers: the CSRF token for fetch calls, confirmation on dangerous forms.
"use strict";
window.mj = {
  csrf() { const m = document.querySelector('meta[name="csrf-token"]'); return m ? m.content : ""; },
  async postJSON(url, body) {
    const r = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", "X-CSRF-Token": mj.csrf(), "X-Requested-With": "fetch" }, body: JSON.stringify(body) });
    let data = null;
    try { data = await r.json(); } catch (e) { data = { error: { message: "the server answered " + r.status } }; }
    return { status: r.status, data };
  },
};
document.addEventListener("submit", (ev) => {
  const msg = ev.target.dataset && ev.target.dataset.confirm;
  if (msg && !window.confirm(msg)) ev.preventDefault();
});
// Stored times are UTC: shown in the reader's own time zone and language.
document.querySelectorAll("time.when[datetime]").forEach((el) => {
  const d = new Date(el.getAttribute("datetime"));
  if (!isNaN(d)) el.textContent = d.toLocaleString(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" });
});
