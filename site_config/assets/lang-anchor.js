/* The language switch keeps the reader's place: every locale has the same pages and anchors, so the
   #fragment (a ruling, a line of a source) is carried over to the other language's page. */
document.addEventListener("click", function (ev) {
  var link = ev.target.closest && ev.target.closest("a.rl-lang-link");
  if (link && location.hash && link.href.indexOf("#") < 0) link.href += location.hash;
}, true);
