// pnpkit studio, editing: the card table's cells, its rows (add, copy, delete), a card's regions dragged on the
// card, and undo. Every write is a POST with the studio's token in a header (from the page's own <meta>); the
// studio writes the file, the watch sees it, and the page redraws as on any save. User text goes in by textContent.
"use strict";

const WRITE_TOKEN = document.querySelector('meta[name="pnpkit-token"]')?.content || "";
const E = { editing: false, missed: false, undo: 0, card: null, drag: null };
const HALF_MM = 0.5;

async function write(action, body) {
  say("Writing…", "busy");
  let response;
  try {
    response = await fetch(`/api/edit/${action}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Pnpkit-Token": WRITE_TOKEN },
      body: JSON.stringify(body),
    });
  } catch (error) {
    say(`Not written: the studio cannot be reached (${error.message})`, "bad");
    return null;
  }
  const answer = await response.json().catch(() => ({ message: `the studio answered ${response.status}` }));
  if (!response.ok) {
    say(`Not written: ${answer.message}`, "bad");
    if (response.status === 409) refreshEditing();  // the file changed on disk: read the table again
    return null;
  }
  if (typeof answer.undo === "number") setUndo(answer.undo);
  say(answer.changed === false ? "Nothing to change." : `${answer.message[0].toUpperCase()}${answer.message.slice(1)} — ${answer.file}`, "ok");
  return answer;
}

function say(text, kind) {
  const box = $("edit-status");
  box.textContent = text;
  box.title = text;
  box.className = `edit-status ${kind}`;
  box.hidden = !text;
}

function setUndo(count) {
  E.undo = count;
  const button = $("undo");
  button.disabled = count === 0;
  button.title = count ? `Undo the studio's last write (${count} kept)` : "Nothing to undo";
}

async function undo() {
  await write("undo", {});
}

function refreshEditing() {
  E.editing = false;
  if (S.tab === "data") renderData();
  if (S.tab === "card") renderCard();
}

// ---------------------------------------------------------------- the card table

async function renderData() {
  if (E.editing) { E.missed = true; return; }  // a cell being typed in is not drawn over: the table waits for it
  E.missed = false;
  const view = $("data-view");
  const decks = await (await fetch(`/api/table?lang=${encodeURIComponent(S.lang)}`)).json();
  if (E.editing) { E.missed = true; return; }
  if (!decks.length) { view.replaceChildren(el("p", { class: "empty", text: "This kit has no card data." })); return; }
  const help = el("p", { class: "muted data-help", text:
    "Click a cell to change it: Enter writes it into its file, Esc leaves it, Shift+Enter starts a new line." });
  view.replaceChildren(help, ...decks.map((deck) => deckTable(deck)));
}

function deckTable(deck) {
  const head = el("tr", {}, el("th", { text: "" }), ...deck.columns.map((c) => el("th", { text: c })), el("th", { text: "source" }));
  const rows = deck.rows.map((row) => el("tr", { "data-card": row.card },
    el("td", { class: "actions" }, ...rowButtons(deck.deck, row)),
    ...deck.columns.map((c) => el("td", {
      class: "cell", text: row.cells[c] ?? "", "data-column": c, tabindex: "0",
      onclick: (event) => editCell(event.currentTarget, deck.deck, row, c),
      onkeydown: (event) => {  // Enter on the cell itself opens it (not the Enter that closes its text box)
        if (event.key === "Enter" && event.target === event.currentTarget) editCell(event.currentTarget, deck.deck, row, c);
      },
    })),
    el("td", { class: "where", text: row.where })));
  return el("div", {},
    el("p", { class: "data-title", text: `${deck.deck} · ${deck.rows.length} designs` }),
    el("table", { class: "data", "data-deck": deck.deck }, el("thead", {}, head), el("tbody", {}, ...rows)));
}

function rowButtons(deck, row) {
  const send = (action) => () => write("row", { deck, card: row.card, action, fingerprint: row.fingerprint });
  const remove = el("button", { class: "mini danger", "data-action": "delete", title: `Delete ${row.card} from ${row.file}` });
  remove.textContent = "Delete";
  remove.addEventListener("click", () => {
    if (remove.dataset.sure) { send("delete")(); return; }
    remove.dataset.sure = "1";
    remove.textContent = "Sure?";
    setTimeout(() => { delete remove.dataset.sure; remove.textContent = "Delete"; }, 4000);
  });
  return [
    el("button", { class: "mini", "data-action": "layout", text: "Layout", title: "Move and resize its template's regions",
      onclick: () => openCard(deck, row.card) }),
    el("button", { class: "mini", "data-action": "add", text: "Add", title: "A new card below this one, starting as a copy of it",
      onclick: send("add") }),
    el("button", { class: "mini", "data-action": "duplicate", text: "Copy", title: "A copy of this card below it",
      onclick: send("duplicate") }),
    remove,
  ];
}

function editCell(cell, deck, row, column) {
  if (cell.querySelector("textarea")) return;
  E.editing = true;
  const old = row.cells[column] ?? "";
  const input = el("textarea", { class: "cell-input", rows: String(Math.min(6, old.split("\n").length)), spellcheck: "false" });
  input.value = old;
  cell.replaceChildren(input);
  cell.classList.add("editing");
  input.focus();
  input.select();
  let done = false;
  const finish = async (keep) => {
    if (done) return;
    done = true;
    const value = input.value;
    cell.classList.remove("editing");
    cell.textContent = keep ? value : old;
    E.editing = false;
    if (!keep || value.trim() === old) {
      if (E.missed) renderData();  // the kit changed while the cell was open
      return;
    }
    cell.classList.add("pending");
    const answer = await write("cell", { deck, card: row.card, column, lang: S.lang, old, value, fingerprint: row.fingerprint });
    cell.classList.remove("pending");
    if (!answer) cell.textContent = old;
  };
  input.addEventListener("keydown", (event) => {
    event.stopPropagation();
    if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); finish(true); }
    if (event.key === "Escape") { event.preventDefault(); finish(false); }
  });
  input.addEventListener("blur", () => finish(true));
}

