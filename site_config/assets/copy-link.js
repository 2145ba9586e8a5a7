/* Copy-link buttons on rulings: copy the ruling's permalink as an absolute URL (the page's address, which
   the build cannot know, plus #ruling-…) and say so beside the button. The Clipboard API where the page may
   use it (https, localhost, file:// in Chromium), else a selected textarea and execCommand("copy"); if
   both fail, the status shows the address to copy by hand. */
"use strict";
(() => {
  function fallback(text) {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch (_e) {
      ok = false;
    }
    document.body.removeChild(area);
    return ok;
  }
  document.addEventListener("click", ev => {
    const button = ev.target.closest && ev.target.closest("button.rl-copy-link");
    if (!button) return;
    const url = new URL(button.getAttribute("data-rl-permalink"), location.href).href;
    const status = button.parentNode.querySelector(".rl-copy-status");
    function done(ok) {
      if (!status) return;
      status.textContent = ok ? button.getAttribute("data-rl-copied") : url;
      clearTimeout(status.rlTimer);
      if (ok)
        status.rlTimer = setTimeout(() => {
          status.textContent = "";
        }, 3000);
    }
    if (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext) {
      navigator.clipboard.writeText(url).then(
        () => {
          done(true);
        },
        () => {
          done(fallback(url));
        }
      );
    } else {
      done(fallback(url));
    }
  });
})();
