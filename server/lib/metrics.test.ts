import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { loadConfig } from '../config';
import { createMember } from '../rest/test-members';
import { createTestApp, type TestApp } from '../test-support';
import { liveStreams } from './live-streams';
import { createMetrics, startMetricsListener } from './metrics';

const TOKEN = 'scrape-secret-0123456789';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /metrics', () => {
  it('is a 404 like any unknown path when the operator did not turn metrics on', async () => {
    t = await createTestApp();
    const res = await t.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('answers only a request bearing METRICS_TOKEN, and 404s the rest', async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    expect((await t.fetch('/metrics')).status).toBe(404);
    expect(
      (await t.fetch('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status,
    ).toBe(404);
    expect((await t.fetch('/metrics', { headers: { authorization: TOKEN } })).status).toBe(404);
    const res = await t.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('counts requests by route pattern and status, times them, and reports the event loop', async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    await t.fetch('/api/health');
    await t.fetch('/api/health');
    // Two different ids, one pattern: the raw path never becomes a label.
    await t.fetch('/api/voice-sessions/1');
    await t.fetch('/api/voice-sessions/2');
    await t.fetch('/api/no-such-route');
    const text = await (await t.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(text).toContain('http_requests_total{method="GET",route="/api/health",status="200"} 2');
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/voice-sessions\/:templateId",status="\d+"\} 2/,
    );
    expect(text).not.toContain('/api/voice-sessions/1"');
    expect(text).toMatch(/http_requests_total\{method="GET",route="[^"]*",status="404"\} 1/);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.001",method="GET",route="/api/health"}',
    );
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/health"} 2');
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
  });
});

describe("the app's own figures", () => {
  const scrape = async () =>
    (await t!.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();

  it('times database statements by kind, counts outbox replays, open live streams and pending audio', async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    const member = await createMember(t);
    const save = () =>
      t!.fetch('/api/mood-tracking', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${member.token}`,
          'content-type': 'application/json',
          'idempotency-key': '6f1c2b8e-3d4a-4c5b-9e7f-0a1b2c3d4e5f',
        },
        body: JSON.stringify({ moodScore: 5, stressLevel: 5, anxietyLevel: 5, energyLevel: 5, emotions: [] }),
      });
    const first = await save();
    expect(first.status, await first.clone().text()).toBe(201);
    const replay = await save();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const text = await scrape();
    expect(text).toMatch(
      /db_query_duration_seconds_count\{kind="select",dialect="(sqlite|postgres)"\} [1-9]/,
    );
    expect(text).toMatch(
      /db_query_duration_seconds_count\{kind="insert",dialect="(sqlite|postgres)"\} [1-9]/,
    );
    expect(text).toContain('idempotent_replays_total{route="/api/mood-tracking"} 1');
    // The process's own count: the server files share one process, and a stream another file
    // left open is still counted here (this test opens none).
    expect(text).toContain(`live_streams_open ${liveStreams.open}`);
    expect(text).toContain('demo_audio_sessions_pending 0');
    expect(text).not.toContain('backup_age_seconds ');
  });

  it('reports the age of the newest backup in BACKUP_DIR', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuneful-metrics-backups-'));
    const file = path.join(dir, 'tuneful-2026-11-26T00-00-00-000Z.tar.gz');
    fs.writeFileSync(file, 'archive');
    const hourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(file, hourAgo, hourAgo);
    try {
      t = await createTestApp({ metricsToken: TOKEN, backupDir: dir });
      const age = Number(/^backup_age_seconds (\S+)$/m.exec(await scrape())?.[1]);
      expect(age).toBeGreaterThan(3590);
      expect(age).toBeLessThan(3700);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('METRICS_PORT', () => {
  it('serves the registry on 127.0.0.1 without a token, and nothing else', async () => {
    const metrics = createMetrics(new Registry());
    const listener = await startMetricsListener(0, async () => ({
      body: await metrics.registry.metrics(),
      contentType: metrics.registry.contentType,
    }));
    try {
      const res = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('process_cpu_seconds_total');
      expect((await fetch(`http://127.0.0.1:${listener.port}/`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });

  it('is read from the environment, and a short METRICS_TOKEN is refused', () => {
    const config = loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN }, '/tmp');
    expect(config.metricsPort).toBe(9464);
    expect(config.metricsToken).toBe(TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' }, '/tmp')).toThrow(/METRICS_TOKEN must be at least 16/);
    expect(() => loadConfig({ METRICS_PORT: '0x24e8' }, '/tmp')).toThrow(/PORT must be a whole number/);
  });
});
