import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { call, startCluster, type Cluster } from '../cluster-support';

let cluster: Cluster | undefined;
afterEach(async () => {
  await cluster?.stop();
  cluster = undefined;
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('METRICS_PORT in the cluster', () => {
  it("gives every worker's numbers in one scrape of the primary", async () => {
    const metricsPort = await freePort();
    cluster = await startCluster(2, { METRICS_PORT: String(metricsPort) });
    const workers = new Set<string>();
    for (let i = 0; i < 6; i++) workers.add((await call(cluster, 'GET', '/api/health')).worker);
    expect(workers.size).toBe(2);

    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const counts = [
      ...text.matchAll(
        /^http_requests_total\{method="GET",route="\/api\/health",status="200",worker="(\d+)"\} (\d+)$/gm,
      ),
    ];
    expect(new Set(counts.map((m) => m[1])).size).toBe(2);
    expect(counts.reduce((n, m) => n + Number(m[2]), 0)).toBe(6);
    // The app's own port still has no /metrics without METRICS_TOKEN.
    expect((await call(cluster, 'GET', '/metrics')).status).toBe(404);
  });
});
