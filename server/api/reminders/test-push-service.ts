import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a push service (RFC 8030) on 127.0.0.1, for the tests: it checks each request
 * the way a real one does (VAPID, RFC 8292: an ES256 JWT in `Authorization: vapid t=…, k=…`
 * with aud = the endpoint's origin, exp within 24 hours, a sub contact) and decrypts the payload
 * as the browser would (RFC 8291 over RFC 8188 aes128gcm) with the subscriber's private key,
 * which the test generated. Written from the RFCs with node:crypto, not with web-push.
 */

export interface Subscriber {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The device's private side, which only the "browser" (the test) holds. */
  ecdh: crypto.ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  path: string;
  claims: { aud: string; exp: number; sub: string };
  vapidKey: string;
  headers: http.IncomingHttpHeaders;
  payload: { title: string; body: string; url: string; tag: string };
  /** What this service answered (201 is a delivery; 500 or 410 are not). */
  status: number;
}

export interface FakePushService {
  origin: string;
  received: ReceivedPush[];
  /** Problems found in requests (a bad signature, a wrong audience…): a test expects none. */
  problems: string[];
  /** The status the next requests to `path` get (default 201). */
  answer(path: string, status: number): void;
  subscriber(path: string): Subscriber;
  close(): Promise<void>;
}

const b64 = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

export function newSubscriber(endpoint: string): Subscriber {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  return { endpoint, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(authSecret) }, ecdh, authSecret };
}

/** RFC 8291 §3.4 and RFC 8188 §2: the payload as the user agent reads it. */
export function decryptPush(body: Buffer, sub: Subscriber): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (rs < 18 || ciphertext.length > rs) throw new Error('one record expected');
  const uaPublic = sub.ecdh.getPublicKey();
  const ecdhSecret = sub.ecdh.computeSecret(asPublic);
  const prkKey = hmac(sub.authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record: data, the delimiter 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>`; returns the claims or throws with the reason. */
export function verifyVapid(header: string | undefined, origin: string, nowMs: number) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [h, p, s] = m[1]!.split('.');
  const header0 = JSON.parse(Buffer.from(h!, 'base64url').toString()) as { alg: string; typ: string };
  if (header0.alg !== 'ES256') throw new Error(`alg ${header0.alg}`);
  const raw = Buffer.from(m[2]!, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33)) },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s!, 'base64url'),
  );
  if (!ok) throw new Error('the JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not the endpoint's origin ${origin}`);
  const now = nowMs / 1000;
  if (!(claims.exp > now - 60 && claims.exp <= now + 24 * 3600 + 60))
    throw new Error(`exp ${claims.exp} not within 24 h`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { claims, vapidKey: m[2]! };
}

export async function startPushService(): Promise<FakePushService> {
  const subscribers = new Map<string, Subscriber>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const status = statuses.get(path) ?? 201;
      try {
        const sub = subscribers.get(path);
        if (!sub) throw new Error(`no subscriber at ${path}`);
        if (req.method !== 'POST') throw new Error(`method ${req.method}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!req.headers.ttl) throw new Error('no TTL header');
        // The JWT is checked against the real clock: that is what a push service has.
        const { claims, vapidKey } = verifyVapid(req.headers.authorization, origin, Date.now());
        const payload = JSON.parse(decryptPush(Buffer.concat(chunks), sub)) as ReceivedPush['payload'];
        received.push({ path, claims, vapidKey, headers: req.headers, payload, status });
      } catch (err) {
        problems.push((err as Error).message);
        res.writeHead(400).end();
        return;
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    problems,
    answer: (path, status) => statuses.set(path, status),
    subscriber(path) {
      const sub = newSubscriber(`${origin}${path}`);
      subscribers.set(path, sub);
      return sub;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
