// Perft with lishogi's shogiops (npm `shogiops`), for issue 34.
//
// Reads lines `rules<TAB>sfen<TAB>maxDepth<TAB>budgetSeconds` on stdin (sfen
// `start` = the rules' default position) and prints TSV rows
// `variant, sfen, depth, nodes, source` (iterative deepening; the next depth
// is tried only while the last one, times the branching factor, fits the
// budget).
//
// Moves are enumerated exactly as shogiops' own debug.perft does
// (allMoveDests with promotion choices from pieceCanPromote /
// pieceForcePromote, allDropDests with promotableOnDrop), with one change so
// that the counts compare with Fairy-Stockfish's: a position where the game
// has ended by a variant rule (checkshogi: the side to move is in check) has
// no moves. shogiops' debug.perft would go on past that end; its raw count is
// printed too, as source `shogiops x.y.z debug.perft`, where it differs.
//
// Usage: SHOGIOPS_DIR=/work/fsf-node/node_modules/shogiops node shogiops_perft.mjs < positions.tsv
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// Where `npm install shogiops` put the package (ESM imports resolve from this
// file's folder, so the path is given instead).
const base = process.env.SHOGIOPS_DIR || '/work/fsf-node/node_modules/shogiops';
const { debug, sfen: sfenOps, variant, variantUtil, parsePieceName } = await import(
  pathToFileURL(`${base}/dist/index.js`).href
);
const { version } = JSON.parse(readFileSync(`${base}/package.json`, 'utf8'));

function perft(pos, depth) {
  if (depth < 1) return 1;
  if (pos.isSpecialVariantEnd()) return 0;
  const rules = pos.rules;
  let nodes = 0;
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      const promotions = [];
      if (variantUtil.pieceCanPromote(rules)(piece, from, to, pos.board.get(to))) {
        promotions.push(true);
        if (!variantUtil.pieceForcePromote(rules)(piece, to)) promotions.push(false);
      } else promotions.push(false);
      for (const promotion of promotions) {
        if (depth === 1) {
          nodes += 1;
          continue;
        }
        const child = pos.clone();
        child.play({ from, to, promotion });
        nodes += perft(child, depth - 1);
      }
    }
  }
  for (const [name, dests] of pos.allDropDests()) {
    const piece = parsePieceName(name);
    const roles = [piece.role];
    if (variantUtil.promotableOnDrop(rules)(piece)) roles.push(variantUtil.promote(rules)(piece.role));
    for (const role of roles) {
      for (const to of dests) {
        if (depth === 1) {
          nodes += 1;
          continue;
        }
        const child = pos.clone();
        child.play({ role, to });
        nodes += perft(child, depth - 1);
      }
    }
  }
  return nodes;
}

const input = readFileSync(0, 'utf8').split('\n').filter(l => l.trim() && !l.startsWith('#'));
for (const line of input) {
  const [rules, sfenIn, maxDepthText, budgetText] = line.split('\t');
  const maxDepth = Number(maxDepthText);
  const budget = Number(budgetText || 60);
  const pos =
    sfenIn === 'start'
      ? variant.defaultPosition(rules)
      : sfenOps.parseSfen(rules, sfenIn, false).unwrap();
  const sfen = sfenOps.makeSfen(pos);
  let prev = 1;
  for (let depth = 1; depth <= maxDepth; depth++) {
    const t = Date.now();
    const nodes = perft(pos, depth);
    const spent = (Date.now() - t) / 1000;
    console.log(`${rules}\t${sfen}\t${depth}\t${nodes}\tshogiops ${version}`);
    if (depth <= 3) {
      const raw = debug.perft(pos, depth);
      if (raw !== nodes) console.log(`${rules}\t${sfen}\t${depth}\t${raw}\tshogiops ${version} debug.perft`);
    }
    const branching = Math.max(nodes / Math.max(prev, 1), 1);
    prev = nodes;
    if (nodes === 0 || spent * branching > budget) break;
  }
}
