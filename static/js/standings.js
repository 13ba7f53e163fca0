/* Sortable standings: click a column title; the order survives live updates. */
(function () {
  var state = { key: "rank", dir: 1 };
  function sortTable() {
    var table = document.getElementById("standings-table");
    if (!table) return;
    var heads = table.querySelectorAll("thead th");
    var index = -1;
    heads.forEach(function (th, i) {
      var b = th.querySelector("button.sort");
      var match = b && b.dataset.key === state.key;
      if (match) index = i;
      th.setAttribute("aria-sort", match ? (state.dir > 0 ? "ascending" : "descending") : "none");
    });
    if (index < 0) return;
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = a.cells[index] && a.cells[index].dataset.sort, y = b.cells[index] && b.cells[index].dataset.sort;
      var nx = parseFloat(x), ny = parseFloat(y);
      var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : String(x).localeCompare(String(y));
      return c * state.dir;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("#standings-table button.sort");
    if (!button) return;
    var key = button.dataset.key;
    // Points and place counts read best from the top; names and ranks from A / 1.
    var descFirst = ["total", "games", "first", "second"].indexOf(key) >= 0;
    state = { key: key, dir: state.key === key ? -state.dir : (descFirst ? -1 : 1) };
    sortTable();
  });
  document.body.addEventListener("htmx:oobAfterSwap", sortTable);
  document.body.addEventListener("htmx:afterSettle", sortTable);
})();
