(function () {
  var held = [],
    on = true;
  function hold(i) {
    if (!on || i.tagName !== "IMG" || i.loading !== "lazy" || i.hasAttribute("data-held")) return;
    var u = i.getAttribute("src"),
      s = i.getAttribute("srcset");
    if (u === null && s === null) return;
    i.setAttribute("data-held", "");
    held.push([i, u, s]);
    if (s !== null) i.removeAttribute("srcset");
    if (u !== null) i.removeAttribute("src");
  }
  function seen(rs) {
    rs.forEach(function (r) {
      [].forEach.call(r.addedNodes, function (n) {
        if (n.nodeType !== 1) return;
        hold(n);
        [].forEach.call(n.getElementsByTagName("img"), hold);
      });
    });
  }
  var mo = new MutationObserver(seen);
  mo.observe(document.documentElement, { childList: true, subtree: true });
  function release() {
    if (!on) return;
    seen(mo.takeRecords());
    on = false;
    mo.disconnect();
    held.splice(0).forEach(function (h) {
      var i = h[0];
      if (h[2] !== null) i.setAttribute("srcset", h[2]);
      if (h[1] !== null) i.setAttribute("src", h[1]);
      i.removeAttribute("data-held");
    });
  }
  window.__vernissageReleasePictures = release;
  setTimeout(release, __MAX_WAIT_MS__);
  ["pointerdown", "touchstart", "keydown", "scroll"].forEach(function (t) {
    addEventListener(t, release, { capture: true, once: true, passive: true });
  });
  addEventListener("DOMContentLoaded", function () {
    if (!release.claimed) release();
  });
})();
