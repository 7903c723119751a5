import webpush from 'web-push';
import type { AppDeps } from '../../app-env';

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and an encrypted payload (RFC 8291, aes128gcm),
 * through the `web-push` library: it signs the JWT and encrypts the payload
 * (`generateRequestDetails`); the request itself goes out with fetch, with a timeout, so a slow
 * push service cannot hold the scheduler, and a test can stand in for the push service on
 * http://127.0.0.1.
 */

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker receives (src/sw/push.ts reads the same shape). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export type PushOutcome =
  | { ok: true; status: number }
  /** gone: the push service no longer knows the device (404/410); retry: worth another try later. */
  | { ok: false; gone: boolean; retry: boolean; message: string };

export interface PushSender {
  publicKey: string;
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/** A reminder is stale after a few hours: the push service may drop it rather than deliver it late. */
const TTL_SECONDS = 4 * 3600;
const TIMEOUT_MS = 15_000;

/** The VAPID pair in use: the operator's (VAPID_PUBLIC_KEY/…PRIVATE_KEY) or the generated one. */
export function vapidOf(deps: Pick<AppDeps, 'config' | 'keys'>) {
  const pair = deps.config.vapidKeys ?? deps.keys.vapid;
  return { subject: deps.config.vapidSubject, publicKey: pair.publicKey, privateKey: pair.privateKey };
}

export function createPushSender(
  deps: Pick<AppDeps, 'config' | 'keys'>,
  fetchImpl: typeof fetch = fetch,
): PushSender {
  const vapidDetails = vapidOf(deps);
  return {
    publicKey: vapidDetails.publicKey,
    async send(target, payload) {
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          { vapidDetails, TTL: TTL_SECONDS, urgency: 'normal', topic: 'practice-reminder' },
        );
      } catch (err) {
        // A subscription whose keys cannot be used will never work: not worth a retry.
        return {
          ok: false,
          gone: false,
          retry: false,
          message: `cannot encrypt for this device: ${String(err)}`,
        };
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(details.headers)) {
        if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
      }
      let res: Response;
      try {
        res = await fetchImpl(details.endpoint, {
          method: 'POST',
          headers,
          body: details.body ? new Uint8Array(details.body) : null,
          signal: AbortSignal.timeout(TIMEOUT_MS),
          redirect: 'error',
        });
      } catch (err) {
        return {
          ok: false,
          gone: false,
          retry: true,
          message: `push service unreachable: ${(err as Error).message}`,
        };
      }
      await res.body?.cancel().catch(() => undefined);
      if (res.ok) return { ok: true, status: res.status };
      const s = res.status;
      if (s === 404 || s === 410)
        return {
          ok: false,
          gone: true,
          retry: false,
          message: `push service answered ${s}: the device is gone`,
        };
      if (s === 401 || s === 403)
        return {
          ok: false,
          gone: false,
          retry: false,
          message: `push service answered ${s}: it refused our VAPID signature (did the VAPID keys change since this device subscribed?)`,
        };
      return { ok: false, gone: false, retry: s === 429 || s >= 500, message: `push service answered ${s}` };
    },
  };
}
