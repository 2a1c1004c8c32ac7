// The page end to end in Debian's Chromium, headless, driven by playwright-core
// (tests/host/test_web.py runs it and checks what it writes).
// Usage: node tools/web/test_web.mjs URL RECDIR OUTDIR [GAME...]
//   URL      the served build/web folder
//   RECDIR   GAME.jsonl: the button masks of a whole game, recorded on the unix port by
//            tests/mp_app_memory.py --record (seed 1, the fast delays; GAME@display2.jsonl
//            on the 320x240 layout, else lcd13)
//   OUTDIR   result.json (figures and what each step saw), NAME.rgba (canvas pixels of the
//            first screens), page.png (the page, for the README)
// Each recorded game is replayed through the page's real inputs: every press goes in
// through the keyboard (the simulator's keys) or a click on the on-screen button, by
// turns, and the page runs the recorded number of loop passes on its virtual 10 ms
// clock (?manual), so the game is the one recorded; its end must be the menu again.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const [url, recDir, outDir, fingerFile, ...only] = process.argv.slice(2);
const ALL = ["load", "speedrun", "steppingstones", "reds", "speed", "speed@display2", "reload", "errors", "linked"];
const PHASES = only.length ? only : ALL;
const GAMES = ALL.slice(1, 6).filter((g) => PHASES.includes(g));   // GAME[@LAYOUT]: lcd13 unless said
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const STATES = ["menu", "setup", "rules", "table", "pause", "sheet", "hand_result", "game_result", "resume", "lobby"];
const result = { games: {}, errors: [] };
const out = (name) => path.join(outDir, name);

