// Scorekeeper's service worker: the app, a game's board and its new-hand page open with
// no signal. Written for this app, not taken from a library: Workbox needs a build step
// or a CDN, and the app has neither; what the app needs is the hundred lines below.
// Served by games/views/offline.py, which fills in the version (a new one at every
// deployment) and the static files; which pages to keep, and whose they are, the pages
// say themselves in their headers (games/offline.py).
"use strict";
const VERSION = "{{ version }}";
const FILES = {{ files|safe }};
const OFFLINE = "{{ offline }}"; // the games kept, where a page asked for is not
const NEVER = {{ never|safe }}; // the admin and the account pages: always the network's
// Bytes of pages kept, for one game and in all (games/offline.py BUDGET says why so much).
const BUDGET = {{ budget|safe }};
const STATIC = VERSION + " static";
const PAGES = VERSION + " pages "; // and the owner's tag: one owner's pages at a time
// Asked by the worker (its own fetches, and pages by navigation preload): the server names
// what to keep in these answers alone, not in a first visit's.
const NO_ANSWER_MS = 5000; // a page comes in well under a second: 5 s with none is no signal
const ASKED = { "Service-Worker-Navigation-Preload": "true" };

self.addEventListener("install", (event) => {
  // Fetched for no one (no cookie): these are the same for every visitor.
  const requests = FILES.map((url) => new Request(url, { credentials: "omit" }));
  event.waitUntil(
    caches
      .open(STATIC)
      .then((cache) => cache.addAll(requests))
      .then(() => self.skipWaiting()),
  );
});

// A new deployment takes the open pages at once, drops what the one before kept, and
// fetches again, drawn by this one, the pages it kept.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const old = (await caches.keys()).filter((name) => !name.startsWith(VERSION + " "));
      // The page is asked for while the worker starts, and told it is the worker asking.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
      const paths = new Set();
      for (const name of old) {
        if (name.includes(" pages ")) {
          for (const request of await (await caches.open(name)).keys()) {
            paths.add(new URL(request.url).pathname);
          }
        }
        await caches.delete(name);
      }
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of open) {
        // A page of the deployment before is drawn again by this one: no phone stays on
        // old pages (what is being typed survives: static/js/drafts.js). The first
        // install's page was not kept on its way in: it is fetched.
        if (old.length) client.navigate(client.url).catch(() => {});
        else paths.add(new URL(client.url).pathname);
      }
      for (const path of paths) {
        if (!NEVER.some((prefix) => path.startsWith(prefix))) await fetched(path);
      }
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (FILES.includes(url.pathname)) {
    // Static files are named by their content (whitenoise's manifest): kept, they stay right.
    event.respondWith(
      caches
        .match(request, { cacheName: STATIC, ignoreVary: true })
        .then((kept) => kept || fetch(request)),
    );
  } else if (request.mode === "navigate" && !NEVER.some((p) => url.pathname.startsWith(p))) {
    event.respondWith(page(event, url.pathname));
  }
});

// Network first: online, a page is exactly the server's. With no signal, the page as it
// was kept, marked with the time it was drawn; a page not kept: the list of those that are.
// No answer is no signal (issue 34): a server that takes the request and never answers (one
// bar in a cellar, a captive portal, a server restarting) gives, after NO_ANSWER_MS, the page
// kept, if there is one; the answer, if it comes later, is still kept for the next visit.
async function page(event, path) {
  const answered = (async () => {
    const response = (await preloaded(event)) || (await fetch(event.request));
    event.waitUntil(keep(path, response.clone()).catch(() => {}));
    return response;
  })();
  // The worker stays for a late answer, to keep it (and a failure is the kept page's turn).
  event.waitUntil(answered.catch(() => {}));
  let timer;
  const silent = new Promise((resolve) => (timer = setTimeout(resolve, NO_ANSWER_MS)));
  try {
    const first = await Promise.race([answered, silent.then(() => keptPage(path))]);
    return first || (await answered); // no answer yet and nothing kept: wait for it
  } catch (error) {
    return (await keptPage(path)) || (await caches.match(OFFLINE, { cacheName: STATIC })) || Response.error();
  } finally {
    clearTimeout(timer);
  }
}

// The page kept for `path`, marked, or null.
async function keptPage(path) {
  const name = (await caches.keys()).find((each) => each.startsWith(PAGES));
  const kept = name && (await (await caches.open(name)).match(path, { ignoreVary: true }));
  return kept ? marked(kept) : null;
}

// The page asked for as the worker started (navigation preload), if it was. A preload that
// finds no server rejects in Chromium and WebKit, as the standard has it; Firefox (ESR 153)
// resolves it instead with a network error (type "error", status 0), which, handed to
// respondWith, made Firefox show its own "Unable to connect" over the page kept (issue 34).
// No other answer is a network error: a redirect comes as "opaqueredirect", also status 0.
async function preloaded(event) {
  const response = await event.preloadResponse;
  if (response && response.type === "error") throw new TypeError("the preload found no server");
  return response;
}

