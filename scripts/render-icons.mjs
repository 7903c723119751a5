// Renders the web app manifest's PNG icons from the SVGs with Debian's Chromium (no image
// library needed). Run after changing public/favicon.svg or public/icons/maskable.svg:
//   node scripts/render-icons.mjs
// The PNGs are committed, so builds do not need a browser.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const jobs = [
  // "any" icons keep the rounded square with transparent corners.
  { svg: 'public/favicon.svg', out: 'public/icons/icon-192.png', size: 192 },
  { svg: 'public/favicon.svg', out: 'public/icons/icon-512.png', size: 512 },
  // Maskable icons fill the square; the wave sits inside the 80% safe zone.
  { svg: 'public/icons/maskable.svg', out: 'public/icons/maskable-192.png', size: 192 },
  { svg: 'public/icons/maskable.svg', out: 'public/icons/maskable-512.png', size: 512 },
  { svg: 'public/icons/maskable.svg', out: 'public/icons/apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  for (const { svg, out, size } of jobs) {
    const markup = fs.readFileSync(svg, 'utf8');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${markup}`,
    );
    await page.screenshot({
      path: out,
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    console.log(`${out} (${fs.statSync(out).size} bytes)`);
  }
} finally {
  await browser.close();
}
