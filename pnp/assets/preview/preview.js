// pnp preview: draw the state the server keeps (/state.json), again whenever its
// version changes (asked every 400 ms); overlays, search and the shop are the page's own.
"use strict";

const POLL_MS = 400;
let state = null;
let chosen = null; // the key of the piece whose lines are shown

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (name === "class") node.className = value;
    else if (name === "style") Object.assign(node.style, value);
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

// a rectangle in mm from the page's (bleed's) top-left, as percentages of the side
function box(side, x, y, w, h) {
  const W = side.w + 2 * side.bleed, H = side.h + 2 * side.bleed;
  return { left: (100 * x / W) + "%", top: (100 * y / H) + "%",
           width: (100 * w / W) + "%", height: (100 * h / H) + "%" };
}

function safeBox(side) {
  const safe = side.safe[$("shop").value];
  if (safe === null || safe === undefined || safe <= 0) return null;
  const b = side.bleed;
  return box(side, b + safe, b + safe, side.w - 2 * safe, side.h - 2 * safe);
}

// a piece that could not be drawn: its problems where it would be
function stoppedFigure(side) {
  const fig = el("figure", { class: "stopped", "data-key": side.key, "data-id": side.id,
                             "data-name": side.name },
                 el("ul", {}, ...side.stopped.map((e) => el("li", {}, e.text))),
                 el("figcaption", {}, `${side.id} ${side.name}: not drawn`));
  fig.addEventListener("click", () => showSource(side));
  return fig;
}

function figure(side) {
  if (side.stopped) return stoppedFigure(side);
  const frame = el("div", { class: "frame" },
    el("img", { src: "image/" + side.image + ".png", alt: side.key,
                width: Math.round((side.w + 2 * side.bleed) / 25.4 * 100) }));
  const trim = box(side, side.bleed, side.bleed, side.w, side.h);
  frame.append(el("div", { class: "mark bleed", style: trim }),
               el("div", { class: "mark trim", style: trim }));
  const safe = safeBox(side);
  if (safe) frame.append(el("div", { class: "mark safe", style: safe }));
  const notes = [];
  for (const o of side.overflows) {
    const much = o.over_mm === null ? "does not fit"
      : `+${o.over_mm.toFixed(1)} mm` + (o.over_chars ? `, ${o.over_chars} chars` : "");
    frame.append(el("div", { class: "mark overflow", title: o.text,
                             style: box(side, side.bleed + o.x, side.bleed + o.y, o.w, o.h) },
                    el("span", { class: "over" }, much)));
    notes.push(el("div", { class: "overflow-note" }, o.text));
  }
  const name = side.name ? " " + side.name : "";
  const fig = el("figure", { "data-key": side.key, "data-id": side.id, "data-name": side.name },
                 frame, el("figcaption", {}, `${side.id}${name} (${side.side})`), ...notes);
  fig.addEventListener("click", () => showSource(side));
  if (side.key === chosen) fig.classList.add("chosen");
  return fig;
}

function lines(rows) {
  return rows.map(([n, text]) => String(n).padStart(4) + "  " + text).join("\n");
}

function showSource(side) {
  chosen = side.key;
  document.querySelectorAll("figure.chosen").forEach((f) => f.classList.remove("chosen"));
  const fig = document.querySelector(`figure[data-key="${CSS.escape(side.key)}"]`);
  if (fig) fig.classList.add("chosen");
  const src = side.source || {};
  const which = side.side ? ` (${side.side})` : "";
  $("source-title").textContent = `${side.id}${which}: ${src.file}:${src.line}`;
  $("source-lines").textContent = lines(src.lines || []);
  const layout = state.layouts[side.layout];
  $("layout-title").textContent = layout
    ? `layout '${layout.name}': ${layout.file}:${layout.line}`
    : (side.layout ? `layout '${side.layout}'` : "");
  $("layout-lines").textContent = layout ? lines(layout.lines || []) : "";
  $("source").hidden = false;
}

// a problem said once: a component it stops too names it again briefly
function errorList(list, errors, said) {
  list.replaceChildren(...errors.map((e) => {
    const again = said && said.has(e.text);
    if (said) said.add(e.text);
    const text = again ? `not drawn: ${e.file}:${e.line} (the problem above)` : e.text;
    return el("li", { "data-file": e.file, "data-line": e.line }, text);
  }));
}

function render() {
  $("title").textContent = state.game.name || "pnp preview";
  document.title = `${state.game.name} · pnp preview`;
  errorList($("errors"), state.errors);
  const warned = $("warnings");
  warned.hidden = state.warnings.length === 0;
  warned.querySelector("summary").textContent = `${state.warnings.length} warning(s)`;
  warned.querySelector("ul").replaceChildren(...state.warnings.map((w) => el("li", {}, w)));
  const main = $("pieces"), said = new Set();
  main.replaceChildren(...state.components.map((comp) => {
    const errs = el("ul", { class: "comp-errors" });
    errorList(errs, comp.errors, said);
    return el("section", { "data-component": comp.id }, el("h2", {}, comp.name), errs,
              el("div", { class: "pieces" }, ...comp.sides.map(figure)));
  }));
  filter();
  const count = state.components.reduce(
    (n, c) => n + c.sides.filter((s) => !s.stopped).length, 0);
  $("status").textContent = state.errors.length
    ? `${state.errors.length} problem(s); showing the last good pieces`
    : `${count} sides · updated ${new Date().toLocaleTimeString()}`;
  document.body.dataset.version = state.version;
}

function filter() {
  const words = $("search").value.trim().toLowerCase();
  document.querySelectorAll("figure").forEach((fig) => {
    const text = (fig.dataset.id + " " + fig.dataset.name).toLowerCase();
    fig.classList.toggle("hidden", words !== "" && !text.includes(words));
  });
}

function shops() {
  const select = $("shop");
  for (const shop of state.shops) {
    if (!select.querySelector(`option[value="${shop.id}"]`))
      select.append(el("option", { value: shop.id }, `${shop.name}'s`));
  }
}

async function poll() {
  try {
    const version = (await (await fetch("version.json")).json()).version;
    if (!state || version !== state.version) {
      state = await (await fetch("state.json")).json();
      shops();
      render();
    }
  } catch (err) {
    $("status").textContent = "the preview has stopped (pnp preview is not running)";
  }
  setTimeout(poll, POLL_MS);
}

for (const name of ["trim", "bleed", "safe"]) {
  $("show-" + name).addEventListener("change", (event) => {
    document.body.classList.toggle("show-" + name, event.target.checked);
  });
}
$("shop").addEventListener("change", () => state && render());
$("search").addEventListener("input", filter);
$("close").addEventListener("click", () => { $("source").hidden = true; chosen = null;
  document.querySelectorAll("figure.chosen").forEach((f) => f.classList.remove("chosen")); });
poll();
