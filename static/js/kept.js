// The games this phone keeps for use with no signal (templates/sw.js): their boards, read
// from the worker's copies, each named as its page is (its title).
(async function () {
  var list = document.getElementById("kept");
  var found = 0;
  var names = window.caches ? await caches.keys() : []; // none over plain http
  for (var name of names) {
    if (!name.includes(" pages ")) continue;
    var cache = await caches.open(name);
    for (var request of await cache.keys()) {
      var kept = await cache.match(request);
      // A game's board lists itself first among the pages it keeps (games/offline.py); its
      // other pages (the new hand, the settlements, the next game's) are reached from it.
      var keeps = (kept.headers.get("Offline-Keep") || "").split(" ")[0].split("#")[0];
      if (keeps !== new URL(request.url).pathname) continue;
      var page = new DOMParser().parseFromString(await kept.text(), "text/html");
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = request.url;
      link.textContent = page.title.replace(/ · Scorekeeper$/, "");
      var when = page.querySelector(".crumbs");
      item.append(link, when ? " · " + when.textContent.trim() : "");
      list.append(item);
      found += 1;
    }
  }
  document.getElementById("none-kept").hidden = found > 0;
})();
