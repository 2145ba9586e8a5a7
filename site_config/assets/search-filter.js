/* A game filter in Material's search dialog: choosing a game puts `game:<id>` in front of the query,
 * which the search worker (search-worker.js) reads; typing `game:<id>` or `kind:<kind>` works the same.
 * The games come from the index (search/rl/filters.js), loaded when search opens.
 *
 * Material reads the box on keyup only: text that arrives without a key (a long-press Paste, dictation,
 * an input method's commit, the filter's change) searches through one synthetic keyup (searchNow), as
 * typing does; Material's own keyups then find the value unchanged and ask nothing again.
 *
 * Keys: Tab in the search box goes to the filter (Material would close the search), Shift+Tab back to
 * the box; in the filter the arrows and letters choose a game (the results follow at once, the focus
 * stays), Enter returns to the box, Escape and Tab close the search as Material does. */
"use strict";
(() => {
  const input = document.querySelector("input.md-search__input");
  const form = input && input.form;
  const config = document.getElementById("__config");
  if (!form || !config) return;
  const base = new URL(`${JSON.parse(config.textContent).base}/`, location.href);
  let select = null;

  function searchNow() {
    input.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true, key: "Unidentified" }));
  }
  input.addEventListener("input", ev => {
    if (!ev.isComposing) searchNow();
  }); // composing: its keys do
  input.addEventListener("compositionend", searchNow);

  window.__rulingsSearch = ([kind, , data]) => {
    if (kind !== "filters" || select) return;
    select = document.createElement("select");
    select.className = "rl-search-game";
    select.setAttribute("aria-label", data.labels.game);
    select.append(new Option(`${data.labels.game}: —`, ""));
    for (const [id, name] of data.games) select.append(new Option(`${data.labels.game}: ${name}`, id));
    const current = /(?:^|\s)game:(\S+)/i.exec(input.value);
    if (current) select.value = current[1];
    select.addEventListener("keydown", ev => {
      if (ev.key === "Enter" || (ev.key === "Tab" && ev.shiftKey)) {
        // back to the box
        ev.preventDefault();
        input.focus();
      }
      // Material's search keys would take the focus back to the box on any other key: the filter's
      // own keys stay its own, closing (Escape, Tab) stays Material's
      if (ev.key !== "Escape" && !(ev.key === "Tab" && !ev.shiftKey)) ev.stopPropagation();
    });
    select.addEventListener("change", () => {
      const rest = input.value.replace(/(^|\s)game:\S*\s*/gi, "$1").trim();
      input.value = (select.value ? `game:${select.value} ` : "") + rest;
      searchNow();
    });
    input.addEventListener("keyup", () => {
      const m = /(?:^|\s)game:(\S+)/i.exec(input.value);
      select.value = m && [...select.options].some(o => o.value === m[1]) ? m[1] : "";
    });
    form.after(select);
  };

  // Tab from the box: to the filter, before Material's own key handler (on window) closes the search
  input.addEventListener("keydown", ev => {
    if (ev.key !== "Tab" || ev.shiftKey || ev.isComposing || !select) return;
    ev.preventDefault();
    ev.stopPropagation();
    select.focus();
  });

  function load() {
    if (document.querySelector("script.rl-search-filters")) return;
    const script = document.createElement("script");
    script.className = "rl-search-filters";
    script.src = new URL("search/rl/filters.js", base).href;
    document.body.append(script);
  }
  input.addEventListener("focus", load, { once: true });
  const toggle = document.getElementById("__search");
  if (toggle) toggle.addEventListener("change", load, { once: true });
})();
