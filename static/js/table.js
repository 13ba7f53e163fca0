// Shows the seconds left in the countdown the server rendered. Only a display:
// the server alone decides when time is up and what is played then.
(function () {
  function show() {
    var now = performance.now();
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      if (!el.startedAt) el.startedAt = now;
      var spent = (now - el.startedAt) / 1000;
      var base = parseFloat(el.dataset.base) || 0;
      var bank = parseFloat(el.dataset.bank) || 0;
      if (spent < base) {
        el.textContent = Math.ceil(base - spent) + " s" + (bank > 0 ? " + " + Math.ceil(bank) + " s" : "");
      } else {
        el.textContent = Math.max(0, Math.ceil(base + bank - spent)) + " s bank";
      }
    });
  }
  setInterval(show, 250);
})();
