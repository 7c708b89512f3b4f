// The classroom page: one websocket to the server, which sends this page's whole view.
// The token is the link's #fragment: browsers never send it in a request, so it is
// handed to the server inside the websocket's first message only.
"use strict";
(function () {
  const token = decodeURIComponent(location.hash.slice(1));
  const $ = (id) => document.getElementById(id);
  let ws = null, view = null, delay = 500, closedForGood = false, deadline = null;

  function text(el, value) { el.textContent = value == null ? "" : String(value); }
  function show(el, value) { text(el, value); el.hidden = !value; }

  function send(obj) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(obj));
  }

  function renderChoices(v) {
    const box = $("bl-buttons");
    box.replaceChildren();
    text($("bl-prompt"), v.prompt);
    v.choices.forEach((label, index) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "bl-choice";
      b.dataset.index = String(index);
      b.textContent = label;
      b.addEventListener("click", () => {
        for (const other of box.querySelectorAll("button")) other.disabled = true;
        show($("bl-refusal"), "");
        send({type: "choose", ply: v.ply, index: index});
      });
      box.appendChild(b);
    });
    deadline = v.choices.length ? Date.now() + v.timeout * 1000 : null;
  }

  function renderTeacher(v) {
    $("bl-teacher").hidden = false;
    $("bl-start").hidden = v.started;
    const input = $("bl-timeout");
    if (document.activeElement !== input) input.value = String(v.timeout);
    const select = $("bl-table");
    if (select.options.length !== v.tables) {
      select.replaceChildren();
      for (let i = 0; i < v.tables; i++) {
        const o = document.createElement("option");
        o.value = String(i); o.textContent = String(i + 1); select.appendChild(o);
      }
    }
    select.value = String(v.table);
    const seats = $("bl-seats");
    seats.replaceChildren();
    for (const row of v.seats) {
      if (row.table !== v.table) continue;
      const tr = seats.insertRow();
      text(tr.insertCell(), row.seat);
      text(tr.insertCell(), row.player);
      text(tr.insertCell(), row.waiting == null ? "" : `waiting ${row.waiting} s`);
      const cell = tr.insertCell();
      if (row.player === "person") {
        const b = document.createElement("button");
        b.type = "button"; b.textContent = "agent plays";
        b.addEventListener("click", () => send({type: "release", table: row.table, seat: row.seat}));
        cell.appendChild(b);
      }
    }
    // Advice (issue 30) where boardlab.advise exists; the server says when it does not.
    text($("bl-advice"), v.advice);
    const links = $("bl-links");
    links.replaceChildren();
    for (const [name, path] of Object.entries(v.links)) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = location.origin + path; a.textContent = name; a.rel = "noreferrer";
      a.target = "_blank";
      li.appendChild(a); links.appendChild(li);
    }
    const notes = $("bl-notes");
    notes.replaceChildren();
    for (const line of v.notes) { const li = document.createElement("li"); text(li, line); notes.appendChild(li); }
  }

  function render(v) {
    view = v;
    document.body.dataset.ply = String(v.ply);
    document.body.dataset.role = v.role;
    document.body.dataset.over = String(v.over);
    text($("bl-title"), v.game);
    text($("bl-who"), v.role === "seat" ? `you are ${v.seat}` : v.role);
    text($("bl-status"), v.status);
    show($("bl-note"), v.note);
    // The picture is the game's own SVG for this page's viewer, made by the server.
    $("bl-svg").innerHTML = v.svg;
    renderChoices(v);
    const odds = $("bl-odds");
    odds.replaceChildren();
    for (const [label, exact, percent] of v.odds) {
      const tr = odds.insertRow();
      text(tr.insertCell(), label); text(tr.insertCell(), exact); text(tr.insertCell(), percent);
    }
    const log = $("bl-log");
    log.replaceChildren();
    for (const line of v.log) { const li = document.createElement("li"); text(li, line); log.appendChild(li); }
    log.scrollTop = log.scrollHeight;
    if (v.role === "teacher") renderTeacher(v);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${scheme}//${location.host}/ws`);
    ws.addEventListener("open", () => {
      delay = 500;
      ws.send(JSON.stringify({type: "hello", token: token}));
      text($("bl-conn"), "connected");
      document.body.dataset.connected = "true";
    });
    ws.addEventListener("message", (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "view") { show($("bl-refusal"), ""); render(msg); }
      else if (msg.type === "refused") {
        show($("bl-refusal"), msg.rule ? `${msg.text} [${msg.rule}]` : msg.text);
      } else if (msg.type === "error") { closedForGood = true; show($("bl-refusal"), msg.text); }
    });
    ws.addEventListener("close", () => {
      document.body.dataset.connected = "false";
      if (closedForGood) { text($("bl-conn"), "not connected"); return; }
      text($("bl-conn"), "reconnecting…");
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 4000);
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("bl-start").addEventListener("click", () => send({type: "start"}));
    $("bl-set-timeout").addEventListener("click", () =>
      send({type: "timeout", seconds: Number($("bl-timeout").value)}));
    $("bl-table").addEventListener("change", () =>
      send({type: "watch", table: Number($("bl-table").value)}));
    setInterval(() => {
      if (deadline && view && view.choices.length) {
        const left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
        text($("bl-prompt"), `${view.prompt} (${left} s, then an agent chooses)`);
      }
    }, 1000);
    if (!token) { show($("bl-refusal"), "This page needs its link (with the part after #)."); return; }
    connect();
  });
})();
