/* Previews of the cards, heroes and glossary terms a text names. Each page carries the previews its links
   name (hidden, at its end: no fetch, so this works from file:// too), and each link names its preview in
   aria-describedby. Hover or keyboard focus shows a preview; Escape, or moving away, hides it. On a touch
   screen the first tap on a link shows its preview and a second tap (or the name inside the preview)
   follows the link. */
"use strict";
(() => {
  const SELECTOR = 'a[aria-describedby^="rlpv-"]';
  let shown = null,
    owner = null,
    timer = 0,
    touch = false,
    openOnDown = false;

  function linkOf(node) {
    return node && node.closest ? node.closest(SELECTOR) : null;
  }
  function previewOf(link) {
    return document.getElementById(link.getAttribute("aria-describedby"));
  }

  function place(pv, link) {
    if (pv.parentNode !== document.body) document.body.appendChild(pv); // out of the article's flow
    pv.hidden = false;
    const r = link.getBoundingClientRect(),
      gap = 6,
      margin = 8;
    const width = document.documentElement.clientWidth;
    const left = Math.max(margin, Math.min(r.left, width - pv.offsetWidth - margin));
    let top = r.bottom + gap;
    if (top + pv.offsetHeight > window.innerHeight && r.top - gap - pv.offsetHeight > 0) {
      top = r.top - gap - pv.offsetHeight;
    }
    pv.style.left = `${left + window.scrollX}px`;
    pv.style.top = `${top + window.scrollY}px`;
  }

  function show(link) {
    const pv = previewOf(link);
    clearTimeout(timer);
    if (!pv || pv === shown) return;
    hide();
    shown = pv;
    owner = link;
    place(pv, link);
  }

  function hide() {
    clearTimeout(timer);
    if (shown) shown.hidden = true;
    shown = owner = null;
  }

  function hideSoon() {
    clearTimeout(timer);
    timer = setTimeout(hide, 300);
  }

  function pointer(ev) {
    touch = ev.pointerType === "touch" || ev.pointerType === "pen";
  }
  document.addEventListener("pointerover", pointer, true); // a mouse moving again after a tap is a mouse
  document.addEventListener(
    "pointerdown",
    ev => {
      pointer(ev);
      const link = linkOf(ev.target);
      openOnDown = !!link && shown !== null && shown === previewOf(link);
    },
    true
  );

  document.addEventListener("mouseover", ev => {
    if (touch) return; // after a tap, browsers send mouse events too: taps are handled on click
    const link = linkOf(ev.target);
    if (link) show(link);
    else if (shown && shown.contains(ev.target)) clearTimeout(timer);
  });

  document.addEventListener("mouseout", ev => {
    if (touch || !shown) return;
    const to = ev.relatedTarget;
    if ((linkOf(ev.target) || shown.contains(ev.target)) && !(to && (shown.contains(to) || linkOf(to) === owner))) {
      hideSoon();
    }
  });

  document.addEventListener("focusin", ev => {
    const link = linkOf(ev.target);
    if (link && !touch) show(link);
    else if (!link && !(shown && shown.contains(ev.target))) hide();
  });

  document.addEventListener("click", ev => {
    const link = linkOf(ev.target);
    if (link && touch && !openOnDown) {
      // first tap: show the preview, stay on the page
      ev.preventDefault();
      show(link);
    } else if (shown && !link && !shown.contains(ev.target)) {
      hide();
    }
  });

  document.addEventListener("keydown", ev => {
    if (ev.key === "Escape" && shown) {
      hide(); // the focus stays on the link
    } else if (ev.key === "Tab") {
      touch = false;
    }
  });

  window.addEventListener("resize", hide);
})();
