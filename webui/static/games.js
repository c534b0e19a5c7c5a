// New-game form: show the options of the chosen rule set only.
"use strict";
(() => {
  const select = document.getElementById("new-game-rules");
  if (!select) return;
  const show = () => document.querySelectorAll(".rule-options").forEach((d) => { d.hidden = d.dataset.rules !== select.value; });
  select.addEventListener("change", show);
  show();
})();
