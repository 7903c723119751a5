import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ES module without types
import { shellManifest } from './service-worker.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function client(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sw-shell-'));
  dirs.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

describe('shellManifest', () => {
  it('precaches the built app, not compressed twins, maps, the worker, Vite manifest or cues', () => {
    const dir = client({
      'index.html': '<html>',
      'assets/index-abc.js': 'js',
      'assets/index-abc.js.br': 'x',
      'assets/index-abc.js.gz': 'x',
      'assets/index-abc.js.map': '{}',
      'sw.js': 'old worker',
      '.vite/manifest.json': '{}',
      'cues/step-1.mp3': 'mp3',
      'icons/icon-192.png': 'png',
      'manifest.webmanifest': '{}',
    });
    expect(shellManifest(dir).urls).toEqual([
      '/assets/index-abc.js',
      '/icons/icon-192.png',
      '/index.html',
      '/manifest.webmanifest',
    ]);
  });
  it('a new version whenever a shell file changes, the same for the same build', () => {
    const a = shellManifest(client({ 'index.html': '<html>', 'assets/a.js': '1' })).version;
    const b = shellManifest(client({ 'index.html': '<html>', 'assets/a.js': '1' })).version;
    const c = shellManifest(client({ 'index.html': '<html>', 'assets/a.js': '2' })).version;
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
  });
});
