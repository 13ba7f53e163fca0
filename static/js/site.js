/* Small behaviours every page may use, kept out of the markup so that the
   Content-Security-Policy can forbid inline scripts and event handlers:
   - data-action="print": a button that prints the page;
   - data-toggle-body-class="NAME": a checkbox that sets a class on <body>;
   - data-key="KEY": a link or button that a key press (Home, ArrowLeft, ...) clicks,
     unless the reader is typing in a field. */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-action='print']");
    if (button) window.print();
  });
  document.addEventListener("change", function (event) {
    var box = event.target.closest("[data-toggle-body-class]");
    if (box) document.body.classList.toggle(box.dataset.toggleBodyClass, box.checked);
  });
  document.addEventListener("keyup", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var typing = event.target.closest("input, textarea, select, [contenteditable]");
    if (typing) return;
    var target = document.querySelector("[data-key='" + CSS.escape(event.key) + "']");
    if (target) target.click();
  });
})();
