// Game page: a win or an edit the server refused (a typo in the notation, a missing winner) comes
// back to its form as the player typed it. On submit the form's visible fields are kept for this
// tab (sessionStorage) with the page's version (data-keep-input: the number of hands, and for an
// edit form also of changes); they are put back only on the page the refusal leads to (the server
// marks that form data-refused and says why in it) and only if nothing was recorded since (a
// recorded hand must not be offered again), unless that was the refusal's reason (the server marks
// it data-refused-stale: the reason names the hand another device recorded); an edit form put back
// is opened. On any other visit
// the kept entry is dropped: a form filled by itself later would be recorded unread. Hidden
// fields (the CSRF token, the form's once-only key) are never put back.
"use strict";
(() => {
  const forms = document.querySelectorAll("form[data-keep-input]");
  const keyOf = (form) => `mj-keep:${location.pathname}:${form.id}`;
  const fields = (form) => Array.from(form.elements).filter((el) => el.name && el.type !== "hidden"
    && el.type !== "submit" && el.type !== "button" && el.type !== "file");
  forms.forEach((form) => {
    const key = keyOf(form);
    let saved = null;
    try { saved = JSON.parse(sessionStorage.getItem(key) || "null"); } catch (e) { saved = null; }
    sessionStorage.removeItem(key);
    // refused because another device recorded a hand since (data-refused-stale): put back all the
    // same, under the reason, for the player to send again or leave
    if (saved && (saved.recorded === form.dataset.keepInput || "refusedStale" in form.dataset) && "refused" in form.dataset) {
      let back = 0;
      fields(form).forEach((el, i) => {
        const v = saved.values[i];
        if (!v || v[0] !== el.name) return;       // the form changed since: leave it as served
        if (el.type === "checkbox" || el.type === "radio") el.checked = v[2];
        else el.value = v[1];
        back += 1;
      });
      // the page says the entry is back only where it is: served, it asks for the form again
      // (a browser without this script got an empty form under "your entry is back")
      // the page's one refusal (the names' lies above their form, not in it)
      const said = document.querySelector("#refused [data-entry-back]"), lost = document.querySelector("#refused [data-entry-lost]");
      if (back && said && lost) { said.hidden = false; lost.hidden = true; }
      const details = form.closest("details");
      if (details) details.open = true;
      // a second or third winner put back is shown, not left in its folded box
      form.querySelectorAll("details.more-winners").forEach((box) => {
        if (Array.from(box.querySelectorAll("select[name^=winner], input[name^=hand]")).some((el) => el.value)) box.open = true;
      });
    }
    if ("refused" in form.dataset) {
      // the reason is in the page at load, which a screen reader does not always say (role=alert
      // is for changes): the hand it is about is marked and takes the focus, else the reason does
      const typed = form.dataset.refusedNotation;
      const hand = typed === undefined ? null : Array.from(form.querySelectorAll("input[name^=hand]"))
        .find((el) => !el.disabled && el.value.trim() === typed.trim());
      // (the names' and the substitute's reason lies above their form, not in it)
      const reason = form.querySelector("#refused") || document.getElementById("refused");
      // else the field the server named (the substitute's name), where the form has one so named
      const field = form.dataset.refusedField;
      const named = hand || (field && form.querySelector(`[name="${CSS.escape(field)}"]:not([type=hidden])`));
      if (named) {
        named.setAttribute("aria-invalid", "true");
        if (reason) named.setAttribute("aria-describedby", "refused");
      } else if (reason) {
        reason.tabIndex = -1;
      }
      // once loaded: the page's scroll to the form (#win-form) would otherwise take the focus back
      const target = named || reason;
      if (target) window.addEventListener("load", () => target.focus());
    }
  });
  // From a recorded hand's review page (?edit=N&hand=...&winner=W): hand N's edit form opened,
  // the winner's hand filled with the hand as corrected there, to be checked and saved.
  const params = new URLSearchParams(location.search);
  const editing = params.get("edit") && document.getElementById("edit-form-" + params.get("edit"));
  if (editing && !params.get("hand")) {    // an older hand's "Edit" link: its form, open, in view
    const first = editing.querySelector("select, input:not([type=hidden])");
    editing.scrollIntoView({ block: "center" });
    if (first) first.focus();
  }
  if (editing && params.get("hand")) {
    const rows = Array.from(editing.querySelectorAll(".win-row"));
    const row = rows.find((r) => (r.querySelector("select[name^=winner]") || {}).value === params.get("winner")) || rows[0];
    const input = row && row.querySelector("input[name^=hand]");
    if (input) {
      input.value = params.get("hand");
      const details = editing.closest("details");
      if (details) details.open = true;
      const more = row.closest("details.more-winners");
      if (more) more.open = true;
      input.scrollIntoView({ block: "center" });
      input.focus();
    }
  }
  // An edit form's result (win or draw): the fields of the one chosen, the other's set aside
  // (disabled: not sent, and a win's required winner does not stop a draw being saved).
  const showKind = (select) => select.form.querySelectorAll("fieldset[data-kind]").forEach((set) => {
    set.disabled = set.hidden = set.dataset.kind !== select.value;
  });
  document.querySelectorAll("select[data-kind-switch]").forEach((select) => {
    showKind(select);          // as put back above, or as the browser kept it
    select.addEventListener("change", () => showKind(select));
  });
  // on the document, after common.js's confirmation: a submit the player cancelled is not kept
  document.addEventListener("submit", (ev) => {
    const form = ev.target;
    if (ev.defaultPrevented || !form.matches || !form.matches("form[data-keep-input]")) return;
    const values = fields(form).map((el) => [el.name, el.value, !!el.checked]);
    try {
      sessionStorage.setItem(keyOf(form), JSON.stringify({ recorded: form.dataset.keepInput, values }));
    } catch (e) { /* storage full or refused: the form simply is not kept */ }
  });

  // On a wide screen a hand's editor opens in a row of its own under the hand, the table's whole
  // width: in the hand's last column (a fifth of the table) the hand box cut the notation short
  // ("[6666z,2]1123456789s 1s", its flowers out of view) and a refusal became a tall narrow block.
  // On a phone each hand is a card and its editor stays in it; without scripts, in its column.
  const wide = window.matchMedia("(min-width: 900px)");     // app.css: cards below
  const place = (details) => {
    const form = details.editForm || details.querySelector(":scope > form");
    const hand = details.closest("tr");
    if (!form || !hand) return;
    details.editForm = form;
    let row = details.editRow;
    if (details.open && wide.matches) {
      if (!row) {
        row = document.createElement("tr");
        row.className = "edit-row";
        const cell = row.insertCell();
        cell.colSpan = Array.from(hand.cells).reduce((n, c) => n + c.colSpan, 0);
        details.editRow = row;
      }
      if (!row.isConnected) hand.after(row);
      if (form.parentNode !== row.cells[0]) row.cells[0].appendChild(form);
    } else {
      if (form.parentNode !== details) details.appendChild(form);
      if (row) row.remove();
    }
  };
  const editors = Array.from(document.querySelectorAll("table.hands details.edit-hand"));
  editors.forEach((details) => {
    details.addEventListener("toggle", () => place(details));
    place(details);
  });
  wide.addEventListener("change", () => editors.forEach(place));

  // Another device at the table changed the game (a hand recorded, deleted or edited): said, with a
  // link to the game as it is now; the page is not reloaded by itself, which would lose what is
  // being typed. Polled every 10 s while the page is in view.
  const changed = document.getElementById("game-changed");
  let poll = null;
  if (changed) {
    const drawn = changed.dataset.state;
    poll = () => {
      if (document.visibilityState !== "visible" || !changed.hidden) return;
      fetch(changed.dataset.stateUrl, { headers: { Accept: "application/json", "X-Requested-With": "fetch" } })
        .then(async (r) => {
          if (r.status === 403) {
            // this device may follow the game no more (the table's join link changed): said, not
            // a page that silently stops following the table
            const why = await r.json().catch(() => null);
            if (why && why.error && why.error.message) {
              changed.textContent = why.error.message;
              changed.classList.add("error");
              changed.hidden = false;
            }
            return null;
          }
          return r.ok ? r.json() : null;
        })
        .then((now) => { if (now && JSON.stringify(now) !== JSON.stringify(JSON.parse(drawn))) changed.hidden = false; })
        .catch(() => {});
    };
    setInterval(poll, Number(changed.dataset.every || 10000));
    document.addEventListener("visibilitychange", poll);
  }
  // Back to this page from the browser's cache (a review left by Back): drawn again, so that it
  // shows what the server knows now. It showed an old "hand 5 recorded" and no "Continue the hand
  // you were reviewing" until reloaded by hand. Not where the player had typed or ticked something
  // before leaving (a draw's tenpai ticks, then "What are tenpai?", then Back): that is kept, and a
  // change at the table is said as another device's is.
  const typedHere = () => Array.from(document.querySelectorAll("form input, form select, form textarea")).some((el) => {
    if (["hidden", "submit", "button", "file"].includes(el.type)) return false;
    if (el.type === "checkbox" || el.type === "radio") return el.checked !== el.defaultChecked;
    if (el.tagName === "SELECT") {
      const first = Array.from(el.options).findIndex((o) => o.defaultSelected);
      return el.selectedIndex !== (first < 0 ? 0 : first);
    }
    return el.value !== el.defaultValue;
  });
  window.addEventListener("pageshow", (e) => {
    if (!e.persisted) return;
    if (!typedHere()) window.location.reload();
    else if (poll) poll();
  });
})();
