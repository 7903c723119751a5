import type { Config } from '../config';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const EVERY_ADDRESS = new Set(['0.0.0.0', '::', '[::]', '']);

const sameHost = (a: string, b: string) => a === b || (LOOPBACK.has(a) && LOOPBACK.has(b));

/**
 * What to tell the operator at start when mail links (verification, password reset, invites)
 * would not point where members reach this server (issue 20: a member who used the machine's
 * network address got links to localhost). Links always use PUBLIC_URL; this only says so when
 * PUBLIC_URL differs from the address being served. Null when they agree.
 */
export function publicUrlNotice(
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
  port: number,
): string | null {
  const pub = new URL(config.publicUrl);
  const pubPort = Number(pub.port || (pub.protocol === 'https:' ? 443 : 80));
  const everyAddress = EVERY_ADDRESS.has(config.host);
  const served = everyAddress
    ? `port ${port} on every address of this machine (HOST=${config.host})`
    : `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  if (!everyAddress && pub.protocol === 'http:' && pubPort === port && sameHost(pub.hostname, config.host))
    return null;
  const unset = config.publicUrl === `http://localhost:${config.port}`;
  const fix =
    unset && !LOOPBACK.has(config.host)
      ? `PUBLIC_URL is not set, so links open only on this machine. Set PUBLIC_URL to the address members use, e.g. PUBLIC_URL=http://<this machine's name or address>:${port}.`
      : 'If members open the app at another address, set PUBLIC_URL to that address (behind a proxy, PUBLIC_URL is the proxy’s address and this is expected).';
  return `Note: links in mails point to PUBLIC_URL ${config.publicUrl}, but this server is served at ${served}. ${fix}`;
}
