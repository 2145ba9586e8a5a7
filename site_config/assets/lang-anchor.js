/* The language switch keeps the reader's place: every locale has the same pages and anchors, so the
   place is carried over to the other language's page as its #fragment. That is the URL's own fragment (a
   ruling, a line of a source) while its target is still in view; else, as after scrolling by hand, the
   anchor nearest the top of the view (a ruling's, a term's, a source line's: the ids the pages share).
   Material's own switch handler would drop it (it maps the link through a sitemap), so this one runs
   first and goes; at the top of a page (its title in view) it leaves the switch to Material. */
"use strict";
(() => {
  const ANCHORS =
    "article h1[id], article h2[id], article h3[id], article h4[id], article h5[id], " +
    "article h6[id], article .rl-line[id]";

  function inView(el) {
    // even under the header, where a jump to an anchor may leave it
    const box = el.getBoundingClientRect();
    return box.bottom >= 0 && box.top < window.innerHeight;
  }

  function top() {
    // where the page shows under Material's sticky header
    const header = document.querySelector(".md-header");
    return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  }

  function nearest() {
    // the anchor nearest the top of the view, above it or in it
    let line = top(),
      best = null,
      gap = Infinity;
    const all = document.querySelectorAll(ANCHORS);
    for (let i = 0; i < all.length; i++) {
      const box = all[i].getBoundingClientRect();
      if (!box.width && !box.height) continue; // not shown
      if (box.top >= window.innerHeight) break; // in document order: the rest are further down
      if (Math.abs(box.top - line) < gap) {
        gap = Math.abs(box.top - line);
        best = all[i];
      }
    }
    return best;
  }

  function byId(hash) {
    try {
      return document.getElementById(decodeURIComponent(hash.slice(1)));
    } catch (_err) {
      return null;
    }
  }

  function place() {
    const target = location.hash && byId(location.hash);
    if (location.hash && (!target || inView(target))) return location.hash; // a range (#L3-L5) has no element
    const anchor = window.scrollY >= 1 && nearest();
    return anchor && anchor.tagName !== "H1" ? `#${encodeURIComponent(anchor.id)}` : ""; // the title: the top
  }

  document.addEventListener(
    "click",
    ev => {
      const link = ev.target.closest && ev.target.closest("a.rl-lang-link");
      if (!link || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.button !== 0) return;
      const hash = place();
      if (!hash) return;
      ev.preventDefault();
      ev.stopPropagation();
      location.href = link.href.split("#")[0] + hash;
    },
    true
  );
})();
