// A seat's page: the board the server draws for this seat (the library's
// SVG), clicks turned into squares by the board's data attributes, moves
// and selections sent over the seat's WebSocket. No rule is decided here:
// the legal moves and the marked squares come from the server.
const [, , table, token] = location.pathname.split("/");
const $ = (id) => document.getElementById(id);
const RANKS = "abcdefghi";
let state = null;
let selected = null; // "7g" or "P*"
let secondsLeft = null;
const notesKey = `notes:${table}:${token}`;
const notes = new Set(JSON.parse(localStorage.getItem(notesKey) || "[]"));

const joinLink = new URLSearchParams(location.hash.slice(1)).get("join");
if (joinLink) {
  $("join").innerHTML = "Send this link to your opponent: <a></a>";
  const a = $("join").querySelector("a");
  a.href = joinLink;
  a.textContent = new URL(joinLink, location.href).href;
}

const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${table}/${token}`);
ws.onmessage = (e) => {
  const m = JSON.parse(e.data);
  if (m.type === "state") {
    state = m;
    selected = null;
    $("error").textContent = "";
    $("choices").replaceChildren();
    render(m.svg);
    showStatus();
  } else if (m.type === "selected") {
    render(m.svg);
  } else if (m.type === "error") {
    $("error").textContent = m.message;
  }
};
ws.onclose = () => { $("status").textContent = "disconnected: reopen this link to return to your seat"; };

function send(message) { ws.send(JSON.stringify(message)); }

function render(svg) {
  $("board").innerHTML = svg;
  drawNotes();
}

function showStatus() {
  $("title").textContent = `${state.game} (you are ${state.seat})`;
  const o = state.outcome;
  if (o) {
    $("status").textContent = `Game over: ${o.text}`;
  } else if (state.to_move === state.seat) {
    $("status").textContent = "Your move";
  } else {
    const who = state.names[state.to_move] || state.to_move;
    $("status").textContent = `${who} to move${state.present[state.to_move] ? "" : " (seat empty)"}`;
  }
  secondsLeft = o ? null : state.seconds_left;
  tick();
  // Card shogi's drawn card (none once the game is over or before a draw).
  const card = state.card;
  $("card").textContent = card === undefined || card === null ? "" : `Card drawn: ${card === 0 ? "joker" : card}`;
  $("told").textContent = state.told.join("\n");
  $("resign").disabled = Boolean(o);
  $("notes-help").hidden = state.game !== "tsuitate";
  // The moves this seat may make now, for assistive tools and tests.
  document.body.dataset.seat = state.seat;
  document.body.dataset.toMove = state.to_move || "";
  document.body.dataset.plies = String(state.plies);
  document.body.dataset.legal = state.legal.join(" ");
  document.body.dataset.over = o ? o.reason : "";
}

function tick() {
  $("clock").textContent = secondsLeft === null ? "" : `Time left: ${Math.ceil(secondsLeft)} s`;
}
setInterval(() => { if (secondsLeft !== null) { secondsLeft = Math.max(0, secondsLeft - 1); tick(); } }, 1000);

// The square under a click, from the board's own geometry and attributes.
function squareAt(svg, event) {
  const board = svg.querySelector("rect.board");
  if (!board) return null;
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
  const files = Number(board.dataset.files), ranks = Number(board.dataset.ranks);
  const x = p.x - Number(board.getAttribute("x")), y = p.y - Number(board.getAttribute("y"));
  const col = Math.floor(x / (Number(board.getAttribute("width")) / files));
  const row = Math.floor(y / (Number(board.getAttribute("height")) / ranks));
  if (col < 0 || row < 0 || col >= files || row >= ranks) return null;
  const flipped = board.dataset.flipped === "true";
  const file = flipped ? col + 1 : files - col;
  const rank = flipped ? ranks - row : row + 1;
  return { name: `${file}${RANKS[rank - 1]}`, col, row, board, files, ranks };
}

function choose(moves) {
  if (moves.length === 1) { send({ type: "move", usi: moves[0] }); return; }
  const box = $("choices");
  box.replaceChildren("Choose: ");
  for (const m of moves) {
    const b = document.createElement("button");
    const end = m.at(-1);
    b.textContent = end === "+" ? "promote" : end === "-" ? "flip back" : "do not promote";
    b.dataset.move = m;
    b.onclick = () => { box.replaceChildren(); send({ type: "move", usi: m }); };
    box.append(b);
  }
}

$("board").addEventListener("click", (event) => {
  if (!state || state.outcome) return;
  const svg = $("board").querySelector("svg");
  const hand = event.target.closest(".hand-item");
  if (hand && hand.dataset.color === state.seat) {
    selected = `${hand.dataset.kind}*`;
    send({ type: "select", square: selected });
    return;
  }
  const sq = squareAt(svg, event);
  if (!sq) return;
  if (selected) {
    const prefix = `${selected}${sq.name}`; // "7g7f" or "P*5e"
    const moves = state.legal.filter((m) => m === prefix || (m.startsWith(prefix) && "+-".includes(m.slice(prefix.length))));
    if (moves.length) { selected = null; choose(moves); return; }
  }
  if (state.legal.some((m) => m.startsWith(sq.name) && m[1] !== "*")) {
    selected = sq.name;
    send({ type: "select", square: sq.name });
  } else {
    selected = null;
    render(state.svg);
  }
});

// Tsuitate's "?" notes: this tab only (localStorage), never sent.
$("board").addEventListener("contextmenu", (event) => {
  if (!state || state.game !== "tsuitate") return;
  event.preventDefault();
  const sq = squareAt($("board").querySelector("svg"), event);
  if (!sq) return;
  if (notes.has(sq.name)) notes.delete(sq.name); else notes.add(sq.name);
  localStorage.setItem(notesKey, JSON.stringify([...notes]));
  drawNotes();
});

function drawNotes() {
  const svg = $("board").querySelector("svg");
  const board = svg && svg.querySelector("rect.board");
  if (!board || !state || state.game !== "tsuitate") return;
  const files = Number(board.dataset.files), ranks = Number(board.dataset.ranks);
  const w = Number(board.getAttribute("width")) / files, h = Number(board.getAttribute("height")) / ranks;
  const flipped = board.dataset.flipped === "true";
  for (const name of notes) {
    const file = Number(name[0]), rank = RANKS.indexOf(name[1]) + 1;
    const col = flipped ? file - 1 : files - file, row = flipped ? ranks - rank : rank - 1;
    const t = document.createElementNS("http://www.w3.org/2000/svg", "text");
    t.setAttribute("class", "note");
    t.setAttribute("x", String(Number(board.getAttribute("x")) + (col + 0.5) * w));
    t.setAttribute("y", String(Number(board.getAttribute("y")) + (row + 0.7) * h));
    t.setAttribute("text-anchor", "middle");
    t.setAttribute("font-size", String(h * 0.6));
    t.setAttribute("fill", "#6a3fb0");
    t.textContent = "?";
    svg.append(t);
  }
}

$("resign").onclick = () => { if (confirm("Resign this game?")) send({ type: "resign" }); };
