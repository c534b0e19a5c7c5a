// Review page: the hand as large tiles, corrections (the tile picker, melds made from selected
// tiles, the winning tile), undo and redo of each step, the photo and its overlay, and
// re-scoring after every change through POST /review/score. The draft is saved on the server
// after each change (a reload or a change of rules opens it as it was left); Record is once per draft.
"use strict";
(() => {
  const data = JSON.parse(document.getElementById("review-data").textContent);
  const T = data.text || {};
  const tr = (s, fields) => {
    let out = T[s] || s;
    if (fields && typeof fields.n === "number") out = mj.plural(out, fields.n);
    for (const [k, v] of Object.entries(fields || {})) out = out.replace("{" + k + "}", v);
    return out;
  };
  const $ = (id) => document.getElementById(id);
  const view = $("hand-view");
  const ctxForm = $("context-form");
  const resultBox = $("result");
  const notationInput = $("notation");
  const picker = $("picker");
  const readTiles = (data.reading && data.reading.tiles) || [];
  // Each tile's name in the page's language, from the picker's buttons (the server names them).
  const tileNames = {};
  document.querySelectorAll("#picker-grid .pick").forEach((p) => { tileNames[p.dataset.code] = p.title; });
  const tileName = (code) => tileNames[code] || code;
  const reading = (data.reading && data.reading.reading) || {};
  const links = reading.links || [];
  // the reading's group of read tile i (standing, a meld, the winning tile...), or undefined
  const readGroup = (i) => (reading.groups || []).find((g) => g.id === (links[i] || {}).group);
  // The code each read tile ended up with: consistency decoding may have changed it.
  const readCode = readTiles.map((t) => t.code);
  const decoded = new Set();     // read tiles whose code the decoding changed, to be checked
  for (const c of ((reading.decoding || {}).changes || [])) {
    if (c.tile !== null && c.tile !== undefined && readTiles[c.tile]) { readCode[c.tile] = c.chosen; decoded.add(c.tile); }
  }
  // The code read tile i shows: its read code, or, for a face a tile-set profile turned face down,
  // the base model's (its white dragon read as a back); null for a back.
  const faceCode = (i) => readCode[i] || (readTiles[i].face_down && readTiles[i].base_code) || null;
  // Where read tile i goes when the hand view is laid out from the reading: "bonus", "standing",
  // "g<id>" (a meld or an unknown group of the reading), or null (a face no code names, a dora).
  const handPlace = (i) => {
    if (readTiles[i].unknown) return null;
    if (readCode[i] && readCode[i][1] === "f") return "bonus";
    const kind = (readGroup(i) || {}).kind || "concealed";
    if (kind === "dora") return null;
    // a back that grouping left out apart from every group (a wall's top, a box on a shelf): no
    // tile of the hand; in the standing row it was said to be a standing tile read face down
    if (kind === "ignored" && !faceCode(i)) return null;
    return kind === "meld" || kind === "unknown" ? "g" + (links[i] || {}).group : "standing";
  };

  const tileUrl = (code) => data.tileUrl.replace("CODE", code || "back");
  const norm = (c) => (c && c[0] === "0" ? "5" + c[1] : c);
  // three tiles of one suit in a run (1m 2m 3m), in any order
  function isChow(codes) {
    if (codes.length !== 3 || codes.some((c) => !c || !"mps".includes(c[1]) || c[1] !== codes[0][1])) return false;
    const n = codes.map((c) => Number(norm(c)[0])).sort();
    return n[1] === n[0] + 1 && n[2] === n[1] + 1;
  }
  const SUITS = "mpszf";
  const sortKey = (c) => SUITS.indexOf(c[1]) * 100 + (c[0] === "0" ? 51 : Number(c[0]) * 10);
  const corrections = [];
  let groups = [];
  let draftId = data.draft;

  // ---- hand model ------------------------------------------------------------------------------
  function newTile(code, src) {
    const t = { code, src: src === undefined ? null : src, win: false, low: false, base: null };
    if (t.src !== null && readTiles[t.src]) {
      // a tile the decoding changed to make a hand is marked too: named only in the note above
      // ("standing tile 12 5m → 4m"), the player had to count tiles to find it
      t.low = (readTiles[t.src].confidence || 1) < data.unsureBelow || decoded.has(t.src);
      // Read with a tile-set profile otherwise than the base model reads it: shown,
      // since a profile can misread hard views of a set the base model reads well.
      t.base = readTiles[t.src].base_code || null;
    }
    return t;
  }
  // ``typed``: the hand the player typed, whose codes are their word: no tile of it is left marked
  // unsure (a blurred photo's typed hand kept its "?" marks and "4 tiles are unsure"), but for a
  // tile the decoding changed, whose code the box showed as the decoding's guess (photographed())
  function fromHand(hand, typed = false) {
    const used = new Set();
    // each photographed tile's code as the hand stood before it was typed: a tile the player had
    // corrected (a 2z read, made a 7s) is that code now; tied by its code as read, a typed 2z took
    // its crop and taught the profile that the 7s was a 2z, the correction lost
    const stood = new Map();
    if (typed) groups.forEach((g) => g.tiles.forEach((t) => { if (t.src !== null && t.src !== undefined) stood.set(t.src, t.code); }));
    const codeAt = (i) => (stood.has(i) ? stood.get(i) : readCode[i]);
    const srcOf = (code) => {   // tie each tile to a tile read from the photo, for its crop
      for (let i = 0; i < readTiles.length; i++) {
        if (!used.has(i) && !readTiles[i].unknown && codeAt(i) && norm(codeAt(i)) === norm(code)) { used.add(i); return i; }
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
      // the ★ at the row's right end, apart as it is laid on the table: a typed hand's tiles come
      // sorted, and its winning 5s stood between the other 5s and the 7s (a photo's is last already)
      const won = standing.findIndex((t) => t.win);
      if (won >= 0) standing.push(...standing.splice(won, 1));
      groups[0].tiles = standing;
      for (const m of hand.melds || []) {
        // an added kong (its fourth tile drawn) keeps its mark: without it Hong Kong's payment (4)
        // charged the pung's discarder three times
        const tiles = m.tiles.map((c) => newTile(c, srcOf(c)));
        // a concealed kong's tiles in the photo's order, its face-down ones where they lay
        if (m.concealed && tiles.every((t) => t.src !== null)) tiles.sort((a, b) => a.src - b.src);
        groups.push({ kind: "meld", concealed: !!m.concealed, from: m.from || "", ...(m.added ? { added: true } : {}),
                      tiles });
      }
      const bonusTiles = (hand.bonus || []).map((c) => newTile(c, srcOf(c)));
      // won on the eighth flower (Hong Kong, 004 6D): the ★ is on it, none on the 13 tiles held
      const flowerWin = !winSet && bonusTiles.find((t) => t.code === hand.winning_tile);
      if (flowerWin) flowerWin.win = true;
      groups.push({ kind: "bonus", tiles: bonusTiles });
      if (typed) groups.forEach((g) => g.tiles.forEach((t) => { if (!decoded.has(t.src)) { t.low = false; t.checked = true; } }));
    } else if (readTiles.length) {
      // No hand could be built: lay out what was read, group by group, to be corrected.
      const bonus = [];
      const byGroup = new Map();
      readTiles.forEach((t, i) => {
        const link = links[i] || {};
        // a face a tile-set profile turned face down keeps the base model's code (faceCode): given a
        // neighbour's code instead, it showed as that tile, unsure
        const code = faceCode(i);
        const key = handPlace(i);   // null: a face no code names (the player adds its tile), a dora
        if (key === null) return;
        if (key === "bonus") { bonus.push(newTile(code, i)); return; }
        if (!byGroup.has(key)) byGroup.set(key, []);
        byGroup.get(key).push({ t, i, code, win: link.role === "winning" });
      });
      for (const [key, members] of byGroup) {
        const faceUp = members.find((m) => m.code);
        if (!faceUp && key !== "standing") {
          // face-down tiles with no face-up one beside them (a wall, or a concealed kong turned
          // fully face down): given a made-up code ("1m"), a wall became a meld that scored
          if ($("face-down-groups") && readCode.some((c) => c)) $("face-down-groups").hidden = false;
          continue;
        }
        // a meld's face-down tiles are its face-up one's (a concealed kong); a standing tile read
        // face down is a face not read, left out and said: given a neighbour's code, it made a
        // hand that was not on the table, scored and ready to record
        const blind = key === "standing" ? members.filter((m) => !m.code).length : 0;
        const tiles = members.filter((m) => m.code || key !== "standing").map((m) => {
          const tile = newTile(m.code || (faceUp ? faceUp.code : "1m"), m.i);
          tile.win = m.win; tile.low = tile.low || !m.code || !!m.t.face_down;
          return tile;
        });
        if (blind && $("standing-face-down") && readCode.some((c) => c)) $("standing-face-down").hidden = false;
        if (key === "standing") groups[0].tiles = tiles;
        else groups.push({ kind: "meld", concealed: members.some((m) => m.t.face_down && !m.code), from: "", tiles });
      }
      // nothing read face up (a picture of no tile, whose yellow circle was read as a tile's back):
      // said so, not "tiles of the standing row were read face down... add each with + Tile"
      if (readTiles.length && !readCode.some((c) => c) && $("no-face-up")) $("no-face-up").hidden = false;
      // the photo's last standing tile is its winning tile, marked now: left implied, a tile moved
      // or added to the row came last and silently took its star (and the score changed)
      const standing = groups[0].tiles;
      if (standing.length && !standing.some((t) => t.win)) standing[standing.length - 1].win = true;
      groups.push({ kind: "bonus", tiles: bonus });
    } else {
      groups.push({ kind: "bonus", tiles: [] });
    }
  }
  // A draft saved on the server (a reload, a rule switch): its groups as they were left.
  function fromState(state) {
    groups = (state.groups || []).map((g) => ({
      // an added kong's mark too: lost on a reload, Hong Kong's settlement of a kong-robbing win changed
      kind: g.kind, concealed: !!g.concealed, from: g.from || "", ...(g.added ? { added: true } : {}),
      tiles: (g.tiles || []).map((t) => {
        const tile = Object.assign(newTile(t.code, t.src), { win: !!t.win });
        // a tile the player corrected (its code no longer the one read there) is the player's
        // choice: marked "unsure: check it" again after a reload, it looked never checked
        if (tile.src !== null && readCode[tile.src] && norm(readCode[tile.src]) !== norm(tile.code)) {
          tile.low = false; tile.base = null;
        }
        // checked as read (chosen again, or typed): its mark came back after a reload
        if (t.checked) { tile.low = false; tile.checked = true; }
        return tile;
      }),
    }));
    if (!groups.length || groups[0].kind !== "standing") groups.unshift({ kind: "standing", tiles: [] });
    if (groups[groups.length - 1].kind !== "bonus") groups.push({ kind: "bonus", tiles: [] });
  }
  const bonusGroup = () => groups[groups.length - 1];
  function meldType(codes) {
    if (codes.length === 4) return "kong";
    if (codes.length === 3 && new Set(codes.map(norm)).size === 1) return "pung";
    return "chow";
  }
  // What a group's tiles make, as its title says it: a chow only when they run in one suit (three
  // tiles read off a table are often no meld at all; the score then says why).
  function meldName(codes) {
    const type = meldType(codes);
    if (type !== "chow") return type;
    const tiles = codes.map(norm);
    const suit = tiles[0][1];
    const ranks = tiles.map((c) => Number(c[0])).sort((a, b) => a - b);
    const runs = codes.length === 3 && "mps".includes(suit) && tiles.every((c) => c[1] === suit)
      && ranks[1] === ranks[0] + 1 && ranks[2] === ranks[1] + 1;
    return runs ? "chow" : "not a meld";
  }
  function toHand() {
    const standing = groups[0].tiles;
    const win = bonusGroup().tiles.find((t) => t.win) || standing.find((t) => t.win) || standing[standing.length - 1];
    const melds = [];
    for (const g of groups) {
      if (g.kind !== "meld" || !g.tiles.length) continue;
      const codes = g.tiles.map((t) => t.code).sort((a, b) => sortKey(a) - sortKey(b));
      const type = meldType(codes);
      const concealed = g.concealed && type === "kong";
      let from = concealed ? null : (g.from || null);
      if (type === "chow" && from) from = "left";
      const added = !!g.added && type === "kong" && !concealed;
      melds.push({ type, tiles: codes, concealed, claimed: from ? codes[0] : null, from, ...(added ? { added } : {}) });
    }
    return { concealed: standing.map((t) => t.code), melds, winning_tile: win ? win.code : null,
             bonus: bonusGroup().tiles.map((t) => t.code) };
  }
  function flowerWon() {
    return bonusGroup().tiles.some((t) => t.win);
  }
  function groupLabel(g, i) {
    if (g.kind === "standing") return tr("Standing tiles");
    if (g.kind === "bonus") return tr("Flowers and seasons");
    const codes = g.tiles.map((t) => t.code);
    // one string: French puts a space before the colon (« Combinaison 1 : pung »)
    return tr("Meld {n}: {name}", { n: i, name: tr(codes.length ? meldName(codes) : "empty") });
  }

  // a meld's control named by its meld, in the page's words (« Combinaison 1 : pung: Supprimer » mixed
  // the typographies and capitalised the verb mid-sentence)
  function meldAction(g, i, action) {
    return tr("{meld}: {action}", { meld: groupLabel(g, i), action });
  }

  // ---- undo and redo: each step keeps the hand as it was before ---------------------------------
  const snapshot = () => JSON.stringify({ groups: groups.map((g) => ({ ...g, tiles: g.tiles.map((t) => ({ ...t })) })),
                                          n: corrections.length });
  const undoStack = [], redoStack = [];
  function restore(snap) {
    const s = JSON.parse(snap);
    groups = s.groups;
    corrections.length = Math.min(corrections.length, s.n);
  }
  // What the page said of the photo as read (no hand could be built, tiles the decoding changed,
  // read upside down?) no longer holds once the player has edited the hand.
  function hideReadingNotes() {
    document.querySelectorAll("#no-hand, .question[data-ask=changed], .question[data-ask=flip]")
      .forEach((el) => { el.hidden = true; });
  }
  // "Which tile won?" is answered by ★ on a tile, or by a hand typed with its winning tile apart
  // (the question stayed above a typed hand)
  function hideWinningQuestion() {
    document.querySelectorAll(".question[data-ask=winning], #added-winning, #winning-taken").forEach((el) => { el.hidden = true; });
  }
  // the winning tile apart at the end ("... 2z", "... E"), the flowers after it or not ("... 5z 12f")
  const namesWinningTile = (text) => /\s(?:\d[mpszf]|[ESWNPFCOBVR])(?:\s*\d+f)?$/.test(String(text || "").trim());
  const answersWinning = (c) => !!c && (c.op === "winning" || (c.op === "notation" && namesWinningTile(c.text)));
  function step(mutate, correction) {
    const before = snapshot();
    if (mutate() === false) return;
    hideReadingNotes();
    if (correction && correction.op === "winning") hideWinningQuestion();
    undoStack.push(before);
    if (undoStack.length > 200) undoStack.shift();
    redoStack.length = 0;
    change(correction);
  }
  // Which change Undo and Redo take back or make again, in words ("4m corrected to 3m"): "a change
  // undone" alone left a player who cannot see the tiles guessing (data.changes: the server's
  // sentence for each kind of correction, as the game log shows them).
  function changeSaid(c) {
    const text = c && (data.changes || {})[c.op];
    if (!text) return "";
    const name = (code) => (code ? tileName(code) : "");
    return tr(text, { from: c.op === "from" ? tr(c.from || "") : name(c.from), to: name(c.to),
                      tiles: (c.tiles || []).map(name).join(", "), tile: name(c.tile), typed: c.text || "",
                      group: typeof c.group === "number" ? String(c.group + 1) : "?" });
  }
  // A change heard as it is made (a removed, replaced or cleared tile was heard only as the score
  // turning to "—"): the hand's live region says it, as it says what Undo took back.
  const sayChange = (correction) => { if ($("hand-said")) $("hand-said").textContent = changeSaid(correction); };
  const nextUndone = () => (undoStack.length ? changeSaid(corrections[JSON.parse(undoStack[undoStack.length - 1]).n]) : "");
  const nextRedone = () => {
    if (!redoStack.length) return "";
    const corr = JSON.parse(redoStack[redoStack.length - 1]).corr;
    return changeSaid(corr[corr.length - 1]);
  };
  function nameUndoRedo() {
    for (const [id, word, said] of [["undo", "Undo", nextUndone()], ["redo", "Redo", nextRedone()]]) {
      const name = said ? tr(word + ": {change}", { change: said }) : tr(word);
      $(id).title = name;
      $(id).setAttribute("aria-label", name);
    }
  }
  // The keyboard's place is lost with a button disabled under it: on the page's top in older
  // browsers, on the disabled button itself in newer Chromium (156 keeps it there)
  const focusLost = (button) => document.activeElement === document.body || document.activeElement === button;
  $("undo").addEventListener("click", () => {
    if (!undoStack.length) return;
    const undone = nextUndone();
    redoStack.push(JSON.stringify({ snap: snapshot(), corr: corrections.slice() }));
    restore(undoStack.pop());
    change({ op: "undo" }, true);
    // heard only when the score moved
    if ($("hand-said")) $("hand-said").textContent = undone ? tr("Undone: {change}", { change: undone }) : tr("a change undone");
    // the last undo disables its button: focus goes to Redo beside it, not to the page's top
    if ($("undo").disabled && focusLost($("undo"))) $("redo").focus();
  });
  $("redo").addEventListener("click", () => {
    if (!redoStack.length) return;
    const redone = nextRedone();
    const r = JSON.parse(redoStack.pop());
    undoStack.push(snapshot());
    groups = JSON.parse(r.snap).groups;
    corrections.length = 0; corrections.push(...r.corr);
    change({ op: "redo" }, true);
    if ($("hand-said")) $("hand-said").textContent = redone ? tr("Redone: {change}", { change: redone }) : tr("a change redone");
    if ($("redo").disabled && focusLost($("redo"))) $("undo").focus();
  });

  // ---- drawing ---------------------------------------------------------------------------------
  let selecting = false;
  const selected = new Set();     // "group:index" of the tiles selected for a meld
  // The Arabic index of a suit tile, on its picture.
  function indexOf(code) {
    const n = document.createElement("span");
    n.className = "n"; n.setAttribute("aria-hidden", "true");
    n.textContent = code && "mps".includes(code[1]) ? (code[0] === "0" ? "5" : code[0]) : "";
    n.hidden = !n.textContent;
    return n;
  }
  // The tiles the active profile's guard would have read as a corrected code and that were read as
  // the corrected tile was (POST /review/<draft>/teach answers them as ``suspects``): perhaps twins
  // of it the player has not corrected yet. Their place in the photo's reading → that code.
  let suspects = new Map();
  // The added tile asked about by "If the 1m you added won…" (askAddedWinning): {tile, hid: the
  // questions it replaced}, while asked
  let addedAsk = null;
  function suspectOf(t) {
    if (t.src === null || t.src === undefined || !suspects.has(t.src)) return null;
    const read = readTiles[t.src];
    return read && read.code === t.code ? suspects.get(t.src) : null;   // corrected since: the player said
  }
  function tileButton(t, gi, ti, sideways, faceDown) {
    const b = document.createElement("button");
    b.type = "button";
    const profiled = t.base && t.base !== t.code;   // a red five and a plain five differ (dora)
    const key = gi + ":" + ti;
    // a tile the guard found a correction would turn into its code, still as read: perhaps a twin
    const suspect = suspectOf(t);
    b.className = "htile" + (t.win ? " win" : "") + (t.low || suspect ? " low" : "") + (profiled ? " profiled" : "")
      + (sideways ? " sideways" : "") + (faceDown ? " face-down" : "") + (selected.has(key) ? " selected" : "");
    b.dataset.group = gi; b.dataset.index = ti; b.dataset.code = t.code;
    b.title = tileName(t.code) + (t.win ? " (" + tr("winning tile") + ")" : "")
      + (suspect ? " · " + tr("perhaps {code}, like the tile you corrected: check it", { code: tileName(suspect) }) : "");
    // what the picture's marks show (★ winning, ? unsure, P the profile's reading), in words
    b.setAttribute("aria-label", [tileName(t.code), sideways && tr("the claimed tile, sideways"), faceDown && tr("face down"),
      t.win && tr("winning tile"), t.low && !suspect && tr("unsure: check it"),
      suspect && tr("perhaps {code}, like the tile you corrected: check it", { code: tileName(suspect) }),
      profiled && tr("the base model read {code}", { code: tileName(t.base) })].filter(Boolean).join(", "));
    if (selecting) b.setAttribute("aria-pressed", selected.has(key) ? "true" : "false");
    const img = document.createElement("img");
    img.src = tileUrl(faceDown ? null : t.code); img.alt = "";
    b.append(img, indexOf(faceDown ? null : t.code));
    b.addEventListener("click", () => {
      if (selecting) {
        if (selected.has(key)) selected.delete(key); else selected.add(key);
        render(); return;
      }
      openPicker(gi, ti);
    });
    return b;
  }
  function render() {
    const focusAt = focusPlace();
    view.innerHTML = "";
    // how to correct tiles, said where there are tiles: an empty hand to enter was told to tap one
    const tapHint = document.getElementById("tap-hint");
    if (tapHint) tapHint.hidden = !groups.some((g) => g.tiles.length);
    groups.forEach((g, gi) => {
      if (g.kind === "bonus" && !g.tiles.length) return;
      const box = document.createElement("div");
      box.className = "group " + g.kind;
      box.dataset.group = gi;
      if (g.kind !== "standing") {
        const head = document.createElement("div");
        head.className = "group-head";
        const title = document.createElement("span");
        title.textContent = groupLabel(g, gi);
        head.append(title);
        if (g.kind === "meld") meldControls(g, gi, head);
        box.append(head);
      }
      const row = document.createElement("div");
      row.className = "group-tiles";
      // The claimed tile lies sideways, on the side of the player it came from.
      const claimedAt = g.kind === "meld" && g.from && !g.concealed
        ? { left: 0, across: 1, right: g.tiles.length - 1 }[g.from] : -1;
      // no tile marked as the winning one: the hand is scored with the last standing tile (toHand), so shown so
      const implied = g.kind === "standing" && !g.tiles.some((t) => t.win) && !flowerWon() ? g.tiles.length - 1 : -1;
      // A concealed kong lies as on the table: its two middle tiles face down (002 §3.3.7, the
      // one source that says which), their code in their label and title.
      let turnedDown = g.kind === "meld" && g.concealed && g.tiles.length === 4 ? [1, 2] : [];
      // read from a photo that showed two of them face down (the ends, as Japanese tables lay
      // it): drawn as the photo shows it, not as the table it was photographed on did not
      if (turnedDown.length && g.tiles.every((t) => t.src !== null && readTiles[t.src])) {
        const down = g.tiles.map((t, ti) => (readTiles[t.src].face_down ? ti : -1)).filter((ti) => ti >= 0);
        if (down.length === 2) turnedDown = down;
      }
      g.tiles.forEach((t, ti) => row.append(tileButton(ti === implied ? { ...t, win: true } : t, gi, ti,
        ti === claimedAt, turnedDown.includes(ti))));
      box.append(row);
      view.append(box);
    });
    dropStaleAddedAsk();
    // "7 tiles are unsure (marked)" stayed after every one was corrected or removed
    // and its count, which stayed "5" with 3 left: kept as the tiles marked now, the note gone
    // once they are fewer than it is shown for
    const manyUnsure = $("many-unsure");
    if (manyUnsure) {
      const left = view.querySelectorAll(".htile.low").length;
      if (left < Number(manyUnsure.dataset.many || 1)) manyUnsure.hidden = true;
      const said = manyUnsure.firstChild;
      if (said && said.nodeType === Node.TEXT_NODE) said.nodeValue = said.nodeValue.replace(/^\d+/, String(left));
    }
    const note = $("profiled-note");
    if (note) note.hidden = !view.querySelector(".htile.profiled");
    $("undo").disabled = !undoStack.length;
    $("redo").disabled = !redoStack.length;
    nameUndoRedo();
    $("select-mode").setAttribute("aria-pressed", selecting ? "true" : "false");
    $("select-mode").classList.toggle("active", selecting);
    $("meld-bar").hidden = !selecting;
    $("meld-count").textContent = tr("{n} selected", { n: selected.size });
    // the meld buttons above the fixed bar at the bottom, not under it (a 757-px-high window
    // showed "4 selected / Concealed kong" behind Record)
    if (selecting) {
      const meldBar = $("meld-bar").getBoundingClientRect();
      const fixedBar = $("review-bar") && $("review-bar").getBoundingClientRect();
      if (fixedBar && meldBar.bottom > fixedBar.top) window.scrollBy(0, meldBar.bottom - fixedBar.top + 8);
    }
    // a chow is claimed only from the player on the left (000 « Chow », 002 §3.3.2): the other
    // places are not offered for one (chosen, they were stored as "left" without a word)
    const chow = isChow(Array.from(selected).map((k) => { const [gi, ti] = k.split(":").map(Number); return (groups[gi].tiles[ti] || {}).code; }));
    document.querySelectorAll('#meld-bar [data-make="across"], #meld-bar [data-make="right"]').forEach((b) => {
      b.disabled = chow;
      b.title = chow ? tr("a chow is claimed from the player on the left only") : "";
    });
    showNeeded();
    refocus(focusAt);
  }
  // A change rebuilds the hand: the keyboard's place in it (a tile, or a meld's control) is
  // found again afterwards, instead of falling back to the top of the page.
  function focusPlace() {
    const el = document.activeElement;
    if (!el || !view.contains(el)) return null;
    const box = el.closest("[data-group]");
    return { group: box ? box.dataset.group : null, index: el.dataset.index, cls: el.classList[0] };
  }
  function refocus(at) {
    if (!at || at.group === null) return;
    const box = view.querySelector(`.group[data-group="${at.group}"]`) || view.querySelector(".group");
    if (!box) return;
    const tiles = box.querySelectorAll(".htile");
    const el = at.index !== undefined ? tiles[Math.min(Number(at.index), tiles.length - 1)]
      : box.querySelector("." + at.cls);
    if (el) el.focus(); else if (tiles.length) tiles[0].focus();
  }
  function meldControls(g, gi, head) {
    const exp = document.createElement("select");
    exp.className = "exposure";
    // an added kong (a claimed pung its fourth tile was drawn for) is one too: the reader cannot
    // tell it from an exposed kong, and Hong Kong's payment and a robbed kong depend on it
    exp.innerHTML = `<option value="exposed">${tr("exposed")}</option><option value="added">${tr("added to a claimed pung")}</option>`
      + `<option value="concealed">${tr("concealed")}</option>`;
    exp.value = g.concealed ? "concealed" : g.added ? "added" : "exposed";
    exp.setAttribute("aria-label", meldAction(g, gi, tr("exposed") + " / " + tr("added to a claimed pung")
      + " / " + tr("concealed")));
    // Only a kong is laid down concealed; a chow or pung goes back to the standing tiles instead.
    exp.hidden = g.tiles.length !== 4;
    exp.addEventListener("change", () => step(() => {
      g.concealed = exp.value === "concealed";
      if (exp.value === "added") g.added = true; else delete g.added;
    }, { op: { concealed: "conceal", added: "added" }[exp.value] || "expose", group: gi, tiles: g.tiles.map((t) => t.code) }));
    const from = document.createElement("select");
    from.className = "from";
    from.innerHTML = `<option value="">${tr("claimed from…")}</option><option value="left">${tr("left")}</option>`
      + `<option value="across">${tr("across")}</option><option value="right">${tr("right")}</option>`;
    from.value = g.from || "";
    if (isChow(g.tiles.map((t) => t.code))) from.querySelectorAll('option[value="across"], option[value="right"]')
      .forEach((o) => { if (o.value !== from.value) o.remove(); });
    from.setAttribute("aria-label", meldAction(g, gi, tr("claimed from…")));
    from.disabled = g.concealed;
    from.addEventListener("change", () => step(() => { g.from = from.value; }, { op: "from", group: gi, from: from.value }));
    const dissolve = document.createElement("button");
    dissolve.type = "button"; dissolve.textContent = tr("↩ to standing"); dissolve.className = "secondary to-standing";
    // each meld's buttons name their meld (a screen reader heard "Delete" once per meld, and the arrow)
    dissolve.setAttribute("aria-label", meldAction(g, gi, tr("put back in the standing row")));
    dissolve.addEventListener("click", () => step(() => { groups[0].tiles.push(...g.tiles); groups.splice(gi, 1); },
      { op: "dissolve", group: gi }));
    const del = document.createElement("button");
    del.type = "button"; del.textContent = tr("Delete"); del.className = "danger delete-meld";
    del.setAttribute("aria-label", meldAction(g, gi, tr("delete")));
    del.addEventListener("click", () => {
      if (!window.confirm(tr("Delete this meld?"))) return;
      step(() => { groups.splice(gi, 1); }, { op: "delete", group: gi, tiles: g.tiles.map((t) => t.code) });
    });
    head.append(exp, from, dissolve, del);
  }

  // ---- melds from selected tiles ----------------------------------------------------------------
  $("select-mode").addEventListener("click", () => { selecting = !selecting; selected.clear(); render(); });
  function takeSelected() {
    const keys = Array.from(selected).map((k) => k.split(":").map(Number));
    keys.sort((a, b) => b[0] - a[0] || b[1] - a[1]);      // remove from the end, indexes stay right
    const tiles = [];
    for (const [gi, ti] of keys) tiles.unshift(groups[gi].tiles.splice(ti, 1)[0]);
    for (let gi = groups.length - 2; gi > 0; gi--) if (groups[gi].kind === "meld" && !groups[gi].tiles.length) groups.splice(gi, 1);
    return tiles;
  }
  function makeMeld(how, keys) {
    if (keys) { selected.clear(); keys.forEach((k) => selected.add(k)); }
    const codes = Array.from(selected).map((k) => { const [gi, ti] = k.split(":").map(Number); return groups[gi].tiles[ti].code; });
    if (how === "remove") {         // boxes on no tile (dice, a wall, a book): two taps each before
      if (codes.length) step(() => { takeSelected(); }, { op: "remove_tiles", tiles: codes });
    } else if (how === "concealed") {      // back among the standing tiles
      step(() => { const tiles = takeSelected(); tiles.forEach((t) => { t.win = false; }); groups[0].tiles.push(...tiles); },
        { op: "to_standing", tiles: codes });
    } else {
      if (codes.length < 3 || codes.length > 4) { window.alert(tr("A meld is 3 or 4 tiles: a chow, a pung or a kong.")); return; }
      if (how === "kong" && (codes.length !== 4 || new Set(codes.map(norm)).size !== 1)) {
        window.alert(tr("A concealed kong is 4 identical tiles.")); return;
      }
      step(() => {
        const tiles = takeSelected();
        tiles.forEach((t) => { t.win = false; });
        groups.splice(groups.length - 1, 0, { kind: "meld", concealed: how === "kong", from: how === "kong" ? "" : how, tiles });
      }, { op: "meld", tiles: codes, from: how === "kong" ? null : how });
    }
    selected.clear(); selecting = false; render();
    // said, and the keyboard back on Select: the bar it was in is hidden now, and the focus fell
    // to the page's top with nothing heard
    const done = { remove: "{tiles} removed", concealed: "{tiles} put back in the standing row" }[how] || "{tiles} made a meld";
    if ($("hand-said") && codes.length) $("hand-said").textContent = tr(done, { tiles: codes.map(tileName).join(", ") });
    if (!keys) $("select-mode").focus();
  }
  document.querySelectorAll("#meld-bar [data-make]").forEach((b) => b.addEventListener("click", () => makeMeld(b.dataset.make)));

  // ---- photo -----------------------------------------------------------------------------------
  const photo = $("photo");
  function drawOverlay() {
    const svg = $("overlay");
    if (!svg || !photo.naturalWidth) return;
    svg.setAttribute("viewBox", `0 0 ${photo.naturalWidth} ${photo.naturalHeight}`);
    const colours = { concealed: "#1f4e9c", winning: "#f9a825", bonus: "#8e24aa", dora: "#00897b" };
    // each group also by a mark of its own (the legend under the photo), not by colour alone
    const marks = { winning: "★", bonus: "✿", dora: "D" };
    // melds numbered as the hand view numbers them when the reading opens ("Meld 1", "Meld 2")
    const meldNumbers = {};
    // only groups with a face-up tile: one of backs alone (a wall) is left out of the hand, no meld
    const withFaces = new Set(readTiles.map((t, i) => (faceCode(i) ? handPlace(i) : null)));
    readTiles.forEach((t, i) => {
      const place = handPlace(i);
      if (place && place[0] === "g" && withFaces.has(place) && !(place in meldNumbers)) {
        meldNumbers[place] = Object.keys(meldNumbers).length + 1;
      }
    });
    // the marks of the hand as it is now (the player's melds, the tile marked ★), by the read tile
    // each came from: the legend promised ★ and M1, M2 where the reading had put them only
    // and where each is in the hand ([group, index]), for a tapped box to open its tile's picker
    const markNow = {}, placeNow = {}, codeNow = {};
    groups.forEach((g, gi) => g.tiles.forEach((x, ti) => {
      if (x.src === null || x.src === undefined) return;
      codeNow[x.src] = x.code;     // the player's code: a flower corrected 7f → 5f still said 7f here
      markNow[x.src] = g.kind === "standing" ? (x.win ? "★" : "") : g.kind === "bonus" ? "✿" : "M" + gi;
      placeNow[x.src] = [gi, ti];
    }));
    svg.innerHTML = "";
    const NS = "http://www.w3.org/2000/svg";
    readTiles.forEach((t, i) => {
      const [x0, y0, x1, y1] = t.box;
      const link = links[i] || {};
      const g = readGroup(i);
      const group = t.group || (g ? (g.kind === "meld" ? "meld" + g.id : g.kind) : (t.face_down ? "face_down" : "concealed"));
      const unknown = !!t.unknown;   // a face no code names, marked ?
      const colour = unknown ? "#e65100" : t.face_down ? "#555"
        : (colours[group] || (group.startsWith("meld") ? "#c62828" : "#1f4e9c"));
      const r = document.createElementNS(NS, "rect");
      r.setAttribute("x", x0); r.setAttribute("y", y0); r.setAttribute("width", x1 - x0); r.setAttribute("height", y1 - y0);
      r.setAttribute("stroke", colour);
      // lying across its row as the grouping settled it (a photo turned a quarter: none), else as read
      const sideways = "sideways" in link ? link.sideways : t.sideways;
      if (sideways || link.role === "claimed" || unknown) r.setAttribute("stroke-dasharray", "8 4");
      const label = document.createElementNS(NS, "text");
      label.setAttribute("x", x0 + 2); label.setAttribute("y", Math.max(18, y0 - 4));
      label.setAttribute("fill", colour);
      label.setAttribute("font-size", Math.max(14, (y1 - y0) / 4));
      const now = codeNow[i] || readCode[i];
      const shown = now && now !== t.code ? `${t.code}→${now}` : (now || "▮");
      const mark = unknown ? "" : i in markNow ? markNow[i]
        : (marks[group] || ("g" + link.group in meldNumbers ? "M" + meldNumbers["g" + link.group] : ""));
      label.textContent = (unknown ? "?" : shown) + (mark ? " " + mark : "") + (sideways ? "↻" : "");
      // a box tapped opens the picker for its tile in the hand: a misread seen on the photo is
      // corrected from there, without finding the tile again among the hand's (pointer only: the
      // hand's own tiles are the keyboard's way to them)
      const at = placeNow[i];
      if (at) {
        r.classList.add("tap");
        r.dataset.read = String(i);
      }
      svg.append(r, label);
    });
    // a tap opens the picker of the box it is in, or of the nearest box within half a tile: on a
    // phone a 640-px photo's boxes are 13 px wide, and a tap beside one did nothing
    const tappable = readTiles.map((t, i) => i).filter((i) => placeNow[i]);
    const sides = tappable.map((i) => Math.min(readTiles[i].box[2] - readTiles[i].box[0],
                                               readTiles[i].box[3] - readTiles[i].box[1])).sort((a, b) => a - b);
    const reach = sides.length ? sides[Math.floor(sides.length / 2)] / 2 : 0;
    svg.style.pointerEvents = tappable.length ? "auto" : "";      // a tap between boxes reaches it too
    svg.onclick = (e) => {
      const m = svg.getScreenCTM();
      if (!m || !tappable.length) return;
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
      let best = null, key = null;
      for (const i of tappable) {
        const [x0, y0, x1, y1] = readTiles[i].box;
        const outside = Math.hypot(Math.max(x0 - p.x, 0, p.x - x1), Math.max(y0 - p.y, 0, p.y - y1));
        const centre = Math.hypot((x0 + x1) / 2 - p.x, (y0 + y1) / 2 - p.y);
        if (key === null || outside < key[0] || (outside === key[0] && centre < key[1])) { best = i; key = [outside, centre]; }
      }
      if (best === null || key[0] > reach) return;
      const at = placeNow[best];
      mj.closeDialog($("photo-dialog"), () => openPicker(at[0], at[1]));
    };
  }
  if (photo) {
    if (photo.complete) drawOverlay(); else photo.addEventListener("load", drawOverlay);
    $("show-overlay").addEventListener("change", (e) => { $("overlay").style.display = e.target.checked ? "" : "none"; });
    $("photo-thumb").addEventListener("click", () => { mj.showDialog($("photo-dialog")); drawOverlay(); });
  }

  // "Type the hand" from the note of many unsure tiles: the typing box opened, its field focused
  if ($("type-instead")) $("type-instead").addEventListener("click", () => {
    $("notation-box").open = true;
    notationInput.focus();
    notationInput.select();
  });

  // ---- tile picker -----------------------------------------------------------------------------
  let picking = null;   // {group, index} of the tile being corrected, or {group, add: true}
  const moveSel = $("pick-move");
  const topRow = $("picker-top");
  function pickButton(code, extra) {
    const b = document.createElement("button");
    b.type = "button"; b.className = "pick top" + (extra ? " " + extra : ""); b.dataset.code = code;
    b.title = tileName(code); b.setAttribute("aria-label", tileName(code));    // named as the grid's buttons are
    const img = document.createElement("img"); img.className = "tile"; img.src = tileUrl(code); img.alt = "";
    b.append(img, indexOf(code));
    b.addEventListener("click", () => pick(code));
    return b;
  }
  // Shortcuts from the tapped tile: the melds it can make with the standing tiles, in one tap.
  function meldShortcuts(gi, ti) {
    const out = [];
    if (gi !== 0) return out;
    const tiles = groups[0].tiles;
    const code = tiles[ti].code;
    const same = tiles.map((t, i) => i).filter((i) => norm(tiles[i].code) === norm(code));
    const pick3 = [ti, ...same.filter((i) => i !== ti)].slice(0, 3);
    if (pick3.length === 3) for (const from of ["left", "across", "right"]) out.push({ label: `${tr("pung")} · ${tr(from)}`, keys: pick3, how: from });
    if (same.length >= 4) out.push({ label: tr("Concealed kong"), keys: same.slice(0, 4), how: "kong" });
    if ("mps".includes(code[1])) {
      const n = Number(norm(code)[0]);
      for (const start of [n - 2, n - 1, n]) {
        if (start < 1 || start > 7) continue;
        const keys = [];
        for (let k = start; k < start + 3; k++) {
          const want = k + code[1];
          const i = k === n ? ti : tiles.findIndex((t, j) => norm(t.code) === want && !keys.includes(j));
          if (i < 0) break;
          keys.push(i);
        }
        if (keys.length === 3) { out.push({ label: `${tr("chow")} ${start}${start + 1}${start + 2} · ${tr("left")}`, keys, how: "left" }); break; }
      }
    }
    return out.map((o) => ({ ...o, keys: o.keys.map((i) => "0:" + i) }));
  }
  // Adding tiles one after another, the picker covers the hand: how many it holds is said in its
  // title (a beginner entering 14 tiles could not see how many were in)
  function addingTitle() {
    const n = groups.filter((g) => g.kind !== "bonus").reduce((sum, g) => sum + g.tiles.length, 0);
    return tr("Add a tile") + " · " + tr("{n} tile(s) in the hand", { n });
  }
  function openPicker(gi, ti, add) {
    picking = add ? { group: gi, add: true } : { group: gi, index: ti };
    const t = add ? null : groups[gi].tiles[ti];
    const base = t && t.base && t.base !== t.code ? t.base : null;
    $("picker-title").textContent = add ? addingTitle() : tr("Correct {code}", { code: tileName(t.code) })
      + (base ? " (" + tr("the base model read {code}", { code: base }) + ")" : "");
    // where an added tile goes, said so: adding, the list read "Move to"
    $("pick-move-word").textContent = add ? tr("Add to") : tr("Move to");
    document.querySelectorAll("#picker-grid .pick").forEach((b) => {
      b.classList.toggle("current", !!t && b.dataset.code === t.code);
      b.classList.toggle("base", !!base && b.dataset.code === base);
      // the tile as it stands, said as well as drawn (a screen reader met no mark)
      if (t && b.dataset.code === t.code) b.setAttribute("aria-current", "true"); else b.removeAttribute("aria-current");
    });
    // a flower wins only as Hong Kong's eighth of eight (004 6D): under the other rules it is no winning
    // tile (one marked so already keeps the button, to say so; a held tile's ★ moves it off)
    $("pick-winning").hidden = !!add || (!!t && t.code[1] === "f" && data.rules !== "hk" && !t.win);
    if (t) {   // whether this tile is the winning one already (marked, or the standing row's last, implied)
      const row = groups[gi].tiles;
      const implied = groups[gi].kind === "standing" && ti === row.length - 1 && !row.some((x) => x.win) && !flowerWon();
      $("pick-winning").setAttribute("aria-pressed", String(!!t.win || implied));
    }
    $("pick-remove").hidden = !!add;
    // The reader's top 3 for this tile first, then shortcuts to melds.
    topRow.innerHTML = "";
    const read = t && t.src !== null ? readTiles[t.src] : null;
    // riichi has no flowers or seasons (002 §1.3): none among its guesses (a 中's read "winter")
    const noBonus = data.rules === "riichi";
    const top = read && read.top3 ? read.top3.map((x) => x.code).filter((c) => c && !(noBonus && c[1] === "f")) : [];
    if (base && !top.includes(base)) top.unshift(base);
    const suspect = t && suspectOf(t);      // what the guard found a correction would make it
    if (suspect && !top.includes(suspect)) top.unshift(suspect);
    if (top.length) {
      const lab = document.createElement("span"); lab.className = "small muted"; lab.textContent = tr("the reader's best guesses");
      topRow.append(lab, ...top.slice(0, 3).map((c) => pickButton(c, c === base ? "base" : "")));
    }
    if (!add) {
      for (const s of meldShortcuts(gi, ti)) {
        const b = document.createElement("button");
        b.type = "button"; b.className = "secondary shortcut"; b.textContent = s.label; b.dataset.how = s.how;
        b.addEventListener("click", () => { closePicker(); makeMeld(s.how, s.keys); });
        topRow.append(b);
      }
    }
    topRow.hidden = !topRow.children.length;
    moveSel.innerHTML = "";
    groups.forEach((g, i) => {
      if (g.kind === "bonus") return;
      const o = document.createElement("option"); o.value = i; o.textContent = groupLabel(g, i); moveSel.append(o);
    });
    const o = document.createElement("option"); o.value = "new"; o.textContent = tr("a new meld"); moveSel.append(o);
    moveSel.value = String(gi);
    // a flower or season stays with the others (no meld takes one): its "Move to" showed a blank choice
    moveSel.closest("label").hidden = !add && groups[gi].kind === "bonus";
    const canvas = $("crop");
    canvas.hidden = true;
    if (t && t.src !== null && photo && photo.naturalWidth && readTiles[t.src]) {
      const [x0, y0, x1, y1] = readTiles[t.src].box;
      const ctx = canvas.getContext("2d");
      const scale = Math.min(canvas.width / (x1 - x0), canvas.height / (y1 - y0));
      ctx.fillStyle = "#fff"; ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(photo, x0, y0, x1 - x0, y1 - y0, 0, 0, (x1 - x0) * scale, (y1 - y0) * scale);
      canvas.hidden = false;
    }
    mj.showDialog(picker);
  }
  // The photographed tiles of the hand as it stands, with the codes the player gives them now:
  // upright tiles only (the profile's examples are upright crops). A tile the decoding changed
  // that the player has not checked (still marked "?") is left out: the decoding's guess, neither
  // the photo's reading nor the player's word (a winning tile read 8m, changed to 1m to make a
  // hand and recorded unchecked, taught a profile an 8m as 1m).
  function photographed() {
    return placedReads().filter(([read, t]) => !read.sideways && !read.face_down && !(t.low && decoded.has(t.src)))
      .map(([read, t]) => [read, t.code]);
  }
  // Each tile of the hand as it stands that came from the photo, with its reading: [read, tile].
  function placedReads() {
    const out = [];
    groups.forEach((g) => g.tiles.forEach((t) => {
      if (t.src !== null && t.src !== undefined && readTiles[t.src]) out.push([readTiles[t.src], t]);
    }));
    return out;
  }
  // The tiles are sent as their places in the photo's reading: the server cuts them from the
  // draft's photo as the reader sees them (brightened as read, by box and by face), where a crop
  // cut here would show a dark photo as taken.
  async function sendHand(key, tiles, others = []) {
    const body = new FormData();
    tiles.forEach(([read, code]) => {
      body.append("tile", String(readTiles.indexOf(read)));
      body.append("code", code);
    });
    // the hand's other tiles, left as read: a lesson that would make them read as its codes is not learnt
    others.forEach(([read]) => body.append("other", String(readTiles.indexOf(read))));
    const headers = { "X-CSRF-Token": mj.csrf(), "X-Requested-With": "fetch" };
    return fetch(data.teachUrl.replace("DRAFT", encodeURIComponent(key)), { method: "POST", body, headers }).catch(() => {});
  }
  // Corrected tiles teach the active tile-set profile as the hand stands: after each change the
  // tiles the player gave another code than the one read are sent for the draft (POST
  // /review/<draft>/teach; none left: the same, empty), replacing what that draft taught, so an
  // undone correction, or a mind changed, is taken back. Nothing is sent without a profile.
  let taught = JSON.stringify(data.taught || []);
  // the corrected tiles as the server keeps a draft's lesson: [index in the reading, code], in JSON
  const lessonOf = (fixed) => JSON.stringify(fixed.map(([read, code]) => [readTiles.indexOf(read), code]));
  async function teachCorrections() {
    if (!data.profileActive || !draftId || data.recorded || !photo || !photo.naturalWidth) return;
    // a corrected tile read as lying sideways teaches nothing (the profile learns upright crops):
    // said, where a trial's correction of a tile wrongly read sideways was silently not learnt
    const untaught = $("untaught-note");
    if (untaught) {
      // the player's corrections only: a tile the decoding changed, not checked since, was counted
      // as corrected ("3 corrected tiles lying sideways" of a hand where two upright ones were)
      const n = placedReads().filter(([read, t]) => read.sideways && !read.face_down && read.code !== t.code
        && !(t.low && decoded.has(t.src))).length;
      untaught.textContent = n ? tr("{n} corrected tile(s) read as lying sideways (half hidden, or seen at a slant, perhaps): your tile set learns only from tiles read upright.", { n }) : "";
      untaught.hidden = !n;
    }
    const tiles = photographed();
    const fixed = tiles.filter(([read, code]) => read.code !== code);
    const kept = tiles.filter(([read, code]) => read.code === code);
    const said = lessonOf(fixed);
    if (said === taught) return;
    // not known (taught null, a reload while the last lesson was on its way): as if one was taught
    const before = taught === null ? 1 : JSON.parse(taught).length;
    taught = said;
    const answer = await sendHand(draftId, fixed, fixed.length ? kept : []);
    // said, so that the player knows a correction is not only for this hand (nothing was)
    const note = $("taught-note");
    if (!note || !answer || !answer.ok) return;
    const done = await answer.json().catch(() => null);
    if (!done || !done.learning) return;
    // a correction its guard did not learn, said (the note said it learnt every one)
    const unlearnt = fixed.length && done.unlearnt && done.unlearnt.length
      ? " " + tr("It does not learn {tiles} from it: other tiles of this photo, left as read, would then be read so.",
        { tiles: done.unlearnt.map(tileName).join(", ") }) : "";
    suspects = new Map(fixed.length ? (done.suspects || []).map((x) => [x.tile, x.code]) : []);
    const marked = placedReads().filter(([, t]) => suspectOf(t));
    // every correction refused: "learns from this hand's 1 correction. It does not learn 6m from it" said both
    const none = fixed.length && done.unlearnt && fixed.every(([, code]) => done.unlearnt.includes(code));
    note.textContent = none
      ? tr("Your tile set “{name}” does not learn from this hand's correction(s): other tiles of this photo, left as read, would then be read as {tiles}.",
        { name: done.profile, n: fixed.length, tiles: done.unlearnt.map(tileName).join(", ") })
      // the server's wait ended before the lesson was checked (a busy machine): "learns" would claim it
      : fixed.length && done.checking
      ? tr("Your tile set “{name}” is learning this hand's {n} correction(s) in the background (the machine is busy); a correction that would make other tiles of this photo read wrongly is left out.",
        { name: done.profile, n: fixed.length })
      : fixed.length
      ? tr("Your tile set “{name}” learns from this hand's {n} correction(s).", { name: done.profile, n: fixed.length }) + unlearnt
      : before ? tr("Taken back from your tile set “{name}”.", { name: done.profile }) : "";
    if (marked.length) {
      // a twin of the corrected tile, left as read, made the guard refuse the lesson: the player
      // corrected the first of three 7s read 6s, and learnt nothing until the other two were found
      note.append(" " + tr("{n} tile(s) marked ? may be so too: correct them if they are.", { n: marked.length }));
      for (const code of new Set(marked.map(([, t]) => suspectOf(t)))) {
        const fix = document.createElement("button");
        fix.type = "button"; fix.className = "secondary suspects-fix"; fix.dataset.code = code;
        fix.textContent = tr("They are {code}", { code: tileName(code) });
        fix.addEventListener("click", () => correctSuspects(code));
        note.append(" ", fix);
      }
    }
    note.hidden = !note.textContent;
    render();
  }
  // "They are 7s": the marked tiles corrected as the picker would, in one change (one Undo takes
  // them all back); they were read alike, as the tile corrected was (the server marks no other)
  function correctSuspects(code) {
    const marked = [];
    groups.forEach((g, gi) => g.tiles.forEach((t) => { if (suspectOf(t) === code) marked.push([gi, t]); }));
    if (!marked.length) return;
    const [gi, first] = marked[0];
    const old = first.code;
    step(() => { marked.forEach(([, t]) => { t.code = code; t.low = false; t.base = null; }); },
      { op: "replace", group: gi, from: old, to: code, read: first.src });
  }
  // Recording a hand confirms all its photographed tiles, corrected or not: they teach the
  // active profile under the draft's key (recording it again replaces them; deleting the hand in
  // the game log takes them back). The server answers at once and learns in the background; the
  // page waits at most 3 s for the upload, never for the learning.
  async function teachHand(key) {
    if (!data.profileActive || !key || !photo || !photo.naturalWidth) return;
    const tiles = photographed();
    if (!tiles.length) return;
    await Promise.race([sendHand(key, tiles), new Promise((done) => setTimeout(done, 3000))]);
  }
  // A tile added to the standing row does not take the ★ (a tile added or moved there once took it
  // silently, and the score changed), but the ★ the photo's reading placed was then no longer on
  // the rightmost tile, as "★ marks the rightmost" still said: a 13-tile photo's missing tile,
  // added, was scored as held, not as the winning tile (92 points where the discard made 51). Asked.
  function askAddedWinning(added) {
    const ask = $("added-winning");
    const star = groups[0].tiles.find((t) => t.win);
    if (!ask || !star || star === added || corrections.some(answersWinning)) return;
    ask.textContent = tr("★ stays on the {star} read from the photo. If the {added} you added won, make it the winning tile:",
      { star: tileName(star.code), added: tileName(added.code) }) + " ";
    const mark = document.createElement("button");
    mark.type = "button"; mark.className = "secondary"; mark.id = "added-winning-mark";
    mark.textContent = tr("★ on the {tile}", { tile: tileName(added.code) });
    mark.addEventListener("click", () => {
      if (!groups[0].tiles.includes(added)) { ask.hidden = true; return; }
      step(() => {
        groups[0].tiles.forEach((x) => { x.win = false; });
        bonusGroup().tiles.forEach((x) => { x.win = false; });
        added.win = true;
      }, { op: "winning", tile: added.code });
      ask.hidden = true;
      addedAsk = null;
      // the button is gone with its question: focus goes to the tile marked, not to the page's
      // start (a keyboard user's next Tab began again at the top; WCAG 2.4.3)
      const at = groups[0].tiles.indexOf(added);
      const tile = view.querySelector(`.htile[data-group="0"][data-index="${at}"]`);
      if (tile) tile.focus();
    });
    ask.append(mark);
    ask.hidden = false;
    // "★ marks the rightmost" no longer holds: this question replaces it
    const hid = Array.from(document.querySelectorAll(".question[data-ask=winning]")).filter((el) => !el.hidden);
    hid.forEach((el) => { el.hidden = true; });
    addedAsk = { tile: added, code: added.code, hid };
  }
  // The tile asked about gone (undone, removed, the hand cleared or rebuilt): the question goes,
  // and the one it replaced is back while the ★ was not chosen
  function dropStaleAddedAsk() {
    if (!addedAsk) return;
    const was = addedAsk;
    if (groups[0].tiles.includes(was.tile)) {
      if (was.tile.code === was.code) return;
      // corrected since it was added: asked again by the name it has now (the question and its
      // button still named the Green dragon corrected to a White one), unless no longer askable
      addedAsk = null;
      askAddedWinning(was.tile);
      if (addedAsk) { addedAsk.hid = was.hid; return; }
    }
    $("added-winning").hidden = true;
    if (!corrections.some(answersWinning)) was.hid.forEach((el) => { el.hidden = false; });
    addedAsk = null;
  }
  function closePicker() { if (picker.open) picker.close(); picking = null; }
  picker.addEventListener("close", () => { picking = null; });
  function targetGroup(sel) {
    if (sel === "new") { groups.splice(groups.length - 1, 0, { kind: "meld", concealed: false, from: "", tiles: [] }); return groups.length - 2; }
    return Number(sel);
  }
  function pick(code) {
    if (!picking) return;
    const isBonus = code[1] === "f";
    if (picking.add) {
      // Adding: the picker stays open, for the next tile.
      const sel = moveSel.value;
      let added = null;
      step(() => {
        const gi = isBonus ? groups.length - 1 : targetGroup(sel);
        added = newTile(code);
        groups[gi].tiles.push(added);
        if (sel === "new" && !isBonus) { moveSel.value = String(gi); }
      }, { op: "add", to: code });
      if (added && groups[0].tiles.includes(added)) askAddedWinning(added);
      $("picker-title").textContent = addingTitle();
      // said in the picker, which stays open (the hand behind it is hidden from a screen reader)
      if ($("picker-said")) $("picker-said").textContent = tr("{tile} added", { tile: tileName(code) });
      return;
    }
    const gi = picking.group, index = picking.index;
    const g = groups[gi];
    const t = g.tiles[index];
    const old = t.code;
    closePicker();
    if (code === old) {
      // the tile as read, chosen again: checked, not corrected (the hand's page said "2m corrected
      // to 2m", and the profile was taught it as a correction); a ? the guard put there goes too,
      // and "They are 7s" leaves it as the player confirmed it
      t.low = false; t.checked = true;
      if (t.src !== null && t.src !== undefined) suspects.delete(t.src);
      render();
      return;
    }
    step(() => {
      t.code = code; t.low = false; t.base = null;   // the user's choice now, not the profile's
      if (isBonus && g.kind !== "bonus") { g.tiles.splice(index, 1); t.win = false; bonusGroup().tiles.push(t); }
      // a flower read for a suit or honour tile: the tile goes to the standing row (left among the
      // flowers, the hand was refused, "'2m' is not a flower or a season")
      if (!isBonus && g.kind === "bonus") { g.tiles.splice(index, 1); groups[0].tiles.push(t); }
    }, { op: "replace", group: gi, from: old, to: code, read: t.src });
    sayChange({ op: "replace", from: old, to: code });
  }
  document.querySelectorAll("#picker-grid .pick").forEach((b) => {
    b.addEventListener("click", () => pick(b.dataset.code));
  });
  // Arrow keys move between the picker's tiles, row by row (Tab alone took up to 45 presses to
  // reach a tile); Home and End go to the row's ends. Tab still walks them in order.
  $("picker-grid").addEventListener("keydown", (e) => {
    const b = e.target.closest && e.target.closest(".pick");
    if (!b) return;
    const rows = Array.from(document.querySelectorAll("#picker-grid .pick-row")).filter((r) => !r.hidden);
    const picks = (row) => Array.from(row.querySelectorAll(".pick")).filter((p) => !p.hidden && !p.disabled);
    const r = rows.findIndex((row) => row.contains(b));
    if (r < 0) return;
    const here = picks(rows[r]);
    const i = here.indexOf(b);
    let next = null;
    if (e.key === "ArrowRight") next = here[i + 1];
    else if (e.key === "ArrowLeft") next = here[i - 1];
    else if (e.key === "Home") next = here[0];
    else if (e.key === "End") next = here[here.length - 1];
    else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      const other = rows[r + (e.key === "ArrowDown" ? 1 : -1)];
      const there = other ? picks(other) : [];
      next = there[Math.min(i, there.length - 1)];
    }
    if (next) { e.preventDefault(); next.focus(); }
  });
  $("pick-remove").addEventListener("click", () => {
    if (!picking || picking.add) return;
    const { group, index } = picking;
    const code = groups[group].tiles[index].code;
    closePicker();
    step(() => { groups[group].tiles.splice(index, 1); }, { op: "remove", tile: code });
    sayChange({ op: "remove", tile: code });
  });
  $("pick-winning").addEventListener("click", () => {
    if (!picking || picking.add) return;
    const { group, index } = picking;
    closePicker();
    const code = groups[group].tiles[index].code;
    step(() => {
      const g = groups[group]; const t = g.tiles[index];
      // a flower or season wins in place, as the eighth of eight (Hong Kong, 004 6D); another tile
      // joins the standing row
      if (g.kind !== "standing" && g.kind !== "bonus") { g.tiles.splice(index, 1); groups[0].tiles.push(t); }
      groups[0].tiles.forEach((x) => { x.win = false; });
      bonusGroup().tiles.forEach((x) => { x.win = false; });
      t.win = true;
    }, { op: "winning", tile: code });
  });
  mj.onChosen(moveSel, () => {
    if (!picking || picking.add) return;
    const { group: from, index } = picking;
    const sel = moveSel.value;
    const code = groups[from].tiles[index].code;
    closePicker();
    step(() => {
      const [t] = groups[from].tiles.splice(index, 1);
      const to = targetGroup(sel);
      if (to !== 0) t.win = false;
      groups[to].tiles.push(t);
    }, { op: "move", tile: code, from, to: sel });
  });
  $("add-tile").addEventListener("click", () => openPicker(0, null, true));
  $("clear-hand").addEventListener("click", () => {
    if (!window.confirm(tr("Clear the whole hand?"))) return;
    step(() => { groups = [{ kind: "standing", tiles: [] }, { kind: "bonus", tiles: [] }]; }, { op: "clear" });
    sayChange({ op: "clear" });
  });

  // ---- the context: only what this hand needs ----------------------------------------------------
  function showNeeded() {
    const f = formFields();
    const hasKong = groups.some((g) => g.kind === "meld" && g.tiles.length === 4);
    const exposed = groups.some((g) => g.kind === "meld" && !g.concealed);
    const discard = data.game ? f.discarder !== "" : !("ctx_self_drawn" in f);
    const riichi = "ctx_riichi" in f || "ctx_double_riichi" in f;
    const need = { kong: hasKong, exposed, discard, riichi };
    ctxForm.querySelectorAll(".ctx[data-need]").forEach((el) => {
      const n = el.dataset.need;
      el.hidden = !!n && !need[n];
    });
    if (data.game) {
      const w = f.winner;
      ctxForm.querySelectorAll("input[name=discarder]").forEach((r) => {
        r.disabled = w !== undefined && r.value === w;
        r.closest("label").classList.toggle("disabled", r.disabled);
      });
    }
  }

  // ---- scoring ---------------------------------------------------------------------------------
  function formFields() {
    const out = {};
    for (const [k, v] of new FormData(ctxForm).entries()) out[k] = v;
    return out;
  }
  function request(hand) {
    const f = formFields();
    const body = { hand, rules: f.rules || data.rules, form: f };
    // which tile won, still asked: asked again of the hand as it is scored now (its winner's seat)
    const asked = document.querySelector(".question[data-ask=winning][data-variant]:not([hidden])");
    if (asked) body.ask_winning = asked.dataset.variant;
    if (data.game) {
      Object.assign(body, { game: data.game.id, winner: f.winner, discarder: f.discarder, dealer: f.dealer, round_wind: f.round_wind });
      // a recorded hand is scored in its own deal (its counters, a game over since)
      if (data.recorded && data.recorded.game_id === data.game.id) body.correct = data.recorded.seq;
    }
    return body;
  }
  let seq = 0, timer = null, lastScore = null;
  let recordedGroups = null;      // the tiles of a recorded hand as the page opened on them
  function showResult(d) {
    resultBox.innerHTML = d.html || "";
    resultBox.removeAttribute("aria-busy");
    $("bar-total").classList.remove("stale");
    showFieldError(d);
    showRecordedChange(d);
    resultBox.querySelectorAll("tr.item").forEach((row) => {
      // a row shows its tiles in the hand: a tap on the row, or its tiles' button (the row itself
      // focusable was announced as a plain row, with nothing a screen reader could tell it did)
      const cell = row.querySelector("td.tiles-cell");
      const codes = (row.dataset.tiles || "").split(" ").filter(Boolean);
      if (cell && codes.length) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "show-tiles";
        button.setAttribute("aria-pressed", "false");
        // named by the pattern (without its Chinese or Japanese name, which a label would read in the
        // page's voice) and the tiles by their names, not the index badges ("456123789 2 2")
        const words = row.querySelector("th.name").cloneNode(true);
        words.querySelectorAll(".native, .source").forEach((el) => el.remove());
        button.setAttribute("aria-label", tr("Show in the hand: {pattern}: {tiles}",
          { pattern: words.textContent.replace(/\s+/g, " ").trim(), tiles: codes.map(tileName).join(", ") }));
        while (cell.firstChild) button.appendChild(cell.firstChild);
        cell.appendChild(button);
        button.addEventListener("click", (e) => { e.stopPropagation(); highlight(row); });
      }
      row.addEventListener("click", (e) => { if (!e.target.closest("a, button")) highlight(row); });
    });
    lastScore = d.ok ? d : null;
    const valid = d.ok && d.score && d.score.valid;
    // the tiles shown make a winning hand: "no complete hand could be built" and "add the tiles
    // read face down" no longer hold (a stray read on the felt, left out, had a beginner add a
    // fifteenth tile to a hand that was right)
    if (valid) ["no-hand", "standing-face-down", "face-down-groups", "no-face-up"].forEach((id) => { if ($(id)) $(id).hidden = true; });
    $("bar-total").textContent = valid ? mj.number(d.score.total) : "—";
    // the unit as the score card shows it, in the page's language
    const unit = resultBox.querySelector(".total .unit");
    $("bar-unit").textContent = valid && unit ? unit.textContent : "";
    showDeclare();
  }
  // A hand already recorded is not changed by this page (its draft is the record's key): a change
  // made here is said not to be kept, with a link to the game's edit form for that hand, filled
  // with the hand as it now reads.
  function showRecordedChange(d) {
    const note = $("recorded-change");
    if (!note || recordedGroups === null) return;
    const changed = JSON.stringify(currentState().groups) !== recordedGroups;
    note.hidden = !changed;
    if (!changed) return;
    const link = $("recorded-edit");
    const u = new URL(link.href, window.location.href);
    const handSeq = link.dataset.seq;
    u.searchParams.set("edit", handSeq);
    u.searchParams.set("hand", d.ok && d.notation ? d.notation : notationInput.value.trim());
    // the winner chosen here, else the one the hand's page opened the editor for (?winner=)
    const winner = formFields().winner;
    const opened = new URLSearchParams(window.location.search).get("winner");
    if (winner !== undefined && winner !== "") u.searchParams.set("winner", winner);
    else if (opened) u.searchParams.set("winner", opened);
    u.hash = "hand-" + handSeq;
    link.href = u.toString();
  }
  // A mistake in a context field (dora indicators typed "4q") is said beside that field too: on a
  // phone the score box is off-screen, and the field is where it is corrected.
  // a field tied to the reason it was refused (``noteId``), or untied (null), for a screen reader
  function markInvalid(input, noteId) {
    if (noteId) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", noteId);
    } else {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
  }
  function showFieldError(d) {
    ctxForm.querySelectorAll(".field-error").forEach((el) => el.remove());
    ctxForm.querySelectorAll("[aria-describedby^='field-error-']").forEach((el) => markInvalid(el, null));
    // an input error, or a context no play can give (a score refused as bad_context, every rule set)
    const err = !d.ok ? d.error : (d.score && !d.score.valid && d.score.error && d.score.error.code === "bad_context"
      ? d.score.error : null);
    const field = err && typeof err.field === "string" ? err.field : "";
    if (!field.startsWith("context.")) return;
    const input = ctxForm.elements.namedItem("ctx_" + field.slice(8));
    const text = resultBox.querySelector(".error-message");
    if (!input || !input.closest || !text) return;
    const note = document.createElement("span");
    note.className = "field-error error-message small";
    note.setAttribute("role", "alert");     // said as it appears: the field keeps the focus
    note.id = "field-error-" + field.slice(8);
    note.textContent = text.textContent;
    markInvalid(input, note.id);
    (input.closest("label") || input).after(note);
  }
  // Record: a hand that cannot be declared is refused with the reason, and offered as a false
  // win where the rules have one; in a game, the winner and the discarder are asked first.
  const openNote = (ev) => {
    const note = ev.currentTarget;
    if (!note.classList.contains("clamped")) return;
    if (ev.type === "keydown" && ev.key !== "Enter" && ev.key !== " ") return;
    ev.preventDefault();
    note.setAttribute("aria-expanded", String(note.classList.toggle("open")));
  };
  if ($("declare-note")) ["click", "keydown"].forEach((kind) => $("declare-note").addEventListener(kind, openNote));
  // a phone turned sideways cuts the reason to one line (app.css): whether it is cut, and so opens
  // on a tap, is judged again then (a reason of two lines, cut, did not open until re-scored)
  const shortScreen = window.matchMedia ? window.matchMedia("(max-height: 500px)") : null;
  if (shortScreen && shortScreen.addEventListener) shortScreen.addEventListener("change", () => showDeclare());
  function showDeclare() {
    const rec = $("record-button");
    const note = $("declare-note");
    const verdict = lastScore ? lastScore.declare : null;
    const f = formFields();
    const seats = !data.game || (f.winner !== undefined && f.discarder !== undefined);
    const ok = !!(verdict && verdict.ok);
    let msg = "";
    // under the minimum as scored for East on a discard: the winner's seat or a self-drawn win may
    // lift it, so the winner is asked for before the hand is called no win
    if (verdict && !ok && verdict.minimum && data.game && !seats) {
      // the winner chosen, the page scores their seat, self-drawn, until the discarder is chosen
      msg = f.winner === undefined
        ? tr("Choose who won, and on whose discard: as scored for East on a discard, {reason}.", { reason: verdict.reason })
        : tr("Choose on whose discard: as scored for now (self-drawn), {reason}.", { reason: verdict.reason });
    } else if (verdict && !ok) {
      // under the minimum the reason says it itself (« Ne peut pas être enregistrée comme victoire :
      // 7 points, sous le minimum de 8 points : cette main ne peut pas être déclarée gagnante »)
      msg = verdict.minimum ? verdict.reason : tr("Cannot be recorded as a win:") + " " + verdict.reason;
    }
    else if (ok && rec && !seats) msg = tr("Choose who won, and on whose discard.");
    note.textContent = msg;
    note.hidden = !msg;
    // two lines at most, so that the bar covers little of a phone: cut there, a tap shows the
    // whole reason (its end, which said what to do, was lost behind the "…")
    note.classList.remove("open", "clamped");
    note.removeAttribute("tabindex");
    note.removeAttribute("aria-expanded");
    if (msg && note.scrollHeight > note.clientHeight + 1) {
      note.classList.add("clamped");
      note.tabIndex = 0;
      note.setAttribute("aria-expanded", "false");
    }
    // in a game, a total before the winner and the discarder are chosen is scored as East on a
    // discard: shown dimmed, as a provisional figure ("13,500 points received" read as settled)
    const bar = $("bar-total");
    const unseated = !!data.game && !seats && !!lastScore;
    bar.classList.toggle("unseated", unseated);
    if (unseated) bar.title = tr("provisional: the winner and the discarder are not chosen yet");
    else bar.removeAttribute("title");
    // said beside it too: a title reaches neither a screen reader nor a finger
    const provisional = $("bar-provisional");
    if (provisional) provisional.hidden = !unseated;
    if (!rec) return;
    rec.disabled = !(ok && seats);
    const fw = $("false-win-button");
    if (fw) fw.hidden = ok || !lastScore || !(verdict && verdict.false_win) || f.winner === undefined;
  }
  const isEmpty = () => groups.every((g) => !g.tiles.length);
  function showEmpty() {
    // a hand typed and refused keeps its text, to be corrected (a tap on the winner emptied it)
    if ($("notation-error").innerHTML.trim() === "") notationInput.value = "";
    lastScore = null;
    resultBox.innerHTML = `<p class="muted" id="empty-hand">${tr("No tiles yet: add them with “+ Tile”, or type the hand.")}</p>`;
    $("bar-total").textContent = "—"; $("bar-unit").textContent = "";
    showDeclare();
  }
  // Between a correction and its new score the old one no longer holds: dimmed, and Record off
  // (on a slow network the old total and an enabled Record stood for seconds after a change)
  function markScoring() {
    resultBox.setAttribute("aria-busy", "true");
    $("bar-total").classList.add("stale");
    const rec = $("record-button");
    if (rec) rec.disabled = true;
  }
  // a score request that never reached the server, as a score answer saying so
  const unreachable = () => ({ ok: false, html: `<p class="error-message">${tr("the server could not be reached")}</p>` });
  async function rescore() {
    const mine = ++seq;
    if (isEmpty()) { showEmpty(); return; }
    markScoring();
    const boxBefore = notationInput.value;
    let d;
    try {
      ({ data: d } = await mj.postJSON(data.scoreUrl, request(toHand())));
    } catch (e) {
      d = unreachable();
    }
    // a newer correction is on its way, or waits for its pause: this score is of the hand before
    // it, and would enable Record under the new winner and discarder (a tap on Record as the
    // next score began, Record off again, was lost)
    if (mine !== seq || timer !== null) return;
    // what the player typed in the box while this score was on its way stays there: the answer
    // put the hand before back over it, and the typed hand was sent as the one shown, unread
    const boxKept = notationInput.value !== boxBefore;
    if (d.ok && !boxKept) { notationInput.value = d.notation; notationInput.dataset.shown = d.notation; }
    // tiles that make no hand have no notation: the box showed the last hand that did, which "Use"
    // would have put back (a hand typed and refused keeps its text, to be corrected)
    else if (!d.ok && !boxKept && $("notation-error").innerHTML.trim() === "") notationInput.value = "";
    if (d.ok && d.winning_question) {
      const asked = document.querySelector(".question[data-ask=winning][data-variant]:not([hidden])");
      if (asked && asked.textContent !== d.winning_question) asked.textContent = d.winning_question;
    }
    // refused before scoring (the table's join link changed, the session expired): the reason,
    // not a blank score and a greyed Record
    if (!d.html && d.error && d.error.message) {
      const p = document.createElement("p");
      p.className = "error-message";
      p.setAttribute("role", "alert");
      p.textContent = d.error.message;
      d = { ...d, html: p.outerHTML };
    }
    showResult(d);
  }
  // A hand typed in the box that could not be read: the tiles shown are the last hand read, not it
  const notationPending = () => $("notation-error").innerHTML.trim() !== "";
  function change(correction, quiet) {
    edits += 1;
    if (correction && !quiet) corrections.push(correction);
    if (correction) { $("notation-error").innerHTML = ""; markInvalid(notationInput, null); }   // the tiles now say what the hand is
    render();
    if (!isEmpty()) markScoring();
    clearTimeout(timer);
    // a context change under a typed hand not yet read reads that hand again, as typed: scoring
    // the tiles would put the last hand read back in the box (or empty it) under a stale error
    const typed = !correction && notationPending();
    timer = setTimeout(() => {
      timer = null;
      if (typed) $("notation-form").requestSubmit();
      else rescore();
      Promise.resolve(saveState()).then(teachCorrections).catch(() => {});
    }, 120);
  }
  function highlight(row) {
    const active = !row.classList.contains("active");
    resultBox.querySelectorAll("tr.item.active").forEach((r) => r.classList.remove("active"));
    resultBox.querySelectorAll("button.show-tiles").forEach((b) => b.setAttribute("aria-pressed", "false"));
    view.querySelectorAll(".htile.hl").forEach((t) => t.classList.remove("hl"));
    if (!active) return;
    row.classList.add("active");
    const pressed = row.querySelector("button.show-tiles");
    if (pressed) pressed.setAttribute("aria-pressed", "true");
    const want = row.dataset.tiles.split(" ").filter(Boolean);
    const free = Array.from(view.querySelectorAll(".htile"));
    const shown = [];
    for (const code of want) {
      const i = free.findIndex((b) => norm(b.dataset.code) === norm(code));
      if (i >= 0) { free[i].classList.add("hl"); shown.push(free[i].dataset.code); free.splice(i, 1); }
    }
    // said, not only drawn: Enter on a row changed nothing a screen reader could hear
    const said = $("hand-said");
    if (said && shown.length) said.textContent = tr("Marked in the hand: {tiles}", { tiles: shown.map(tileName).join(", ") });
  }

  // ---- the draft on the server -----------------------------------------------------------------
  // the hand typed in the box and refused (its error said beside it), else ""
  function refusedTyped() {
    return $("notation-error").innerHTML.trim() !== "" ? notationInput.value.trim() : "";
  }
  function currentState() {
    const f = formFields();
    const fields = Array.from(ctxForm.elements).map((e) => e.name).filter(Boolean);
    // the fields of other rule sets' forms, as this page found them: switching to MCR and back
    // to riichi lost the riichi declaration and the dora indicators
    const found = (data.state && data.state.form) || {};
    const here = new Set(fields);
    for (const name of (data.state && data.state.fields) || Object.keys(found)) {
      // not the rules nor a game's own fields: a page in a game, which has no rules menu, saved
      // the rules the draft was first saved under
      if (here.has(name) || ["rules", "winner", "discarder", "dealer", "round_wind"].includes(name)) continue;
      fields.push(name);
      if (name in found) f[name] = found[name];
    }
    // a hand typed in the box and not taken (its typing error yet to mend) is kept with the draft:
    // a reload emptied the box
    const typed = refusedTyped().slice(0, 400);
    return { rules: f.rules || data.rules, form: f, fields: Array.from(new Set(fields)), corrections: corrections.slice(-400),
             ...(typed ? { typed } : {}),
             groups: groups.map((g) => ({ kind: g.kind, concealed: !!g.concealed, from: g.from || "", ...(g.added ? { added: true } : {}),
                                           tiles: g.tiles.map((t) => ({ code: t.code, src: t.src, win: !!t.win,
                                                                        ...(t.checked ? { checked: true } : {}) })) })) };
  }
  // Undo and redo survive a reload of this draft: kept in this tab's sessionStorage with the hand
  // they lead to, and taken back only when the draft on the server is still that hand.
  const historyKey = () => (draftId ? "mjtable-history:" + draftId : null);
  function keepHistory(hist) {
    const key = historyKey();
    if (!key) return;
    try { sessionStorage.setItem(key, JSON.stringify(hist)); } catch (e) { /* storage full or off: no history */ }
  }
  function loadHistory() {
    const key = historyKey();
    if (!key) return;
    try {
      const h = JSON.parse(sessionStorage.getItem(key) || "null");
      if (h && h.hand === JSON.stringify(currentState().groups)) { undoStack.push(...h.undo); redoStack.push(...h.redo); }
    } catch (e) { /* a damaged entry: no history */ }
  }
  const historyOf = (state) => ({ undo: undoStack.slice(), redo: redoStack.slice(), hand: JSON.stringify(state.groups) });
  const draftStateUrl = () => data.stateUrl.replace("DRAFT", encodeURIComponent(draftId));
  // A change made just before the page is left (Back, reload, another app on a phone) is saved
  // then: it waited for the short pause after a tap that lets several taps be saved as one.
  let edits = 0, savedEdits = 0;     // changes made, and those a save has reached the server with
  function savePendingChange() {
    if (edits <= savedEdits) return;  // a save still in flight when the page goes is lost with it
    // the change's score is asked now, not after the pause it no longer waits for: the page came
    // back dimmed with Record off, or an older score in flight turned Record on under it
    if (timer !== null) { clearTimeout(timer); timer = null; rescore(); }
    if (data.recorded || !draftId || overtaken) return;     // a hand without its draft yet gets one from its first save
    const state = currentState();
    keepHistory(historyOf(state));
    // kept in the tab as well: a reload's page can be served before this request arrives
    try { sessionStorage.setItem("mj-pending:" + draftId, JSON.stringify(state)); } catch (e) { /* storage off */ }
    mj.postJSON(draftStateUrl(), { state, base: stateRev }, { keepalive: true }).catch(() => {});
  }
  // The change saved as the page was left, if this tab still has it: newer than the server's
  function pendingState() {
    if (!draftId || data.recorded) return null;
    const key = "mj-pending:" + draftId;
    try {
      const state = JSON.parse(sessionStorage.getItem(key) || "null");
      sessionStorage.removeItem(key);
      return state && Array.isArray(state.groups) ? state : null;
    } catch (e) { return null; }
  }
  window.addEventListener("pagehide", savePendingChange);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") savePendingChange(); });
  let saving = Promise.resolve();
  // The draft's revision this page last loaded or saved: a save from another tab since is said,
  // not overwritten (the two tabs took turns erasing each other's corrections)
  // (a draft never saved yet, or saved before revisions, is at 0: a photo's two tabs are told apart
  // from their first save)
  let stateRev = data.state && Number.isInteger(data.state.rev) ? data.state.rev : (draftId ? 0 : null);
  let overtaken = false;       // said once: this page saves no more (each save would be refused)
  // A note at the page's top, said at once (role alert), made the first time it is needed
  function pageAlert(id) {
    let note = $(id);
    if (!note) {
      note = document.createElement("p");
      note.id = id;
      note.className = "flash error";
      note.setAttribute("role", "alert");
      const main = document.querySelector("main") || document.body;
      main.insertBefore(note, main.firstChild);
    }
    return note;
  }
  function showSaveError(message) {
    const note = pageAlert("draft-unsaved");
    note.textContent = tr("This hand's changes could not be saved: {why}", { why: message || tr("the server could not be reached") });
    note.hidden = false;
  }
  function hideSaveError() { const note = $("draft-unsaved"); if (note) note.hidden = true; }
  function showStale(message) {
    overtaken = true;
    const note = pageAlert("draft-stale");
    note.textContent = message || "";
    const reload = document.createElement("a");
    reload.href = window.location.href;
    reload.textContent = " " + tr("Reload");
    note.appendChild(reload);
    note.scrollIntoView({ block: "nearest" });
  }
  function saveState() {
    if (data.recorded || overtaken) return saving;
    const state = currentState();
    const hist = historyOf(state);
    const upTo = edits;
    saving = saving.then(async () => {
      if (draftId) {
        keepHistory(hist);
        const { status, data: d } = await mj.postJSON(draftStateUrl(), { state, base: stateRev });
        if (status === 200) { savedEdits = Math.max(savedEdits, upTo); stateRev = d.rev; rememberUnfinished(); hideSaveError(); }
        else if (status === 409) showStale(d.error && d.error.message);
        // refused (a hand the server cannot keep): said, where 16 refusals in a row lost a
        // player's corrections without a word
        else if (status >= 400) showSaveError(d && d.error && d.error.message);
        return;
      }
      const { status, data: d } = await mj.postJSON(data.draftsUrl, { state });
      if (status === 201 && d.draft) {
        draftId = d.draft;
        stateRev = d.rev;
        keepHistory(hist);
        const u = new URL(d.url, window.location.href);
        const here = new URL(window.location.href);
        for (const k of ["game", "rules", "lang"]) if (here.searchParams.get(k)) u.searchParams.set(k, here.searchParams.get(k));
        mj.setAddress(u.toString());
        const form = $("record-form");
        if (form) form.action = data.recordUrl.replace("DRAFT", encodeURIComponent(draftId));
        rememberUnfinished();
      }
    }).catch(() => {});
    return saving;
  }
  // A hand being reviewed is offered again on the photo page and its game's page until it is
  // recorded (mj.unfinished): Back twice left it, and its corrections were made again on a new reading
  function rememberUnfinished() {
    // a photo of no tile (a picture that is no hand, a thumbnail) is nothing to go back to: four
    // links alike were offered, two of them to empty drafts
    // a hand typed and refused is worth going back to (put back after a reload: data.state.typed)
    const typed = refusedTyped() !== "" || !!(data.state && data.state.typed);
    if (!typed && !groups.some((g) => g.tiles.length)) { mj.unfinished.forget(draftId); return; }
    if (!data.recorded && draftId) {
      mj.unfinished.remember(mj.address || window.location.href, data.game ? data.game.id : null, draftId,
                             notationInput.dataset.shown || "");
    }
  }
  if (data.recorded && draftId) mj.unfinished.forget(draftId);
  function restoreForm(state) {
    const f = state.form || {};
    const had = new Set(state.fields || Object.keys(f));
    for (const el of ctxForm.elements) {
      if (!el.name || el.type === "hidden" || el.id === "rules-select" || !had.has(el.name)) continue;
      // the deal is the game's now, not the one saved with the draft: a draw recorded since moved it
      if (data.game && (el.name === "dealer" || el.name === "round_wind")) continue;
      // and so are its counters on the table (read-only, "counted by the game"): two draws since
      // the draft was saved showed 0 counters beside a score that paid 2
      if (data.game && el.readOnly) continue;
      if (el.type === "checkbox") el.checked = el.name in f;
      else if (el.type === "radio") el.checked = el.name in f && f[el.name] === el.value;
      else if (el.name in f && Array.from(el.options || [{ value: f[el.name] }]).some((o) => o.value === f[el.name])) el.value = f[el.name];
    }
  }
  // The rules (in the bar, outside the form's box): the draft is saved first, so the page for
  // the other rules opens it as it was left.
  // The fixed bar at the foot of the page must not hide the control that has the keyboard's focus.
  const bar = $("review-bar");
  if (bar && window.ResizeObserver) new ResizeObserver(() => {
    document.documentElement.style.scrollPaddingBottom = bar.offsetHeight + 8 + "px";
    // the page ends above the bar, however tall the bar grows, its footer too: nothing stays under it
    document.body.style.paddingBottom = bar.offsetHeight + 16 + "px";
  }).observe(bar);
  // The players' winds beside their names on the winner and discarder chips follow the dealer
  // field ("More about this hand"), as the seats do when the dealer is changed there.
  // A recorded hand corrected is scored in its own deal, whatever that field says: its winds stay.
  const dealerSel = $("dealer");
  if (dealerSel && data.game && data.game.order && !data.game.ownDeal) {
    dealerSel.addEventListener("change", () => {
      const order = data.game.order, at = order.indexOf(Number(dealerSel.value));
      document.querySelectorAll(".chip-wind[data-seat]").forEach((el) => {
        el.textContent = "(" + data.game.windNames[(order.indexOf(Number(el.dataset.seat)) - at + 4) % 4] + ")";
      });
    });
  }
  // A deal other than the game's next one, chosen under "More about this hand", is said beside the
  // form: the game goes on from it, the deals between skipped.
  const dealNote = $("deal-note"), roundSel = $("round_wind");
  if (dealNote && dealerSel && roundSel) {
    const checkDeal = () => {
      dealNote.hidden = dealerSel.value === dealNote.dataset.dealer && roundSel.value === dealNote.dataset.round;
    };
    dealerSel.addEventListener("change", checkDeal);
    roundSel.addEventListener("change", checkDeal);
    checkDeal();
  }
  const rulesSel = $("rules-select");
  if (rulesSel) mj.onChosen(rulesSel, () => {
    saveState().then(() => {
      const u = new URL(window.location.href);
      u.searchParams.set("rules", rulesSel.value);
      u.searchParams.delete("hand");
      window.location.href = u.toString();
    });
  });
  ctxForm.addEventListener("change", (e) => {
    if (e.target.dataset.scoredValue === e.target.value) return;   // scored already while typed
    syncWinnersRiichi(e.target);
    ownStickOnTable(e.target);
    nameLiable();
    showNeeded();       // riichi ticked: its ippatsu and ura dora asked
    change(null);
  });
  // Outside a game, a riichi ticked puts the winner's own stick on the table (002 §3.3.14): the
  // sticks field left at 0 scored 3,900 where the same hand with its stick said 4,900, and no
  // word said why (a beginner's trial). Unticked, a stick put there so is taken back.
  const RIICHI_BOXES = ["ctx_riichi", "ctx_double_riichi"];
  function ownStickOnTable(el) {
    const sticks = ctxForm.elements.namedItem("ctx_riichi_sticks");
    if (data.game || !sticks || !RIICHI_BOXES.includes(el.name)) return;
    const declared = RIICHI_BOXES.some((n) => (ctxForm.elements.namedItem(n) || {}).checked);
    if (declared && (sticks.value === "" || Number(sticks.value) < 1)) {
      sticks.dataset.ownStick = sticks.value;      // what was there, put back if riichi is unticked
      sticks.value = "1";
    } else if (!declared && sticks.dataset.ownStick !== undefined && sticks.value === "1") {
      sticks.value = sticks.dataset.ownStick;
      delete sticks.dataset.ownStick;
    }
  }
  // In a game, the liable player's choices (left, across, right of the winner) name the player
  // there, as the game page's form does, once the winner is chosen (a family read "across" and
  // had to work out who that was)
  const LIABLE_OFFSET = { left: -1, right: 1, across: 2 };
  // the winner's seat as the form has it (a string), or undefined while none is chosen
  const chosenWinner = () => (ctxForm.querySelector("input[name=winner]:checked") || {}).value;
  function nameLiable() {
    const sel = ctxForm.elements.namedItem("ctx_liable_player");
    if (!sel || !sel.options || !data.game || !data.game.order) return;
    const winner = chosenWinner();
    const order = data.game.order, at = winner === undefined ? -1 : order.indexOf(Number(winner));
    for (const o of sel.options) {
      if (!(o.value in LIABLE_OFFSET)) continue;
      if (o.dataset.word === undefined) o.dataset.word = o.textContent;
      const seat = at < 0 ? null : order[(at + LIABLE_OFFSET[o.value] + 4) % 4];
      o.textContent = o.dataset.word + (seat === null ? "" : " (" + data.game.players[seat] + ")");
    }
  }
  nameLiable();
  // A typed field (dora indicators, counters, sticks) scores as it is typed, after a pause: the
  // old score stayed on screen until the field was left, under a value it no longer matched.
  let typingTimer = null;
  ctxForm.addEventListener("input", (e) => {
    const el = e.target;
    if (!el.matches("input[type=text], input[type=number], input:not([type])")) return;
    delete el.dataset.scoredValue;
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => { el.dataset.scoredValue = el.value; change(null); }, 500);
  });
  // The winner's chip among the riichi declarers and the hand's own riichi box say one thing.
  // Another winner chosen with the box ticked: the riichi goes with the winner, the one chosen
  // before loses it (it stayed, and a trial's hand took a second stick from the first winner).
  let riichiWinner;       // the winner before this change: set once the saved form is put back (start)
  function syncWinnersRiichi(el) {
    const own = ctxForm.elements.namedItem("ctx_riichi");
    const winner = chosenWinner();
    const before = riichiWinner;
    riichiWinner = winner;
    if (!own || winner === undefined || !$("riichi-chips")) return;
    const chip = ctxForm.elements.namedItem("riichi_seat_" + winner);
    if (el === own) chip.checked = own.checked;
    else if (el === chip) own.checked = chip.checked;
    else if (el.name === "winner") {
      if (own.checked && !chip.checked) {
        // the new winner had not declared: the box's riichi was the winner chosen before's
        const was = before !== undefined && before !== winner && ctxForm.elements.namedItem("riichi_seat_" + before);
        if (was) was.checked = false;
        chip.checked = true;
      } else own.checked = chip.checked;   // a declarer chosen as the winner: both keep theirs
    }
  }
  ctxForm.addEventListener("submit", (e) => e.preventDefault());
  $("notation-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = notationInput.value.trim();
    // a typed winning tile apart ("... 2z") answers "Which tile won?"; the box's own notation sent
    // back as it was, or a hand with none (the last tile taken), does not
    // typed (not the shown notation sent back as it was): its codes are the player's word
    const typed = text !== notationInput.dataset.shown;
    const answers = namesWinningTile(text) && typed;
    if (typed) { $("winning-taken").hidden = true; $("notation-notes").hidden = true; }   // said again below if this hand takes it too
    let d;
    try {
      ({ data: d } = await mj.postJSON(data.scoreUrl, request(text)));
    } catch (err) {
      // the server out of reach: said, not a page left dimmed with Record off
      showResult(unreachable());
      return;
    }
    // the error beside the box it is about (on a phone the score panel is off-screen)
    $("notation-error").innerHTML = d.ok ? "" : d.html;
    markInvalid(notationInput, d.ok ? null : "notation-error");
    if (d.ok) {
      step(() => { fromHand(d.hand, typed); }, { op: "notation", text });
      // how the typed text was read where another app reads it otherwise: an MCR helper's [EEEE]
      // (concealed there, exposed here) was scored as four exposed kongs without a word
      const notes = typed ? (d.notes || []).filter((n) => n.code !== "winning_last") : [];
      // one line each (two run together read as one sentence)
      $("notation-notes").replaceChildren(...notes.flatMap((n, i) => (i ? [document.createElement("br")] : [])
        .concat([document.createTextNode(n.message)])));
      $("notation-notes").hidden = !notes.length;
      if (answers) hideWinningQuestion();
      else if (typed && d.hand && d.hand.winning_tile && !document.querySelector(".question[data-ask=winning]:not([hidden])")) {
        // a hand typed whole, sorted, took its last tile as the winning tile without a word: a
        // beginner's 4s ron was scored as won on the 5p (002's pinfu lost). Not in the box's
        // error line, which holds a typing error yet to be mended.
        $("winning-taken").textContent = tr("No winning tile written apart: the last tile written, {tile}, is taken as the winning tile (★). Write the winning tile after a space, or mark ★ on another tile.",
          { tile: tileName(d.hand.winning_tile) });
        $("winning-taken").hidden = false;
      }
    } else showResult(d);
  });
  // "Record this hand into a game" (a page of no game): the hand is saved first, a typed one
  // getting its draft then, and opened in the game chosen with its corrections
  const intoGame = $("record-into-game");
  if (intoGame) {
    intoGame.addEventListener("submit", async (e) => {
      e.preventDefault();
      await saveState();
      if (!draftId) { window.alert(tr("the server could not be reached")); return; }   // not saved: said
      const u = new URL(intoGame.action.replace("DRAFT", encodeURIComponent(draftId)), window.location.href);
      u.searchParams.set("game", intoGame.elements.game.value);
      const lang = new URL(window.location.href).searchParams.get("lang");
      if (lang) u.searchParams.set("lang", lang);
      window.location.href = u.toString();
    });
  }
  const recordForm = $("record-form");
  if (recordForm) {
    recordForm.addEventListener("submit", async (e) => {
      e.preventDefault();
      const falseWin = e.submitter && e.submitter.id === "false-win-button";
      const f = formFields();
      // the player who pays, by name (the winner chosen on the page)
      const offender = data.game && data.game.players[Number(f.winner)];
      // a chombo's amounts as this player's seat pays them (the dealer chosen on the page): "4,000 to
      // East and 2,000 to the others, or the dealer 4,000 to each" left the table to work it out
      const asked = e.submitter && e.submitter.dataset;
      const dealerName = data.game && f.dealer !== undefined && f.dealer !== "" ? data.game.players[Number(f.dealer)] : null;
      const question = !falseWin || !offender || !dealerName || !asked.confirmDealer ? (asked && asked.confirm)
        : (String(f.winner) === String(f.dealer) ? asked.confirmDealer : asked.confirmOther.replace("{dealer}", dealerName));
      if (falseWin && !window.confirm(question.replace("{player}", offender || "?"))) return;
      // a deal other than the game's next one skips the deals between (a half game's last hand,
      // recorded as E1 by a dealer changed under "More about this hand", went on to E2): asked
      const dealSkip = $("deal-note");
      if (!falseWin && dealSkip && !dealSkip.hidden && !window.confirm(dealSkip.textContent.trim() + "\n\n" + tr("Record it so?"))) return;
      const riichi = Object.keys(f).filter((k) => k.startsWith("riichi_seat_")).map((k) => Number(k.slice(12)));
      const payload = { kind: falseWin ? "false_win" : "win", hand: toHand(), winner: f.winner,
                        discarder: f.discarder === "" ? null : f.discarder, riichi,
                        dealer: f.dealer, round_wind: f.round_wind, form: f, corrections: corrections.slice(-400),
                        // the game as this page showed it: refused if another hand was recorded, or
                        // an earlier one edited, since (its dealer and counters would be this page's)
                        expect_seq: data.game ? data.game.nextSeq : null,
                        expect_edits: data.game ? data.game.edits : null };
      $("record-button").disabled = true;
      await saveState();          // a hand entered by hand gets its draft here
      if (!draftId) { $("record-button").disabled = false; return; }
      // the draft as this page last saved it: refused if another tab changed it since (its
      // corrections would be lost under this page's hand)
      payload.base = stateRev;
      $("record-payload").value = JSON.stringify(payload);
      recordForm.action = data.recordUrl.replace("DRAFT", encodeURIComponent(draftId));
      if (!falseWin) await teachHand(draftId);
      mj.unfinished.forget(draftId);     // after the last save, which remembered it (a refusal brings it back)
      recordForm.submit();
    });
  }
  // Back to this page after recording: reload it, so that it shows the hand recorded.
  window.addEventListener("pageshow", (e) => { if (e.persisted) window.location.reload(); });

  // ---- start -----------------------------------------------------------------------------------
  const pending = pendingState();
  if (pending) data.state = pending;
  const saved = data.state && data.state.groups;
  if (saved) {
    fromState(data.state); corrections.push(...(data.state.corrections || [])); restoreForm(data.state);
    // a draft saved with riichi ticked and no stick (on a game's page, or before the stick was put
    // down) puts the winner's own stick on the table as a tick does: it opened on a refusal
    const ticked = RIICHI_BOXES.map((n) => ctxForm.elements.namedItem(n)).find((el) => el && el.checked);
    if (ticked) ownStickOnTable(ticked);
  }
  else fromHand(data.hand);

  // the winner as the saved form has it (read before it was put back, a reload's winner was none,
  // and the next winner chosen left the first one's riichi chip ticked)
  riichiWinner = chosenWinner();
  if (corrections.length) hideReadingNotes();
  // "which tile won?" answered before this page was drawn again (a reload, Back after recording)
  if (corrections.some(answersWinning)) hideWinningQuestion();
  if (data.recorded) recordedGroups = JSON.stringify(currentState().groups);
  // reloaded while this draft's last lesson was still on its way (a correction, then a reload two
  // seconds later): the server's record (data.taught) is older than the tiles put back here, and
  // an Undo then sent nothing, the correction left learnt. The next change sends its lesson.
  if (data.profileActive && draftId && !data.recorded) {
    if (lessonOf(photographed().filter(([read, code]) => read.code !== code)) !== taught) taught = null;
  }
  loadHistory();
  render();
  // this tab's own change kept as it left the page may reach the server after this page was
  // served: saved over whatever revision is there now (it is the newest), not refused as another tab's
  if (pending) { stateRev = null; saveState(); }
  // "taken from the photo" beside the dora indicators, while the field holds them (cleared or
  // changed, by hand or a draft's saved form, it said so still)
  const doraNote = $("dora-from-photo"), doraField = ctxForm.elements.namedItem("ctx_dora_indicators");
  if (doraNote && doraField) {
    const same = () => { doraNote.hidden = doraField.value.replace(/\s+/g, "") !== doraNote.dataset.tiles; };
    doraField.addEventListener("input", same);
    same();
  }
  let first = null;
  if (saved || data.hand || readTiles.length) first = rescore();
  else if (data.notation) $("notation-form").requestSubmit();
  else showEmpty();
  // a draft opened again (a refused Record brought it back here) is offered again once its hand is
  // drawn and scored: before, its tiles and notation were not there to judge and name it by
  if (!data.recorded && draftId) Promise.resolve(first).then(() => rememberUnfinished());
  if (data.state && data.state.typed && !data.recorded) {
    // a hand typed and not taken (a typing error yet to mend), put back once the hand is scored,
    // and tried again, so that its error is said beside it
    Promise.resolve(first).then(() => {
      notationInput.value = data.state.typed;
      $("notation-box").open = true;
      $("notation-form").requestSubmit();
    });
  }
})();
