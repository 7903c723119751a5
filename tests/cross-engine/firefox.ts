// Firefox ESR through puppeteer-core's WebDriver BiDi (no CDP, no downloaded browser).
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { EngineDriver } from './driver';
import { scaledTimeout } from '../../scripts/lib/machine-speed.mjs';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export interface FirefoxOptions {
  /**
   * Firefox renders Web Audio only while it can open a sound output; CI machines have none,
   * and there an AudioContext stays 'suspended' forever. Firefox's own mock audio backend
   * (media.cubeb.force_mock_context) then drives the graph the way a sound card would.
   */
  mockSoundOutput: boolean;
}

export async function launchFirefox(options: FirefoxOptions): Promise<EngineDriver> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocolTimeout: 30_000,
    extraPrefsFirefox: {
      'media.autoplay.default': 0,
      'media.cubeb.force_mock_context': options.mockSoundOutput,
      'browser.shell.checkDefaultBrowser': false,
    },
  });
  let page: Page;
  try {
    page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844 });
  } catch (e) {
    await browser.close().catch(() => undefined);
    throw e;
  }
  page.on('pageerror', (e) => {
    // zod probes `Function('')` once to see whether it may compile validators; our CSP says
    // no, zod falls back, and Firefox reports the refusal as a page error. Anything else is news.
    if (/blocked a JavaScript eval/.test(String(e))) return;
    console.log(`    [firefox page error] ${String(e)}`);
  });
  let closed = false;
  return {
    name: 'firefox',
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load', timeout: scaledTimeout(30_000) })),
    evaluate: async <T>(fnSource: string, arg?: unknown) =>
      (await page.evaluate(`(${fnSource})(${JSON.stringify(arg ?? null)})`)) as T,
    // Centred first, as a member scrolls to it: puppeteer clicks an element already inside the
    // viewport where it is, and one near the bottom sits under the fixed tab bar (the click
    // then lands on a tab). The WebKit driver does the same (webkit.ts).
    click: async (selector) => {
      await page.$eval(selector, (el) => el.scrollIntoView({ block: 'center' }));
      await page.click(selector);
    },
    type: (selector, text) => page.type(selector, text),
    url: async () => page.url(),
    screenshot: async (file) => void (await page.screenshot({ path: file as `${string}.png` })),
    close: async () => {
      if (closed) return;
      closed = true;
      // A close that hangs must not leave Firefox running: kill it after 10 s.
      const proc = browser.process();
      const timer = setTimeout(() => proc?.kill('SIGKILL'), 10_000);
      await browser.close().catch(() => proc?.kill('SIGKILL'));
      clearTimeout(timer);
    },
  };
}
