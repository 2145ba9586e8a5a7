/* The search "worker" online, in a hidden frame of the page, as Material's shim runs it from file://.
 *
 * Loaded in the page's head (site_config/overrides/main.html) before Material's bundle, it makes
 * Material's `new Worker(<its config's worker>)` return a port to that frame. A real worker starts on a
 * thread of its own, which on a busy machine took 100-500 ms (its first READY after the load event);
 * the frame's script loads with the page's, and the search is ready before the load event. Its work is
 * small (the index is prebuilt): no long task on the page. From file:// Material's shim does the same, so
 * this does nothing there. A file of its own, not inline: one copy, cached, instead of one in every page.
 * The frame's title (its accessible name) comes from the script element's data-title.
 */
"use strict";
(() => {
  const me = document.currentScript;
  if (location.protocol === "file:" || typeof EventTarget === "undefined" || !me) return;
  const url = new URL("search-worker.js", me.src).href,
    Native = window.Worker;
  // biome-ignore lint/complexity/useArrowFunction: Material calls it with new, and an arrow is no constructor
  window.Worker = function (wanted, options) {
    if (new URL(wanted, location.href).href.split("#")[0] !== url) return new Native(wanted, options);
    window.Worker = Native;
    const port = new EventTarget(),
      frame = document.createElement("iframe");
    const loaded = new Promise(resolve => {
      frame.addEventListener("load", resolve);
    });
    frame.hidden = true;
    frame.title = me.getAttribute("data-title") || "";
    frame.rlPort = port;
    document.body.appendChild(frame);
    const doc = frame.contentWindow.document;
    doc.open();
    // biome-ignore lint/suspicious/noUselessEscapeInString: "<\/script>" keeps the file inert if ever inlined in a page
    const end = "<\/script>";
    doc.write(
      "<!doctype html><body><script>postMessage = function (data) { frameElement.rlPort.dispatchEvent(" +
        `new MessageEvent("message", { data: data })); };${end}</body>`
    );
    const script = doc.createElement("script"); // not written as markup: link checkers (zimcheck) read that
    script.src = url;
    doc.body.appendChild(script);
    doc.close();
    port.postMessage = data => {
      // what Material sends before the frame's script runs waits
      loaded.then(() => {
        frame.contentWindow.dispatchEvent(new MessageEvent("message", { data: data }));
      });
    };
    port.terminate = () => {
      frame.remove();
    };
    return port;
  };
})();
