// The card grid of a Cardigan deal. Each tap adds one copy of a card to the chosen team
// (or takes one back) on the phone at once; a moment after the last tap the form posts
// both piles for the live preview. Holding a card takes one copy back. Without JavaScript
// every card is a submit button and the server does the same, one tap a page.
(function () {
  "use strict";
  if (window.cardiganGrid) return;
  window.cardiganGrid = true;

  var HOLD_MS = 500;
  var DEAL = 52;
  var POST_AFTER_MS = 300;
  var posting = null;
  var holding = null;
  var swallowClick = false;

  function pile(form, team) {
    return form.querySelector("input[name=cards_" + team + "]");
  }

  function read(input) {
    return input.value.split(/\s+/).filter(Boolean);
  }

  function tally(cards) {
    var counts = {};
    cards.forEach(function (card) { counts[card] = (counts[card] || 0) + 1; });
    return counts;
  }

  function chosenTeam(form) {
    var radio = form.querySelector("input[name=team]:checked");
    return radio && radio.value === "1" ? 1 : 0;
  }

  function takingAway(form) {
    var box = form.querySelector("input[name=taking]");
    return Boolean(box && box.checked);
  }

  function cells(form) {
    return Array.prototype.slice.call(form.querySelectorAll("#card-grid button.cell"));
  }

  function say(form, words) {
    var note = form.querySelector("#grid-note");
    if (note) note.textContent = words;
  }

  // One copy more or less of `card` for `team`, within the copies the packs leave and
  // the deal's 52 cards; a refusal says why.
  function change(form, team, cell, adding) {
    var mine = read(pile(form, team));
    var theirs = read(pile(form, 1 - team));
    var card = cell.value;
    if (adding) {
      var copies = (tally(mine)[card] || 0) + (tally(theirs)[card] || 0);
      var most = Number(cell.dataset.most);
      if (copies >= most) {
        say(form, cell.dataset.name + ": the packs leave " + most + " for this deal, all in.");
        return false;
      }
      if (mine.length + theirs.length >= DEAL) {
        say(form, "All 52 are in: take one away to add another.");
        return false;
      }
      mine.push(card);
    } else {
      var at = mine.indexOf(card);
      if (at < 0) return false;
      mine.splice(at, 1);
    }
    pile(form, team).value = mine.join(" ");
    return true;
  }

  // The other team gets the rest of the last deal: every copy the packs left (data-most);
  // none if `team` holds more. Before the last deal the deck is unknown: no such button.
  function giveRest(form, team) {
    var mine = tally(read(pile(form, team)));
    var rest = [];
    var fits = cells(form).every(function (cell) {
      var left = Number(cell.dataset.most) - (mine[cell.value] || 0);
      for (var i = 0; i < left; i++) rest.push(cell.value);
      return left >= 0;
    });
    if (!fits || !rest.length) return false;
    pile(form, 1 - team).value = rest.join(" ");
    return true;
  }

  function faceOf(cell) {
    return cell.querySelector(".face").textContent;
  }

  // Why no copy of `cell` can be given (games/cardigan/grid.py cell_why says the same).
  function whyFull(cell, copies, total) {
    var most = Number(cell.dataset.most);
    if (!most) return "No " + faceOf(cell) + " left: the four packs hold 4 and all 4 are taken.";
    if (copies >= most) {
      var all = most === 1 ? "it is in" : most === 2 ? "both are in" : "all " + most + " are in";
      return "No " + faceOf(cell) + " left: the packs leave " + most + " for this deal and " + all + ".";
    }
    return "All 52 are in: take one away to add another.";
  }

  function listed(faces) {
    if (faces.length < 2) return faces.join("");
    return faces.slice(0, -1).join(", ") + " and " + faces[faces.length - 1];
  }

  function show(form) {
    var grid = form.querySelector("#card-grid");
    var teams = grid.dataset.teams.split("|");
    var piles = [read(pile(form, 0)), read(pile(form, 1))];
    var counts = [tally(piles[0]), tally(piles[1])];
    var team = chosenTeam(form);
    var total = piles[0].length + piles[1].length;
    var taking = takingAway(form);
    cells(form).forEach(function (cell) {
      var a = counts[0][cell.value] || 0;
      var b = counts[1][cell.value] || 0;
      var mine = team ? b : a;
      var full = a + b >= Number(cell.dataset.most) || total >= DEAL;
      // What the chosen team can neither be given nor have taken back is greyed, and says
      // why when tapped (static/js/chips.js writes its data-why in the grid's bar).
      var off = taking ? !mine : full && !mine;
      cell.disabled = false;
      cell.setAttribute("aria-disabled", off ? "true" : "false");
      if (off) {
        cell.dataset.why = taking ? teams[team] + " hold no " + faceOf(cell) + " to take away."
          : whyFull(cell, a + b, total);
      } else {
        delete cell.dataset.why;
      }
      var held = cell.querySelector(".held");
      held.textContent = "";
      if (a || b) {
        var first = document.createElement("span");
        first.className = "n0";
        first.textContent = a;
        var second = document.createElement("span");
        second.className = "n1";
        second.textContent = b;
        held.append(first, "\u00b7", second);
      }
      cell.classList.toggle("has", a + b > 0);
      cell.classList.toggle("all-in", a + b >= Number(cell.dataset.most));
      cell.setAttribute(
        "aria-label",
        cell.dataset.name + ": " + a + " with " + teams[0] + ", " + b + " with " + teams[1]
      );
    });
    if (total < DEAL) say(form, "");
    [0, 1].forEach(function (t) {
      var n = form.querySelector("#team [data-total='" + t + "']");
      if (n) n.textContent = piles[t].length;
    });
    var bar = document.getElementById("card-counts");
    if (!bar) return;
    bar.querySelector("[data-total='all']").textContent = total;
    bar.querySelector("[data-sum]").classList.toggle("off", total !== DEAL);
  }

  // Post the piles once the taps pause: the server answers with the preview.
  function postSoon(form) {
    clearTimeout(posting);
    posting = setTimeout(function () {
      var input = pile(form, 0);
      if (document.body.contains(input)) {
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }, POST_AFTER_MS);
  }

  // With JavaScript the grid's buttons act here, not as submit buttons. htmx takes the
  // last button tapped in a form for the next post's submitter: without their names it
  // cannot send the card along, and without their formaction ("#card-8S", where the
  // page comes back without JavaScript) it cannot scroll to that card once the answer
  // lands, which moved the grid under the thumb after every pause.
  function upgrade() {
    // A greyed card stays tappable, to say why (aria-disabled rather than disabled).
    document.querySelectorAll("#card-grid button.cell:disabled").forEach(function (cell) {
      cell.disabled = false;
      cell.setAttribute("aria-disabled", "true");
    });
    document.querySelectorAll("#card-grid button[name], button#give-rest[name]").forEach(
      function (button) {
        button.dataset.action = button.name;
        button.removeAttribute("name");
        button.removeAttribute("formaction");
        button.type = "button";
      }
    );
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", upgrade);
  } else {
    upgrade();
  }
  ["htmx:afterSwap", "htmx:oobAfterSwap", "htmx:afterSettle"].forEach(function (name) {
    document.addEventListener(name, upgrade);
  });
  // A live update's parts come back with their steppers' buttons hidden, as without
  // JavaScript (static/js/steppers.js shows them only for what a swap targeted).
  document.addEventListener("htmx:oobAfterSwap", function () {
    document.querySelectorAll("button.step[hidden]").forEach(function (button) {
      button.hidden = false;
    });
  });
  // Another team, or Take away: which cards can be tapped changes at once.
  document.addEventListener("change", function (event) {
    var name = event.target.name;
    if ((name === "team" || name === "taking") && event.target.form.querySelector("#card-grid")) {
      show(event.target.form);
    }
  });

  // Counts only, "0 for the n left blank": the counts no chip was tapped for are none, at
  // once (as the server does without JavaScript, screen.py blank_counts): every blank line,
  // or in the last deal a rank's first line when both are blank (the app fills the other).
  function blankLines(table) {
    var last = table.hasAttribute("data-last-deal");
    var blanks = [];
    var entered = false;
    table.querySelectorAll("tbody tr").forEach(function (row) {
      var open = [];
      row.querySelectorAll(".chips-row").forEach(function (line) {
        if (line.querySelector("input:checked")) entered = true;
        else open.push(line);
      });
      blanks = blanks.concat(last ? (open.length === 2 ? open.slice(0, 1) : []) : open);
    });
    return entered ? blanks : [];
  }
  function offerBlanks(table) {
    var button = table.querySelector("#blank-none");
    if (!button) return;
    var n = blankLines(table).length;
    button.hidden = !n;
    button.querySelector("[data-blanks]").textContent = n;
  }
  document.addEventListener("change", function (event) {
    var table = event.target.closest && event.target.closest("#quick");
    if (table) offerBlanks(table);
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button#blank-none");
    if (!button || !button.form) return;
    event.preventDefault();
    var zero = null;
    blankLines(button.closest("#quick")).forEach(function (line) {
      var chip = line.querySelector("input[value='0']:not(:disabled)");
      if (!chip) return;
      chip.checked = true;
      zero = chip;
    });
    button.hidden = true;
    if (zero) zero.dispatchEvent(new Event("change", { bubbles: true }));
  });

  function refused(cell) {
    cell.classList.remove("refused");
    void cell.offsetWidth;
    cell.classList.add("refused");
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("#card-grid button, button#give-rest");
    if (!button || !button.form) return;
    event.preventDefault();
    if (swallowClick) {
      swallowClick = false;
      return;
    }
    var form = button.form;
    var action = button.dataset.action || button.name;
    var team = chosenTeam(form);
    var adding = !takingAway(form);
    var changed = false;
    var skipped = [];
    var put = 0;
    if (button.getAttribute("aria-disabled") === "true") {
      refused(button);  // chips.js says why
      return;
    }
    if (action === "tap") {
      changed = change(form, team, button, adding);
      if (!changed) refused(button);
    } else if (action === "suit") {
      var counts = [tally(read(pile(form, 0))), tally(read(pile(form, 1)))];
      cells(form).forEach(function (cell) {
        if (cell.value.slice(-1) !== button.value) return;
        var copies = (counts[0][cell.value] || 0) + (counts[1][cell.value] || 0);
        if (adding && copies >= Number(cell.dataset.most)) {
          skipped.push(faceOf(cell));
        } else if (change(form, team, cell, adding)) {
          changed = true;
          put += 1;
        }
      });
    } else if (action === "give_rest") {
      changed = giveRest(form, team);
    }
    if (changed) {
      show(form);
      postSoon(form);
    }
    if (skipped.length) {
      // What a whole suit left out, and why: no copy of those is left for this deal.
      var none = listed(skipped) + (skipped.length > 1 ? " have" : " has") + " none left.";
      say(form, put ? "All " + button.dataset.symbol + " put in the " + put + " " +
        button.dataset.name + " left; " + none : "No " + button.dataset.name + " to put in: " + none);
    }
  });

  // Holding a card takes one copy back from the chosen team.
  document.addEventListener("pointerdown", function (event) {
    swallowClick = false;
    var cell = event.target.closest("#card-grid button.cell");
    if (!cell) return;
    clearTimeout(holding);
    holding = setTimeout(function () {
      holding = null;
      swallowClick = true;
      var form = cell.form;
      if (form && change(form, chosenTeam(form), cell, false)) {
        show(form);
        postSoon(form);
        if (navigator.vibrate) navigator.vibrate(15);
      } else {
        refused(cell);
      }
    }, HOLD_MS);
  });
  ["pointerup", "pointercancel", "scroll"].forEach(function (name) {
    document.addEventListener(name, function () { clearTimeout(holding); }, true);
  });
  document.addEventListener("contextmenu", function (event) {
    if (event.target.closest("#card-grid button.cell")) event.preventDefault();
  });
})();
