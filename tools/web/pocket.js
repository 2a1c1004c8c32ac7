// The page's script: the app (boards/browser.py) on MicroPython's WebAssembly port.
// The Python side reaches this file only through globalThis.pocket (drivers/browser.py):
// palette/draw (the screen), backlight, persist (saves), link_open/link_write/link_read
// (cables to the neighbouring windows).  One device-loop pass per timer callback: this
// port collects garbage only between calls from JavaScript.
//
// Query parameters: layout=lcd13|display2, unit=N (this window's unit: its own saves and
// link address; linked windows are chained by unit number), ber=, drop=, dup= (link
// faults per bit / per byte, as tools/link_relay.py), fault_seed=N; for tests: manual (no
// loop of its own: pocket.test.run(n) runs passes on a virtual 10 ms clock), seed=N,
// fast (short AI delays, as tools/app_memory), capture (frames counted for the tests).
const TICK_MS = 10;
const q = new URLSearchParams(location.search);
const LAYOUT = q.get("layout") === "display2" ? "display2" : "lcd13";
const UNIT = Math.max(1, Math.min(99, parseInt(q.get("unit") || "1", 10) || 1));
const MANUAL = q.has("manual");
const PREFIX = "pocket/u" + UNIT + "/";
const $ = (id) => document.getElementById(id);

function fail(text) {
  const e = $("error");
  e.textContent = text;
  e.hidden = false;
  $("status").textContent = "stopped";
  pocket.error = text;
}

function warn(text) {
  const e = $("warning");
  e.textContent = text;
  e.hidden = false;
  pocket.warnings.push(text);
}

const pocket = {
  ready: false, error: null, warnings: [], state: null,
  stats: { passes: 0, maxPassMs: 0, totalMs: 0, over50: 0, frames: 0, loadMs: 0, menuMs: 0 },
};
globalThis.pocket = pocket;

// ---- storage: the /flash folder <-> localStorage (one key per file, bytes as latin-1) ----
let storage = null;
try {
  storage = window.localStorage;
  storage.setItem(PREFIX + "probe", "1");
  storage.removeItem(PREFIX + "probe");
} catch (e) {
  storage = null;
}

function bytesToText(b) {
  let s = "";
  for (let i = 0; i < b.length; i += 4096) s += String.fromCharCode.apply(null, b.subarray(i, i + 4096));
  return s;
}

function textToBytes(s) {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i) & 255;
  return b;
}

let mp = null;
let memory = null;           // the port's WebAssembly.Memory (its module exports no HEAPU8)
let heapView = new Uint8Array(0);

function heap() {
  if (heapView.buffer !== memory.buffer) heapView = new Uint8Array(memory.buffer);
  return heapView;
}

function catchMemory() {
  // The port's memory, taken as it is instantiated: exported by the module or handed
  // to it among its imports.  The originals are put back once the port has loaded.
  const saved = {};
  const find = (o) => {
    for (const v of Object.values(o || {})) {
      if (v instanceof WebAssembly.Memory) memory = v;
      else if (v && typeof v === "object" && !(v instanceof WebAssembly.Memory)) {
        for (const w of Object.values(v)) if (w instanceof WebAssembly.Memory) memory = w;
      }
    }
  };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const orig = WebAssembly[name];
    if (typeof orig !== "function") continue;
    saved[name] = orig;
    WebAssembly[name] = async function (src, imports) {
      find(imports);
      const r = await orig.call(WebAssembly, src, imports);
      find((r.instance || r).exports);
      return r;
    };
  }
  return () => Object.assign(WebAssembly, saved);
}
const stored = new Map();     // file name -> text last written to localStorage

function loadFlash() {
  mp.FS.mkdirTree("/flash");
  if (!storage) return;
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (!k.startsWith(PREFIX + "flash/")) continue;
    const name = k.slice(PREFIX.length + 6);
    const text = storage.getItem(k);
    stored.set(name, text);
    mp.FS.writeFile("/flash/" + name, textToBytes(text));
  }
}