const userDir = fs.mkdtempSync(path.join(os.tmpdir(), "pocket-chromium-"));
const ctx = await chromium.launchPersistentContext(userDir, {
  executablePath: CHROMIUM, headless: true, viewport: { width: 1280, height: 620 },
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

async function open(query, page = null) {
  page = page || await ctx.newPage();
  page.on("pageerror", (e) => result.errors.push(String(e)));
  await page.goto(url + query);
  await page.waitForFunction(() => window.pocket && (pocket.ready || pocket.error), null, { timeout: 60000 });
  const err = await page.evaluate(() => pocket.error);
  if (err) throw new Error("page error: " + err);
  return page;
}

function recording(game) {
  const runs = [];
  for (const line of fs.readFileSync(path.join(recDir, game + ".jsonl"), "utf8").split("\n")) {
    if (line.trim()) runs.push(JSON.parse(line));
  }
  return runs;
}

// ---- input through the page: keys or on-screen buttons ------------------------------------
async function pressMask(page, cfg, held, mask, viaKeys, layout = "lcd13") {
  // release what is held, then press the bits of `mask`
  for (const h of held.splice(0)) {
    if (h.key) await page.keyboard.up(h.key);
    else await page.mouse.up();
  }
  const board = cfg.layouts[layout];
  for (let bit = 0; bit < board.buttons.length; bit++) {
    if (!((mask >> bit) & 1)) continue;
    const name = board.buttons[bit];
    if (viaKeys || held.length) {
      const k = board.keys[name][0];
      const key = { up: "ArrowUp", down: "ArrowDown", left: "ArrowLeft", right: "ArrowRight",
        return: "Enter", space: " ", backspace: "Backspace", escape: "Escape" }[k] || k;
      await page.keyboard.down(key);
      held.push({ key });
    } else {
      const box = await page.locator('[data-bit="' + bit + '"]').boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      held.push({ mouse: true });
    }
  }
}

async function canvasShot(page, name) {
  const px = await page.evaluate(() => pocket.test.canvas());
  fs.writeFileSync(out(name + ".rgba"), Buffer.from(px, "base64"));
}

// The first TRUSTED presses of a game go through Playwright's keyboard and mouse (real
// input events: menu, set-up, rules and the first moves at the table); the rest of the
// game is replayed inside the page, through the same listeners with DOM events it
// dispatches (keydown/keyup on the window, pointerdown/pointerup on the on-screen
// buttons, by turns), which saves a round trip to the browser per press.
const TRUSTED = 40;

function inPage({ runs, keys, stopAfterSaves, states }) {
  const seen = new Set();
  const shots = {};
  let held = [];
  let presses = 0;
  let cur = pocket.test.mask();
  for (const [mask, n] of runs) {
    if (mask !== cur) {
      for (const h of held) {
        if (h.key) window.dispatchEvent(new KeyboardEvent("keyup", { key: h.key }));
        else h.el.dispatchEvent(new PointerEvent("pointerup", { pointerId: h.id, bubbles: true }));
      }
      held = [];
      if (mask) presses++;
      for (let bit = 0; bit < keys.length; bit++) {
        if (!((mask >> bit) & 1)) continue;
        if (presses % 2 || held.length) {
          window.dispatchEvent(new KeyboardEvent("keydown", { key: keys[bit] }));
          held.push({ key: keys[bit] });
        } else {
          const el = document.querySelector('[data-bit="' + bit + '"]');
          el.dispatchEvent(new PointerEvent("pointerdown", { pointerId: 100 + bit, bubbles: true }));
          held.push({ el, id: 100 + bit });
        }
      }
      cur = mask;
    }
    const st = states[pocket.test.run(n, mask)];
    if (!seen.has(st)) {
      seen.add(st);
      if (st === "game_result") shots[st] = pocket.test.canvas();
    }
    if (stopAfterSaves) {
      const info = pocket.test.info();
      if (info.saves >= stopAfterSaves && info.state === "table") break;
    }
  }
  return { seen: [...seen], shots, presses };
}

async function replay(page, cfg, runs, game, { stopAfterSaves = 0, layout = "lcd13" } = {}) {
  const seen = new Set();
  const held = [];
  let presses = 0;
  let cur = 0;
  await page.evaluate(() => pocket.test.resetStats());
  const masks = [];
  for (const r of runs) {
    if (!Array.isArray(r)) {
      if (r.game_over !== undefined || r.end) break;
      continue;
    }
    masks.push(r);
  }
  let i = 0;
  for (; i < masks.length && !(presses >= TRUSTED && cur === 0); i++) {
    const [mask, n] = masks[i];
    if (mask !== cur) {
      if (mask) presses++;
      await pressMask(page, cfg, held, mask, presses % 2 === 0, layout);
      cur = mask;
    }
    const name = STATES[await page.evaluate(([k, m]) => pocket.test.run(k, m), [n, mask])];
    if (!seen.has(name)) {
      seen.add(name);
      if (["setup", "rules"].includes(name)) await canvasShot(page, game + "_" + name + "_" + layout);
    }
  }
  await pressMask(page, cfg, held, 0, true, layout);
  const board = cfg.layouts[layout];
  const JS = { up: "ArrowUp", down: "ArrowDown", left: "ArrowLeft", right: "ArrowRight", return: "Enter",
    space: " ", backspace: "Backspace", escape: "Escape" };
  const keys = board.buttons.map((b) => JS[board.keys[b][0]] || board.keys[b][0]);
  const rest = await page.evaluate(inPage, { runs: masks.slice(i), keys, stopAfterSaves, states: STATES });
  for (const s of rest.seen) seen.add(s);
  for (const [name, px] of Object.entries(rest.shots)) fs.writeFileSync(out(game + "_" + name + "_" + layout + ".rgba"), Buffer.from(px, "base64"));
  const info = await page.evaluate(() => pocket.test.info());
  const stats = await page.evaluate(() => pocket.stats);
  return { seen: [...seen], end: info.state, heapPeak: info.heap_peak, maxPassMs: stats.maxPassMs,
           maxPassIn: STATES[stats.maxPassState],
           passes: stats.passes, over50: stats.over50, meanPassMs: stats.totalMs / Math.max(1, stats.passes),
           trustedPresses: presses, pagePresses: rest.presses };
}

async function errorPages(cfg) {
  const seen = {};
  const text = async (p) => p.evaluate(() => [document.getElementById("error").hidden ? "" : document.getElementById("error").textContent,
    document.getElementById("warning").hidden ? "" : document.getElementById("warning").textContent]);
  let p = await ctx.newPage();
  await p.goto("file://" + path.resolve(recDir, "..", "web", "index.html"));
  await p.waitForTimeout(300);
  seen.file = await text(p);
  await p.close();
  p = await ctx.newPage();
  await p.addInitScript(() => { delete globalThis.WebAssembly; });
  await p.goto(url + "?unit=80");
  await p.waitForFunction(() => window.pocket && pocket.error);
  seen.wasm = await text(p);
  await p.close();
  p = await ctx.newPage();
  await p.addInitScript(() => {
    Object.defineProperty(window, "localStorage", { get() { throw new DOMException("blocked", "SecurityError"); } });
  });
  await p.goto(url + "?unit=81&manual");
  await p.waitForFunction(() => window.pocket && (pocket.ready || pocket.error));
  await p.evaluate(() => pocket.test.run(20));
  seen.refused = await text(p);
  seen.refusedState = await p.evaluate(() => pocket.test.info().state);
  await p.close();
  // the same unit in two windows: the second says so (and so does the first)
  p = await open("?unit=83&manual");
  const twin = await open("?unit=83&manual");
  await twin.waitForTimeout(300);
  seen.twin = [await text(p), await text(twin)];
  await twin.close();
  await p.close();
  // full: every write of a save file refused, as a full quota does; a Reds game until it saves
  p = await ctx.newPage();
  await p.addInitScript(() => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (k.includes("/flash/game")) throw new DOMException("full", "QuotaExceededError");
      return set.call(this, k, v);
    };
  });
  await p.goto(url + "?manual&seed=1&fast&unit=82");
  await p.waitForFunction(() => window.pocket && (pocket.ready || pocket.error));
  await replay(p, cfg, recording("reds"), "reds-full", { stopAfterSaves: 1 });
  seen.full = await text(p);
  seen.fullState = await p.evaluate(() => pocket.test.info().state);
  await p.close();
  return seen;
}

