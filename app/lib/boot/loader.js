(function () {
  if (window.__vernissageReleasePictures) window.__vernissageReleasePictures.claimed = true;
  var me = document.currentScript,
    nonce = me.nonce,
    boot = me.previousElementSibling,
    started = false,
    holding = true,
    replaying = false,
    held = [],
    seen = new WeakSet(),
    typed = new WeakMap(),
    until = 0;
  function start() {
    if (started) return;
    started = true;
    if (window.__vernissageReleasePictures) window.__vernissageReleasePictures();
    fields().forEach(function (f) {
      var v = now(f);
      if (!typed.has(f) && changed(f, v)) typed.set(f, v);
    });
    var head = document.head;
    function link(rel, href) {
      var l = document.createElement("link");
      l.rel = rel;
      l.href = href;
      head.appendChild(l);
      return l;
    }
    __MODULES__.forEach(function (h) {
      link("modulepreload", h);
    });
    var ni = document.querySelector("noscript[data-icon]");
    if (ni) link("icon", ni.getAttribute("data-icon")).type = "image/svg+xml";
    var css = document.getElementById("site-styles"),
      sheet = css && css.getAttribute("data-site-stylesheet"),
      went = false;
    function go() {
      if (went) return;
      went = true;
      var s = document.createElement("script");
      s.type = "module";
      s.nonce = nonce;
      s.textContent = boot.textContent;
      s.addEventListener("error", release);
      document.body.appendChild(s);
      until = Date.now() + __MAX_HOLD_MS__;
      tick();
    }
    if (!sheet) return go();
    var l = link("stylesheet", sheet);
    l.addEventListener("load", go);
    l.addEventListener(
      "error",
      function () {
        go();
        link("stylesheet", sheet);
      },
      { once: true },
    );
    setTimeout(go, __MAX_STYLESHEET_WAIT_MS__);
  }
  function committed() {
    var k = Object.keys(document).filter(function (k) {
        return k.indexOf("__reactContainer$") === 0;
      })[0],
      r = k && document[k] && document[k].stateNode,
      m = r && r.current && r.current.memoizedState;
    return !!m && m.isDehydrated === false;
  }
  function marked(node, prefix) {
    return Object.keys(node).some(function (k) {
      return k.indexOf(prefix) === 0;
    });
  }
  function hydrated(node) {
    return marked(node, "__reactProps$");
  }
  function fields() {
    return [].slice.call(document.querySelectorAll("input,textarea,select"));
  }
  function tick() {
    if (!holding) return;
    if (committed()) {
      fields().forEach(report);
      while (held.length && hydrated(held[0].el)) {
        var h = held.shift();
        replaying = true;
        try {
          if (h.el.isConnected) h.again();
        } finally {
          replaying = false;
        }
      }
      var main = document.querySelector("main");
      if (!held.length && (!main || hydrated(main)) && fields().every(hydrated)) return stop();
    }
    if (Date.now() > until) return release();
    setTimeout(tick, 50);
  }
  function stop() {
    holding = false;
    removeEventListener("click", hold, true);
    removeEventListener("submit", hold, true);
    removeEventListener("input", note, true);
    removeEventListener("change", note, true);
  }
  function release() {
    if (!holding) return;
    stop();
    held.splice(0).forEach(function (h) {
      if (h.el.isConnected) h.again();
    });
  }
  function set(node, name, value) {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(node), name).set.call(node, value);
  }
  function box(f) {
    return f.type === "checkbox" || f.type === "radio";
  }
  function now(f) {
    return f.tagName === "SELECT"
      ? [].map.call(f.options, function (o) {
          return o.selected;
        })
      : box(f)
        ? f.checked
        : f.value;
  }
  function changed(f, v) {
    if (f.tagName === "SELECT")
      return [].some.call(f.options, function (o, i) {
        return v[i] !== o.defaultSelected;
      });
    if (box(f)) return v !== f.defaultChecked && !(f.type === "radio" && !v);
    return f.type !== "file" && f.type !== "hidden" && v !== f.defaultValue;
  }
  function note(e) {
    var f = e.target;
    if (!holding || replaying || !f || !/^(INPUT|TEXTAREA|SELECT)$/.test(f.tagName)) return;
    if (f.type === "radio" && f.name)
      return [].forEach.call(document.getElementsByName(f.name), function (r) {
        if (r.type === "radio" && r.form === f.form) typed.set(r, r.checked);
      });
    typed.set(f, now(f));
  }
  function report(f) {
    if (seen.has(f) || !hydrated(f)) return;
    seen.add(f);
    var v = typed.has(f) ? typed.get(f) : now(f);
    if (!changed(f, v)) return;
    if (f.tagName === "SELECT") {
      [].forEach.call(f.options, function (o, i) {
        o.selected = v[i];
      });
      f.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    if (box(f)) {
      f.checked = !v;
      set(f, "checked", v);
      f.dispatchEvent(new Event("click", { bubbles: true }));
      return;
    }
    f.value = f.defaultValue;
    set(f, "value", v);
    f.dispatchEvent(new Event("input", { bubbles: true }));
  }
  function hold(e) {
    if (!holding || replaying) return;
    start();
    var t = e.target,
      el,
      again;
    if (e.type === "submit") {
      var by = e.submitter;
      el = t;
      again = function () {
        if (by && by !== el) el.requestSubmit(by);
        else el.requestSubmit();
      };
    } else {
      el = t.closest && t.closest("button,input[type=submit],input[type=button],input[type=image]");
      if (!el) return;
      again = function () {
        el.click();
      };
    }
    if (!held.length && hydrated(el)) return;
    e.preventDefault();
    e.stopPropagation();
    held.push({ el: el, again: again });
  }
  addEventListener("click", hold, true);
  addEventListener("submit", hold, true);
  addEventListener("input", note, true);
  addEventListener("change", note, true);
  ["pointerdown", "touchstart", "keydown", "focusin", "scroll"].forEach(function (t) {
    addEventListener(t, start, { capture: true, once: true, passive: true });
  });
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  function onScreen(i) {
    var r = i.getBoundingClientRect(),
      w = Math.min(r.right, innerWidth) - Math.max(r.left, 0),
      h = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
    return w > 0 && h > 0 ? w * h : 0;
  }
  function afterLcp() {
    var P = window.PerformanceObserver,
      types = P && P.supportedEntryTypes;
    if (!types || types.indexOf("largest-contentful-paint") < 0) return afterPaint();
    var o,
      big = Math.max.apply(Math, wait.map(onScreen));
    if (!big) return afterPaint();
    function go() {
      if (o) o.disconnect();
      start();
    }
    setTimeout(go, __MAX_PAINT_WAIT_MS__);
    try {
      o = new P(function (list) {
        list.getEntries().forEach(function (e) {
          if (wait.indexOf(e.element) >= 0 || e.size >= big) setTimeout(go, 0);
        });
      });
      o.observe({ type: "largest-contentful-paint", buffered: true });
    } catch {
      afterPaint();
    }
  }
  setTimeout(start, __MAX_WAIT_MS__);
  var wait = [].slice.call(document.querySelectorAll('img[fetchpriority="high"]')),
    left = wait.filter(function (i) {
      return !i.complete;
    }).length;
  if (!left) return wait.length ? afterLcp() : afterPaint();
  wait.forEach(function (i) {
    if (i.complete) return;
    function done() {
      if (--left === 0) afterLcp();
    }
    i.addEventListener("load", done, { once: true });
    i.addEventListener("error", done, { once: true });
  });
})();
