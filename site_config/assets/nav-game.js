/* The game's section stays open and marked in the navigation on pages the nav does not list (cards,
   source pages…): the breadcrumbs' first step is the game's overview, which the nav lists. */
"use strict";
(() => {
  function mark() {
    const game = document.querySelector(".rl-crumbs a");
    if (!game) return;
    const links = document.querySelectorAll(".md-sidebar--primary .md-nav__link[href]");
    for (let i = 0; i < links.length; i++) {
      if (links[i].href !== game.href) continue;
      const item = links[i].closest(".md-nav__item--nested");
      if (!item) return;
      item.classList.add("md-nav__item--active");
      const toggle = item.querySelector(":scope > input.md-nav__toggle");
      if (toggle) toggle.checked = true;
      const nav = item.querySelector(":scope > nav");
      if (nav) nav.setAttribute("aria-expanded", "true");
      return;
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mark);
  else mark();
})();
