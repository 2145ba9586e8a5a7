/* The page's "Show the originals" switch (rulings.site.render.page_notice), remembered from page to page.
   The switch works without this file (CSS reads the checkbox); storage may be refused (some file:// and
   private modes), and then each page starts with the originals hidden. */
"use strict";
(() => {
  const KEY = "rulings.originals";
  const box = document.querySelector("input[data-rl-originals]");
  if (!box) return;
  try {
    box.checked = window.localStorage.getItem(KEY) === "1";
  } catch (_e) {
    // no storage: not remembered
  }
  box.addEventListener("change", () => {
    try {
      window.localStorage.setItem(KEY, box.checked ? "1" : "0");
    } catch (_e) {
      // not remembered
    }
  });
})();
