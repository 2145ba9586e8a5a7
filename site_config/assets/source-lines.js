/* Source pages: highlight the lines a link points at (#L12 or #L12-L14). A plain script, so it works
   from file:// too; without it the browser still scrolls to the first line and CSS marks it. */
"use strict";
(() => {
  function mark() {
    const old = document.querySelectorAll(".rl-line.rl-hl");
    for (let i = 0; i < old.length; i++) old[i].classList.remove("rl-hl");
    const m = /^#L(\d+)(?:-L(\d+))?$/.exec(location.hash);
    if (!m) return;
    const first = +m[1],
      last = m[2] ? +m[2] : first;
    for (let n = first; n <= last && n - first < 10000; n++) {
      const line = document.getElementById(`L${n}`);
      if (line) line.classList.add("rl-hl");
    }
  }
  window.addEventListener("hashchange", mark);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mark);
  else mark();
})();
