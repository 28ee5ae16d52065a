// Random games with lishogi's shogiops (npm `shogiops`), for issue 34: the
// legal moves and the end at every position, which the Rust test
// shogi-variants/tests/family_random_games.rs replays through our games.
//
// For each rules name given (default: minishogi checkshogi annanshogi
// kyotoshogi), GAMES games of at most PLIES plies, moves drawn by a seeded
// generator (mulberry32, seed = game number + 1000 * rules index). Prints TSV
// rows `rules, game, ply, sfen, outcome, moves, played`: `outcome` is `-`
// while the game goes on, else shogiops' `result:winner` (winner `-` for
// none); `moves` are every legal move in USI, sorted, space-separated,
// enumerated as shogiops' own debug.perft does (allMoveDests with the
// promotion choices of pieceCanPromote / pieceForcePromote, allDropDests with
// promotableOnDrop), except that a position where the game has ended lists
// none; `played` is the move drawn (`-` at an end).
//
// Usage: SHOGIOPS_DIR=/work/fsf-node/node_modules/shogiops \
//   GAMES=12 PLIES=120 node shogiops_games.mjs > ../shogiops-games.tsv
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const base = process.env.SHOGIOPS_DIR || '/work/fsf-node/node_modules/shogiops';
const { sfen: sfenOps, variant, variantUtil, parsePieceName, makeUsi } = await import(
  pathToFileURL(`${base}/dist/index.js`).href
);
const { version } = JSON.parse(readFileSync(`${base}/package.json`, 'utf8'));
const GAMES = Number(process.env.GAMES || 12);
const PLIES = Number(process.env.PLIES || 120);
const RULES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['minishogi', 'checkshogi', 'annanshogi', 'kyotoshogi'];

function mulberry32(a) {
  return function () {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function legalMoves(pos) {
  if (pos.isEnd()) return [];
  const rules = pos.rules;
  const out = [];
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      const promotions = [];
      if (variantUtil.pieceCanPromote(rules)(piece, from, to, pos.board.get(to))) {
        promotions.push(true);
        if (!variantUtil.pieceForcePromote(rules)(piece, to)) promotions.push(false);
      } else promotions.push(false);
      for (const promotion of promotions) out.push({ from, to, promotion });
    }
  }
  for (const [name, dests] of pos.allDropDests()) {
    const piece = parsePieceName(name);
    const roles = [piece.role];
    if (variantUtil.promotableOnDrop(rules)(piece)) roles.push(variantUtil.promote(rules)(piece.role));
    for (const role of roles) for (const to of dests) out.push({ role, to });
  }
  return out;
}

console.log(`# shogiops ${version}, GAMES=${GAMES} PLIES=${PLIES}, shogiops_games.mjs`);
console.log('rules\tgame\tply\tsfen\toutcome\tmoves\tplayed');
RULES.forEach((rules, r) => {
  for (let game = 0; game < GAMES; game++) {
    const random = mulberry32(game + 1000 * r);
    const pos = variant.defaultPosition(rules);
    for (let ply = 0; ply <= PLIES; ply++) {
      const moves = legalMoves(pos);
      const usis = moves.map(makeUsi);
      const order = usis.map((u, i) => [u, i]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      const o = pos.outcome();
      const outcome = o ? `${o.result}:${o.winner ?? '-'}` : '-';
      let played = '-';
      if (moves.length && ply < PLIES) {
        const i = Math.floor(random() * moves.length);
        played = usis[i];
      }
      console.log(
        [rules, game, ply, sfenOps.makeSfen(pos), outcome, order.map(x => x[0]).join(' '), played].join('\t'),
      );
      if (played === '-') break;
      pos.play(moves[usis.indexOf(played)]);
    }
  }
});