// What the page says at its top (static/js/connection.js): "No signal: the scores as of
// 21:40", the phone's clock time when the server drew them.
async function marked(kept) {
  const text = await kept.text();
  const drawn = new Date(kept.headers.get("Date") || Date.now()).toTimeString().slice(0, 5);
  const what = text.includes('<div id="live"') ? "the scores" : "this page";
  const line = `No signal: ${what} as of ${drawn}`;
  const headers = { "Content-Type": "text/html; charset=utf-8" };
  const policy = kept.headers.get("Content-Security-Policy");
  if (policy) headers["Content-Security-Policy"] = policy;
  return new Response(text.replace("<body", `<body data-kept="${line}"`), { headers });
}

async function fetched(path) {
  try {
    await keep(path, await fetch(path, { headers: ASKED }));
  } catch (error) {
    // No signal: kept as it was, or not at all.
  }
}

// A page of an owner drops every other owner's pages. It is kept if it asks to be, or
// was kept before; and the other pages it lists are fetched when they changed since: the
// list names each with its version ("/sessions/3/settle/#e1f..."), or the page's own.
async function keep(path, response) {
  const owner = response.headers.get("Offline-Owner");
  if (!owner) return; // no one's: logged out, or not a page
  const name = PAGES + owner;
  for (const other of await caches.keys()) {
    if (other.startsWith(PAGES) && other !== name) await caches.delete(other);
  }
  const cache = await caches.open(name);
  const listed = paths(response);
  if (!listed.includes(path) && !(await cache.match(path, { ignoreVary: true }))) return;
  if (!response.ok || response.redirected) return cache.delete(path); // gone, or not theirs
  const own = await put(cache, path, response);
  const version = response.headers.get("Offline-Version");
  const wanted = versions(response);
  let bytes = 0; // of the pages listed so far, kept or fetched: the list is in budget order
  for (const [at, other] of listed.entries()) {
    if (other === path) {
      bytes += own;
      continue;
    }
    const kept = await cache.match(other, { ignoreVary: true });
    if (kept && kept.headers.get("Offline-Version") === (wanted[at] || version)) {
      bytes += size(kept);
    } else if (bytes <= BUDGET.game) {
      const fresh = await fetch(other, { headers: ASKED });
      if (fresh.ok && !fresh.redirected && fresh.headers.get("Offline-Owner") === owner) {
        bytes += await put(cache, other, fresh);
      }
    } // past the game's part of the budget nothing more is fetched: trim would drop it
  }
  await trim(cache, listed[0]);
}

// The paths a page lists to keep, and their versions where the list names one.
function paths(response) {
  return items(response).map((item) => item.split("#")[0]);
}
function versions(response) {
  return items(response).map((item) => item.split("#")[1]);
}
function items(response) {
  return (response.headers.get("Offline-Keep") || "").split(" ").filter(Boolean);
}

// Kept with its size beside it (the body as the phone holds it), for the budget.
async function put(cache, path, response) {
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding"); // the body is kept as read, unpacked
  headers.delete("Content-Length");
  headers.set("Offline-Bytes", String(body.size));
  await cache.put(path, new Response(body, { status: response.status, headers }));
  return body.size;
}
function size(kept) {
  return Number(kept.headers.get("Offline-Bytes")) || 0;
}

// The byte budget: a game's pages as its board lists them, most needed first, up to
// BUDGET.game (those past it go); then, past BUDGET.all, the games whose boards were drawn
// longest ago go, each with its pages but those another game kept lists, never the game
// just opened (`opened`). A page no game kept lists any more goes too.
async function trim(cache, opened) {
  const kept = new Map();
  for (const request of await cache.keys()) {
    const response = await cache.match(request, { ignoreVary: true });
    if (response) kept.set(new URL(request.url).pathname, response);
  }
  const games = new Map(); // a game's board: its pages kept within its part, and when drawn
  for (const [path, response] of kept) {
    const listed = paths(response);
    if (!listed.length || (games.has(listed[0]) && path !== listed[0])) continue;
    let bytes = 0;
    const within = [];
    for (const other of listed) {
      if (!kept.has(other)) continue;
      bytes += size(kept.get(other));
      if (bytes > BUDGET.game && within.length) break; // a game's board is kept whatever
      within.push(other);
    }
    games.set(listed[0], { pages: within, drawn: Date.parse(response.headers.get("Date")) || 0 });
  }
  const oldest = [...games.keys()].filter((board) => board !== opened);
  oldest.sort((a, b) => games.get(a).drawn - games.get(b).drawn);
  let wanted;
  for (;;) {
    wanted = new Set([...games.values()].flatMap((game) => game.pages));
    const bytes = [...wanted].reduce((sum, path) => sum + size(kept.get(path)), 0);
    if (bytes <= BUDGET.all || !oldest.length) break;
    games.delete(oldest.shift());
  }
  for (const path of kept.keys()) {
    if (!wanted.has(path)) await cache.delete(path);
  }
}
