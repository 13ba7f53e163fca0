// Referee calls: a short tone (WebAudio) when a new call arrives on the referees' page
// or the projector's corner. The calls themselves arrive by htmx's WebSocket
// extension (an out-of-band swap); this only compares the newest call's number.
(function () {
  "use strict";
  var SELECTOR = "#referee-calls, #projector-calls";
  var latest = 0;
  var audio = null;

  function newest() {
    var el = document.querySelector(SELECTOR);
    return el ? parseInt(el.getAttribute("data-latest-call") || "0", 10) : 0;
  }

  function soundOn() {
    var box = document.getElementById("call-sound");
    return !box || box.checked;
  }

  function chime() {
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx || !soundOn()) return;
    try {
      audio = audio || new Ctx();
      [0, 0.25].forEach(function (start, i) {
        var osc = audio.createOscillator();
        var gain = audio.createGain();
        osc.frequency.value = i ? 660 : 880;
        gain.gain.setValueAtTime(0.2, audio.currentTime + start);
        gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + start + 0.2);
        osc.connect(gain);
        gain.connect(audio.destination);
        osc.start(audio.currentTime + start);
        osc.stop(audio.currentTime + start + 0.22);
      });
      document.documentElement.setAttribute("data-call-chimed", String(latest));
    } catch (e) {
      /* no sound device: the call is still on screen */
    }
  }

  function check() {
    var now = newest();
    if (now > latest) {
      latest = now;
      chime();
    } else {
      latest = Math.max(latest, now);
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    latest = newest();
    document.body.addEventListener("htmx:oobAfterSwap", check);
    document.body.addEventListener("htmx:wsAfterMessage", check);
    // mark the page live once its socket is open (and not while it reconnects)
    document.body.addEventListener("htmx:wsOpen", function () {
      document.documentElement.setAttribute("data-calls-live", "1");
    });
    document.body.addEventListener("htmx:wsClose", function () {
      document.documentElement.removeAttribute("data-calls-live");
    });
    // a browser starts sound only after a gesture: the first click unlocks it
    document.addEventListener("click", function () {
      var Ctx = window.AudioContext || window.webkitAudioContext;
      if (Ctx && !audio) audio = new Ctx();
    }, { once: true });
  });
})();
