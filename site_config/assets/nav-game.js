/* The game's section stays open and marked in the navigation on pages the nav does not list (cards,
   source pages…): the breadcrumbs' first step is the game's overview, which the nav lists. */
(function () {
  function mark() {
    var game = document.querySelector(".rl-crumbs a");
    if (!game) return;
    var links = document.querySelectorAll(".md-sidebar--primary .md-nav__link[href]");
    for (var i = 0; i < links.length; i++) {
      if (links[i].href !== game.href) continue;
      var item = links[i].closest(".md-nav__item--nested");
      if (!item) return;
      item.classList.add("md-nav__item--active");
      var toggle = item.querySelector(":scope > input.md-nav__toggle");
      if (toggle) toggle.checked = true;
      var nav = item.querySelector(":scope > nav");
      if (nav) nav.setAttribute("aria-expanded", "true");
      return;
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mark); else mark();
})();
