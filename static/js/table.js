// The live table's behaviour in the browser. Only display and input: the server
// alone decides what is legal, when time is up and what is played then.
(function () {
  "use strict";
  var touch = false; // the last pointer was a finger: tap to select, tap again to play
  // The page's words in another language (tables/table.html writes them for Japanese);
  // English, the source text, is the fallback.
  var WORDS = (function () {
    var el = document.getElementById("table-words");
    try { return el ? JSON.parse(el.dataset.words) : {}; } catch (e) { return {}; }
  })();
  function word(key, english, name) {
    return (WORDS[key] || english).replace("{name}", name || "");
  }

  // --- update frames: the parts of the board that changed (tables/drawing/deltas.py) ---
  // hx-swap-oob="attributes" gives a frame's element's attributes to the one on the page
  // by its id, keeping the page's content: the middle's version and whose turn, a seat's
  // turn, the own hand's version. The page's #table-page names this extension.
  if (window.htmx) {
    htmx.defineExtension("table-attributes", {
      isInlineSwap: function (style) { return style === "attributes"; },
      handleSwap: function (style, target, fragment) {
        if (style !== "attributes") return false;
        var source = fragment.firstElementChild;
        if (!source) return true;
        Array.prototype.slice.call(target.attributes).forEach(function (a) {
          if (!source.hasAttribute(a.name)) target.removeAttribute(a.name);
        });
        Array.prototype.forEach.call(source.attributes, function (a) {
          if (a.name === "data-after") return; // the frame's own check, below
          if (target.getAttribute(a.name) !== a.value) target.setAttribute(a.name, a.value);
        });
        return true;
      },
    });
  }
  // An update frame names the version it follows (data-after on #table-center) and is
  // applied only to a page that shows that version. A copy of a frame the page already
  // shows (a second socket of the page sends every frame too) is left out; a frame after
  // one the page missed makes its socket start again, with the whole board.
  var AFTER = /id="table-center"[^>]*data-after="(\d+)"/;
  var VERSION = /id="table-center"[^>]*data-version="(\d+)"/;
  var lastSocket = null;
  var restartedAt = 0;
  function wholeBoardAgain(socket) {
    if (!socket || !socket.reconnect || Date.now() - restartedAt < 5000) return;
    restartedAt = Date.now();
    socket.reconnect();
  }
  document.addEventListener("htmx:wsBeforeMessage", function (e) {
    var message = (e.detail && e.detail.message) || "";
    var found = AFTER.exec(message);
    var centre = document.getElementById("table-center");
    if (!found || !centre) return;
    lastSocket = e.detail.socketWrapper;
    if (centre.dataset.version === found[1]) return;
    e.preventDefault();
    var version = Number((VERSION.exec(message) || [])[1]);
    if (version > Number(centre.dataset.version)) wholeBoardAgain(e.detail.socketWrapper);
  });
  var BOARD_PART = /^#(pond-|d\d|concealed-|center-|turn-line|seat-area-|table-center|table-hand)/;
  document.addEventListener("htmx:oobErrorNoTarget", function (e) {
    var target = (e.detail && e.detail.target) || "";
    if (BOARD_PART.test(target) && document.getElementById("table-board")) wholeBoardAgain(lastSocket);
  });

  // --- the countdown -------------------------------------------------------------
  function showCountdowns() {
    var now = performance.now();
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      if (!el.startedAt) el.startedAt = now;
      var spent = (now - el.startedAt) / 1000;
      var base = parseFloat(el.dataset.base) || 0;
      var bank = parseFloat(el.dataset.bank) || 0;
      var left;
      if (spent < base) {
        left = base - spent;
        el.textContent = Math.ceil(left) + " s" + (bank > 0 ? " + " + Math.ceil(bank) + " s" : "");
      } else {
        left = Math.max(0, base + bank - spent);
        el.textContent = Math.ceil(left) + word("bank", " s bank");
      }
      el.classList.toggle("low", left <= 5);
    });
  }
  setInterval(showCountdowns, 250);

  // --- the result screen: closed by its button, Escape, or after a few seconds --------
  var closedResults = {}; // the results this page closed, by the hand they come before
  function closeModal(modal) {
    if (!modal) return;
    modal.classList.add("closed");
    if (modal.dataset.result) closedResults[modal.dataset.result] = true;
  }
  // The few seconds count only while the page is seen: a phone asleep, or a tab in the
  // background, finds the result still up when it comes back.
  function autoClose(modal) {
    var seconds = parseFloat(modal.dataset.autoClose) || 0;
    if (seconds <= 0 || modal.classList.contains("closed")) return;
    if (document.hidden) { modal.dataset.unseen = "1"; return; }
    setTimeout(function () {
      if (document.hidden) modal.dataset.unseen = "1"; // closed only once seen again
      else closeModal(modal);
    }, seconds * 1000);
  }
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) return;
    document.querySelectorAll(".result-modal[data-unseen]:not(.closed)").forEach(function (modal) {
      delete modal.dataset.unseen;
      autoClose(modal);
    });
  });
  function armModals() {
    document.querySelectorAll(".result-modal:not(.armed)").forEach(function (modal) {
      modal.classList.add("armed");
      // a whole screen sent again (a seat came or went) brings a result already read
      if (closedResults[modal.dataset.result]) { modal.classList.add("closed"); return; }
      autoClose(modal);
      var button = modal.querySelector("[data-close]");
      if (button && !touch) button.focus({ preventScroll: true });
    });
    var token = (document.body.getAttribute("hx-headers") || "").match(/"X-CSRFToken":\s*"([^"]+)"/);
    document.querySelectorAll("input[data-csrf]").forEach(function (input) {
      if (token) input.value = token[1];
    });
  }
  document.addEventListener("click", function (event) {
    var close = event.target.closest("[data-close]");
    if (close) closeModal(close.closest(".table-modal"));
  });
  // The final standings' card set aside for a look at the finished board, and brought back.
  document.addEventListener("click", function (event) {
    var hide = event.target.closest("[data-show-board]"), bring = event.target.closest("[data-show-standings]");
    var modal = document.querySelector(".final-modal"), back = document.querySelector("[data-show-standings]");
    if (!modal || !back || !(hide || bring)) return;
    modal.classList.toggle("closed", !!hide);
    back.hidden = !hide;
    if (hide) back.focus();
    else modal.querySelector("[data-show-board]").focus();
  });

  // --- the point difference to the viewer, on hover, focus or tap ------------------
  function showDiff(plate) {
    var board = document.getElementById("table-board");
    if (!board || !board.classList.contains("seated")) return;
    var viewer = board.className.match(/viewer-(\d)/);
    var mine = viewer && board.querySelector("#seat-area-" + viewer[1]);
    var area = plate.closest(".seat-area");
    if (!mine || !area || area === mine) return;
    var diff = parseInt(area.dataset.score, 10) - parseInt(mine.dataset.score, 10);
    var out = plate.querySelector(".diff");
    out.textContent = (diff > 0 ? "+" : diff < 0 ? "−" : "±") + Math.abs(diff).toLocaleString("en-US") + word("vs_you", " vs you");
  }
  function hideDiff(plate) {
    var out = plate.querySelector(".diff");
    if (out) out.textContent = "";
  }
  document.addEventListener("mouseover", function (e) {
    var plate = e.target.closest && e.target.closest(".seat-plate");
    if (plate) showDiff(plate);
  });
  document.addEventListener("mouseout", function (e) {
    var plate = e.target.closest && e.target.closest(".seat-plate");
    if (plate && !plate.contains(e.relatedTarget)) hideDiff(plate);
  });
  document.addEventListener("focusin", function (e) {
    var plate = e.target.closest && e.target.closest(".seat-plate");
    if (plate) showDiff(plate);
  });
  document.addEventListener("focusout", function (e) {
    var plate = e.target.closest && e.target.closest(".seat-plate");
    if (plate) hideDiff(plate);
  });

  // --- touch: the first tap selects a tile, a second tap on it plays it -------------
  document.addEventListener("pointerdown", function (e) { touch = e.pointerType === "touch"; }, true);
  document.addEventListener(
    "click",
    function (e) {
      var button = e.target.closest && e.target.closest("button.tile-button");
      if (!button) {
        var plate = e.target.closest && e.target.closest(".seat-plate");
        if (plate && touch) showDiff(plate);
        return;
      }
      if (button.classList.contains("barred")) return; // it says why instead (below)
      if (!touch || button.classList.contains("selected")) return; // the second tap plays
      e.preventDefault();
      e.stopImmediatePropagation(); // htmx's ws-send listens on the button itself
      select(button);
    },
    true
  );
  function tileButtons() {
    return Array.prototype.filter.call(
      document.querySelectorAll("#table-hand .hand-row button.tile-button:not(.barred)"),
      function (b) { return b.offsetParent !== null; } // the visible row only
    );
  }
  function select(button) {
    document.querySelectorAll("#table-hand button.tile-button.selected").forEach(function (b) {
      b.classList.remove("selected");
    });
    if (button) {
      button.classList.add("selected");
      button.focus({ preventScroll: true });
    }
  }

  // --- a tile that may not be discarded now: a tap or click on it says why ------------
  var hintTimer = null;
  function showHint(text) {
    var page = document.getElementById("table-page");
    if (!page) return;
    var hint = document.getElementById("hand-hint");
    if (!hint) {
      hint = document.createElement("p");
      hint.id = "hand-hint";
      hint.className = "hand-hint";
      hint.setAttribute("role", "status");
      page.appendChild(hint);
    }
    hint.textContent = text;
    hint.hidden = false;
    clearTimeout(hintTimer);
    hintTimer = setTimeout(function () { hint.hidden = true; }, 3500);
  }
  // The tile says why itself (hand_markup marks it barred, with the reason in its
  // title); a tap or click shows that, and sends nothing.
  document.addEventListener(
    "click",
    function (e) {
      var tile = e.target.closest && e.target.closest("#table-hand button.tile-button.barred");
      if (!tile) return;
      e.preventDefault();
      e.stopImmediatePropagation(); // not selected by a tap, never sent
      select(null);
      showHint(tile.title);
    },
    true
  );

  // --- "Skip to your hand": the keyboard lands on the hand's first choice -------------
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("a.skip-link");
    if (!link) return;
    var hand = document.getElementById("table-hand");
    if (!hand) return;
    e.preventDefault();
    // a call to answer first, else the first tile to discard, else any button of the hand
    var first = [".call-prompt button", ".hand-row button.tile-button:not(.barred)", "button"].reduce(function (found, s) {
      return found || Array.prototype.find.call(hand.querySelectorAll(s), function (b) {
        return b.offsetParent !== null;
      });
    }, null);
    if (!first) {
      hand.setAttribute("tabindex", "-1");
      first = hand;
    }
    if (first.matches("button.tile-button")) select(first); // as the arrow keys would
    else first.focus({ preventScroll: true });
    hand.scrollIntoView({ block: "nearest" });
  });
  // --- Win anyway: asked once before it is sent ----------------------------------------
  // The first press opens the page's dialog (tables/_win_anyway_confirm.html) instead of
  // sending; "Call the win" presses the button again, now let through. A frame that
  // replaced the button meanwhile is followed by its action; a button gone means the
  // chance has passed and nothing is sent. Remembered for the tab (sessionStorage).
  var CONFIRMED_KEY = "win-anyway-confirmed";
  var pendingAction = null;
  function confirmedBefore() {
    try { return window.sessionStorage.getItem(CONFIRMED_KEY) === "1"; } catch (err) { return false; }
  }
  function rememberConfirmed() {
    try { window.sessionStorage.setItem(CONFIRMED_KEY, "1"); } catch (err) { /* kept for this page only */ }
  }
  var confirmedHere = false;
  document.addEventListener(
    "click",
    function (e) {
      var button = e.target.closest && e.target.closest("button[data-confirm]");
      if (!button || confirmedHere || confirmedBefore()) return;
      var dialog = document.getElementById(button.dataset.confirm);
      if (!dialog) return;
      e.preventDefault();
      e.stopImmediatePropagation(); // htmx's ws-send listens on the button itself
      pendingAction = button.dataset.action;
      if (typeof dialog.showModal === "function") {
        dialog.showModal();
        var cancel = dialog.querySelector('[data-confirm-answer="no"]');
        if (cancel) cancel.focus();
      } else if (window.confirm(dialog.textContent.trim())) {
        answerConfirm(dialog, true);
      }
    },
    true
  );
  function answerConfirm(dialog, yes) {
    if (dialog.open) dialog.close();
    var action = pendingAction;
    pendingAction = null;
    if (!yes || !action) return;
    confirmedHere = true;
    rememberConfirmed();
    var again = document.querySelector('#table-hand button[data-confirm][data-action="' + action.replace(/"/g, "") + '"]');
    if (again) again.click();
  }
  document.addEventListener("click", function (e) {
    var answer = e.target.closest && e.target.closest("[data-confirm-answer]");
    if (answer) answerConfirm(answer.closest("dialog"), answer.dataset.confirmAnswer === "yes");
  });
  document.addEventListener("cancel", function (e) { // Escape closes the dialog: no call
    if (e.target.matches && e.target.matches("dialog.table-confirm")) pendingAction = null;
  }, true);

  // --- the keyboard: arrows choose, Enter plays, letters press buttons, Escape passes --
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (document.querySelector("dialog.table-confirm[open]")) return; // the dialog's own keys
    var tag = (e.target.tagName || "").toLowerCase();
    if (tag === "input" && e.target.type !== "checkbox") return;
    if (tag === "textarea" || tag === "select") return;
    var modal = document.querySelector(".result-modal:not(.closed)");
    if (e.key === "Escape" && modal) { closeModal(modal); e.preventDefault(); return; }
    var hand = document.getElementById("table-hand");
    if (!hand) return;
    var buttons = tileButtons();
    var current = buttons.indexOf(document.querySelector("#table-hand button.tile-button.selected"));
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      if (!buttons.length) return;
      var step = e.key === "ArrowLeft" ? -1 : 1;
      var next = current < 0 ? (step > 0 ? 0 : buttons.length - 1) : (current + step + buttons.length) % buttons.length;
      select(buttons[next]);
      e.preventDefault();
      return;
    }
    if (e.key === "Enter" && current >= 0) {
      buttons[current].classList.remove("selected");
      buttons[current].click();
      e.preventDefault();
      return;
    }
    var key = e.key === "Escape" ? "esc" : e.key.toLowerCase();
    var target = hand.querySelector('[data-key="' + key.replace(/"/g, "") + '"]');
    if (!target) return;
    e.preventDefault();
    if (target.matches("input.mode-toggle")) {
      target.checked = !target.checked;
      select(null);
    } else {
      target.click();
    }
  });
  // A checkbox that switches to the riichi row keeps the keyboard where it was.
  document.addEventListener("change", function (e) {
    if (e.target.matches && e.target.matches("input.mode-toggle")) select(null);
  });

  // --- sounds (off unless the member turned them on) -----------------------------
  var audio = null;
  function soundsOn() {
    var box = document.getElementById("table-sounds");
    return box && box.checked;
  }
  function beep(freq, ms, volume) {
    if (!soundsOn()) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.value = volume || 0.08;
      osc.connect(gain).connect(audio.destination);
      osc.start();
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + ms / 1000);
      osc.stop(audio.currentTime + ms / 1000);
    } catch (err) { /* no audio here: stay silent */ }
  }
  document.addEventListener("change", function (e) {
    if (e.target.id !== "table-sounds") return;
    var data = new FormData();
    data.append("on", e.target.checked ? "1" : "0");
    var token = (document.body.getAttribute("hx-headers") || "").match(/"X-CSRFToken":\s*"([^"]+)"/);
    fetch(e.target.dataset.soundsUrl, {
      method: "POST", body: data, headers: token ? { "X-CSRFToken": token[1] } : {},
    });
  });

  // --- after every frame -------------------------------------------------------------
  var lastNews = null;
  var wasMyTurn = false;
  document.addEventListener("htmx:oobAfterSwap", function (e) {
    var id = e.detail && e.detail.target && e.detail.target.id;
    if (id === "table-callout" || id === "table-announce") {
      var text = (document.getElementById("table-announce") || {}).textContent || "";
      if (text && text !== lastNews) {
        lastNews = text;
        var callout = document.querySelector("#table-callout.show");
        beep(callout ? 660 : 330, callout ? 260 : 90);
      }
    }
  });
  // --- a redrawn hand keeps the keyboard's place and a tapped tile's selection ---------
  // A frame may swap the own hand while a player is on it (a seat came or went, the
  // whole board again): the focused button and the tile selected by a first tap are found
  // again by their move (data-action) in the new hand, so the next key or tap goes on.
  var kept = { focus: null, selected: null };
  function moveOf(el) { return el && el.getAttribute ? el.getAttribute("data-action") : null; }
  function handButton(action) {
    if (!action) return null;
    return Array.prototype.find.call(document.querySelectorAll("#table-hand button"), function (b) {
      return b.getAttribute("data-action") === action;
    }) || null;
  }
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var active = document.activeElement;
    kept.focus = active && active.closest && active.closest("#table-hand") ? moveOf(active) : null;
    kept.selected = moveOf(document.querySelector("#table-hand button.tile-button.selected"));
  });
  function keepHandPlace() {
    var selected = handButton(kept.selected);
    if (selected && !document.querySelector("#table-hand button.tile-button.selected")) {
      selected.classList.add("selected");
    }
    var lost = !document.activeElement || document.activeElement === document.body;
    var focus = handButton(kept.focus);
    if (lost && focus && !touch) focus.focus({ preventScroll: true });
    kept.focus = kept.selected = null;
  }

  function afterFrame() {
    keepHandPlace();
    armModals();
    var myTurn = !!document.querySelector("#table-hand .my-turn");
    if (myTurn && !wasMyTurn) beep(880, 140, 0.05);
    wasMyTurn = myTurn;
    // Keep the keyboard's place in a redrawn hand.
    if (document.activeElement === document.body && document.querySelector("#table-hand .call-prompt")) {
      var first = document.querySelector("#table-hand .call-prompt button");
      if (first && !touch) first.focus({ preventScroll: true });
    }
  }
  document.addEventListener("htmx:wsAfterMessage", afterFrame);
  document.addEventListener("DOMContentLoaded", afterFrame);

  // --- a phone held sideways: the board fills the screen (table.css sizes it) ----------
  var sideways = window.matchMedia("(max-height: 500px) and (orientation: landscape)");
  function boardToTop() {
    var board = document.getElementById("table-board");
    if (sideways.matches && board) board.scrollIntoView({ block: "start" });
  }
  document.addEventListener("DOMContentLoaded", boardToTop);
  if (sideways.addEventListener) sideways.addEventListener("change", boardToTop);
})();
