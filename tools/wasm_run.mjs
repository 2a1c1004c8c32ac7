// Runs a Python script on the 32-bit MicroPython WebAssembly port under Node.
// Usage: node tools/wasm_run.mjs [--heap 512K] [--fixed-heap] [--loop NAME] [--copy DIR]...
//                                [--mkdir DIR]... script.py [args...]
// The project's core/ and tests/ folders are copied into the in-memory filesystem at
// /proj, sys.path starts with /proj and /proj/tests/core, the arguments arrive as the
// global ARGV (this port has no sys.argv), and the exit status is that of the script
// (SystemExit code, 1 for an uncaught exception or a SystemExit with a message).
//   --copy DIR     also copy the project folder DIR (drivers, boards, a tree of .mpy files
//                  such as build/wasm-mpy) to /proj/DIR
//   --mkdir DIR    create the empty, writable folder DIR (absolute, e.g. /save)
//   --loop NAME    after the script, call its global NAME() until it returns a false value:
//                  each call enters Python from the top level, the only place where this
//                  port collects garbage (gc.collect() inside a call only asks for a
//                  collection, done when JS next calls into Python), so a script that
//                  must collect while it runs (a device loop) hands its loop passes to this
//   --fixed-heap   make --heap a hard cap.  This port grows its heap on demand (it adds
//                  a new area when an allocation does not fit; gc.mem_free() counts the
//                  128 MB it could still add), so without this flag --heap is only the
//                  first area.  With it, the WebAssembly memory cannot grow and its malloc
//                  space is used up (but 32 KB for the runtime's own small allocations),
//                  so the heap stays at --heap, and the first allocation that does not
//                  fit ends the run: "MemoryError: ..." on stderr, exit status 3.  (Not a
//                  Python MemoryError: this port can hang raising one, e.g. when an
//                  import runs out of heap.)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let args = process.argv.slice(2);
let heap = 512 * 1024;
let fixedHeap = false;
let loop = null;
const copies = ["core", "tests"];
const mkdirs = [];
for (;;) {
  if (args[0] === "--heap") {
    const t = args[1].toLowerCase();
    heap = parseInt(t) * (t.endsWith("k") ? 1024 : t.endsWith("m") ? 1048576 : 1);
  } else if (args[0] === "--copy") {
    copies.push(args[1].replace(/\/+$/, ""));
  } else if (args[0] === "--loop") {
    loop = args[1];
  } else if (args[0] === "--mkdir") {
    mkdirs.push(args[1]);
  } else if (args[0] === "--fixed-heap") {
    fixedHeap = true;
    args = args.slice(1);
    continue;
  } else {
    break;
  }
  args = args.slice(2);
}
const script = args[0];

const mp = await loadMicroPython({
  heapsize: heap,
  stdout: (s) => process.stdout.write(s + "\n"),
  stderr: (s) => process.stderr.write(s + "\n"),
});

function fixHeap() {
  // Use up what malloc can still hand out, keeping 32 KB back for the JS glue and the C
  // library (code strings, directory reads), with the WebAssembly memory unable to grow:
  // then a new heap area cannot be allocated.
  const M = mp._module;
  const reserve = M._malloc(32 * 1024);
  const write = process.stderr.write;
  process.stderr.write = () => true;      // emscripten reports every refused growth
  WebAssembly.Memory.prototype.grow = () => { throw new RangeError("no growth"); };
  try {
    for (let size = 1 << 26; size >= 16; ) {
      if (!M._malloc(size)) size >>= 1;
    }
  } finally {
    process.stderr.write = write;
  }
  M._free(reserve);
  WebAssembly.Memory.prototype.grow = () => {
    // only a new heap area asks for more memory now: an allocation did not fit
    process.stderr.write("MemoryError: the heap is full (--heap " + heap + " bytes, --fixed-heap)\n");
    process.exit(3);
  };
}

function copyTree(rel) {
  const src = path.join(root, rel);
  if (!fs.existsSync(src)) return;
  const dst = "/proj/" + rel;
  mp.FS.mkdirTree(dst);
  for (const ent of fs.readdirSync(src, { withFileTypes: true })) {
    const r = rel + "/" + ent.name;
    if (ent.isDirectory()) {
      if (ent.name !== "__pycache__") copyTree(r);
    } else if (/\.(py|mpy|jsonl|json)$/.test(ent.name)) {
      mp.FS.writeFile("/proj/" + r, fs.readFileSync(path.join(root, r)));
    }
  }
}
for (const d of copies) copyTree(d);
for (const d of mkdirs) mp.FS.mkdirTree(d);
if (fixedHeap) fixHeap();

// The script is compiled, then run: its source text is not kept alive while it runs.
const argv = JSON.stringify([script, ...args.slice(1)]);
const boot = `
import sys
sys.path.insert(0, '/proj/tests/core')
sys.path.insert(0, '/proj')
ARGV = ${argv}
__name__ = '__main__'
_f = open('/proj/' + ARGV[0])
_code = compile(_f.read(), ARGV[0], 'exec')
_f.close()
del _f
exec(_code)
`;
let code = 0;
try {
  mp.runPython(boot);
  if (loop !== null) {
    const pass = mp.globals.get(loop);
    while (pass()) {}
  }
} catch (e) {
  if (e.name !== "PythonError") throw e;
  if (e.type === "SystemExit") {
    const m = /SystemExit: (.*)/.exec(e.message);
    if (m && !/^(\d*|None)$/.test(m[1].trim())) {
      process.stderr.write(m[1] + "\n");
      code = 1;
    } else {
      code = m ? parseInt(m[1]) || 0 : 0;
    }
  } else {
    process.stderr.write(e.message + "\n");
    code = 1;
  }
}
process.exit(code);