pocket.persist = () => {
  if (!storage) return;
  const names = mp.FS.readdir("/flash").filter((n) => n !== "." && n !== "..");
  try {
    for (const n of names) {
      const text = bytesToText(mp.FS.readFile("/flash/" + n));
      if (stored.get(n) !== text) {
        storage.setItem(PREFIX + "flash/" + n, text);
        stored.set(n, text);
      }
    }
    for (const n of [...stored.keys()]) {
      if (!names.includes(n)) {
        storage.removeItem(PREFIX + "flash/" + n);
        stored.delete(n);
      }
    }
  } catch (e) {
    if (!pocket.storageFull) {
      pocket.storageFull = true;
      warn("The browser's storage is full or refused a save (" + e.name + "): this visit's "
           + "saves are kept until the page closes.  Free some space for this site (site "
           + "settings) and reload.");
    }
  }
};

// ---- display -------------------------------------------------------------------------
let canvas, ctx, image;
const rgb = new Uint8Array(48);

pocket.palette = (addr, n) => {
  // RGB565 big-endian pairs (core.ui.palette.lut565) -> the colour the panel shows
  // (drivers.host_panel.rgb888_of_565: the bits replicated into the low bits)
  const hh = heap();
  for (let i = 0; i < n / 2; i++) {
    const c = (hh[addr + 2 * i] << 8) | hh[addr + 2 * i + 1];
    const r = (c >> 11) & 31, g = (c >> 5) & 63, b = c & 31;
    rgb[3 * i] = (r << 3) | (r >> 2);
    rgb[3 * i + 1] = (g << 2) | (g >> 4);
    rgb[3 * i + 2] = (b << 3) | (b >> 2);
  }
};

pocket.draw = (addr, w, h, x0, y0, x1, y1) => {
  // the 4-bit framebuffer (GS4_HMSB: even x in the high nibble) inside the dirty bounds
  const hh = heap();
  const px = image.data;
  x0 &= ~1;
  for (let y = y0; y < y1; y++) {
    let src = addr + ((y * w + x0) >> 1);
    let dst = 4 * (y * w + x0);
    for (let x = x0; x < x1; x += 2) {
      const v = hh[src++];
      let c = 3 * (v >> 4);
      px[dst] = rgb[c]; px[dst + 1] = rgb[c + 1]; px[dst + 2] = rgb[c + 2]; px[dst + 3] = 255;
      c = 3 * (v & 15);
      px[dst + 4] = rgb[c]; px[dst + 5] = rgb[c + 1]; px[dst + 6] = rgb[c + 2]; px[dst + 7] = 255;
      dst += 8;
    }
  }
  ctx.putImageData(image, 0, 0, x0, y0, x1 - x0, y1 - y0);
  pocket.stats.frames++;
};

pocket.backlight = (level) => {
  // as the simulator's window: a shade of alpha 2 * (100 - level) / 255 over the picture
  $("shade").style.opacity = String(Math.max(0, Math.min(1, 2 * (100 - level) / 255)));
};

// ---- link: cables to the neighbouring windows over a BroadcastChannel -----------------
// Windows are chained by unit number, as cables chain units: port A (0) goes to the
// nearest live unit below this one, port B (1) to the nearest above.
const link = { chan: null, open: false, seen: new Map(), rx: [[], []], rng: 0 };
const FAULT = {
  ber: parseFloat(q.get("ber") || "0") || 0,
  drop: parseFloat(q.get("drop") || "0") || 0,
  dup: parseFloat(q.get("dup") || "0") || 0,
};
link.rng = (parseInt(q.get("fault_seed") || "0", 10) || UNIT * 7919) >>> 0;
pocket.fault = FAULT;
pocket.linkStats = { sent: 0, received: 0, flipped: 0, dropped: 0, duplicated: 0 };

