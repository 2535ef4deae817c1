// pnpkit studio: reads /api/state, shows pages, cards and findings; redraws on every `rebuild` event. The data
// table and the card layout, which write into the kit's files, are edit.js.
// Every user text goes in through textContent, never as markup.
"use strict";

// The token `pnpkit serve` printed came once in the address; the server keeps it in a cookie. Out of the address bar.
if (new URLSearchParams(location.search).has("token")) {
  const query = new URLSearchParams(location.search);
  query.delete("token");
  history.replaceState(null, "", query.size ? `?${query}` : location.pathname);
}

const S = {
  lang: new URLSearchParams(location.search).get("lang") || "",
  tab: "pages", slug: null, focus: null, state: null, chosen: -1, deck: "", query: "",
};
const $ = (id) => document.getElementById(id);
const EAGER_PAGES = 4;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

async function load() {
  const response = await fetch(`/api/state?lang=${encodeURIComponent(S.lang)}`);
  if (response.status === 401) {  // a studio started again has a new token: its address says it
    $("banner").hidden = false;
    $("banner").textContent = "This studio asks for its token: open the address `pnpkit serve` printed, with its ?token=.";
    return;
  }
  const state = await response.json();
  S.state = state;
  S.lang = state.lang;
  const components = state.components.map((c) => c.slug);
  if (!components.includes(S.slug)) S.slug = components[0] || null;
  render();
}

function render() {
  const state = S.state;
  document.body.dataset.revision = state.revision;
  document.body.dataset.lang = state.lang;
  $("kit-title").textContent = state.kit ? state.kit.title : "";
  document.title = state.kit ? `${state.kit.title} — pnpkit studio` : "pnpkit studio";
  renderLangs(state);
  renderStatus(state);
  renderNav(state);
  renderFindings(state);
  if (S.tab === "pages") renderPages(state);
  if (S.tab === "gallery") renderGallery(state);
  if (S.tab === "data") renderData();
  if (S.tab === "card") renderCard();
  if (S.tab === "playtest") renderPlaytest();
  if (typeof state.undo === "number") setUndo(state.undo);
}

function renderLangs(state) {
  const box = $("langs");
  box.replaceChildren(...state.languages.map((lang) => el("button", {
    class: lang === state.lang ? "on" : "", "data-lang": lang, text: lang.toUpperCase(),
    onclick: () => { S.lang = lang; history.replaceState(null, "", `?lang=${lang}`); load(); },
  })));
}

function renderStatus(state) {
  const status = $("status");
  const banner = $("banner");
  status.className = "status " + (state.stale ? "broken" : state.errors ? "live errors" : "live");
  const errors = state.errors ? `${state.errors} error(s) · ` : "";
  $("status-text").textContent = state.stale
    ? `${errors}showing the last good pages`
    : `${errors}live · laid out in ${state.seconds.toFixed(2)} s`;
  const watch = state.watch || { problem: "", skipped: [] };
  banner.hidden = !state.stale && !watch.problem;
  banner.textContent = watch.problem
    ? `Saves are not seen: ${watch.problem}. Reload the page once it is back.`
    : state.problem
      ? `Not laid out: ${state.problem}. The pages below are the last good ones.`
      : "The kit as saved does not load: the pages below are the last good ones. Fix the findings on the right and save.";
  const notice = $("notice");
  notice.hidden = !watch.skipped.length;
  notice.textContent = watch.skipped.length ? `Not watched: ${watch.skipped.join("; ")}` : "";
}

function flaggedSlugs(state) {
  const bad = new Map();
  for (const finding of state.findings) {
    const slugs = new Set((finding.targets[state.lang] || []).map((target) => target.slug));
    for (const slug of slugs) bad.set(slug, (bad.get(slug) || 0) + 1);  // findings, not the places they name
  }
  return bad;
}

function renderNav(state) {
  const bad = flaggedSlugs(state);
  $("components").replaceChildren(...state.components.map((c) => el("li", {
    class: c.slug === S.slug && S.tab === "pages" ? "on" : "", "data-slug": c.slug,
    onclick: () => { S.slug = c.slug; S.focus = null; showTab("pages"); },
  }, el("span", { text: shortTitle(c.title, state) }), bad.get(c.slug)
    ? el("span", { class: "bad", text: `● ${bad.get(c.slug)}` })
    : el("span", { class: "n", text: `${c.pages.length} p` }))));
}

