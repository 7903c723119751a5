// First sound (issue 20): a signed-in member on /home taps "begin today's journey"; the time
// from the tap to the player's <audio> firing `playing` (the run then also waits for its clock to
// move: `timeupdate` comes every 250 ms, too coarse to time the start by), then the time a
// tap on "Forward 15 seconds" takes to play again from the new place. Each run is a fresh
// browser context (empty HTTP cache, no service worker: the first visit on a device, and the
// worker's precaching would compete with the player on a slow link) that loads /home, waits
// until the button is enabled, gives the member 2 s to read the card, and taps.
//
// `profile`: null (this machine, no throttling) or { latencyMs, downKbps, upKbps, cpu } for
// CDP's Network.emulateNetworkConditions and Emulation.setCPUThrottlingRate.
//
// Besides the figures, each run records where the time went (scripts/bench-server.mjs prints the
// median breakdown): every request the tap caused, from its start to its last byte, and the audio
// element's events, all in ms after the tap.

/** How long a member looks at home's enabled button before tapping it. */
export const READING_MS = 2000;

/** How long the session has played when the bench taps "Forward 15 seconds". */
export const SEEK_AFTER_SECONDS = 5;

/** Runs in the page before anything else: stamps the tap and the audio element's events. */
export function recordInPage() {
  const marks = { tap: null, events: {} };
  Object.defineProperty(window, '__firstSound', { value: marks });
  document.addEventListener(
    'click',
    (e) => {
      if (marks.tap === null && e.target instanceof Element && e.target.closest('button'))
        if (/begin today's journey/.test(e.target.closest('button').textContent ?? ''))
          marks.tap = e.timeStamp;
    },
    true,
  );
  const first = (name) => (e) => {
    if (!(e.target instanceof HTMLAudioElement) || marks.tap === null) return;
    // The event's own time stamp: Chromium makes a media event when the element queues it, so
    // it does not include the time the page's main thread was busy before running it (the
    // player's first render after the tap), while the audio itself plays on other threads.
    if (marks.events[name] === undefined) marks.events[name] = e.timeStamp - marks.tap;
    // The clock seen moving past its start: the element really renders sound.
    if (name === 'timeupdate' && e.target.currentTime > 0 && !e.target.paused && marks.clock === undefined)
      marks.clock = e.timeStamp - marks.tap;
  };
  const names = [
    'loadstart',
    'loadedmetadata',
    'canplay',
    'play',
    'playing',
    'timeupdate',
    'seeking',
    'seeked',
  ];
  for (const name of names) document.addEventListener(name, first(name), true);
  // An element still outside the document (the app's audio loaded ahead of the tap starts
  // playing before the player takes it in) is watched from its play() call.
  const watched = new WeakSet();
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function watchedPlay(...args) {
    if (!this.isConnected && !watched.has(this)) {
      watched.add(this);
      for (const name of names) this.addEventListener(name, first(name));
    }
    return play.apply(this, args);
  };
}

/**
 * Every request the page makes, from CDP's network events (media requests are not in the page's
 * Resource Timing): start, response headers, first body bytes and end, as wall-clock ms.
 */
function recordRequests(cdp) {
  const requests = new Map();
  let offset = 0; // wall-clock ms minus CDP's monotonic ms
  cdp.on('Network.requestWillBeSent', (e) => {
    offset = e.wallTime * 1000 - e.timestamp * 1000;
    requests.set(e.requestId, { url: e.request.url, method: e.request.method, start: e.wallTime * 1000 });
  });
  const at = (e, field) => {
    const r = requests.get(e.requestId);
    if (r && r[field] === undefined) r[field] = e.timestamp * 1000 + offset;
    return r;
  };
  cdp.on('Network.responseReceived', (e) => {
    const r = at(e, 'headers');
    if (r) r.status = e.response.status;
  });
  cdp.on('Network.dataReceived', (e) => at(e, 'firstByte'));
  cdp.on('Network.loadingFinished', (e) => {
    const r = at(e, 'end');
    if (r) r.bytes = e.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (e) => at(e, 'end'));
  return requests;
}

/** The requests that started after the tap, in ms after it, paths relative to the origin. */
function requestsAfter(requests, tapWall, origin) {
  const rel = (t) => (t === undefined ? undefined : Math.round(t - tapWall));
  return [...requests.values()]
    .filter((r) => r.start >= tapWall - 2)
    .map((r) => ({
      name: `${r.method} ${r.url.replace(origin, '')}`,
      status: r.status,
      start: rel(r.start),
      headers: rel(r.headers),
      firstByte: rel(r.firstByte),
      end: rel(r.end),
      bytes: r.bytes,
    }));
}

/**
 * Measures `runs` taps. `storageState` is a signed-in (remembered) member's browser storage.
 * Returns [{ sound (ms to `playing`), clock (ms to the clock seen moving), seek, requests, events }].
 */
export async function measureFirstSound({ browser, base, storageState, profile, runs }) {
  const out = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState,
      serviceWorkers: 'block',
    });
    try {
      await context.addInitScript(recordInPage);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const network = recordRequests(cdp);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
      if (profile) {
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: profile.latencyMs,
          downloadThroughput: (profile.downKbps * 1000) / 8,
          uploadThroughput: (profile.upKbps * 1000) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
      }
      await page.goto(`${base}/home`, { waitUntil: 'networkidle', timeout: 120_000 });
      const begin = page.getByRole('button', { name: "begin today's journey" });
      await begin.waitFor({ state: 'visible', timeout: 60_000 });
      await page.waitForFunction(
        () => {
          const b = [...document.querySelectorAll('button')].find((x) =>
            /begin today's journey/.test(x.textContent ?? ''),
          );
          return b && !b.disabled;
        },
        null,
        { timeout: 60_000 },
      );
      // A member reads the card before tapping (READING_MS), and whatever home does once it has
      // shown (the player's warm-up waits for an idle page) has had that time.
      await page.waitForTimeout(READING_MS);
      await page.waitForLoadState('networkidle');
      await begin.click();
      await page
        .waitForFunction(() => window.__firstSound.clock !== undefined, null, {
          timeout: 60_000,
          polling: 20,
        })
        .catch(async (err) => {
          const marks = await page.evaluate(() => window.__firstSound);
          throw new Error(`no sound within 60 s after the tap (${JSON.stringify(marks)})`, { cause: err });
        });
      const marks = await page.evaluate(() => window.__firstSound);
      const tapWall = await page.evaluate((tap) => performance.timeOrigin + tap, marks.tap);
      const requests = requestsAfter(network, tapWall, base);
      // Seek: a member who has heard the start taps "Forward 15 seconds" (here 5 s after the first
      // sound); done when the clock runs from the new place. Right at the start it waits for
      // the bytes 15 s on, which the element has not asked for yet (docs/performance-first-screens.md).
      await page.waitForFunction(
        (t) => document.querySelector('[data-testid="player-audio"]')?.currentTime >= t,
        SEEK_AFTER_SECONDS,
        { timeout: 30_000 },
      );
      const forward = page.getByRole('button', { name: 'Forward 15 seconds' });
      const seek = await forward.evaluate(
        (button) =>
          new Promise((resolve, reject) => {
            const audio = document.querySelector('[data-testid="player-audio"]');
            const target = audio.currentTime + 15;
            const t0 = performance.now();
            const done = () => {
              if (audio.currentTime >= target && !audio.paused && audio.readyState >= 3) {
                audio.removeEventListener('timeupdate', done);
                audio.removeEventListener('playing', done);
                resolve(performance.now() - t0);
              }
            };
            audio.addEventListener('timeupdate', done);
            audio.addEventListener('playing', done);
            button.click();
            setTimeout(() => reject(new Error('the seek did not play within 30 s')), 30_000);
          }),
      );
      out.push({
        sound: marks.events.playing,
        clock: marks.clock,
        seek,
        requests,
        events: marks.events,
      });
    } finally {
      await context.close();
    }
  }
  return out;
}

