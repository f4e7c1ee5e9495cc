// A form typed field after field (sign-up, a new game's seats, Cardigan's card points): a field marked
// enterkeyhint="next" shows "Next" on the phone's keyboard, and Enter there moves to the
// next field to fill instead of sending the form half filled in; the last field's Enter
// ("Go") sends it, as a form does. Android's own Next key moves on without a key event;
// this makes a phone's return key and a keyboard's Enter do the same. Each saves a tap
// on the way to the first hand (tests/e2e/test_first_hand.py), and Cardigan's second team's
// card points after the first's (tests/e2e/test_taps_cardigan.py).
(function () {
  var TYPED = /^(text|email|password|search|tel|url|number)$/;
  document.addEventListener("keydown", function (event) {
    var field = event.target;
    if (event.key !== "Enter" || event.isComposing || !field.form) return;
    if (field.getAttribute("enterkeyhint") !== "next") return;
    var fields = Array.prototype.slice.call(field.form.elements);
    var next = fields.slice(fields.indexOf(field) + 1).find(function (other) {
      return TYPED.test(other.type) && !other.disabled && other.offsetParent !== null;
    });
    if (!next) return;
    event.preventDefault();
    next.focus();
  });
})();
