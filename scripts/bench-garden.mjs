// `node scripts/bench-garden.mjs [--runs N] [--shots DIR]`: how long the journey's garden takes
// to render in Chromium at 390x844, at every level (1-10), in the default layout and palette.
// Prints, per level, the number of SVG shapes and the median of N fresh mounts: wall time until
// React has committed it and the browser laid it out, wall time to the frame that shows it, and
// the CPU time the page's main thread spent on all of that (Chromium's thread clock, so it
// holds on a busy machine where wall times do not). A measurement: it prints figures and never
// fails on time (docs/features/garden.md, "How fast it draws").
// --shots DIR also writes a PNG of every level by day and by night, for looking at.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import { chromiumPath } from './lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('--runs', '15'));
const shots = arg('--shots', null);

const out = await build({
  entryPoints: [path.join(root, 'scripts/bench/garden-page.tsx')],
  bundle: true,
  write: false,
  outdir: path.join(root, '.tmp/bench-garden'),
  format: 'iife',
  jsx: 'automatic',
  minify: true,
  loader: { '.module.css': 'local-css' },
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'error',
});
const js = out.outputFiles.find((f) => f.path.endsWith('.js')).text;
const css = out.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
const tokens = fs.readFileSync(path.join(root, 'src/styles/tokens.css'), 'utf8');
const html = `<!doctype html><meta charset="utf-8"><style>${tokens}${css}
  body{margin:0;background:var(--color-bg);font-family:var(--font-sans)} #root{padding:20px}</style>
  <div id="root"></div><script>${js}</script>`;

const browser = await chromium.launch({ executablePath: chromiumPath() });
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.setContent(html);
  await page.waitForFunction(() => 'renderGarden' in window);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const threadTime = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime').value * 1000;
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ms = (n, w) => n.toFixed(1).padStart(w);
  const load = os.loadavg()[0].toFixed(1);
  console.log(
    `garden at 390x844 in Chromium, median of ${runs} fresh mounts per level, ms (load average ${load}):`,
  );
  console.log('level  shapes  render (wall)  to paint (wall)  main-thread CPU');
  for (let level = 1; level <= 10; level++) {
    const kept = [];
    for (let i = 0; i < runs + 2; i++) {
      await page.evaluate(() => window.clearGarden());
      const before = await threadTime();
      const t = await page.evaluate((l) => window.renderGarden({ level: l }), level);
      const cpu = (await threadTime()) - before;
      if (i >= 2) kept.push({ ...t, cpu }); // the first two mounts warm the JIT and the style cache
    }
    const col = (key, w) => ms(median(kept.map((t) => t[key])), w);
    console.log(
      `${String(level).padStart(5)}  ${String(kept[0].shapes).padStart(6)}  ${col('render', 13)}  ${col('paint', 15)}  ${col('cpu', 15)}`,
    );
  }
  if (shots) {
    fs.mkdirSync(shots, { recursive: true });
    // Twice the pixels, to look closely; the layout is still 390 CSS pixels wide.
    const sharp = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await sharp.setContent(html);
    await sharp.waitForFunction(() => 'renderGarden' in window);
    const layouts = (arg('--layouts', 'open') ?? 'open').split(',');
    const palettes = (arg('--palettes', 'meadow') ?? 'meadow').split(',');
    const levels = (arg('--levels', '1,2,3,4,5,6,7,8,9,10') ?? '').split(',').map(Number);
    for (const scheme of ['light', 'dark']) {
      await sharp.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      for (const layout of layouts)
        for (const palette of palettes)
          for (const level of levels) {
            await sharp.evaluate((a) => window.renderGarden(a), { level, layout, palette });
            const file = path.join(shots, `garden-${layout}-${palette}-${level}-${scheme}.png`);
            await sharp.locator('#root').screenshot({ path: file });
          }
    }
    console.log(`screenshots in ${shots}`);
  }
} finally {
  await browser.close();
}
