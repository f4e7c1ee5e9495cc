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
      var page = new DOMParser().parseFromString(await (await cache.match(request)).text(), "text/html");
      if (!page.getElementById("live") || page.querySelector("#entry")) continue; // a board
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
