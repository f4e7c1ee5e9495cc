// Bid Fair's end with no signal: the first player alone on top past the target wins, so the
// end hangs on the scores. static/js/queue.js asks ("queue:over", the hands kept) before it
// draws the next hand's form; this says the game is over by cancelling the event. The page
// carries the totals before its hand and the house rules (#bf-end, HandForm.end_data), and
// each hand kept is scored here as games/bid_fair/rules.py scores it. A hand counted card by
// card is not (the cards on the table go to a player the server works out): from one on,
// the end waits for the signal, and the forms keep coming.
(function () {
  var data = document.getElementById("bf-end");
  var end = data && JSON.parse(data.textContent);
  if (!end) return;
  var RANKS = ["9", "10", "J", "Q", "K", "A"];
  var SEATS = [0, 1];
  function one(values, name) { return (values[name] || [""])[0]; }
  function rank(card) { return card.slice(0, -1); }
  function suit(card) { return card.slice(-1); } // a cut card's, or the suit alone noted

  // A kept hand's points by seat, or null where they cannot be told here.
  function scored(values) {
    if (one(values, "kind") === "redeal") return [0, 0];
    if (one(values, "count") !== "points") return null;
    var points = SEATS.map(function (s) { return parseInt(one(values, "points_" + s), 10); });
    if (points.some(isNaN)) return null;
    var bids = SEATS.map(function (s) { return one(values, "bid_" + s); });
    var trump = suit(one(values, "cut"));
    var out = points.map(function (p, s) {
      return p + (bids[s] && suit(bids[s]) === trump ? end.trump_bonus : 0);
    });
    var shown = SEATS.filter(function (s) { return bids[s]; });
    if (!shown.length) return out;
    // The higher card sets the value, and its player hands the contract to the other.
    var high = shown.length === 1 ? shown[0]
      : RANKS.indexOf(rank(bids[0])) > RANKS.indexOf(rank(bids[1])) ? 0 : 1;
    var holder = 1 - high;
    if (points[holder] >= end.values[rank(bids[high])]) {
      out[holder] += Math.abs(points[0] - points[1]) * shown.length;
      out[high] += end.reward;
    }
    return out;
  }

  document.addEventListener("queue:over", function (event) {
    var totals = end.totals.slice();
    event.detail.every(function (hand) {
      if (hand.number < end.from) return true; // stored before this page was drawn
      var points = scored(hand.values);
      if (!points) return false;
      totals = totals.map(function (t, s) { return t + points[s]; });
      var top = Math.max.apply(null, totals);
      var alone = totals.filter(function (t) { return t === top; }).length === 1;
      if (alone && top > end.target) event.preventDefault();
      return !event.defaultPrevented;
    });
  });
})();