function random() {       // mulberry32: a seeded fault schedule, repeatable per unit
  let t = (link.rng = (link.rng + 0x6d2b79f5) >>> 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function neighbour(port) {
  const now = performance.now();
  let best = 0;
  for (const [u, t] of link.seen) {
    if (now - t > 1500) continue;
    if (port === 0 ? u < UNIT && u > best : u > UNIT && (best === 0 || u < best)) best = u;
  }
  return best;
}

const INSTANCE = Math.random();     // this window, told apart from another of the same unit

function startChannel() {
  if (link.chan || typeof BroadcastChannel !== "function") return;
  link.chan = new BroadcastChannel("pocket-cards-link");
  link.chan.onmessage = (ev) => {
    const m = ev.data;
    if (m && m.from === UNIT && m.inst !== INSTANCE && !pocket.twin) {
      // two windows of one unit share its saves and its link address: say so
      pocket.twin = true;
      warn("Unit " + UNIT + " is open in another window too: both use its saves and link address. "
           + "Close one, or open this one as another unit (the link beside the screen).");
      if (m.t === "whois") link.chan.postMessage({ t: "whois", from: UNIT, inst: INSTANCE });
    }
    if (!m || m.from === UNIT) return;
    link.seen.set(m.from, performance.now());       // a window with its ports open
    if (m.t === "data" && m.to === UNIT && link.open) {
      const port = m.from === neighbour(0) ? 0 : m.from === neighbour(1) ? 1 : -1;
      if (port < 0) return;
      for (const b of m.bytes) link.rx[port].push(b);
      pocket.linkStats.received += m.bytes.length;
    }
  };
  link.chan.postMessage({ t: "whois", from: UNIT, inst: INSTANCE });
}

pocket.link_open = () => {
  if (typeof BroadcastChannel !== "function") {
    warn("This browser has no BroadcastChannel: linked play between windows is not available.");
    return;
  }
  startChannel();
  if (!link.open) {
    // only a window whose app opened its ports is on the chain: it says so every 300 ms
    link.open = true;
    link.chan.postMessage({ t: "here", from: UNIT, inst: INSTANCE });
    setInterval(() => link.chan.postMessage({ t: "here", from: UNIT, inst: INSTANCE }), 300);
  }
};

pocket.link_write = (port, addr, n) => {
  const to = neighbour(port);
  pocket.linkStats.sent += n;
  if (!to) return;                     // no window there: an unplugged cable
  const hh = heap();
  const out = [];
  for (let i = 0; i < n; i++) {
    let b = hh[addr + i];
    if (FAULT.drop && random() < FAULT.drop) { pocket.linkStats.dropped++; continue; }
    if (FAULT.ber && random() < 8 * FAULT.ber) { b ^= 1 << Math.floor(random() * 8); pocket.linkStats.flipped++; }
    out.push(b);
    if (FAULT.dup && random() < FAULT.dup) { out.push(b); pocket.linkStats.duplicated++; }
  }
  link.chan.postMessage({ t: "data", from: UNIT, inst: INSTANCE, to, bytes: out });
};

pocket.link_read = (port, addr, n) => {
  const rx = link.rx[port];
  if (!rx.length) return 0;
  const k = Math.min(n, rx.length);
  heap().set(rx.splice(0, k), addr);
  return k;
};

// ---- input: keyboard (the simulator's keys), on-screen buttons, touch -----------------
let keyBits = 0;
const pointerBits = new Map();      // pointerId -> bit
const keyToBit = new Map();
const JS_KEY = { up: "ArrowUp", down: "ArrowDown", left: "ArrowLeft", right: "ArrowRight",
  return: "Enter", space: " ", backspace: "Backspace", escape: "Escape" };

function mask() {
  let m = keyBits;
  for (const b of pointerBits.values()) m |= 1 << b;
  return m;
}

function showMask() {
  const m = mask();
  for (const el of document.querySelectorAll("[data-bit]")) {
    el.classList.toggle("down", ((m >> parseInt(el.dataset.bit, 10)) & 1) === 1);
  }
}

function setupInput(cfg) {
  const board = cfg.layouts[LAYOUT];
  board.buttons.forEach((name, bit) => {
    for (const k of board.keys[name] || []) keyToBit.set(JS_KEY[k] || k, bit);
  });
  const keyOf = (e) => (e.key.length === 1 && e.key !== " " ? e.key.toLowerCase() : e.key);
  window.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const bit = keyToBit.get(keyOf(e));
    if (bit === undefined) return;
    e.preventDefault();
    keyBits |= 1 << bit;
    showMask();
  });
  window.addEventListener("keyup", (e) => {
    const bit = keyToBit.get(keyOf(e));
    if (bit === undefined) return;
    e.preventDefault();
    keyBits &= ~(1 << bit);
    showMask();
  });
  window.addEventListener("blur", () => { keyBits = 0; pointerBits.clear(); showMask(); });
  for (const el of document.querySelectorAll("[data-bit]")) {
    const bit = parseInt(el.dataset.bit, 10);
    el.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      try { el.setPointerCapture(e.pointerId); } catch (err) { /* a pointer that is gone */ }
      pointerBits.set(e.pointerId, bit);
      showMask();
    });
    const up = (e) => { pointerBits.delete(e.pointerId); showMask(); };
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
    el.addEventListener("lostpointercapture", up);
  }
}

