// Shared helpers: the CSRF token for fetch calls, confirmation on dangerous forms.
"use strict";
window.mj = {
  csrf() { const m = document.querySelector('meta[name="csrf-token"]'); return m ? m.content : ""; },
  // ``act`` when a select's choice is made: at once with a mouse or touch, but from the keyboard
  // only on Enter or on leaving the select, since each arrow key changes a closed select's value
  // (a select that reloads the page must not act on the first arrow key).
  onChosen(select, act) {
    let keyed = false, acted = select.value;
    const go = () => { keyed = false; if (select.value !== acted) { acted = select.value; act(); } };
    select.addEventListener("focus", () => { acted = select.value; });
    select.addEventListener("keydown", (e) => {
      if (e.key === "Enter") { if (keyed) { e.preventDefault(); go(); } }
      else if (e.key === "Escape") { if (keyed) { select.value = acted; keyed = false; } }
      else if (e.key !== "Tab" && !e.altKey) keyed = true;
    });
    select.addEventListener("change", () => { if (!keyed) go(); });
    select.addEventListener("blur", () => { if (keyed) go(); });
  },
  // Open a modal dialog so that a phone's Back gesture closes it instead of leaving the page (a
  // player who swiped back with the tile picker open lost the review page): an entry is pushed on
  // the history while it is open, and taken off again when the dialog closes any other way.
  showDialog(dialog) {
    if (dialog.open) return;
    if (typeof dialog.showModal === "function") dialog.showModal(); else dialog.setAttribute("open", "");
    history.pushState({ dialog: dialog.id }, "");
    // the entry under the dialog's takes the page's address as it stands (a draft saved while the
    // dialog was open has its own address now: /review/new would start another)
    const keepAddress = () => {
      if (mj.address && window.location.href !== mj.address) history.replaceState(history.state, "", mj.address);
    };
    const onBack = () => { keepAddress(); if (dialog.open) dialog.close(); };
    window.addEventListener("popstate", onBack);
    dialog.addEventListener("close", () => {
      window.removeEventListener("popstate", onBack);
      if (history.state && history.state.dialog === dialog.id) {
        window.addEventListener("popstate", keepAddress, { once: true });
        history.back();
      }
    }, { once: true });
  },
  // Close a dialog opened by showDialog, then ``then()`` once its history entry is taken off (a
  // dialog opened at once would have its own entry taken off instead, and close with it).
  closeDialog(dialog, then) {
    const marked = history.state && history.state.dialog === dialog.id;
    if (marked && then) window.addEventListener("popstate", () => then(), { once: true });
    dialog.close();
    if (!marked && then) then();
  },
  // The page's address changed in place (a draft saved under its own address): kept by showDialog.
  address: null,
  // The language links follow it: they named the address the page was served at, and a switch
  // from a saved draft's page opened an empty new hand.
  setAddress(url) {
    mj.address = url;
    history.replaceState(history.state, "", url);
    for (const link of document.querySelectorAll("a.lang")) {
      const target = new URL(url, window.location.href);
      target.searchParams.set("lang", new URL(link.href, window.location.href).searchParams.get("lang"));
      link.href = target.pathname + target.search;
    }
  },
  // A figure as the page's language writes it (30,000 / 30 000), as the server does (i18n.number).
  number(v) {
    return typeof v === "number" ? v.toLocaleString(document.documentElement.lang || undefined) : String(v);
  },
  // A text's "(s)" marks settled by the count n, as the server does (i18n._plural): French takes
  // the singular for 0 and 1 as well.
  plural(text, n) {
    const singular = document.documentElement.lang === "fr" ? Math.abs(n) < 2 : n === 1;
    return String(text).replace(/\((e?s)\)/g, (m, mark) => (singular ? "" : mark));
  },
  // keepalive: the request outlives the page (a change saved as the player leaves it)
  async postJSON(url, body, { keepalive = false } = {}) {
    const r = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", "X-CSRF-Token": mj.csrf(), "X-Requested-With": "fetch" }, body: JSON.stringify(body), keepalive });
    let data = null;
    try { data = await r.json(); } catch (e) { data = { error: { message: "the server answered " + r.status } }; }
    return { status: r.status, data };
  },
  // A photo larger than the reader needs (phones shoot 48 to 200 MP) is scaled down here before it
  // is sent: the server refuses one over 40 MP, and the upload is shorter. Turned upright as it is
  // drawn (its EXIF orientation is not copied). A photo the browser cannot decode goes as it is.
  // A file over MAX_PHOTO_BYTES is written again as a JPEG at its own size (a 12 MP PNG of 36 MB
  // was refused, "larger than 20 MB", with no way round it).
  MAX_PHOTO_SIDE: 4032,
  MAX_PHOTO_BYTES: 8 * 1024 * 1024,
  async fitPhoto(file) {
    if (!file || !window.createImageBitmap || (file.type && !file.type.startsWith("image/"))) return file;
    let bitmap;
    try { bitmap = await createImageBitmap(file, { imageOrientation: "from-image" }); } catch (e) { return file; }
    const scale = Math.min(1, mj.MAX_PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= mj.MAX_PHOTO_BYTES) { bitmap.close(); return file; }
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise((done) => canvas.toBlob(done, "image/jpeg", 0.92));
    if (!blob || (scale === 1 && blob.size >= file.size)) return file;
    return new File([blob], (file.name || "photo").replace(/\.[^.]*$/, "") + ".jpg", { type: "image/jpeg" });
  },
};
// A plain form's photo (the calibration photo) is scaled down as the upload page's is.
document.addEventListener("submit", async (ev) => {
  const form = ev.target;
  const input = form.querySelector && form.querySelector("input[type=file][data-fit-photo]");
  if (!input || !input.files[0] || !window.DataTransfer) return;
  ev.preventDefault();
  const fitted = await mj.fitPhoto(input.files[0]);
  if (fitted !== input.files[0]) {
    const files = new DataTransfer();
    files.items.add(fitted);
    input.files = files.files;
  }
  form.submit();          // no submit event again
});
document.addEventListener("submit", (ev) => {
  const form = ev.target;
  const msg = form.dataset && form.dataset.confirm;
  if (!msg) return;
  // "{offender}", "{amount}": the form's fields as chosen, so that the question says what is
  // recorded ("Record this false win?" named neither the player nor what each is paid)
  const said = msg.replace(/\{(\w+)\}/g, (whole, name) => {
    const el = form.elements && form.elements.namedItem(name);
    if (!el || !("value" in el)) return whole;
    if (el.tagName === "SELECT") return el.value !== "" && el.selectedIndex >= 0 ? el.options[el.selectedIndex].text : "?";
    return el.value || "?";
  });
  if (!window.confirm(said)) ev.preventDefault();
});
// The score sheet's "slide the table sideways" hint, said only while its box does scroll: a 768-px
// tablet showed it above a table that fit.
(() => {
  const hint = document.getElementById("scroll-hint"), box = hint && document.querySelector(".sheet-box");
  if (!hint || !box) return;
  const follow = () => hint.classList.toggle("not-needed", box.scrollWidth <= box.clientWidth + 1);
  follow();
  window.addEventListener("resize", follow);
})();
// Stored times are UTC: shown in the reader's own time zone and language.
document.querySelectorAll("time.when[datetime]").forEach((el) => {
  const d = new Date(el.getAttribute("datetime"));
  if (!isNaN(d)) el.textContent = d.toLocaleString(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" });
});
// Sources of rules and texts (result pages): behind a link, shown on demand.
document.addEventListener("click", (e) => {
  const a = e.target.closest("a.source");
  if (!a) return;
  e.preventDefault();
  let box = a.nextElementSibling;
  if (!box || !box.classList.contains("source-text")) {
    box = document.createElement("span"); box.className = "source-text small muted";
    // the rule documents' French words, quoted « … », read by a French voice on other pages
    const other = document.documentElement.lang !== "fr";
    a.dataset.source.split(/(«[^»]*»)/).forEach((part) => {
      if (!part) return;
      if (!other || !part.startsWith("«")) { box.append(document.createTextNode(part)); return; }
      const quoted = document.createElement("span");
      quoted.lang = "fr";
      quoted.textContent = part;
      box.append(quoted);
    });
    // said as it appears (a screen reader on the link heard nothing change), the link's state with it
    box.setAttribute("role", "status");
    a.after(box);
    a.setAttribute("aria-expanded", "true");
  } else {
    box.remove();
    a.setAttribute("aria-expanded", "false");
  }
});
// A link that acts as a button ("what it is") works with Space as a button does: Space scrolled
// the page and left it shut (WCAG 2.1.1)
document.addEventListener("keydown", (e) => {
  if (e.key !== " " || e.repeat || !e.target.closest) return;     // held down: once
  const a = e.target.closest("a.source[role=button]");
  if (!a) return;
  e.preventDefault();
  a.click();
});
// The hand a player was reviewing and left (Back twice: once for the picker, once off the page)
// without recording it: remembered by the review page (mj.unfinished), offered again on the photo
// page and its game's page, so that its corrections are not made a second time on a new reading.
// Several are kept, each by its draft (two hands read before either was recorded: the second
// one's review forgot the first), newest first.
const UNFINISHED_KEY = "mj.unfinished", UNFINISHED_HOURS = 12, UNFINISHED_KEPT = 6;
mj.unfinished = {
  all() {
    try {
      let kept = JSON.parse(localStorage.getItem(UNFINISHED_KEY) || "[]");
      if (!Array.isArray(kept)) kept = kept ? [kept] : [];       // one hand, as stored before
      return kept.filter((u) => u && u.url && Date.now() - u.at < UNFINISHED_HOURS * 3600e3);
    } catch (e) { return []; }
  },
  save(kept) {
    try { localStorage.setItem(UNFINISHED_KEY, JSON.stringify(kept.slice(0, UNFINISHED_KEPT))); } catch (e) { /* private mode */ }
  },
  remember(url, game, draft, hand) {
    const others = this.all().filter((u) => u.url !== url && !(draft && u.draft === draft));
    this.save([{ url, game, draft, hand, at: Date.now() }, ...others]);
  },
  // one offered and dismissed by the player (three photos of one hand were offered alike, for good)
  dismiss(url) {
    this.save(this.all().filter((u) => u.url !== url));
  },
  // the one of this draft (its id is in its address, for those stored without it)
  forget(draft) {
    if (draft) this.save(this.all().filter((u) => u.draft !== draft && !u.url.includes(draft)));
  },
};
document.addEventListener("DOMContentLoaded", () => {
  const slot = document.getElementById("unfinished-slot");
  if (!slot) return;
  const here = mj.unfinished.all().filter((u) => String(u.game || "") === (slot.dataset.game || ""));
  if (!here.length) return;
  const first = slot.querySelector("a"), text = first.textContent;
  here.forEach((u, i) => {
    // each on a line of its own with its ×: run together with " · ", five of them crowded a phone's
    // game page, the dots at lines' ends
    const item = document.createElement("span");
    item.className = "unfinished-item";
    const a = i ? first.cloneNode(true) : first;
    slot.appendChild(item);
    item.appendChild(a);
    a.href = u.url;
    // several: each by the time it was left and its hand, which tell them apart (two left the same
    // minute read alike); a dash between them, as a colon after the time read « 20:00: 9m… »
    if (here.length > 1) {
      const at = new Date(u.at).toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" });
      a.textContent = `${text} (${at}${u.hand ? " – " + u.hand : ""})`;
    }
    // each can be forgotten here: a hand photographed again and recorded from its new photo left
    // its first reading offered until it expired
    const forget = document.createElement("button");
    forget.type = "button"; forget.className = "secondary small unfinished-forget"; forget.textContent = "×";
    forget.setAttribute("aria-label", slot.dataset.forget || "Forget this hand");
    forget.title = slot.dataset.forget || "Forget this hand";
    forget.addEventListener("click", () => {
      mj.unfinished.dismiss(u.url);
      item.remove();
      if (!slot.querySelector("a")) slot.hidden = true;
    });
    a.after(" ", forget);
  });
  slot.hidden = false;
});
// A flash message the page opens with ("hand 3 recorded") is in a live region already there when
// the page loads, which screen readers do not announce: the keyboard starts on it instead, unless
// the page put the focus somewhere (a refused field), so Record, Save and Delete are heard done.
// A form the server refused and served again with its reason (a rate that is no number, a name
// taken twice) takes the keyboard the same way: its field marked invalid, else the reason, unless
// the page's own script or an autofocus put it somewhere already (game.js for its forms).
window.addEventListener("load", () => {
  if (document.querySelector("[autofocus]") || (document.activeElement && document.activeElement !== document.body)) return;
  const reason = document.querySelector(".refused[role=alert]");
  if (!reason) return;
  const next = reason.nextElementSibling;
  const form = reason.closest("form") || (next && next.tagName === "FORM" ? next : null);
  const bad = form && form.querySelector("[aria-invalid=true]");
  if (!bad) reason.tabIndex = -1;
  (bad || reason).focus();
});
document.addEventListener("DOMContentLoaded", () => {
  const said = document.querySelector(".flashes .flash");
  if (!said || document.querySelector("[autofocus]")
      || (document.activeElement && document.activeElement !== document.body)) return;
  said.setAttribute("tabindex", "-1");
  said.focus({ preventScroll: true });
});
