import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { firstPaints, GUARD_CSP_SOURCE } from './first-paint';
import { serveClient } from './static-files';

function client(shells: unknown) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-paint-'));
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>T</title><link rel="stylesheet" crossorigin href="/assets/index-a1.css"></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets/index-a1.css'), '.entry{color:red}');
  fs.writeFileSync(path.join(dir, 'assets/Screen-b2.css'), '.screen{color:blue}');
  fs.writeFileSync(path.join(dir, '.vite/shells.json'), JSON.stringify(shells));
  const paints = firstPaints(dir);
  const app = new Hono();
  app.get('*', async (c) => {
    const served = await serveClient(dir, (p) => ({
      head: '<meta name="x">',
      root: paints(p)?.root,
      styles: paints(p)?.styles,
    }))(c);
    return served ?? c.notFound();
  });
  return { app, paints, dir };
}

const shells = {
  '/': { html: '<main><h1>welcome back</h1></main>', css: ['assets/index-a1.css'] },
  '/tuning-room': {
    html: '<main><h1>the tuning room</h1></main>',
    css: ['assets/index-a1.css', 'assets/Screen-b2.css'],
  },
};

describe('the static first paint in index.html', () => {
  it('puts the path’s markup in #root, inert, with its stylesheets inline in place of the link', async () => {
    const { app } = client(shells);
    const html = await (await app.request('/tuning-room')).text();
    expect(html).toContain(
      '<div id="root" data-shell="/tuning-room" inert aria-disabled="true"><main><h1>the tuning room</h1></main></div>',
    );
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html).toContain(
      '<title>T</title><style>.entry{color:red}</style><style>.screen{color:blue}</style>',
    );
    // Stylesheets first, then the additions (the guard and its rule among them).
    expect(html.indexOf('<style>.screen')).toBeLessThan(html.indexOf('<meta name="x">'));
  });

  it('leaves every other path as built: empty #root, linked stylesheet', async () => {
    const { app } = client(shells);
    for (const url of ['/discover', '/tuning-room/x', '/home/x']) {
      const html = await (await app.request(url)).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-a1.css">');
    }
  });

  it('gives /home the sign-in screen a visitor is sent to, marked as /’s markup', async () => {
    const { app } = client(shells);
    const html = await (await app.request('/home')).text();
    expect(html).toContain(
      '<div id="root" data-shell="/" inert aria-disabled="true"><main><h1>welcome back</h1></main></div>',
    );
    expect(client({ '/tuning-room': shells['/tuning-room'] }).paints('/home')).toBeNull();
  });

  it('has no first paint when the build has none, or a stylesheet it names is missing', () => {
    expect(client({}).paints('/')).toBeNull();
    const { paints, dir } = client(shells);
    fs.rmSync(path.join(dir, 'assets/Screen-b2.css'));
    expect(firstPaints(dir)('/tuning-room')).toBeNull();
    expect(paints('/tuning-room')).not.toBeNull();
    expect(firstPaints(dir)('/')).not.toBeNull();
    expect(client({ '/': { html: '<main></main>', css: ['../../etc/passwd'] } }).paints('/')).toBeNull();
  });

  it('carries a head guard whose hash is the one the CSP allows', () => {
    const paint = client(shells).paints('/')!;
    const script = /<script>(.*?)<\/script>/.exec(paint.head)?.[1];
    expect(script).toBeTruthy();
    const hash = crypto.createHash('sha256').update(script!).digest('base64');
    expect(GUARD_CSP_SOURCE).toBe(`'sha256-${hash}'`);
  });
});
