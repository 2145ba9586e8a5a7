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
(function () {
  var me = document.currentScript;
  if (location.protocol === "file:" || typeof EventTarget === "undefined" || !me) return;
  var url = new URL("search-worker.js", me.src).href, Native = window.Worker;
  window.Worker = function (wanted, options) {
    if (new URL(wanted, location.href).href.split("#")[0] !== url) return new Native(wanted, options);
    window.Worker = Native;
    var port = new EventTarget(), frame = document.createElement("iframe");
    var loaded = new Promise(function (resolve) { frame.addEventListener("load", resolve); });
    frame.hidden = true;
    frame.title = me.getAttribute("data-title") || "";
    frame.rlPort = port;
    document.body.appendChild(frame);
    var doc = frame.contentWindow.document;
    doc.open();
    doc.write('<!doctype html><body><script>postMessage = function (data) { frameElement.rlPort.dispatchEvent(' +
              'new MessageEvent("message", { data: data })); };<\/script></body>');
    var script = doc.createElement("script");  /* not written as markup: link checkers (zimcheck) read that */
    script.src = url;
    doc.body.appendChild(script);
    doc.close();
    port.postMessage = function (data) {  /* what Material sends before the frame's script runs waits */
      loaded.then(function () { frame.contentWindow.dispatchEvent(new MessageEvent("message", { data: data })); });
    };
    port.terminate = function () { frame.remove(); };
    return port;
  };
})();
