/* The language switch keeps the reader's place: every locale has the same pages and anchors, so the
   #fragment (a ruling, a line of a source) is carried over to the other language's page. Material's own
   switch handler would drop it (it maps the link through a sitemap), so this one runs first and goes. */
document.addEventListener("click", function (ev) {
  var link = ev.target.closest && ev.target.closest("a.rl-lang-link");
  if (!link || !location.hash || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.button !== 0) return;
  ev.preventDefault();
  ev.stopPropagation();
  location.href = link.href.split("#")[0] + location.hash;
}, true);
