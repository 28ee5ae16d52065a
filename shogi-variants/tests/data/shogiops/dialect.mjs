// Replays games written in lishogi's notation through lishogi's own rules
// library, shogiops (the version pinned by package-lock.json), for
// bindings-python/tests/test_dialects.py.
//
// stdin: a JSON list of games {rules, sfen, moves}: shogiops' rules name,
// the start position in lishogi's SFEN, the moves in lishogi's USI.
// stdout: a JSON list, per game {positions, error}: at every position
// (the start, then after each move) shogiops' own SFEN of it, its legal
// moves in its USI (sorted; none once it judges the game over) and its
// outcome; error names the first thing shogiops refused (a position it
// cannot read, a move it cannot parse or does not allow), null if none.
import { readFileSync } from 'node:fs';
import { sfen as sfenOps, variantUtil, parsePieceName, makeUsi, parseUsi } from 'shogiops';

function legalMoves(pos) {
  if (pos.isEnd()) return [];
  const rules = pos.rules;
  const out = [];
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      const choices = [false];
      if (variantUtil.pieceCanPromote(rules)(piece, from, to, pos.board.get(to))) {
        choices[0] = true;
        if (!variantUtil.pieceForcePromote(rules)(piece, to)) choices.push(false);
      }
      for (const promotion of choices) out.push(makeUsi({ from, to, promotion }));
    }
  }
  for (const [name, dests] of pos.allDropDests()) {
    const piece = parsePieceName(name);
    const roles = [piece.role];
    if (variantUtil.promotableOnDrop(rules)(piece)) roles.push(variantUtil.promote(rules)(piece.role));
    for (const role of roles) for (const to of dests) out.push(makeUsi({ role, to }));
  }
  return out.sort();
}

function snapshot(pos) {
  const o = pos.outcome();
  return {
    sfen: sfenOps.makeSfen(pos),
    legal: legalMoves(pos),
    outcome: o ? `${o.result}:${o.winner ?? '-'}` : null,
  };
}

const games = JSON.parse(readFileSync(0, 'utf8'));
const results = games.map(({ rules, sfen, moves }) => {
  const parsed = sfenOps.parseSfen(rules, sfen, true);
  if (parsed.isErr) return { positions: [], error: `position ${sfen}: ${parsed.error.message}` };
  const pos = parsed.value;
  const positions = [snapshot(pos)];
  for (const text of moves) {
    const move = parseUsi(text);
    if (!move) return { positions, error: `move ${text}: not shogiops USI` };
    if (!pos.isLegal(move)) return { positions, error: `move ${text}: not legal for shogiops` };
    pos.play(move);
    positions.push(snapshot(pos));
  }
  return { positions, error: null };
});
process.stdout.write(JSON.stringify(results));
