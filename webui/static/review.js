// Review page: the hand as tiles, corrections (tile picker, moves, exposed/concealed, winning
// tile), the photo overlay, and re-scoring after every change through POST /review/score.
"use strict";
(() => {
  const data = JSON.parse(document.getElementById("review-data").textContent);
  const view = document.getElementById("hand-view");
  const ctxForm = document.getElementById("context-form");
  const resultBox = document.getElementById("result");
  const notationInput = document.getElementById("notation");
  const picker = document.getElementById("picker");
  const readTiles = (data.reading && data.reading.tiles) || [];
  const reading = (data.reading && data.reading.reading) || {};
  const links = reading.links || [];
  // The code each read tile ended up with: consistency decoding may have changed it.
  const readCode = readTiles.map((t) => t.code);
  for (const c of ((reading.decoding || {}).changes || [])) {
    if (c.tile !== null && c.tile !== undefined && readTiles[c.tile]) readCode[c.tile] = c.chosen;
  }
  const tileUrl = (code) => data.tileUrl.replace("CODE", code || "back");
  const norm = (c) => (c && c[0] === "0" ? "5" + c[1] : c);
  const SUITS = "mpszf";
  const sortKey = (c) => SUITS.indexOf(c[1]) * 100 + (c[0] === "0" ? 51 : Number(c[0]) * 10);
  const corrections = [];
  let groups = [];
  let draftId = data.draft;

  // ---- hand model ------------------------------------------------------------------------------
  function newTile(code, src) {
    const t = { code, src: src === undefined ? null : src, win: false, low: false, base: null };
    if (t.src !== null && readTiles[t.src]) {
      t.low = (readTiles[t.src].confidence || 1) < 0.6;
      // Read with a tile-set profile otherwise than the base model reads it: shown,
      // since a profile can misread hard views of a set the base model reads well.
      t.base = readTiles[t.src].base_code || null;
    }
    return t;
  }
  function fromHand(hand) {
    const used = new Set();
    const srcOf = (code) => {   // tie each tile to a tile read from the photo, for its crop
      for (let i = 0; i < readTiles.length; i++) {
        if (!used.has(i) && readCode[i] && norm(readCode[i]) === norm(code)) { used.add(i); return i; }
      }
      for (let i = 0; i < readTiles.length; i++) {   // a face-down tile of a concealed kong
        if (!used.has(i) && readTiles[i].face_down) { used.add(i); return i; }
      }
      return null;
    };
    groups = [{ kind: "standing", tiles: [] }];
    if (hand) {
      let winSet = false;
      const standing = hand.concealed.map((c) => newTile(c, srcOf(c)));
      for (let i = standing.length - 1; i >= 0; i--) {
        if (!winSet && standing[i].code === hand.winning_tile) { standing[i].win = true; winSet = true; }
      }
      groups[0].tiles = standing;
      for (const m of hand.melds || []) {
        groups.push({ kind: "meld", concealed: !!m.concealed, from: m.from || "", tiles: m.tiles.map((c) => newTile(c, srcOf(c))) });
      }
      groups.push({ kind: "bonus", tiles: (hand.bonus || []).map((c) => newTile(c, srcOf(c))) });
    } else if (readTiles.length) {
      // No hand could be built: lay out what was read, group by group, to be corrected.
      const bonus = [];
      const byGroup = new Map();
      readTiles.forEach((t, i) => {
        const link = links[i] || {};
        const code = readCode[i];
        if (code && code[1] === "f") { bonus.push(newTile(code, i)); return; }
        const kind = ((reading.groups || []).find((g) => g.id === link.group) || {}).kind || "concealed";
        if (kind === "dora") return;
        const key = kind === "meld" || kind === "unknown" ? "g" + link.group : "standing";
        if (!byGroup.has(key)) byGroup.set(key, []);
        byGroup.get(key).push({ t, i, code, win: link.role === "winning" });
      });
      for (const [key, members] of byGroup) {
        const faceUp = members.find((m) => m.code);
        const tiles = members.map((m) => {
          const tile = newTile(m.code || (faceUp ? faceUp.code : "1m"), m.i);
          tile.win = m.win; tile.low = tile.low || !m.code;
          return tile;
        });
        if (key === "standing") groups[0].tiles = tiles;
        else groups.push({ kind: "meld", concealed: members.some((m) => m.t.face_down), from: "", tiles });
      }
      groups.push({ kind: "bonus", tiles: bonus });
    } else {
      groups.push({ kind: "bonus", tiles: [] });
    }
  }
  // A draft saved on the server (a reload, a rule switch): its groups as they were left.
  function fromState(state) {
    groups = (state.groups || []).map((g) => ({
      kind: g.kind, concealed: !!g.concealed, from: g.from || "",
      tiles: (g.tiles || []).map((t) => Object.assign(newTile(t.code, t.src), { win: !!t.win })),
    }));
    if (!groups.length || groups[0].kind !== "standing") groups.unshift({ kind: "standing", tiles: [] });
    if (groups[groups.length - 1].kind !== "bonus") groups.push({ kind: "bonus", tiles: [] });
    corrections.push(...(state.corrections || []));
  }
  const bonusGroup = () => groups[groups.length - 1];
  function meldType(codes) {
    if (codes.length === 4) return "kong";
    if (codes.length === 3 && new Set(codes.map(norm)).size === 1) return "pung";
    return "chow";
  }
  function toHand() {
    const standing = groups[0].tiles;
    const win = standing.find((t) => t.win) || standing[standing.length - 1];
    const melds = [];
    for (const g of groups) {
      if (g.kind !== "meld" || !g.tiles.length) continue;
      const codes = g.tiles.map((t) => t.code).sort((a, b) => sortKey(a) - sortKey(b));
      const type = meldType(codes);
      const concealed = g.concealed && type === "kong";
      let from = concealed ? null : (g.from || null);
      if (type === "chow" && from) from = "left";
      melds.push({ type, tiles: codes, concealed, claimed: from ? codes[0] : null, from });
    }
    return { concealed: standing.map((t) => t.code), melds, winning_tile: win ? win.code : null,
             bonus: bonusGroup().tiles.map((t) => t.code) };
  }
  function groupLabel(g, i) {
    if (g.kind === "standing") return "Standing tiles";
    if (g.kind === "bonus") return "Flowers and seasons";
    const codes = g.tiles.map((t) => t.code);
    return `Meld ${i}: ${codes.length ? meldType(codes) : "empty"}`;
  }

  // ---- drawing ---------------------------------------------------------------------------------
  function render() {
    view.innerHTML = "";
    groups.forEach((g, gi) => {
      if (g.kind === "bonus" && !g.tiles.length) return;
      const box = document.createElement("div");
      box.className = "group " + g.kind;
      box.dataset.group = gi;
      const head = document.createElement("div");
      head.className = "group-head";
      const title = document.createElement("span");
      title.textContent = groupLabel(g, gi);
      head.append(title);
      if (g.kind === "meld") {
        const exp = document.createElement("select");
        exp.className = "exposure";
        // Only a kong is laid down concealed; a chow or pung goes back to the standing tiles instead.
        exp.hidden = g.tiles.length !== 4;
        exp.innerHTML = '<option value="exposed">exposed</option><option value="concealed">concealed</option>';
        exp.value = g.concealed ? "concealed" : "exposed";
        exp.addEventListener("change", () => {
          const codes = g.tiles.map((t) => t.code);
          g.concealed = exp.value === "concealed";
          change({ op: g.concealed ? "conceal" : "expose", group: gi, tiles: codes });
        });
        const from = document.createElement("select");
        from.className = "from";
        from.innerHTML = '<option value="">claimed from…</option><option value="left">left</option><option value="across">across</option><option value="right">right</option>';
        from.value = g.from || "";
        from.disabled = g.concealed;
        from.addEventListener("change", () => { g.from = from.value; change({ op: "from", group: gi, from: from.value }); });
        const dissolve = document.createElement("button");
        dissolve.type = "button"; dissolve.textContent = "↩ to standing"; dissolve.className = "secondary to-standing";
        dissolve.addEventListener("click", () => {
          groups[0].tiles.push(...g.tiles); groups.splice(gi, 1);
          change({ op: "dissolve", group: gi });
        });
        head.append(exp, from, dissolve);
      }
      box.append(head);
      const row = document.createElement("div");
      row.className = "group-tiles";
      // The claimed tile lies sideways, on the side of the player it came from.
      const claimedAt = g.kind === "meld" && g.from && !g.concealed
        ? { left: 0, across: 1, right: g.tiles.length - 1 }[g.from] : -1;
      g.tiles.forEach((t, ti) => {
        const b = document.createElement("button");
        b.type = "button";
        const profiled = t.base && t.base !== t.code;   // a red five and a plain five differ (dora)
        b.className = "htile" + (t.win ? " win" : "") + (t.low ? " low" : "") + (profiled ? " profiled" : "")
          + (ti === claimedAt ? " sideways" : "");
        b.dataset.group = gi; b.dataset.index = ti; b.dataset.code = t.code;
        b.title = t.code + (t.win ? " (winning tile)" : "")
          + (profiled ? ` (read with your tile-set profile; the base model read ${t.base})` : "");
        const img = document.createElement("img");
        img.src = tileUrl(t.code); img.alt = t.code;
        b.append(img);
        b.addEventListener("click", () => openPicker(gi, ti));
        row.append(b);
      });
      box.append(row);
      view.append(box);
    });
    const note = document.getElementById("profiled-note");
    if (note) note.hidden = !view.querySelector(".htile.profiled");
  }

  // ---- photo overlay ---------------------------------------------------------------------------
  const photo = document.getElementById("photo");
  function drawOverlay() {
    const svg = document.getElementById("overlay");
    if (!svg || !photo.naturalWidth) return;
    svg.setAttribute("viewBox", `0 0 ${photo.naturalWidth} ${photo.naturalHeight}`);
    const colours = { concealed: "#1f4e9c", winning: "#f9a825", bonus: "#8e24aa", dora: "#00897b" };
    svg.innerHTML = "";
    const NS = "http://www.w3.org/2000/svg";
    readTiles.forEach((t, i) => {
      const [x0, y0, x1, y1] = t.box;
      const link = links[i] || {};
      const g = (reading.groups || []).find((x) => x.id === link.group);
      const group = t.group || (g ? (g.kind === "meld" ? "meld" + g.id : g.kind) : (t.face_down ? "face_down" : "concealed"));
      const colour = t.face_down ? "#555" : (colours[group] || (group.startsWith("meld") ? "#c62828" : "#1f4e9c"));
      const r = document.createElementNS(NS, "rect");
      r.setAttribute("x", x0); r.setAttribute("y", y0); r.setAttribute("width", x1 - x0); r.setAttribute("height", y1 - y0);
      r.setAttribute("stroke", colour);
      if (t.sideways || link.role === "claimed") r.setAttribute("stroke-dasharray", "8 4");
      const label = document.createElementNS(NS, "text");
      label.setAttribute("x", x0 + 2); label.setAttribute("y", Math.max(18, y0 - 4));
      label.setAttribute("fill", colour);
      label.setAttribute("font-size", Math.max(14, (y1 - y0) / 4));
      const shown = readCode[i] && readCode[i] !== t.code ? `${t.code}→${readCode[i]}` : (readCode[i] || "▮");
      label.textContent = shown + (t.sideways ? "↻" : "") + (group !== "concealed" ? " " + group + (link.role === "claimed" ? " (claimed)" : "") : "");
      svg.append(r, label);
    });
  }
  if (photo) {
    if (photo.complete) drawOverlay(); else photo.addEventListener("load", drawOverlay);
    document.getElementById("show-overlay").addEventListener("change", (e) => {
      document.getElementById("overlay").style.display = e.target.checked ? "" : "none";
    });
  }

  // ---- tile picker -----------------------------------------------------------------------------
  let picking = null;   // {group, index} of the tile being corrected, or {group, add: true}
  const moveSel = document.getElementById("pick-move");
  function openPicker(gi, ti, add) {
    picking = add ? { group: gi, add: true } : { group: gi, index: ti };
    const t = add ? null : groups[gi].tiles[ti];
    const base = t && t.base && t.base !== t.code ? t.base : null;
    document.getElementById("picker-title").textContent = add ? "Add a tile"
      : `Correct ${t.code}` + (base ? ` (the base model read ${base}, outlined)` : "");
    document.querySelectorAll(".pick").forEach((b) => {
      b.classList.toggle("current", !!t && b.dataset.code === t.code);
      b.classList.toggle("base", !!base && b.dataset.code === base);
    });
    document.getElementById("pick-winning").hidden = !!add;
    document.getElementById("pick-remove").hidden = !!add;
    moveSel.innerHTML = "";
    groups.forEach((g, i) => {
      if (g.kind === "bonus") return;
      const o = document.createElement("option"); o.value = i; o.textContent = groupLabel(g, i); moveSel.append(o);
    });
    const o = document.createElement("option"); o.value = "new"; o.textContent = "a new meld"; moveSel.append(o);
    moveSel.value = String(gi);
    const canvas = document.getElementById("crop");
    canvas.hidden = true;
    if (t && t.src !== null && photo && photo.naturalWidth) {
      const [x0, y0, x1, y1] = readTiles[t.src].box;
      const ctx = canvas.getContext("2d");
      const scale = Math.min(canvas.width / (x1 - x0), canvas.height / (y1 - y0));
      ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(photo, x0, y0, x1 - x0, y1 - y0, 0, 0, (x1 - x0) * scale, (y1 - y0) * scale);
      canvas.hidden = false;
      canvas.title = "the tile as photographed" + (readTiles[t.src].top3 ? ": " + readTiles[t.src].top3.map((x) => `${x.code} ${(x.p * 100).toFixed(0)}%`).join(", ") : "");
    }
    if (typeof picker.showModal === "function") picker.showModal(); else picker.setAttribute("open", "");
  }
  // A corrected tile teaches the active tile-set profile: its crop as photographed,
  // upright tiles only (the profile's examples are upright crops); nothing is sent without one.
  function teachProfile(src, code) {
    if (!data.profileActive || src === null || src === undefined || !photo || !photo.naturalWidth) return;
    const read = readTiles[src];
    if (!read || read.sideways || read.face_down) return;
    const [x0, y0, x1, y1] = read.box.map(Math.round);
    if (x1 - x0 < 4 || y1 - y0 < 4) return;
    const c = document.createElement("canvas");
    c.width = x1 - x0; c.height = y1 - y0;
    c.getContext("2d").drawImage(photo, x0, y0, c.width, c.height, 0, 0, c.width, c.height);
    c.toBlob((blob) => {
      if (!blob) return;
      const body = new FormData();
      body.append("crop", blob, "crop.jpg");
      body.append("code", code);
      fetch("/calibrate/corrections", { method: "POST", body,
        headers: { "X-CSRF-Token": mj.csrf(), "X-Requested-With": "fetch" } }).catch(() => {});
    }, "image/jpeg", 0.92);
  }
  function closePicker() { picker.close ? picker.close() : picker.removeAttribute("open"); picking = null; }
  function targetGroup(sel) {
    if (sel === "new") { groups.splice(groups.length - 1, 0, { kind: "meld", concealed: false, from: "", tiles: [] }); return groups.length - 2; }
    return Number(sel);
  }
  document.querySelectorAll(".pick").forEach((b) => b.addEventListener("click", () => {
    if (!picking) return;
    const code = b.dataset.code;
    const isBonus = code[1] === "f";
    if (picking.add) {
      const gi = isBonus ? groups.length - 1 : targetGroup(moveSel.value);
      groups[gi].tiles.push(newTile(code));
      closePicker();
      change({ op: "add", group: gi, to: code });
      return;
    }
    const gi = picking.group;
    const g = groups[gi];
    const t = g.tiles[picking.index];
    const old = t.code;
    t.code = code; t.low = false; t.base = null;   // the user's choice now, not the profile's
    if (isBonus && g.kind !== "bonus") { g.tiles.splice(picking.index, 1); t.win = false; bonusGroup().tiles.push(t); }
    closePicker();
    if (old !== code) teachProfile(t.src, code);
    change({ op: "replace", group: gi, from: old, to: code, read: t.src });
  }));
  document.getElementById("pick-remove").addEventListener("click", () => {
    if (!picking || picking.add) return;
    const g = groups[picking.group]; const [t] = g.tiles.splice(picking.index, 1);
    closePicker(); change({ op: "remove", tile: t.code });
  });
  document.getElementById("pick-winning").addEventListener("click", () => {
    if (!picking || picking.add) return;
    let g = groups[picking.group]; let t = g.tiles[picking.index];
    if (g.kind !== "standing") { g.tiles.splice(picking.index, 1); groups[0].tiles.push(t); }
    groups[0].tiles.forEach((x) => { x.win = false; });
    t.win = true;
    closePicker(); change({ op: "winning", tile: t.code });
  });
  moveSel.addEventListener("change", () => {
    if (!picking || picking.add) return;
    const from = picking.group;
    const [t] = groups[from].tiles.splice(picking.index, 1);
    const to = targetGroup(moveSel.value);
    if (to !== 0) t.win = false;
    groups[to].tiles.push(t);
    closePicker(); change({ op: "move", tile: t.code, from, to });
  });
  document.getElementById("add-tile").addEventListener("click", () => openPicker(0, null, true));
  document.getElementById("add-group").addEventListener("click", () => {
    groups.splice(groups.length - 1, 0, { kind: "meld", concealed: false, from: "", tiles: [] });
    render();
  });
  document.getElementById("clear-hand").addEventListener("click", () => {
    if (!window.confirm("Clear the whole hand?")) return;
    groups = [{ kind: "standing", tiles: [] }, { kind: "bonus", tiles: [] }];
    change({ op: "clear" });
  });

  // ---- scoring ---------------------------------------------------------------------------------
  function formFields() {
    const out = {};
    for (const [k, v] of new FormData(ctxForm).entries()) out[k] = v;
    return out;
  }
  function request(hand) {
    const f = formFields();
    const body = { hand, rules: f.rules || data.rules, form: f };
    if (data.game) Object.assign(body, { game: data.game.id, winner: f.winner, discarder: f.discarder, dealer: f.dealer, round_wind: f.round_wind });
    return body;
  }
  let seq = 0, timer = null;
  function showResult(d) {
    resultBox.innerHTML = d.html || "";
    resultBox.querySelectorAll("tr.item").forEach((row) => row.addEventListener("click", () => highlight(row)));
    showDeclare(d.ok ? d.declare : null, d.ok);
  }
  // Record: a hand that cannot be declared is refused with the reason, and offered as a false
  // win where the rules have one.
  let declared = null;
  function showDeclare(verdict, scored) {
    declared = verdict;
    const rec = document.getElementById("record-button");
    if (!rec) return;
    const ok = !!(verdict && verdict.ok);
    rec.disabled = !ok;
    const note = document.getElementById("declare-note");
    note.hidden = ok || !verdict;
    note.textContent = verdict && !ok ? "Cannot be recorded as a win: " + verdict.reason : "";
    const fw = document.getElementById("false-win-button");
    if (fw) fw.hidden = ok || !scored || !(verdict && verdict.false_win);
  }
  const isEmpty = () => groups.every((g) => !g.tiles.length);
  function showEmpty() {
    notationInput.value = "";
    resultBox.innerHTML = '<p class="muted" id="empty-hand">No tiles yet: add them with “+ Tile”, or type the notation.</p>';
    showDeclare(null);
  }
  async function rescore() {
    const mine = ++seq;
    if (isEmpty()) { showEmpty(); return; }
    const { data: d } = await mj.postJSON(data.scoreUrl, request(toHand()));
    if (mine !== seq) return;  // a newer correction is on its way
    if (d.ok) notationInput.value = d.notation;
    showResult(d);
  }
  function change(correction) {
    if (correction) corrections.push(correction);
    render();
    clearTimeout(timer);
    timer = setTimeout(() => { rescore(); saveState(); }, 120);
  }

  // ---- the draft on the server -----------------------------------------------------------------
  function currentState() {
    const f = formFields();
    const fields = Array.from(ctxForm.elements).map((e) => e.name).filter(Boolean);
    return { rules: f.rules || data.rules, form: f, fields, corrections,
             groups: groups.map((g) => ({ kind: g.kind, concealed: !!g.concealed, from: g.from || "",
                                           tiles: g.tiles.map((t) => ({ code: t.code, src: t.src, win: !!t.win })) })) };
  }
  let saving = Promise.resolve();
  function saveState() {
    if (data.recorded) return saving;
    const state = currentState();
    saving = saving.then(async () => {
      if (draftId) {
        await mj.postJSON(data.stateUrl.replace("DRAFT", encodeURIComponent(draftId)), { state });
        return;
      }
      const { status, data: d } = await mj.postJSON(data.draftsUrl, { state });
      if (status === 201 && d.draft) {
        draftId = d.draft;
        const u = new URL(d.url, window.location.href);
        const here = new URL(window.location.href);
        for (const k of ["game", "rules"]) if (here.searchParams.get(k)) u.searchParams.set(k, here.searchParams.get(k));
        history.replaceState(null, "", u.toString());
        const form = document.getElementById("record-form");
        if (form) form.action = data.recordUrl.replace("DRAFT", encodeURIComponent(draftId));
      }
    }).catch(() => {});
    return saving;
  }
  function restoreForm(state) {
    const f = state.form || {};
    const had = new Set(state.fields || Object.keys(f));
    for (const el of ctxForm.elements) {
      if (!el.name || el.type === "hidden" || el.id === "rules-select" || !had.has(el.name)) continue;
      if (el.type === "checkbox") el.checked = el.name in f;
      else if (el.name in f && Array.from(el.options || [{ value: f[el.name] }]).some((o) => o.value === f[el.name])) el.value = f[el.name];
    }
  }
  function highlight(row) {
    const active = !row.classList.contains("active");
    resultBox.querySelectorAll("tr.item.active").forEach((r) => r.classList.remove("active"));
    view.querySelectorAll(".htile.hl").forEach((t) => t.classList.remove("hl"));
    if (!active) return;
    row.classList.add("active");
    const want = row.dataset.tiles.split(" ").filter(Boolean);
    const free = Array.from(view.querySelectorAll(".htile"));
    for (const code of want) {
      const i = free.findIndex((b) => norm(b.dataset.code) === norm(code));
      if (i >= 0) { free[i].classList.add("hl"); free.splice(i, 1); }
    }
  }
  ctxForm.addEventListener("change", (e) => {
    if (e.target.id === "rules-select") {
      // The draft is saved first: the page for the other rules opens it as it was left.
      saveState().then(() => {
        const u = new URL(window.location.href);
        u.searchParams.set("rules", e.target.value);
        u.searchParams.delete("hand");
        window.location.href = u.toString();
      });
      return;
    }
    change(null);
  });
  ctxForm.addEventListener("submit", (e) => e.preventDefault());
  document.getElementById("notation-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = notationInput.value.trim();
    const { data: d } = await mj.postJSON(data.scoreUrl, request(text));
    if (d.ok) {
      fromHand(d.hand); corrections.push({ op: "notation", text }); render();
    }
    showResult(d);
  });
  const recordForm = document.getElementById("record-form");
  if (recordForm) {
    recordForm.addEventListener("submit", async (e) => {
      e.preventDefault();
      const falseWin = e.submitter && e.submitter.id === "false-win-button";
      if (falseWin && !window.confirm(e.submitter.dataset.confirm)) return;
      const f = formFields();
      const payload = { kind: falseWin ? "false_win" : "win", hand: toHand(), winner: f.winner,
                        discarder: f.discarder === "" ? null : f.discarder,
                        dealer: f.dealer, round_wind: f.round_wind, form: f, corrections };
      document.getElementById("record-payload").value = JSON.stringify(payload);
      await saveState();          // a hand entered by hand gets its draft here
      if (!draftId) return;
      recordForm.action = data.recordUrl.replace("DRAFT", encodeURIComponent(draftId));
      recordForm.submit();
    });
  }

  // Back to this page after recording: reload it, so that it shows the hand recorded.
  window.addEventListener("pageshow", (e) => { if (e.persisted) window.location.reload(); });

  // ---- start -----------------------------------------------------------------------------------
  if (data.state && data.state.groups) { fromState(data.state); restoreForm(data.state); } else fromHand(data.hand);
  render();
  if (data.state && data.state.groups) rescore();
  else if (data.hand || readTiles.length) rescore();
  else if (data.notation) document.getElementById("notation-form").requestSubmit();
  else resultBox.innerHTML = '<p class="muted">Type the notation above, or add tiles with “+ Tile”.</p>';
})();