const PHYSICAL = { OK: ["A", "PRESS"], DOWN: ["DOWN", "DOWN"], UP: ["UP", "UP"], BACK: ["B", "B"] };

async function linked() {
  const finger = fs.readFileSync(fingerFile, "utf8");
  const pages = [];
  for (const [unit, role] of [[61, "host"], [62, "guest"]]) {
    // the cables are faulty as in the host tests (core/link/sim.py Wire): bits flipped,
    // bytes dropped and duplicated, on the page's fault schedule (?ber=&drop=&dup=)
    const p = await open("?manual&fast&seed=" + unit + "&unit=" + unit + "&ber=1e-4&drop=0.001&dup=0.001");
    await p.evaluate(([code, r]) => { pocket.test.py(code); pocket.test.py("_F['role'] = '" + r + "'"); }, [finger, role]);
    pages.push(p);
  }
  const board = JSON.parse(fs.readFileSync(path.join(recDir, "..", "web", "config.json"), "utf8")).layouts.lcd13;
  let presses = 0;
  let startAt = -1000;
  const t = Date.now();
  for (let iter = 0; iter < 40000; iter++) {
    let done = 0;
    for (let i = 0; i < pages.length; i++) {
      const p = pages[i];
      let k = await p.evaluate(() => { pocket.test.run(5); return pocket.test.call("FINGER"); });
      if (k === "START?") {
        k = "";
        if (iter - startAt > 100 && await pages[1].evaluate(() => pocket.test.call("SEATED"))) {
          k = "OK";
          startAt = iter;
        }
      }
      if (k) {
        presses++;
        const name = PHYSICAL[k][presses % 2];
        const bit = board.buttons.indexOf(name);
        if (presses % 3) {
          const key = { A: "a", B: "b", DOWN: "ArrowDown", UP: "ArrowUp", PRESS: "Enter" }[name];
          await p.keyboard.down(key);
          await p.evaluate((m) => pocket.test.run(10, m), 1 << bit);
          await p.keyboard.up(key);
        } else {
          const box = await p.locator('[data-bit="' + bit + '"]').boundingBox();
          await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
          await p.mouse.down();
          await p.evaluate((m) => pocket.test.run(10, m), 1 << bit);
          await p.mouse.up();
        }
      }
      const info = JSON.parse(await p.evaluate(() => pocket.test.call("FINGER_INFO")));
      if (info.done) done++;
      if (process.env.WEB_DEBUG && iter % 50 === 0) console.error(iter, i, k, info.state, JSON.stringify(await p.evaluate(() => [pocket.test.info(), pocket.linkStats])));
    }
    if (done === pages.length) break;
  }
  const out = { seconds: (Date.now() - t) / 1000, presses, units: [] };
  for (const p of pages) {
    out.units.push({ finger: JSON.parse(await p.evaluate(() => pocket.test.call("FINGER_INFO"))),
                     link: await p.evaluate(() => pocket.linkStats), stats: await p.evaluate(() => pocket.stats),
                     heapPeak: await p.evaluate(() => pocket.test.info().heap_peak) });
    await p.close();
  }
  return out;
}