// ---- the page: the device's face (screen and buttons) and the key map -----------------
function buildFace(cfg) {
  const board = cfg.layouts[LAYOUT];
  document.body.classList.add(LAYOUT);
  $("board-name").textContent = board.name;
  $("layout").value = LAYOUT;
  canvas = $("screen");
  canvas.width = board.width;
  canvas.height = board.height;
  ctx = canvas.getContext("2d");
  image = ctx.createImageData(board.width, board.height);
  const bit = (n) => board.buttons.indexOf(n);
  const button = (name, cls) => '<button type="button" class="btn ' + cls + '" data-bit="' + bit(name)
    + '" aria-label="' + name + '">' + (name.length === 1 ? name : "") + "</button>";
  if (LAYOUT === "lcd13") {
    $("left").innerHTML = '<div class="stick">' + button("UP", "s-up") + button("LEFT", "s-left")
      + button("PRESS", "s-press") + button("RIGHT", "s-right") + button("DOWN", "s-down") + "</div>";
    $("right").innerHTML = '<div class="keys4">' + button("X", "k-x") + button("Y", "k-y")
      + button("A", "k-a") + button("B", "k-b") + "</div>";
  } else {
    $("left").innerHTML = '<div class="col">' + button("A", "") + button("B", "") + "</div>";
    $("right").innerHTML = '<div class="col">' + button("X", "") + button("Y", "") + "</div>";
  }
  const names = { up: "\u2191", down: "\u2193", left: "\u2190", right: "\u2192", return: "Enter",
    space: "Space", backspace: "Backspace", escape: "Esc" };
  let rows = "";
  for (const n of board.buttons) {
    const ks = (board.keys[n] || []).map((k) => "<kbd>" + (names[k] || k.toUpperCase()) + "</kbd>");
    rows += "<tr><th>" + n + "</th><td>" + board.roles[n] + "</td><td>" + ks.join(" ") + "</td></tr>";
  }
  for (const [combo, role] of board.chords) rows += "<tr><th>" + combo + "</th><td>" + role + "</td><td>together</td></tr>";
  $("keymap").innerHTML = "<tr><th>button</th><th>does</th><th>keys</th></tr>" + rows;
  $("unit").textContent = String(UNIT);
  const next = new URL(location.href);
  next.searchParams.set("unit", String(UNIT + 1));
  $("another").href = next.toString();
}

// ---- start ---------------------------------------------------------------------------
let PASS = null, INFO = null;
let clock = 0, t0 = 0;

function onePass() {
  const start = performance.now();
  clock = MANUAL ? clock + TICK_MS : Math.floor(start - t0);
  let st;
  try {
    st = PASS(clock, mask());
  } catch (e) {
    fail("The app stopped: " + (e.message || e));
    throw e;
  }
  const dt = performance.now() - start;
  const s = pocket.stats;
  s.passes++;
  s.totalMs += dt;
  if (dt > s.maxPassMs) { s.maxPassMs = dt; s.maxPassState = st; }
  if (dt > 50) s.over50++;
  if (st !== pocket.state) {
    pocket.state = st;
    if (st === 0 && !s.menuMs) s.menuMs = performance.now();
  }
  return st;
}

function loop() {
  if (pocket.error) return;
  onePass();
  setTimeout(loop, 4);
}

