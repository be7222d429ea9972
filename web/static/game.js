// Steps through a game's plies with the keyboard and the slider: each
// step loads the ?ply=K page, the same page the links give without
// JavaScript.
"use strict";
(function () {
  var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
    var link = keys[e.key] && document.getElementById(keys[e.key]);
    if (link) {
      e.preventDefault();
      window.location.assign(link.href);
    }
  });
  var slider = document.getElementById("ply");
  if (slider) {
    slider.addEventListener("change", function () { slider.form.requestSubmit(); });
  }
}());
