/**
 * Tuneful's service worker, bundled by scripts/lib/service-worker.mjs into dist/client/sw.js
 * (production builds only; dev mode never registers it). Hand-written rather than Workbox:
 * four small strategies, and the rules live in tested modules of src/features/offline.
 *
 * - App shell (index.html and every built asset): precached on install, cache-first; a page
 *   navigation is network-first and falls back to the cached index.html.
 * - The runtime config (isCatalogueRead): network-first, the last answer kept for offline.
 *   Screen data is not cached here: the page saves it per member with its time (saved-data/).
 * - Downloaded audio: requests for a signed-object path without a token are answered from the
 *   downloads cache, Range included (206 / 416), so the player seeks offline.
 * - Everything else (auth, member data, writes, signed audio streams) is not touched.
 * - Practice reminders: a `push` shows the notification, a click opens its page (push.ts).
 *
 * A new version installs in the background and waits; the page offers "Reload now", which
 * posts `skip-waiting`. Otherwise it takes over the next time the app is opened.
 */
import {
  CATALOGUE_CACHE,
  DOWNLOADS_CACHE,
  SHELL_CACHE_PREFIX,
  isCatalogueRead,
  isOfflineAudioRequest,
} from '../features/offline/cache-keys';
import { rangeResponse } from '../features/offline/range';
import type { SwMessage } from './messages';
import {
  onNotificationClick,
  onPush,
  type NotificationClickEventLike,
  type PushEventLike,
  type PushScope,
} from './push';

declare const __PRECACHE__: string[];
declare const __SW_VERSION__: string;

// The DOM library is what this project compiles against; these are the few worker types used.
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  clientId: string;
  /** For a navigation: the page being loaded (clientId is empty then). */
  resultingClientId: string;
  respondWith(r: Response | Promise<Response>): void;
}
interface WorkerClient {
  postMessage(message: SwMessage): void;
}
interface WorkerScope {
  location: Location;
  registration: PushScope['registration'];
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    get(id: string): Promise<WorkerClient | undefined>;
    matchAll(): Promise<WorkerClient[]>;
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): ReturnType<PushScope['clients']['matchAll']>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
  addEventListener(type: 'message', fn: (e: MessageEvent) => void): void;
  addEventListener(type: 'push', fn: (e: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', fn: (e: NotificationClickEventLike) => void): void;
}

const sw = self as unknown as WorkerScope;
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__SW_VERSION__}`;
const ORIGIN = sw.location.origin;
const PRECACHED = new Set(__PRECACHE__.map((p) => new URL(p, ORIGIN).href));
const INDEX = new URL('/index.html', ORIGIN).href;
/** Opened directly (an export download, an email link), these are never the app's page. */
const SERVICE_PATH = /^\/(api|auth|rest|storage)(\/|$)/;

sw.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE).then((cache) =>
      // `no-cache`: index.html must be this build's, not one the HTTP cache kept.
      cache.addAll([...PRECACHED].map((url) => new Request(url, { cache: 'no-cache' }))),
    ),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((n) => n.startsWith(SHELL_CACHE_PREFIX) && n !== SHELL_CACHE)
          .map((n) => caches.delete(n)),
      );
      // The first install controls the open page at once, so a download works without a reload.
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'skip-waiting') void sw.skipWaiting();
});

sw.addEventListener('push', (event) => onPush(event, sw));
sw.addEventListener('notificationclick', (event) => onNotificationClick(event, sw));

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (isOfflineAudioRequest(url)) {
    event.respondWith(fromDownloads(request));
  } else if (request.mode === 'navigate' && url.origin === ORIGIN && !SERVICE_PATH.test(url.pathname)) {
    event.respondWith(navigation(request, event.resultingClientId));
  } else if (PRECACHED.has(url.href)) {
    event.respondWith(shellAsset(request));
  } else if (isCatalogueRead(request.method, url, ORIGIN)) {
    event.respondWith(networkFirst(request, event.clientId));
  }
});

async function fromDownloads(request: Request): Promise<Response> {
  const cache = await caches.open(DOWNLOADS_CACHE);
  const url = new URL(request.url);
  const hit = await cache.match(`${url.origin}${url.pathname}`);
  if (!hit) {
    return new Response(
      JSON.stringify({ error: 'not_downloaded', message: 'This audio is not downloaded.' }),
      {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      },
    );
  }
  const type = hit.headers.get('Content-Type') ?? 'audio/mpeg';
  return rangeResponse(await hit.blob(), type, request.headers.get('Range'));
}

async function navigation(request: Request, clientId: string): Promise<Response> {
  try {
    const res = await fetch(request);
    void report(clientId, 'network-ok');
    return res;
  } catch (err) {
    const cached = await caches.match(INDEX, { cacheName: SHELL_CACHE });
    if (!cached) throw err;
    void report(clientId, 'network-failed');
    return cached;
  }
}

async function shellAsset(request: Request): Promise<Response> {
  const cached = await caches.match(request.url, { cacheName: SHELL_CACHE });
  return cached ?? fetch(request);
}

async function networkFirst(request: Request, clientId: string): Promise<Response> {
  const cache = await caches.open(CATALOGUE_CACHE);
  try {
    const res = await fetch(request);
    // Only complete successes are kept: an error or a partial answer must not replace good data.
    if (res.status === 200) await cache.put(request, res.clone());
    void report(clientId, 'network-ok');
    return res;
  } catch (err) {
    // Vary (Accept-Encoding, a refreshed token) must not hide the copy: the catalogue is the same.
    const cached = await cache.match(request, { ignoreVary: true });
    void report(clientId, 'network-failed');
    if (cached) return cached;
    throw err;
  }
}

async function report(clientId: string, type: SwMessage['type']): Promise<void> {
  const client = clientId ? await sw.clients.get(clientId) : undefined;
  client?.postMessage({ type });
}
