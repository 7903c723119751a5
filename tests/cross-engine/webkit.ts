// WebKit (WebKitGTK's MiniBrowser) through Debian's WebKitWebDriver, under xvfb-run so it
// needs no display, driven by selenium-webdriver. The driver runs in its own process group,
// so closing kills xvfb-run, Xvfb, the driver and MiniBrowser together: no leftovers.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { Builder, By, Capabilities, error, type WebDriver } from 'selenium-webdriver';
import { freePort } from '../e2e/support/server';
import { describeError, waitFor, type EngineDriver } from './driver';
import { scaledTimeout } from '../../scripts/lib/machine-speed.mjs';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // already gone
    }
  };
  kill('SIGTERM');
  const timer = setTimeout(() => kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

export async function launchWebKit(): Promise<EngineDriver> {
  const port = await freePort();
  const child = spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x1024x24', WEBKIT_DRIVER, `--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
  let driver: WebDriver | undefined;
  try {
    await waitFor(
      'WebKitWebDriver to listen',
      async () => {
        if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode}): ${log}`);
        return fetch(`http://127.0.0.1:${port}/status`).then(
          (r) => r.ok,
          () => false,
        );
      },
      Boolean,
      15_000,
    );
    const caps = new Capabilities();
    caps.set('browserName', 'MiniBrowser');
    caps.set('webkitgtk:browserOptions', { binary: MINIBROWSER, args: ['--automation'] });
    driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(caps).build();
    await driver.manage().setTimeouts({ pageLoad: scaledTimeout(30_000), script: scaledTimeout(15_000) });
    await driver.manage().window().setRect({ width: 390, height: 844 });
  } catch (e) {
    await driver?.quit().catch(() => undefined);
    await stopGroup(child);
    throw e;
  }
  const wd = driver;
  let closed = false;
  return {
    name: 'webkit',
    goto: (url) => wd.get(url),
    // A read can race the page (a React re-render, the player's history entry); WebKitWebDriver
    // then answers a bare 'javascript error'. Reads have no side effects, so try them again.
    evaluate: async <T>(fnSource: string, arg?: unknown): Promise<T> => {
      const script = `return (${fnSource})(${JSON.stringify(arg ?? null)})`;
      for (let attempt = 1; ; attempt++) {
        try {
          return await wd.executeScript<T>(script);
        } catch (e) {
          if (attempt >= 3 || !(e instanceof error.WebDriverError)) throw e;
          console.log(`      (retrying a page read after ${describeError(e)})`);
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    },
    click: async (selector) => {
      // Waits until the target can take the click, as Playwright's actionability checks do: on
      // a busy machine a card found on home was still being laid out or scrolled into place
      // when WebDriver clicked it (ElementNotInteractableError).
      const deadline = Date.now() + scaledTimeout(10_000);
      for (;;) {
        try {
          // WebDriver scrolls a target only to the viewport's edge, where the fixed tab bar
          // covers it; centre it first, as a member's thumb would.
          const el = await wd.findElement(By.css(selector));
          await wd.executeScript('arguments[0].scrollIntoView({ block: "center" })', el);
          await el.click();
          return;
        } catch (e) {
          const notYet =
            e instanceof error.ElementNotInteractableError ||
            e instanceof error.ElementClickInterceptedError ||
            e instanceof error.StaleElementReferenceError;
          if (!notYet || Date.now() > deadline) throw e;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    },
    type: async (selector, text) => wd.findElement(By.css(selector)).sendKeys(text),
    url: () => wd.getCurrentUrl(),
    screenshot: async (file) => fs.writeFileSync(file, await wd.takeScreenshot(), 'base64'),
    close: async () => {
      if (closed) return;
      closed = true;
      await wd.quit().catch(() => undefined);
      await stopGroup(child);
    },
  };
}