// ---------------------------------------------------------------- a card's regions, dragged

function openCard(deck, card) {
  E.card = { deck, card };
  showTab("card");
}

async function renderCard() {
  const view = $("card-view");
  if (!E.card || E.drag) return;
  const query = new URLSearchParams({ lang: S.lang, deck: E.card.deck, card: E.card.card });
  const response = await fetch(`/api/regions?${query}`);
  const data = await response.json();
  if (!response.ok) { view.replaceChildren(el("p", { class: "empty", text: data.message })); return; }
  if (E.drag) return;
  const full = [data.width + 2 * data.bleed, data.height + 2 * data.bleed];
  const frame = el("div", { class: "card-frame", "data-card": data.card });
  frame.style.aspectRatio = `${full[0]} / ${full[1]}`;
  frame.append(el("img", { src: `/png/${data.token}.png`, alt: data.card }));
  const list = el("ul", { class: "region-list" });
  for (const region of data.regions) {
    const box = el("div", { class: "region" + (region.file ? "" : " fixed"), "data-region": region.name,
      title: region.file ? `${region.name}: drag to move, drag the corner to resize (written to ${region.file})` : `${region.name}: its box is not written in a file` });
    place(box, region.box, data, full);
    box.append(el("span", { class: "region-name", text: region.name }));
    if (region.file) {
      const handle = el("div", { class: "handle", "data-handle": "resize" });
      box.append(handle);
      box.addEventListener("pointerdown", (event) => startDrag(event, box, region, data, full, frame));
    }
    frame.append(box);
    list.append(el("li", { "data-region": region.name },
      el("b", { text: region.name }), el("span", { class: "muted", text: ` ${region.kind}` }),
      el("code", { class: "box-text", text: boxText(region.box) })));
  }
  view.replaceChildren(
    el("div", { class: "toolbar" },
      el("button", { class: "mini", text: "← Data", onclick: () => showTab("data") }),
      el("span", { class: "data-title", text: `${data.card} · template ${data.template || "(built in)"}` }),
      el("span", { class: "muted", text: "Drag a region to move it; drag its corner to resize. Its box: is written to the template, rounded to 0.5 mm." })),
    el("div", { class: "card-editor" }, frame, list));
}

function place(node, box, data, full) {
  const [x, y, w, h] = box;
  Object.assign(node.style, {
    left: `${((x + data.bleed) / full[0]) * 100}%`, top: `${((y + data.bleed) / full[1]) * 100}%`,
    width: `${(w / full[0]) * 100}%`, height: `${(h / full[1]) * 100}%`,
  });
}

function boxText(box) {
  return `[${box.map((v) => `${+v.toFixed(2)}mm`).join(", ")}]`;
}

const half = (mm) => Math.round(mm / HALF_MM) * HALF_MM;

function startDrag(event, node, region, data, full, frame) {
  event.preventDefault();
  const resize = event.target.dataset.handle === "resize";
  const scale = full[0] / frame.getBoundingClientRect().width;  // mm per CSS pixel
  const start = { x: event.clientX, y: event.clientY, box: [...region.box] };
  E.drag = { region: region.name };
  node.classList.add("dragging");
  node.setPointerCapture(event.pointerId);
  let box = start.box;
  const move = (e) => {
    const dx = (e.clientX - start.x) * scale;
    const dy = (e.clientY - start.y) * scale;
    const [x, y, w, h] = start.box;
    box = resize
      ? [x, y, Math.max(HALF_MM, half(w + dx)), Math.max(HALF_MM, half(h + dy))]
      : [half(x + dx), half(y + dy), w, h];
    place(node, box, data, full);
    const shown = document.querySelector(`.region-list li[data-region="${CSS.escape(region.name)}"] .box-text`);
    if (shown) shown.textContent = boxText(box);
  };
  const up = async () => {
    node.removeEventListener("pointermove", move);
    node.removeEventListener("pointerup", up);
    node.classList.remove("dragging");
    E.drag = null;
    if (box.every((v, i) => v === start.box[i])) return;
    const answer = await write("box", { template: data.template, region: region.name, box, fingerprint: region.fingerprint });
    if (!answer) renderCard();
  };
  node.addEventListener("pointermove", move);
  node.addEventListener("pointerup", up);
}

document.addEventListener("DOMContentLoaded", () => {
  $("undo").addEventListener("click", undo);
  setUndo(0);
});
