// Runs a Python script on the 32-bit MicroPython WebAssembly port under Node.
// Usage: node tools/wasm_run.mjs [--heap 512K] script.py [args...]
// The project's core/ and tests/ folders are copied into the in-memory filesystem at
// /proj, sys.path starts with /proj and /proj/tests/core, the arguments arrive as the
// global ARGV (this port has no sys.argv), and the exit status is that of the script
// (SystemExit code, 1 for an uncaught exception).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let args = process.argv.slice(2);
let heap = 512 * 1024;
if (args[0] === "--heap") {
  const t = args[1].toLowerCase();
  heap = parseInt(t) * (t.endsWith("k") ? 1024 : t.endsWith("m") ? 1048576 : 1);
  args = args.slice(2);
}
const script = args[0];
const mp = await loadMicroPython({
  heapsize: heap,
  stdout: (s) => process.stdout.write(s + "\n"),
  stderr: (s) => process.stderr.write(s + "\n"),
});

function copyTree(rel) {
  const src = path.join(root, rel);
  if (!fs.existsSync(src)) return;
  const dst = "/proj/" + rel;
  mp.FS.mkdirTree(dst);
  for (const ent of fs.readdirSync(src, { withFileTypes: true })) {
    const r = rel + "/" + ent.name;
    if (ent.isDirectory()) {
      if (ent.name !== "__pycache__") copyTree(r);
    } else if (ent.name.endsWith(".py") || ent.name.endsWith(".jsonl") || ent.name.endsWith(".json")) {
      mp.FS.writeFile("/proj/" + r, fs.readFileSync(path.join(root, r)));
    }
  }
}
for (const d of ["core", "tests"]) copyTree(d);

const argv = JSON.stringify([script, ...args.slice(1)]);
const boot = `
import sys
sys.path.insert(0, '/proj/tests/core')
sys.path.insert(0, '/proj')
ARGV = ${argv}
__name__ = '__main__'
exec(open('/proj/' + ARGV[0]).read())
`;
let code = 0;
try {
  mp.runPython(boot);
} catch (e) {
  if (e.name !== "PythonError") throw e;
  if (e.type === "SystemExit") {
    const m = /SystemExit: (\d+)/.exec(e.message);
    code = m ? parseInt(m[1]) : 0;
  } else {
    process.stderr.write(e.message + "\n");
    code = 1;
  }
}
process.exit(code);
