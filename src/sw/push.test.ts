import { describe, expect, it, vi } from 'vitest';
import { onNotificationClick, onPush, safeUrl, type PushScope, type WindowClientLike } from './push';

const ORIGIN = 'https://tuneful.example.org';

function scope(windows: WindowClientLike[] = []) {
  const shown: { title: string; options: NotificationOptions & { data?: unknown } }[] = [];
  const opened: string[] = [];
  const s: PushScope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title, options) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url) => {
        opened.push(url);
        return null;
      },
    },
  };
  return { s, shown, opened };
}

/** Runs a handler and waits for what it handed to waitUntil, as the browser would. */
async function dispatch<E extends { waitUntil(p: Promise<unknown>): void }>(
  handler: (e: E, s: PushScope) => void,
  event: Omit<E, 'waitUntil'>,
  s: PushScope,
) {
  const pending: Promise<unknown>[] = [];
  handler({ ...event, waitUntil: (p: Promise<unknown>) => void pending.push(p) } as unknown as E, s);
  expect(pending).toHaveLength(1);
  await Promise.all(pending);
}

const pushData = (value: unknown) => ({ json: () => value, text: () => JSON.stringify(value) });

function windowAt(url: string, focused = false) {
  return {
    url,
    focused,
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(async () => undefined),
  };
}

describe('a push event', () => {
  it('shows the reminder as a notification that remembers its link', async () => {
    const { s, shown } = scope();
    await dispatch(
      onPush,
      {
        data: pushData({
          title: 'Time for your voice practice',
          body: "Today's suggestion: Breath and hum (7 min).",
          url: `${ORIGIN}/reminders/suggestion?session=5`,
          tag: 'tuneful-reminder',
        }),
      },
      s,
    );
    expect(shown).toEqual([
      {
        title: 'Time for your voice practice',
        options: expect.objectContaining({
          body: "Today's suggestion: Breath and hum (7 min).",
          tag: 'tuneful-reminder',
          icon: '/icons/icon-192.png',
          data: { url: `${ORIGIN}/reminders/suggestion?session=5` },
        }),
      },
    ]);
  });

  it('still shows words when the push has no data or text that is not JSON', async () => {
    const { s, shown } = scope();
    await dispatch(onPush, { data: null }, s);
    await dispatch(onPush, { data: { json: () => JSON.parse('not json'), text: () => 'Practise now' } }, s);
    expect(shown.map((n) => [n.title, n.options.body, n.options.data])).toEqual([
      ['Time for your voice practice', 'Open Tuneful for today’s session.', { url: `${ORIGIN}/home` }],
      ['Time for your voice practice', 'Practise now', { url: `${ORIGIN}/home` }],
    ]);
  });
});

describe('a click on the notification', () => {
  const click = (url: unknown) => {
    const close = vi.fn();
    return { event: { notification: { data: { url }, close } }, close };
  };

  it('focuses a window already on the suggested page', async () => {
    const there = windowAt(`${ORIGIN}/reminders/suggestion?session=5`);
    const elsewhere = windowAt(`${ORIGIN}/home`, true);
    const { s, opened } = scope([elsewhere, there]);
    const { event, close } = click(`${ORIGIN}/reminders/suggestion?session=5`);
    await dispatch(onNotificationClick, event, s);
    expect(close).toHaveBeenCalled();
    expect(there.focus).toHaveBeenCalled();
    expect(elsewhere.navigate).not.toHaveBeenCalled();
    expect(opened).toEqual([]);
  });

  it('moves an open Tuneful window to the page, or opens one when none is open', async () => {
    const home = windowAt(`${ORIGIN}/home`, true);
    const other = windowAt('https://elsewhere.example.com/');
    const a = scope([other, home]);
    await dispatch(onNotificationClick, click(`${ORIGIN}/voice-circles/7`).event, a.s);
    expect(home.navigate).toHaveBeenCalledWith(`${ORIGIN}/voice-circles/7`);
    expect(home.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();

    const b = scope([]);
    await dispatch(onNotificationClick, click(`${ORIGIN}/reminders/suggestion?session=5`).event, b.s);
    expect(b.opened).toEqual([`${ORIGIN}/reminders/suggestion?session=5`]);
  });

  it('opens a new window when the open one cannot be moved', async () => {
    const stuck = windowAt(`${ORIGIN}/discover`);
    stuck.navigate.mockRejectedValue(new TypeError('not controlled'));
    const { s, opened } = scope([stuck]);
    await dispatch(onNotificationClick, click('/home').event, s);
    expect(opened).toEqual([`${ORIGIN}/home`]);
  });

  it('never leaves the app: another origin or scheme opens the same path here, or home', () => {
    expect(safeUrl('https://evil.example.com/reminders?x=1', ORIGIN)).toBe(`${ORIGIN}/reminders?x=1`);
    expect(safeUrl('javascript:alert(1)', ORIGIN)).toBe(`${ORIGIN}/home`);
    expect(safeUrl(undefined, ORIGIN)).toBe(`${ORIGIN}/home`);
    expect(safeUrl('/voice-circles/3', ORIGIN)).toBe(`${ORIGIN}/voice-circles/3`);
  });
});
