/* Play now and invitations on every page of a signed-in member (see tables.socket.play_socket).
   The page's socket is <body ws-connect="/ws/play/">; this script
   - says every minute that the page is still open ({"here": 1}: who is online);
   - when the status says "matched": chimes, puts "Your table is ready" in the title
     (seen on a background tab too) and goes to the table after data-go-after ms;
   - when an invitation arrives (#play-notice): chimes and names it in the title.
   No inline script: the Content-Security-Policy forbids them. */
(function () {
  "use strict";
  var socket = null;
  var audio = null;
  var title = document.title;
  var HERE_EVERY_MS = 60000;

  function chime(marker) {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      [660, 880].forEach(function (freq, i) {
        var osc = audio.createOscillator();
        var gain = audio.createGain();
        var at = audio.currentTime + i * 0.18;
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.08, at);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
        osc.connect(gain).connect(audio.destination);
        osc.start(at);
        osc.stop(at + 0.17);
      });
      marker.dataset.chimed = audio.state;  /* "running", or "suspended" with no click yet */
    } catch (err) {
      marker.dataset.chimed = "none";  /* no audio here: stay silent */
    }
  }

  function announce() {
    var status = document.querySelector("#play-now-status[data-state='matched']:not([data-announced])");
    if (status) {
      status.dataset.announced = "1";
      document.title = "\u25B6 Your table is ready \u00B7 " + title;
      chime(status);
      var go = parseInt(status.dataset.goAfter || "1500", 10);
      var url = new URL(status.dataset.tableUrl, window.location.href);
      /* Already at that table (its page is open): loading it again would drop its socket. */
      if (url.pathname !== window.location.pathname) {
        window.setTimeout(function () { window.location.assign(url.href); }, go);
      }
    }
    var notice = document.querySelector("#play-notice .invitation:not([data-announced])");
    if (notice) {
      notice.dataset.announced = "1";
      document.title = "\u2709 " + notice.dataset.title + " \u00B7 " + title;
      chime(notice);
    }
    var waiting = document.querySelector("#play-now-status[data-state='waiting']");
    if (waiting && !document.title.startsWith("\u231B")) document.title = "\u231B Waiting \u00B7 " + title;
    if (!waiting && document.title.startsWith("\u231B")) document.title = title;
  }

  document.addEventListener("htmx:wsOpen", function (event) {
    if (event.detail.elt === document.body) socket = event.detail.socketWrapper;
  });
  document.addEventListener("htmx:wsClose", function (event) {
    if (event.detail.elt === document.body) socket = null;
  });
  document.addEventListener("htmx:wsAfterMessage", announce);
  window.setInterval(function () {
    if (socket) socket.send(JSON.stringify({ here: 1 }), document.body);
  }, HERE_EVERY_MS);
  /* Leaving the queue is one click; so is the Play now button, whose fields ws-send sends. */
})();