pocket.test = {
  run(n, expect) {
    if (expect !== undefined && mask() !== expect) throw new Error("the page reads buttons " + mask() + ", not " + expect);
    let st = pocket.state;
    for (let i = 0; i < n && !pocket.error; i++) st = onePass(); return st; },
  info(history) { return JSON.parse(INFO(!!history)); },
  mask,
  resetStats() { Object.assign(pocket.stats, { passes: 0, maxPassMs: 0, totalMs: 0, over50: 0 }); mp.globals.get("RESET_PEAK")(); },
  py(code) { mp.runPython(code); },
  canvas() {     // the picture drawn, RGBA as base64 (what a screenshot of the canvas holds)
    const px = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    return btoa(bytesToText(new Uint8Array(px.buffer)));
  },
  call(name) { return mp.globals.get(name)(); },
};

async function main() {
  const t = performance.now();
  if (location.protocol === "file:") {
    fail("This page was opened from a file, and browsers do not load WebAssembly or its "
         + "modules from files.  Serve the folder instead: `make web` (it prints the address), "
         + "or `python3 -m http.server -d build/web` and open http://localhost:8000/.");
    return;
  }
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    fail("This browser has no WebAssembly (or it is switched off), which the app's "
         + "MicroPython needs.  Use a current Chrome, Firefox, Safari or Edge with WebAssembly on.");
    return;
  }
  if (!storage) {
    warn("The browser refused storage for this page (private mode or blocked site data): "
         + "settings and saves last only until the page is closed.");
  }
  let cfg, pack, loadMicroPython;
  try {
    [cfg, pack, { loadMicroPython }] = await Promise.all([
      fetch("config.json").then((r) => r.json()),
      fetch("app.pack").then((r) => { if (!r.ok) throw new Error("app.pack: " + r.status); return r.arrayBuffer(); }),
      import("./micropython.mjs"),
    ]);
  } catch (e) {
    fail("Could not load the app's files (" + e.message + "): rebuild the folder with `make web`.");
    return;
  }
  buildFace(cfg);
  setupInput(cfg);
  const restore = catchMemory();
  try {
    mp = await loadMicroPython({ heapsize: cfg.heap, stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
  } catch (e) {
    fail("MicroPython's WebAssembly did not start: " + (e.message || e));
    return;
  } finally {
    restore();
  }
  if (!memory) {
    fail("Could not reach MicroPython's memory (a newer port package?): the screen cannot be drawn.");
    return;
  }
  // app.pack: "path length\n" then the bytes, file after file
  const bytes = new Uint8Array(pack);
  const dec = new TextDecoder();
  let start = null;
  for (let i = 0; i < bytes.length;) {
    const eol = bytes.indexOf(10, i);
    const [path, len] = dec.decode(bytes.subarray(i, eol)).split(" ");
    const data = bytes.subarray(eol + 1, eol + 1 + parseInt(len, 10));
    if (path === "start.py") start = dec.decode(data);
    else {
      mp.FS.mkdirTree("/app/" + path.slice(0, path.lastIndexOf("/")));
      mp.FS.writeFile("/app/" + path, data);
    }
    i = eol + 1 + parseInt(len, 10);
  }
  loadFlash();
  let node = storage ? parseInt(storage.getItem(PREFIX + "node") || "0", 10) : 0;
  if (!(node > 0 && node < 0xffff)) {
    node = 1 + Math.floor(Math.random() * 0xfffd);
    if (storage) try { storage.setItem(PREFIX + "node", String(node)); } catch (e) { /* full */ }
  }
  const config = { layout: LAYOUT, node, fast: q.has("fast"), seed: q.has("seed") ? parseInt(q.get("seed"), 10) : null,
    capture: q.has("capture") };
  try {
    mp.runPython("import sys, json\nsys.path.insert(0, '/app')\nCONFIG = json.loads('"
                 + JSON.stringify(config) + "')\n");
    mp.runPython(start);
  } catch (e) {
    fail("The app did not boot: " + (e.message || e));
    return;
  }
  PASS = mp.globals.get("PASS");
  INFO = mp.globals.get("INFO");
  startChannel();
  pocket.stats.loadMs = performance.now() - t;
  t0 = performance.now();
  pocket.ready = true;
  $("status").textContent = "running";
  if (!MANUAL) loop();
}

main();
