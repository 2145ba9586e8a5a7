/* rulings serve only (put in each page as it is served, never built into one): the content's errors,
   fetched when the page loads (a live reload loads it again) and shown above the page. Every line is a
   stranger's text (file paths, messages quoting content): set with textContent, never parsed as HTML. */
(function () {
  "use strict";
  var ID = "rl-serve-problems";
  function show(lines) {
    var old = document.getElementById(ID);
    if (old) old.parentNode.removeChild(old);
    if (!Array.isArray(lines) || !lines.length) return;
    var box = document.createElement("div");
    box.id = ID;
    box.className = "rl-serve-problems";
    box.setAttribute("role", "alert");
    box.style.cssText = "box-sizing:border-box;max-width:100%;margin:0;padding:.6rem .8rem;background:#fde8e8;" +
      "color:#5c0b0b;border-bottom:2px solid #b3261e;font:.75rem/1.4 sans-serif;position:relative;z-index:5";
    var head = document.createElement("strong");
    head.textContent = "The content has errors: this preview shows the last good pages.";
    var text = document.createElement("pre");
    /* wrapped, never cut off: a long path or a "did you mean" list stays readable at any width */
    text.style.cssText = "margin:.4rem 0 0;white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word;" +
      "font:.75rem/1.4 monospace;color:inherit;background:none;max-width:100%";
    text.textContent = lines.map(String).join("\n");
    box.appendChild(head);
    box.appendChild(text);
    var place = document.querySelector('[data-md-component="announce"]') || document.body;  /* Material's */
    place.insertBefore(box, place.firstChild);
  }
  function load() {
    fetch("__PROBLEMS_URL__", {cache: "no-store"})
      .then(function (r) { return r.ok ? r.json() : []; })
      .then(show, function () {});
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", load);
  else load();
})();
