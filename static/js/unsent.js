// The hands this phone keeps and has not sent (static/js/queue.js), named on the pages that
// count a game's hands without them: the match's settlement, the end of the match, Settle
// up, the session and the printable sheet, kept for use with no signal (games/offline.py).
// Each page lists its games (templates/games/unsent.html); a game with hands kept says so.
//
// `window.keptHands` is the one place the queue is read outside queue.js (static/js/
// evening.js reads it too), under the page's owner as static/js/sending.js keeps it: another
// account's are never named.
(function () {
  var owner = document.body.dataset.owner || "";
  window.keptHands = function (board) {
    if (!owner) return [];
    try {
      return JSON.parse(localStorage.getItem("queue:" + owner + ":" + board)) || [];
    } catch (error) {
      return []; // none readable: none named
    }
  };

  // "hand 7", "hands 7 and 8", "hands 7, 8 and 9": the numbers as the table entered them.
  function numbers(kept) {
    var word = kept[0].word || "hand";
    var each = kept.map(function (hand) { return String(hand.number); });
    if (each.length === 1) return word + " " + each[0];
    return word + "s " + each.slice(0, -1).join(", ") + " and " + each[each.length - 1];
  }

  function show() {
    document.querySelectorAll("[data-unsent]").forEach(function (list) {
      var any = false;
      list.querySelectorAll("li[data-board]").forEach(function (item) {
        var kept = window.keptHands(item.dataset.board);
        item.hidden = !kept.length;
        if (!kept.length) return;
        any = true;
        var verb = kept.length === 1 ? " is" : " are";
        item.textContent = item.dataset.name + ": " + numbers(kept) + verb +
          " kept on this phone, not sent yet, and not counted here.";
      });
      list.hidden = !any;
    });
  }
  document.addEventListener("DOMContentLoaded", show);
  // Another tab of this phone sent them, or kept one more.
  window.addEventListener("storage", show);
})();