try {
  // the linked game runs in its own two windows beside the other steps (wall time)
  const linkedRun = PHASES.includes("linked") ? linked().catch((e) => { result.errors.push("linked: " + (e.stack || e)); }) : null;
  const cfg = JSON.parse(fs.readFileSync(path.join(recDir, "..", "web", "config.json"), "utf8"));
  // 1. first load, as a visitor: bytes transferred, time to the menu, the page's picture
  if (PHASES.includes("load")) {
    const page = await ctx.newPage();
    await open("", page);
    await page.waitForFunction(() => pocket.stats.menuMs > 0, null, { timeout: 30000 });
    await page.waitForTimeout(300);
    result.load = await page.evaluate(() => ({ menuMs: pocket.stats.menuMs, loadMs: pocket.stats.loadMs }));
    result.load.bytes = await page.evaluate(() => performance.getEntriesByType("navigation")
      .concat(performance.getEntriesByType("resource")).reduce((a, e) => a + Math.max(e.transferSize, e.encodedBodySize), 0));
    result.load.files = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => [e.name.split("/").pop(), Math.max(e.transferSize, e.encodedBodySize)]));
    await page.screenshot({ path: out("page.png") });
    await page.close();
  }
  // 2. the first screen of each layout, for the golden images
  for (const layout of PHASES.includes("load") ? ["lcd13", "display2"] : []) {
    const page = await open("?manual&seed=1&fast&unit=91&layout=" + layout);
    await page.evaluate(() => pocket.test.run(20));
    await canvasShot(page, "menu_" + layout);
    await page.close();
  }
  // 3. a whole game of each against the AI, replayed through the page's inputs
  let unit = 11;
  for (const name of GAMES) {
    const [game, layout = "lcd13"] = name.split("@");
    const page = await open("?manual&seed=1&fast&unit=" + unit++ + "&layout=" + layout);
    const t = Date.now();
    const game_ = name;
    result.games[game_] = await replay(page, cfg, recording(name), game, { layout });
    result.games[game_].seconds = (Date.now() - t) / 1000;
    await page.close();
  }
  // 4. reload in the middle of a Reds hand: "Continue game?" brings the same game back
  if (PHASES.includes("reload")) {
    const page = await open("?manual&seed=1&fast&unit=50");
    await replay(page, cfg, recording("reds"), "reds-reload", { stopAfterSaves: 2 });
    const before = await page.evaluate(() => pocket.test.info(true));
    await page.reload();
    await page.waitForFunction(() => window.pocket && (pocket.ready || pocket.error));
    await page.evaluate(() => pocket.test.run(30));
    const resume = await page.evaluate(() => pocket.test.info());
    await page.keyboard.down("a");
    await page.evaluate(() => pocket.test.run(10));
    await page.keyboard.up("a");
    await page.evaluate(() => pocket.test.run(100));
    const after = await page.evaluate(() => pocket.test.info(true));
    result.reload = { before, resume, after };
    // 5. a damaged stored save: as on the device, named once, set aside, a fresh start
    await page.evaluate(() => {
      const k = "pocket/u50/flash/game.sav";
      const t = localStorage.getItem(k);
      const i = t.length >> 1;
      localStorage.setItem(k, t.slice(0, i) + String.fromCharCode(t.charCodeAt(i) ^ 0x20) + t.slice(i + 1));
    });
    await page.reload();
    await page.waitForFunction(() => window.pocket && (pocket.ready || pocket.error));
    await page.evaluate(() => pocket.test.run(30));
    result.damaged = { info: await page.evaluate(() => pocket.test.info()),
      keys: await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("pocket/u50/flash/"))) };
    await canvasShot(page, "damaged");
    await page.close();
  }
  // 6. linked Reds in two windows, cabled by the page's BroadcastChannel: two scripted
  // players (tests/host/web_finger.py decides, the page's buttons press), two AI seats
  // 7. clear errors: opened from a file, no WebAssembly, storage refused, storage full
  if (PHASES.includes("errors")) result.errors_shown = await errorPages(cfg);
  if (linkedRun) result.linked = await linkedRun;
} catch (e) {
  result.errors.push(String(e && e.stack || e));
} finally {
  fs.writeFileSync(out("result.json"), JSON.stringify(result, null, 1));
  await ctx.close();
  fs.rmSync(userDir, { recursive: true, force: true });
}
process.exit(result.errors.length ? 1 : 0);