/** A remembered member's storage after signing in through the real form (one sign-in per bench). */
export async function signedInStorage({ browser, base, email, password }) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('keep me signed in').check();
    await page.getByRole('button', { name: 'get in tune' }).click();
    await page.waitForURL(/\/(intro|home)$/, { timeout: 30_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** The requests of one run grouped into the steps of the path to first sound. */
export function breakdown(run) {
  const step = (test) => run.requests.filter((r) => test(r.name));
  // From the first request's start to the last one's end (the audio: to its first body bytes).
  const span = (reqs, until = 'end') =>
    reqs.length === 0
      ? null
      : {
          start: Math.min(...reqs.map((r) => r.start)),
          end: Math.max(...reqs.map((r) => r[until] ?? r.headers ?? r.start)),
        };
  return {
    chunks: span(step((n) => /\/assets\/.*\.js$/.test(n))),
    session: span(step((n) => /\/rest\/v1\/sessions\?/.test(n))),
    readiness: span(step((n) => n.includes('/api/catalogue-audio'))),
    sign: span(step((n) => n.startsWith('POST') && n.includes('/object/sign/'))),
    audio: span(
      step((n) => n.startsWith('GET') && n.includes('/object/sign/')),
      'firstByte',
    ),
    metadata: run.events.loadedmetadata ?? null,
    playing: run.events.playing ?? null,
    clock: run.clock,
  };
}
