/* Source pages shown in parts (a long original, one page per part): a link to a line that another part
   shows (an old link to the one-page original, …/sources/faq/#L1234, or one from before the parts moved) goes
   on to that part, at the same line. Each part's index of parts lists every part's first line
   (data-rl-parts) and links to the others in the same order; without this script the index is there to
   click. A plain script reading the page's own links, so it works from file:// and in Kiwix too. */
(() => {
  const index = document.querySelector("ol[data-rl-parts]");
  if (!index) return;
  function follow() {
    const m = /^#L(\d+)(?:-L\d+)?$/.exec(location.hash);
    if (!m || document.getElementById(`L${m[1]}`)) return; /* not a line, or a line of this part */
    let firsts = index.getAttribute("data-rl-parts").split(" "),
      line = +m[1],
      at = 0;
    for (let i = 0; i < firsts.length; i++) if (+firsts[i] <= line) at = i;
    const item = index.children[at],
      link = item && item.querySelector("a[href]");
    if (link) location.replace(link.href.split("#")[0] + location.hash); /* none: this part, past its end */
  }
  window.addEventListener("hashchange", follow);
  follow();
})();
