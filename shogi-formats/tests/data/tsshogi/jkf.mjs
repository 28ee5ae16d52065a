// Reference JKF (JSON Kifu Format) reader and writer for the shogi-formats
// tests: tsshogi, the record library of ShogiHome (sunfish-shogi), version
// pinned in package.json. Run `npm ci` in this folder first.
//
//   node jkf.mjs read <file.jkf>
//     Reads the JKF with tsshogi's importJKFString and prints one JSON object:
//       start        SFEN of the initial position as tsshogi writes it
//                    (Position.sfen, always with the move number 1)
//       moves        USI strings of the main line (the first move of each
//                    sibling group, i.e. JKF `moves` without `forks`)
//       end          the main line's closing special move as tsshogi names it
//                    (its SpecialMoveType, e.g. "resign", "interrupt",
//                    "foulWin"; the raw name for one tsshogi does not know),
//                    or null
//       end_csa      the same special as tsshogi writes it back to JKF/CSA
//                    (getCSASpecialMoveName, e.g. "TORYO"), or null
//       branches     every side line, in document order (depth first):
//                    {"ply": ply of its first move (the move it replaces),
//                     "moves": [USI...], "end": special type or null}
//       side_nodes   total number of nodes (moves and specials) in side lines
//       comments     number of nodes with a non-empty comment, anywhere
//                    (the initial position's comment included)
//     On an error: the message on stderr, exit status 1.
//
//   node jkf.mjs usen <file>
//     Reads a record file as fromkif does and prints tsshogi's USEN of it
//     (Record.usen, its first element).
//
//   node jkf.mjs readusen <file.usen>
//     Reads the USEN text in the file with Record.newByUSEN and prints the
//     same summary as read.
//
//   node jkf.mjs fromkif <file>
//     Reads a KIF/KIFU, KI2/KI2U, CSA or JKF file (by extension, else
//     tsshogi's detectRecordFormat), decoding it as UTF-8 if it is valid
//     UTF-8, else as Shift_JIS or EUC-JP (the one that decodes and reads as
//     more Japanese text), and prints tsshogi's exportJKFString of it.
import {readFileSync} from "node:fs";
import {
    importJKFString,
    exportJKFString,
    importKIF,
    importKI2,
    importCSA,
    detectRecordFormat,
    RecordFormatType,
    Move,
    getCSASpecialMoveName,
    reverseColor,
    Record,
} from "tsshogi";

function fail(message) {
    process.stderr.write(String(message) + "\n");
    process.exit(1);
}

function decode(bytes) {
    try {
        return new TextDecoder("utf-8", {fatal: true}).decode(bytes);
    } catch {
        // not UTF-8
    }
    const japanese = (s) =>
        (s.match(/[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]/g) || []).length -
        2 * (s.match(/[\uff61-\uff9f]/g) || []).length;
    let best = null;
    for (const encoding of ["shift_jis", "euc-jp"]) {
        let text;
        try {
            text = new TextDecoder(encoding, {fatal: true}).decode(bytes);
        } catch {
            continue;
        }
        const score = japanese(text);
        if (best === null || score > best.score) best = {text, score};
    }
    if (best === null) fail("cannot decode as UTF-8, Shift_JIS or EUC-JP");
    return best.text;
}

function specialName(node) {
    const m = node.move;
    if (m instanceof Move) return null;
    return m.type === "any" ? m.name : m.type;
}

function specialCSAName(node) {
    if (node.move instanceof Move) return null;
    return getCSASpecialMoveName(node.move, reverseColor(node.nextColor)) ?? null;
}

function line(start) {
    const nodes = [];
    for (let n = start; n; n = n.next) nodes.push(n);
    return nodes;
}

function summarize(nodes) {
    const moves = nodes.filter((n) => n.move instanceof Move).map((n) => n.move.usi);
    const last = nodes[nodes.length - 1];
    const end = last && !(last.move instanceof Move) ? specialName(last) : null;
    return {moves, end, last};
}

function read(path) {
    let text = readFileSync(path, "utf8");
    text = text.replace(/^\ufeff/, "");
    const record = importJKFString(text);
    if (record instanceof Error) fail(record.message);
    summary(record);
}

function summary(record) {

    const main = line(record.first.next);
    const {moves, end, last} = summarize(main);
    const branches = [];
    let sideNodes = 0;
    let comments = record.first.comment ? 1 : 0;
    // Walks a line; for each node that heads its sibling group, records the
    // siblings' lines (and what hangs below them) in order.
    const walk = (nodes) => {
        for (const node of nodes) {
            if (node.comment) comments++;
            if (!node.isFirstBranch) continue;
            for (let b = node.branch; b; b = b.branch) {
                const side = line(b);
                sideNodes += side.length;
                const s = summarize(side);
                branches.push({ply: b.ply, moves: s.moves, end: s.end});
                walk(side);
            }
        }
    };
    walk(main);
    process.stdout.write(
        JSON.stringify({
            start: record.initialPosition.sfen,
            moves,
            end,
            end_csa: end === null ? null : specialCSAName(last),
            branches,
            side_nodes: sideNodes,
            comments,
        }) + "\n",
    );
}

function load(path) {
    const text = decode(readFileSync(path)).replace(/^\ufeff/, "");
    const ext = path.toLowerCase().replace(/^.*\./, "");
    let record;
    if (ext === "kif" || ext === "kifu") record = importKIF(text);
    else if (ext === "ki2" || ext === "ki2u") record = importKI2(text);
    else if (ext === "csa") record = importCSA(text);
    else if (ext === "jkf" || ext === "json") record = importJKFString(text);
    else {
        switch (detectRecordFormat(text)) {
            case RecordFormatType.KIF:
                record = importKIF(text);
                break;
            case RecordFormatType.KI2:
                record = importKI2(text);
                break;
            case RecordFormatType.CSA:
                record = importCSA(text);
                break;
            case RecordFormatType.JKF:
                record = importJKFString(text);
                break;
            default:
                fail("unsupported record format: " + path);
        }
    }
    if (record instanceof Error) fail(record.message);
    return record;
}

function fromkif(path) {
    process.stdout.write(exportJKFString(load(path)) + "\n");
}

// USEN (Shogi Playground's URL notation), by tsshogi's Record.usen and
// Record.newByUSEN.
function usen(path) {
    process.stdout.write(load(path).usen[0] + "\n");
}

function readusen(path) {
    const record = Record.newByUSEN(readFileSync(path, "utf8").trim());
    if (record instanceof Error) fail(record.message);
    summary(record);
}

const [mode, path] = process.argv.slice(2);
const modes = {read, fromkif, usen, readusen};
if (!path || !(mode in modes)) {
    fail("usage: node jkf.mjs read <file.jkf> | fromkif <file> | usen <file> | readusen <file.usen>");
}
try {
    modes[mode](path);
} catch (e) {
    fail(e && e.stack ? e.stack : e);
}
