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
// A board opened with hands kept (static/js/saving.js loads this file there only then, so
// that the board's first load stays light) lists them, and sends them by way of the new
// hand's page when the signal returns, or at a tap.
(function () {
  var list = document.getElementById("queue");
  var entry = document.getElementById("entry");
  if (document.getElementById("live") && !entry) return onBoard();
  if (!list || !entry || !window.fetch) return;
  var place = "queue:" + list.dataset.board;
  var word = list.dataset.hand; // "hand", Cardigan's "deal"
  var Word = word.charAt(0).toUpperCase() + word.slice(1);
  var login = document.querySelector("script[data-login]");
  var LOGIN = login ? login.dataset.login : "/accounts/login/";
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

  var KEPT = " is kept on this phone and will be saved when the connection returns.";
  var ALL_KEPT = " are kept on this phone and will be saved when the connection returns.";
  var WAITING = "waiting to be sent";
  var DEALER = "Who deals: known when the signal returns.";
  var SCORED = "Scored when the signal returns.";
  var RETRY_MS = 20000; // no answer at all, with a signal: tried again (as saving.js does)

  function named(n) {
    return n === 1 ? "the waiting " + word : "the " + n + " waiting " + word + "s";
  }
  function read() {
    try {
      return JSON.parse(localStorage.getItem(place)) || [];
    } catch (error) {
      return [];
    }
  }
  function write(queue) {
    if (queue.length) localStorage.setItem(place, JSON.stringify(queue));
    else localStorage.removeItem(place);
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
    return form;
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
    var queue = read();
    var at = queue.findIndex(function (hand) { return hand.key === key; });
    if (at >= 0 && form.elements.number) posted[key] = Number(form.elements.number.value);
    var pressed = event.submitter;
    if (!form.matches("#entry form.hand-form") || form.elements.hand_id) return;
    if (!pressed || pressed.name !== "save") return;
    if (navigator.onLine !== false && !queue.length) return; // the usual save
    // Before static/js/drafts.js and saving.js: this hand is kept here, not sent now.
    event.preventDefault();
    event.stopImmediatePropagation();
    var values = {};
    new FormData(form).forEach(function (value, name) {
      if (["csrfmiddlewaretoken", "number", "submission", "save"].indexOf(name) >= 0) return;
      (values[name] = values[name] || []).push(value);
    });
    var hand = { number: Number(form.elements.number.value), key: key, values: values,
      button: [pressed.name, pressed.value], word: word };
    if (at >= 0) {
      // A kept hand changed (or settled on its screen): in its place, the later ones
      // following it if it is now another number.
      var moved = hand.number - queue[at].number;
      queue.splice(at, 1, hand);
      queue.slice(at + 1).forEach(function (later) { later.number += moved; });
    } else {
      queue.push(hand);
    }
    if (stopped === key) stopped = null;
    localStorage.removeItem("draft:" + location.pathname); // kept here instead
    write(queue);
    drawNext(queue);
    if (navigator.onLine === false) say("No signal: " + word + " " + hand.number + KEPT);
    else send();
  });
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
    var queue = read().filter(function (hand) { return hand.key !== stopped; });
    stopped = null;
    write(queue);
    if (queue.length) {
      event.preventDefault();
      send();
    }
  });

  function loggedOut(response) {
    return response.status === 401 || (response.redirected && new URL(response.url).pathname === LOGIN);
  }
  function stop(words, link) {
    sending = false;
    say(words, link);
    show(read());
  }
  // The kept hands, one by one; each answered before the next is sent.
  function send(retried, sent) {
    var queue = read();
    if (sending || stopped) return;
    if (!queue.length) {
      if (sent) window.location.assign(list.dataset.board); // the real scores
      return;
    }
    if (navigator.onLine === false) return;
    sending = true;
    var hand = queue[0];
    show(queue);
    say("Sending " + named(queue.length) + ": " + word + " " + hand.number + "...");
    fetch(location.pathname, { credentials: "same-origin" })
      .then(function (page) {
        if (loggedOut(page)) throw "login";
        return page.text();
      })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var token = page.querySelector("input[name=csrfmiddlewaretoken]");
        var body = new URLSearchParams();
        Object.keys(hand.values).forEach(function (name) {
          hand.values[name].forEach(function (value) { body.append(name, value); });
        });
        body.set("csrfmiddlewaretoken", token ? token.value : "");
        body.set("number", hand.number);
        body.set("submission", hand.key);
        body.set(hand.button[0], hand.button[1]);
        return fetch(location.pathname, {
          method: "POST",
          body: body,
          headers: { "HX-Request": "true" },
          credentials: "same-origin",
        });
      })
      .then(function (answer) {
        sending = false;
        if (answer.headers.get("HX-Redirect")) {
          // Stored, now or before (its key): the next one.
          write(read().filter(function (h) { return h.key !== hand.key; }));
          return send(false, true);
        }
        if (loggedOut(answer)) throw "login";
        if (answer.status === 403 && !retried) return send(true, sent); // a CSRF token renewed
        if (answer.status !== 200) {
          return stop("The server did not take " + word + " " + hand.number + ": " +
            named(queue.length) + " stay on this phone. Reload the page to send them again.");
        }
        return answer.text().then(function (html) {
          stopped = hand.key;
          // The hand's own number on top (its screen's own title, where it has one, follows).
          document.getElementById("entry-title").textContent = Word + " " + hand.number;
          htmx.swap(entry, html, { swapStyle: "outerHTML" });
          entry = document.getElementById("entry");
          var after = queue.length - 1;
          var rest = after === 1 ? " The " + word + " after it stays on this phone."
            : " The " + after + " " + word + "s after it stay on this phone.";
          stop(Word + " " + hand.number + " was not saved: see why below." + (after ? rest : ""));
        });
      })
      .catch(function (problem) {
        sending = false;
        if (problem === "login") {
          var back = LOGIN + "?next=" + encodeURIComponent(location.pathname);
          return stop("Log in to send " + named(read().length) + ".", { href: back, text: "Log in" });
        }
        // No signal again, or no answer: they stay, and go when it returns. A hand whose
        // answer was lost is answered then as stored (its key).
        var kept = named(read().length).replace(/^t/, "T") + ALL_KEPT;
        if (navigator.onLine === false) return stop("No signal: " + kept);
        stop("No answer from the server. " + kept);
        setTimeout(send, RETRY_MS);
      });
  }

  window.addEventListener("offline", unscored);
  // Sent once the connection has held for a moment, as static/js/saving.js does.
  window.addEventListener("online", function () {
    setTimeout(function () { if (navigator.onLine !== false) send(); }, 1000);
  });
  document.addEventListener("DOMContentLoaded", function () {
    unscored(); // a kept page opened with no signal: its own form's too, not only those drawn
    var queue = read();
    if (!queue.length) return;
    show(queue);
    drawNext(queue); // the next hand after them, whatever happens to them
    if (navigator.onLine === false) say("No signal: " + named(queue.length) + ALL_KEPT);
    else send();
  });

  function onBoard() {
    var kept = JSON.parse(localStorage.getItem("queue:" + location.pathname) || "[]");
    var next = location.pathname + "hands/new/";
    if (!kept.length) return;
    function go() { if (navigator.onLine !== false) window.location.assign(next); }
    var section = document.createElement("section");
    section.className = "queue card";
    var heading = document.createElement("h2");
    heading.textContent = "Kept on this phone: scored when the signal returns";
    var items = document.createElement("ol");
    kept.forEach(function (hand) {
      var item = document.createElement("li");
      var word = hand.word.charAt(0).toUpperCase() + hand.word.slice(1);
      item.textContent = word + " " + hand.number + " · waiting to be sent";
      items.append(item);
    });
    var link = document.createElement("a");
    link.href = next;
    link.className = "button";
    // The new hand's page sends them (then comes back here), or enters the next one.
    link.textContent = navigator.onLine === false ? "Enter the next " + kept[0].word : "Send them now";
    section.append(heading, items, link);
    document.querySelector("h1").after(section);
    window.addEventListener("online", go);
  }
})();
