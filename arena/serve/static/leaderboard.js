// The leaderboard page: rows redrawn from /api/leaderboard every few seconds (text only).
(function () {
  "use strict";
  function cell(row, text) { var td = document.createElement("td"); td.textContent = text; row.appendChild(td); return td; }
  function draw(board) {
    var body = document.getElementById("board-rows");
    var rows = document.createDocumentFragment();
    board.players.forEach(function (p) {
      var tr = document.createElement("tr");
      cell(tr, String(p.place));
      var name = cell(tr, "");
      var a = document.createElement("a");
      a.href = "/players/" + encodeURIComponent(p.name);
      a.textContent = p.name;
      name.appendChild(a);
      if (p.version > 1) { name.appendChild(document.createTextNode(" (v" + p.version + ")")); }
      cell(tr, p.owner || "ladder");
      cell(tr, p.rating.toFixed(2));
      cell(tr, p.interval[0].toFixed(2) + " \u2013 " + p.interval[1].toFixed(2));
      cell(tr, String(p.games));
      cell(tr, p.status).className = "status";
      rows.appendChild(tr);
    });
    body.replaceChildren(rows);
    document.getElementById("games-recorded").textContent = String(board.games_recorded);
    var rating = document.getElementById("rating");
    if (rating && !board.rating) { rating.remove(); }
  }
  function poll() {
    fetch("/api/leaderboard", {credentials: "same-origin"}).then(function (r) { return r.ok ? r.json() : null; })
      .then(function (board) { if (board) { draw(board); } }).catch(function () {})
      .finally(function () { setTimeout(poll, 3000); });
  }
  setTimeout(poll, 3000);
})();
