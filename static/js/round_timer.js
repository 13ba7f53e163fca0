// Counts a running round timer down between the server's updates (data-deadline: epoch seconds).
(function () {
  function tick() {
    document.querySelectorAll(".timer-clock[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.round(Number(el.dataset.deadline) - Date.now() / 1000));
      var m = Math.floor(left / 60), s = left % 60;
      el.textContent = m + ":" + (s < 10 ? "0" : "") + s;
    });
  }
  setInterval(tick, 1000);
})();
