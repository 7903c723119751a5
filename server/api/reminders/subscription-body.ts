import net from 'node:net';
import { z } from 'zod';
import { lineText } from '../../lib/text';

/**
 * A browser's push subscription (PushSubscription.toJSON(): endpoint, expirationTime, keys) as
 * the app sends it. The server will POST to the endpoint, so it must be a real push service's
 * address: https in production, no credentials, and (in production) not a loopback or private
 * address, so a member cannot point the server at something on its own network.
 */

const base64url = (bytes: number, what: string) =>
  z
    .string({ error: `must be ${what} in base64url` })
    .max(200)
    .refine((v) => /^[A-Za-z0-9_-]+={0,2}$/.test(v), `must be ${what} in base64url`)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, `must be ${what} (${bytes} bytes)`);

function privateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (net.isIPv4(host))
    return (
      /^(0|10|127)\./.test(host) ||
      /^169\.254\./.test(host) ||
      /^192\.168\./.test(host) ||
      /^172\.(1[6-9]|2\d|3[01])\./.test(host)
    );
  if (net.isIPv6(host)) return host === '::1' || host === '::' || /^(fc|fd|fe8|fe9|fea|feb)/.test(host);
  return false;
}

export function subscriptionBody(production: boolean) {
  return z
    .object({
      endpoint: z
        .string({ error: 'must be the push service address of the subscription' })
        .max(2048, 'must be at most 2048 characters')
        .superRefine((v, ctx) => {
          let url: URL;
          try {
            url = new URL(v);
          } catch {
            ctx.addIssue({ code: 'custom', message: 'must be an absolute URL' });
            return;
          }
          if (url.username || url.password)
            ctx.addIssue({ code: 'custom', message: 'must not carry a user name or password' });
          if (production && url.protocol !== 'https:')
            ctx.addIssue({ code: 'custom', message: 'must be an https:// address' });
          else if (url.protocol !== 'https:' && url.protocol !== 'http:')
            ctx.addIssue({ code: 'custom', message: 'must be an https:// address' });
          if (production && privateHost(url.hostname))
            ctx.addIssue({ code: 'custom', message: 'must be a public push service, not a local address' });
        }),
      expirationTime: z.number().nullable().optional(),
      keys: z
        .object(
          {
            p256dh: base64url(65, "the device's P-256 public key").refine(
              (v) => Buffer.from(v, 'base64url')[0] === 0x04,
              "must be the device's uncompressed P-256 public key",
            ),
            auth: base64url(16, "the subscription's auth secret"),
          },
          { error: 'must hold p256dh and auth' },
        )
        .strict(),
      device: lineText().trim().max(80, 'must be at most 80 characters').optional(),
    })
    .strict();
}

export type SubscriptionBody = z.infer<ReturnType<typeof subscriptionBody>>;
