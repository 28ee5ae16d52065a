// The lobby: a form built from the site's catalog of games and house rules.
const form = document.getElementById("new");
const gameSelect = document.getElementById("game");
const settingsBox = document.getElementById("settings");
let catalog = [];

function label(value) {
  return value === null ? "none" : value === true ? "on" : value === false ? "off" : String(value);
}

function showSettings() {
  const game = catalog.find((g) => g.name === gameSelect.value);
  settingsBox.replaceChildren();
  for (const [key, choices] of Object.entries(game.settings)) {
    const l = document.createElement("label");
    l.textContent = key.replaceAll("_", " ") + " ";
    const s = document.createElement("select");
    s.name = "setting:" + key;
    choices.forEach((c, i) => {
      const o = document.createElement("option");
      o.value = String(i);
      o.textContent = label(c);
      s.append(o);
    });
    l.append(s);
    settingsBox.append(l);
  }
}

async function loadRatings() {
  const rows = await (await fetch("/api/ratings")).json();
  const t = document.getElementById("ratings");
  for (const r of rows) {
    const tr = document.createElement("tr");
    for (const v of [r.name, r.rating, r.games, r.wins, r.draws, r.losses]) {
      const td = document.createElement("td");
      td.textContent = String(v);
      tr.append(td);
    }
    t.append(tr);
  }
}

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const data = new FormData(form);
  const game = catalog.find((g) => g.name === gameSelect.value);
  const settings = {};
  for (const [key, choices] of Object.entries(game.settings)) {
    settings[key] = choices[Number(data.get("setting:" + key))];
  }
  const body = {
    game: game.name, settings, name: data.get("name"),
    turn_time: data.get("turn_time") ? Number(data.get("turn_time")) : null,
    over_time: data.get("over_time"), seat: data.get("seat"), opponent: data.get("opponent"),
  };
  const reply = await fetch("/api/tables", { method: "POST", body: JSON.stringify(body) });
  const answer = await reply.json();
  if (!reply.ok) {
    document.getElementById("error").textContent = answer.error;
    return;
  }
  location.href = answer.url + (answer.join ? "#join=" + encodeURIComponent(answer.join) : "");
});

catalog = (await (await fetch("/api/catalog")).json()).games;
for (const g of catalog) {
  const o = document.createElement("option");
  o.value = g.name;
  o.textContent = g.name;
  gameSelect.append(o);
}
gameSelect.addEventListener("change", showSettings);
showSettings();
loadRatings();
