// Hand after hand with no signal. A Save tapped offline on a new hand's page keeps the hand
// in this phone's storage ("queue:" + the game's path: the logout empties it), and the page
// becomes the next hand's form at once, with a one-time key of its own: a key is one stored
// change, so no two hands ever share one. The next hands' blank forms come with the page
// (games/play/offline.py), where the game knows who deals them without scoring.
//
// When the signal returns (or a page opens with hands kept), they are sent one by one, in
// order, through the same save as any hand (POST to hands/new), each with its key: one sent
// twice (its answer lost) is answered as stored (games/play/once.py). Before each, the new
// hand's page is fetched afresh for its CSRF token; the hand keeps the number it was entered
// as, so that a hand stored meanwhile on another phone meets it on the server's own screen.
// Anything that needs the table (another phone's hand, the rules' refusal, the game over)
// stops the queue on that screen, with the hand's values; the hands after it stay kept.
//
// A save with no answer (static/js/saving.js hands it over: keepHand) is kept the same way.
// Where hands are kept and how they are sent again, one tab at a time: static/js/sending.js.
(function () {
  var list = document.getElementById("queue");
  var entry = document.getElementById("entry");
  var Kept = window.Kept; // static/js/sending.js, loaded before
  if (!Kept || !Kept.owner) return; // nobody's page: nothing kept here
  if (!list || !entry || !window.fetch) return;
  var board = list.dataset.board;
  var word = list.dataset.hand; // "hand", Cardigan's "deal"
  var Word = word.charAt(0).toUpperCase() + word.slice(1);
  var redeal = list.dataset.redeal ? list.dataset.redeal.split("=") : null;
  // The blank forms the page came with: its own (hand `first`), then the next ones.
  var blank = entry.innerHTML;
  var first = Number(entry.querySelector("input[name=number]").value);
  var ahead = Array.prototype.map.call(document.querySelectorAll("template.hand-ahead"), function (t) {
    return t.innerHTML;
  });
  // A whole round of the table: the forms after it are the same again (the deal came round).
  var round = ahead.length === Number(list.dataset.seats);
  var sending = false;
  var stopped = null; // the key of the hand whose screen stopped the queue
  var posted = {}; // a kept hand's number as its screen sent it, by key
  var quiet = false; // the server gave no answer: tried again without saying so each time

  var KEPT = " is kept on this phone and will be saved when the connection returns.";
  var ALL_KEPT = " are kept on this phone and will be saved when the connection returns.";
  var WAITING = "waiting to be sent";
  var DEALER = "Who deals: known when the signal returns.";
  var SCORED = "Scored when the signal returns.";
  var GONE = "This game has ended: this " + word + " was kept after its last one, and cannot be saved into it.";

  // Why, and which hands are kept: "No answer from the server: hands 3 to 5 are kept ...".
  function keptWords(why, queue) {
    if (queue.length === 1) return why + ": " + word + " " + queue[0].number + KEPT;
    return why + ": " + word + "s " + queue[0].number + " to " + queue[queue.length - 1].number + ALL_KEPT;
  }
  function named(n) {
    return n === 1 ? "the waiting " + word : "the " + n + " waiting " + word + "s";
  }
  function read() {
    return Kept.read(board);
  }
  function write(queue) {
    Kept.write(board, queue);
    show(queue);
  }
  // A one-time key made here: 16 random bytes in base64url, as games/play/once.py makes them.
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes))
      .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function say(text, link) {
    var line = document.getElementById("connection");
    line.textContent = text;
    if (link) {
      var a = document.createElement("a");
      a.href = link.href;
      a.textContent = link.text;
      line.append(" ", a);
    }
    line.classList.remove("restored");
    line.dataset.save = ""; // static/js/connection.js leaves it be
    line.hidden = false;
  }
  function isRedeal(hand) {
    return Boolean(redeal && hand.button[0] === redeal[0] && hand.button[1] === redeal[1]);
  }
  // Which blank form a hand is entered on: the deal moves on after each hand but a redeal.
  function steps(queue) {
    var step = queue.length ? Math.max(queue[0].number - first, 0) : 0;
    queue.forEach(function (hand) {
      hand.step = step;
      step += isRedeal(hand) ? 0 : 1;
    });
    return step;
  }

  function show(queue) {
    var items = list.querySelector("ol");
    items.textContent = "";
    queue.forEach(function (hand) {
      var item = document.createElement("li");
      var text = hand.key === stopped ? "not sent: see below" : WAITING;
      item.append(Word + " " + hand.number + " · " + text + " ");
      var change = document.createElement("button");
      change.type = "button";
      change.className = "button";
      change.textContent = "Change";
      change.setAttribute("aria-label", "Change " + word + " " + hand.number); // which, read aloud
      change.dataset.key = hand.key;
      change.hidden = Boolean(sending || stopped); // one thing at a time: this screen first
      item.append(change);
      items.append(item);
    });
    list.hidden = !queue.length;
  }

  // A blank form into the page, for hand `number` with `key`: the page's own, or one it
  // came with. A form not drawn for this hand says what it cannot know: who deals (where the
  // game cannot tell), the figures that hold for the hand it was drawn for alone.
  function draw(step, number, key) {
    if (window.htmx) htmx.trigger(entry, "htmx:abort"); // a draft's drawing on its way: not over this
    var own = step === 0 && number === first;
    var drawn = own || (step > 0 && step <= ahead.length);
    var dealt = drawn || (step > 0 && round);
    entry.innerHTML = step > 0 && dealt ? ahead[(step - 1) % ahead.length] : blank;
    var form = entry.querySelector("form");
    form.elements.number.value = number;
    form.elements.submission.value = key;
    var save = form.querySelector("button[name=save][value='1']");
    if (save) save.textContent = save.textContent.replace(/\d+$/, number);
    var title = document.getElementById("entry-title");
    title.textContent = Word + " " + number;
    document.title = document.title.replace(/^[^·]*/, Word + " " + number + " ");
    if (!dealt) {
      form.querySelectorAll("[data-dealer]").forEach(function (e) { e.textContent = DEALER; });
    }
    if (!drawn) form.querySelectorAll("[data-drawn]").forEach(function (e) { e.hidden = true; });
    unscored();
    if (window.htmx) htmx.process(entry);
    document.dispatchEvent(new CustomEvent("htmx:afterSettle")); // steppers.js
    // A form drawn blank holds nothing entered: the draft drafts.js just kept of it goes,
    // or a reload would "put back" the blank form over the player's first taps.
    var place = Kept.draft(location.pathname);
    var drafted = readDraft(place);
    if (drafted && drafted.values && (drafted.values.submission || [])[0] === key) {
      localStorage.removeItem(place);
    }
    return form;
  }
  function readDraft(place) {
    try {
      return JSON.parse(localStorage.getItem(place));
    } catch (error) {
      return null;
    }
  }
  // What was entered in the next hand before a reload (static/js/drafts.js kept it): the
  // form drawn after the kept hands gets it back, with its key, and drafts.js then says so.
  function putBack(place, kept) {
    var draft = null;
    try {
      draft = kept && readDraft(place) === null ? JSON.parse(kept) : null;
    } catch (error) {
      return; // not a draft drafts.js wrote
    }
    var form = entry.querySelector("form.hand-form");
    if (!draft || !draft.values || !form || draft.number !== form.elements.number.value) return;
    var key = (draft.values.submission || [""])[0];
    if (read().some(function (hand) { return hand.key === key; })) return; // a kept hand's
    fill(form, draft.values);
    try {
      localStorage.setItem(place, kept);
    } catch (error) {
      // Storage refused: the form has the values all the same.
    }
  }
  // Offline, what the server works out as the form is filled in (a running count, the last
  // count filled in) does not come: what says it is hidden, or says what holds instead.
  function unscored() {
    if (navigator.onLine !== false) return;
    var none = entry.querySelector("#preview p.muted");
    if (none) none.textContent = SCORED;
    entry.querySelectorAll("[data-online]").forEach(function (e) {
      if (e.dataset.online) e.textContent = e.dataset.online;
      else e.hidden = true;
    });
  }
  function drawNext(queue) {
    var step = steps(queue);
    var last = queue[queue.length - 1];
    var number = last ? last.number + 1 : first;
    if (!pastTheEnd(queue, number)) draw(step, number, newKey());
  }
  // Past the game's last hand, where the page names it (data-last: Cardigan's deal 4, the
  // hands Contractor and a Tridge match planned; a redeal kept puts it one further), or past
  // its end as the hands kept tell it (a game's own script cancels "queue:over": Bid Fair's
  // end.js), no form: the page's words why in its place (template.hand-last).
  function pastTheEnd(queue, number) {
    var end = document.querySelector("template.hand-last");
    var last = Number(list.dataset.last) + queue.filter(isRedeal).length;
    var asked = new CustomEvent("queue:over", { detail: queue, cancelable: true });
    var over = list.dataset.last ? number > last : !document.dispatchEvent(asked);
    if (!end || !over) return false;
    entry.innerHTML = end.innerHTML;
    document.getElementById("entry-title").textContent = end.dataset.title;
    document.title = document.title.replace(/^[^·]*/, end.dataset.title + " ");
    return true;
  }
  // The same as static/js/drafts.js puts a draft back: each field as it was kept.
  function fill(form, values) {
    Array.prototype.forEach.call(form.elements, function (element) {
      var kept = values[element.name];
      if (!kept || element.type === "submit") return;
      if (element.type === "checkbox" || element.type === "radio") {
        element.checked = kept.indexOf(element.value) >= 0;
      } else {
        element.value = kept[0];
      }
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var key = form.elements.submission && form.elements.submission.value;
    var at = read().findIndex(function (hand) { return hand.key === key; });
    if (at >= 0 && form.elements.number) posted[key] = Number(form.elements.number.value);
    var pressed = event.submitter;
    if (!keepable(form, pressed)) return;
    if (navigator.onLine !== false && !read().length) return; // the usual save
    // Before static/js/drafts.js and saving.js: this hand is kept here, not sent now.
    event.preventDefault();
    event.stopImmediatePropagation();
    keepHand(form, pressed);
  });
  function keepable(form, pressed) {
    return form.matches("#entry form.hand-form") && !form.elements.hand_id &&
      Boolean(pressed) && pressed.name === "save";
  }
  // The hand of `form` kept, the next hand's form drawn at once. From the submit above, or
  // from static/js/saving.js for a save that had no answer (`unanswered`): kept with the
  // key it was sent with, so that if it was stored after all, it is answered as stored.
  function keepHand(form, pressed, unanswered) {
    var key = form.elements.submission.value;
    var queue = read();
    var at = queue.findIndex(function (hand) { return hand.key === key; });
    var values = {};
    new FormData(form).forEach(function (value, name) {
      if (["csrfmiddlewaretoken", "number", "submission", "save"].indexOf(name) >= 0) return;
      (values[name] = values[name] || []).push(value);
    });
    // `at`: the page it was entered on, where it is sent (a next game's, games/views/again.py).
    var hand = { number: Number(form.elements.number.value), key: key, values: values,
      button: [pressed.name, pressed.value], word: word, at: location.pathname };
    if (at >= 0) {
      // A kept hand changed (or settled on its screen): in its place, the later ones
      // following it if it is now another number.
      var moved = hand.number - queue[at].number;
      queue.splice(at, 1, hand);
      queue.slice(at + 1).forEach(function (later) { later.number += moved; });
    } else {
      // One queue for the phone: a form drawn in another tab before this one's hands were
      // kept is the hand after them, not a second hand of the same number.
      var last = queue[queue.length - 1];
      if (last && hand.number <= last.number) hand.number = last.number + 1;
      queue.push(hand);
    }
    if (stopped === key) stopped = null;
    localStorage.removeItem(Kept.draft(location.pathname)); // kept here instead
    sessionStorage.removeItem("saved-from"); // its answer is no longer awaited
    write(queue);
    drawNext(queue);
    if (unanswered || quiet) {
      quiet = true; // the line says so until they are sent, not "Sending..." at each try
      say(keptWords("No answer from the server", queue));
    } else if (navigator.onLine === false) say("No signal: " + word + " " + hand.number + KEPT);
    if (navigator.onLine !== false) retry.now();
  }
  window.keepHand = function (form, pressed) {
    keepHand(form, pressed, navigator.onLine !== false);
  };
  window.keepHand.can = keepable;
  // Change: a kept hand's values back in its form; its Save keeps it in its place.
  list.addEventListener("click", function (event) {
    var key = event.target.dataset && event.target.dataset.key;
    var queue = read();
    steps(queue);
    var hand = queue.filter(function (h) { return h.key === key; })[0];
    if (!hand || sending) return;
    var form = draw(hand.step, hand.number, hand.key);
    fill(form, hand.values);
    form.querySelector("button[name=save]").focus();
  });

  // Stored by the server from the screen the queue stopped on (another phone's hand saved
  // mine as the next): the hands after it follow, and the page goes on sending them.
  document.addEventListener("save:done", function (event) {
    var queue = read();
    var at = queue.findIndex(function (hand) { return hand.key === event.detail.key; });
    if (at < 0) return;
    var moved = (posted[event.detail.key] || queue[at].number) - queue[at].number;
    queue.splice(at, 1);
    queue.slice(at).forEach(function (later) { later.number += moved; });
    write(queue);
    if (queue.length) event.detail.url = location.pathname;
  });
  // Leaving a stopped hand's screen for the scores ("Keep the one on record"): the player
  // chose the hand on record over it; the hands after it are sent on.
  entry.parentNode.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("#entry a[href]");
    if (!link || !stopped) return;
    if (entry.querySelector(".status.done")) return; // the game's end: the board keeps it, to delete
    var queue = read().filter(function (hand) { return hand.key !== stopped; });
    stopped = null;
    write(queue);
    if (queue.length) {
      event.preventDefault();
      retry.now();
    }
  });

  function stop(words, link) {
    sending = false;
    say(words, link);
    show(read());
  }
  var retry = Kept.retrying(send);
  // The kept hands, one by one, each answered before the next is sent; one tab at a time.
  // True once there is nothing more to try (sent, or stopped on a screen); false to be
  // tried again later (no answer).
  function send() {
    if (sending || stopped) return true;
    if (navigator.onLine === false) return true; // the online event tries again
    if (!read().length) return true;
    return Kept.exclusive(sendFirst, function () { return false; });
  }
  function sendFirst(sent) {
    var queue = read();
    if (!queue.length) {
      // The real scores; or the next game begun with no signal, which waited for these.
      if (sent) window.location.assign(Kept.boards().filter(function (other) {
        return other.indexOf(board + "again/") === 0 && Kept.read(other).length;
      })[0] || board);
      return true;
    }
    sending = true;
    var hand = queue[0];
    show(queue);
    if (!quiet) say("Sending " + named(queue.length) + ": " + word + " " + hand.number + "...");
    return Kept.sendOne(board, hand).then(function (answer) {
      sending = false;
      if (answer.kind === "stored") {
        quiet = false;
        // Stored, now or before (its key): the next one.
        write(read().filter(function (h) { return h.key !== hand.key; }));
        return sendFirst(true);
      }
      if (answer.kind === "login") {
        var back = Kept.LOGIN + "?next=" + encodeURIComponent(location.pathname);
        stop("Log in to send " + named(read().length) + ".", { href: back, text: "Log in" });
        return true;
      }
      if (answer.kind === "refused") {
        stop("The server did not take " + word + " " + hand.number + ": " +
          named(queue.length) + " stay on this phone. Reload the page to send them again.");
        return true;
      }
      if (answer.kind === "screen") {
        stopOn(hand, queue.length - 1, answer.html);
        return true;
      }
      // No signal again, or no answer: they stay, and go when it returns. A hand whose
      // answer was lost is answered then as stored (its key).
      quiet = navigator.onLine !== false;
      stop(keptWords(quiet ? "No answer from the server" : "No signal", read()));
      return false;
    });
  }
  // The hand's own screen from the server (another phone's hand, the rules' refusal, the
  // game over): the queue stops on it, the hand it names the hand it shows.
  function stopOn(hand, after, html) {
    stopped = hand.key;
    htmx.trigger(entry, "htmx:abort"); // a draft's drawing on its way lands on no screen of a hand
    htmx.swap(entry, html, { swapStyle: "outerHTML" });
    entry = document.getElementById("entry");
    var over = entry.querySelector(".status.done");
    // The hand's own number on top, unless its screen's own title names it (the game over,
    // another phone's hand): a screen titled after the form it redrew is this hand's.
    var title = document.getElementById("entry-title");
    if (!over && !/,/.test(title.textContent)) title.textContent = Word + " " + hand.number;
    var form = entry.querySelector("form.hand-form");
    if (form && form.elements.number && !form.elements.hand_id) {
      // The form redrawn by the server is this hand's, with its key: never a blank one.
      form.elements.submission.value = hand.key;
      if (!form.querySelector(".error, .field-error")) fill(form, hand.values);
    }
    if (over) return ended(hand);
    var rest = after === 1 ? " The " + word + " after it stays on this phone."
      : " The " + after + " " + word + "s after it stay on this phone.";
    stop(Word + " " + hand.number + " was not saved: see why below." + (after ? rest : ""));
  }
  // A hand kept after the game's end: shown under the end with its values, and deleted
  // with one tap. The hook for saving it into a new game of the same people: the
  // "kept:after-end" event, with the hand and the card to add a button to.
  function ended(hand) {
    var card = document.createElement("section");
    card.className = "card kept-after-end";
    card.dataset.afterEnd = hand.key;
    var heading = document.createElement("h2");
    heading.textContent = Word + " " + hand.number + " as it was kept";
    var shown = document.createElement("div");
    shown.innerHTML = blank;
    var form = shown.querySelector("form");
    fill(form, hand.values);
    form.removeAttribute("hx-post");
    form.removeAttribute("hx-trigger");
    form.querySelectorAll("input, select, textarea, button").forEach(function (e) { e.disabled = true; });
    form.querySelectorAll(".buttons, #preview, [data-drawn]").forEach(function (e) { e.remove(); }); // no "to go" past the end
    var remove = document.createElement("button");
    remove.type = "button";
    remove.className = "button danger wide";
    remove.textContent = "Delete this kept " + word;
    remove.addEventListener("click", function () {
      stopped = null;
      var left = read().filter(function (h) { return h.key !== hand.key; });
      write(left);
      if (left.length) retry.now();
      else window.location.assign(board);
    });
    card.append(heading, shown, remove);
    entry.append(card);
    document.dispatchEvent(new CustomEvent("kept:after-end", { detail: { hand: hand, card: card } }));
    stop(GONE);
  }

  window.addEventListener("offline", unscored);
  document.addEventListener("DOMContentLoaded", function () {
    unscored(); // a kept page opened with no signal: its own form's too, not only those drawn
    var queue = read();
    if (!queue.length) return;
    var place = Kept.draft(location.pathname);
    var kept = localStorage.getItem(place); // drawing the next form writes over it
    show(queue);
    drawNext(queue); // the next hand after them, whatever happens to them
    putBack(place, kept);
    if (navigator.onLine === false) say("No signal: " + named(queue.length) + ALL_KEPT);
    else retry.now();
  });
  // Another tab of the phone kept a hand, or sent one: the list as it is now, and a blank
  // form still drawn for a hand now kept moves on after them.
  window.addEventListener("storage", function (event) {
    if (event.key !== Kept.place(board) || sending || stopped) return;
    var queue = read();
    show(queue);
    var form = entry.querySelector("form.hand-form");
    var key = form && form.elements.submission && form.elements.submission.value;
    var last = queue[queue.length - 1];
    var mine = queue.some(function (hand) { return hand.key === key; });
    if (form && !mine && last && Number(form.elements.number.value) <= last.number) drawNext(queue);
  });
})();