function shortTitle(title, state) {
  // "Weather Walk — Weather cards" under the kit's own name says "Weather cards"
  const kit = state.kit ? `${state.kit.title} — ` : "";
  return kit && title.startsWith(kit) ? title.slice(kit.length) : title;
}

function renderPages(state) {
  const view = $("pages-view");
  const part = state.components.find((c) => c.slug === S.slug);
  if (!part) {
    view.replaceChildren(el("p", { class: "empty", text: state.stale ? "The kit has not loaded yet." : "Nothing to print." }));
    return;
  }
  // Reuse the sheets that are there: the old picture stays until the new one has loaded (no flicker on a save).
  const sheets = Array.from(view.querySelectorAll(".sheet")).filter((s) => s.dataset.slug === part.slug);
  if (sheets.length !== part.pages.length) {
    view.replaceChildren(...part.pages.map((_page, n) => el("div", { class: "sheet", "data-slug": part.slug, "data-page": n + 1 },
      el("span", { class: "label", text: `${part.title} · page ${n + 1} of ${part.pages.length}` }),
      // the first pages at once, the rest as they scroll into view: a long deck is drawn page by page
      el("img", { class: "page", alt: `${part.title}, page ${n + 1}`, loading: n < EAGER_PAGES ? "eager" : "lazy" }))));
  }
  view.querySelectorAll(".sheet").forEach((sheet, n) => {
    const page = part.pages[n];
    const img = sheet.querySelector("img");
    sheet.querySelector(".label").textContent = `${part.title} · page ${n + 1} of ${part.pages.length}`;  // the edition's words
    img.alt = `${part.title}, page ${n + 1}`;
    const src = `/png/${page.token}.png`;
    if (img.getAttribute("src") !== src) img.setAttribute("src", src);
    img.dataset.token = page.token;
    sheet.style.aspectRatio = `${page.width} / ${page.height}`;
    sheet.classList.toggle("stale", state.stale);
    sheet.querySelectorAll(".outline").forEach((o) => o.remove());
    const focus = S.focus;
    if (focus && focus.slug === part.slug) {
      const places = focus.all.filter((t) => t.slug === part.slug && t.page === n + 1);
      // a card is outlined where it prints; a finding about the page as a whole outlines the page
      places.forEach((t) => sheet.append(outline(t.trim || [0, 0, page.width, page.height], page, focus.error, t !== focus.first)));
    }
  });
  const first = view.querySelector(".outline:not(.more)");
  if (first && S.focus && !S.focus.scrolled) {
    S.focus.scrolled = true;
    first.scrollIntoView({ block: "center", behavior: "smooth" });
  }
}

function outline(trim, page, error, more) {
  const [x, y, w, h] = trim;
  const box = el("div", { class: "outline" + (error ? " error" : "") + (more ? " more" : "") });
  Object.assign(box.style, {
    left: `${(x / page.width) * 100}%`, top: `${(y / page.height) * 100}%`,
    width: `${(w / page.width) * 100}%`, height: `${(h / page.height) * 100}%`,
  });
  return box;
}

function renderFindings(state) {
  const list = $("findings");
  const count = $("findings-count");
  count.textContent = String(state.findings.length);
  count.className = "count" + (state.findings.length ? "" : " zero");
  if (!state.findings.length) {
    list.replaceChildren(el("li", { class: "none", text: "✓ No findings: the kit is ready to print." }));
    return;
  }
  list.replaceChildren(...state.findings.map((f, i) => el("li", {
    class: `finding ${f.severity}` + (i === S.chosen ? " on" : ""), "data-code": f.code, "data-index": i,
    onclick: (event) => { if (event.target.tagName !== "A") choose(i); },
  },
  el("div", { class: "head" }, el("span", { class: "code", text: f.code }), el("span", { class: "sev", text: f.severity }),
    f.path ? el("span", { class: "muted", text: f.path }) : null),
  el("div", { class: "msg", text: f.message }),
  f.hint ? el("div", { class: "hint", text: f.hint }) : null,
  f.where ? el("a", { class: "where", href: f.editor || "#", title: "Open in the editor", text: f.where }) : null)));
}

