// Extracts the JKF records from Kifu-for-JS's Jest snapshot file
// (packages/json-kifu-format/test/__snapshots__/file.test.ts.snap).
// Each entry is `exports[`<ext> file <name> 1`] = `<JSON.stringify(player.kifu)>`;`
// (the test's serializer is JSON.stringify); Jest escapes \ ` and ${ in the
// template literal, which is undone here. Writes <outdir>/<name>.jkf for each
// name in the map given (corpus name => snapshot name), the JSON text exactly as
// JSON.stringify wrote it, no line end added.
//   node extract-snapshot.mjs <file.test.ts.snap> <outdir> [corpusName=snapName ...]
import {readFileSync, writeFileSync} from "node:fs";
const [snapPath, outDir, ...pairs] = process.argv.slice(2);
const snap = readFileSync(snapPath, "utf8");
const entries = new Map();
const re = /^exports\[`(?:csa|kif|ki2|jkf) file (.+?) 1`\] = `((?:[^`\\]|\\.)*)`;$/gms;
for (const m of snap.matchAll(re)) {
    const text = m[2].replace(/\\([\\`]|\$\{)/g, "$1");
    JSON.parse(text); // must be JSON
    entries.set(m[1], text);
}
for (const pair of pairs) {
    const [corpus, snapName = corpus] = pair.split("=");
    const text = entries.get(snapName);
    if (text === undefined) throw new Error("no snapshot entry for " + snapName);
    if (JSON.stringify(JSON.parse(text)) !== text) throw new Error("not JSON.stringify output: " + snapName);
    writeFileSync(`${outDir}/${corpus}.jkf`, text);
}
console.error(`${entries.size} entries, wrote ${pairs.length}`);