async function choose(index) {
  const finding = S.state.findings[index];
  S.chosen = index;
  // a finding met in another edition (text in Japanese, say) is shown there
  const langs = finding.langs || [];
  if (langs.length && !langs.includes(S.state.lang)) {
    S.lang = langs[0];
    history.replaceState(null, "", `?lang=${S.lang}`);
    await load();
  }
  const targets = finding.targets[S.state.lang] || [];
  if (!targets.length) { S.focus = null; render(); return; }
  const first = targets[0];
  S.slug = first.slug;
  S.focus = { slug: first.slug, first, all: targets, error: finding.severity === "error", scrolled: false };
  showTab("pages");
}

function showCard(card) {
  const target = { slug: card.slug, page: card.page, card: card.id, trim: card.trim };
  S.slug = card.slug;
  S.chosen = -1;
  S.focus = { slug: card.slug, first: target, all: [target], error: false, scrolled: false };
  showTab("pages");
}

function renderGallery(state) {
  const select = $("deck-filter");
  const decks = [...new Map(state.cards.map((c) => [c.deck, c.deck_name])).entries()];
  select.replaceChildren(el("option", { value: "", text: "All decks" }),
    ...decks.map(([id, name]) => el("option", { value: id, text: name })));
  select.value = decks.some(([id]) => id === S.deck) ? S.deck : "";
  const query = S.query.trim().toLowerCase();
  const bad = new Set();
  for (const f of state.findings) for (const t of f.targets[state.lang] || []) if (t.card) bad.add(t.card);
  const shown = state.cards.filter((c) => (!S.deck || c.deck === S.deck)
    && (!query || `${c.id} ${c.text}`.toLowerCase().includes(query)));
  $("gallery-count").textContent = `${shown.length} of ${state.cards.length} designs`;
  $("gallery").replaceChildren(...shown.map((c) => el("div", {
    class: "card" + (bad.has(c.id) ? " flagged" : ""), "data-card": c.id, onclick: () => showCard(c), title: c.text,
  }, el("img", { src: `/png/${c.token}.png`, alt: c.id, loading: "lazy" }), el("div", { class: "name", text: c.id }),
  el("div", { class: "where", text: c.where }))));
}

async function renderPlaytest() {
  const view = $("playtest-view");
  view.replaceChildren(el("p", { class: "muted", text: "Playing games…" }));
  const report = await (await fetch(`/api/playtest?lang=${encodeURIComponent(S.lang)}`)).json();
  if (!report.available) {
    view.replaceChildren(el("p", { class: "empty", text: `No playtest report: ${report.message}` }));
    return;
  }
  view.replaceChildren(el("div", { class: "sheet" },
    el("span", { class: "label", text: `Playtest report · ${report.games} games at the kit's defaults` }),
    el("img", { class: "page", src: `/png/${report.token}.png`, alt: "playtest report" })));
}

function showTab(tab) {
  S.tab = tab;
  const lit = tab === "card" ? "data" : tab;  // a card's layout is reached from the data
  for (const button of document.querySelectorAll("#tabs button")) button.classList.toggle("on", button.dataset.tab === lit);
  for (const name of ["pages", "gallery", "data", "card", "playtest"]) $(`${name}-view`).hidden = name !== tab;
  if (S.state) render();
}

function connect() {
  const events = new EventSource("/events");
  events.addEventListener("rebuild", () => load());
  events.onerror = () => { $("status").className = "status busy"; $("status-text").textContent = "reconnecting…"; };
}

document.querySelectorAll("#tabs button").forEach((b) => b.addEventListener("click", () => showTab(b.dataset.tab)));
$("deck-filter").addEventListener("change", (e) => { S.deck = e.target.value; renderGallery(S.state); });
$("search").addEventListener("input", (e) => { S.query = e.target.value; renderGallery(S.state); });
connect();
