// The screens' tests (project `app`): Testing Library's `findBy…` and `waitFor` wait for what the
// screen shows, 1 s at most by default, which a busy machine running them at a low priority
// overran (a screen's loading, then its error, took longer to render). The limit is tuned on
// the reference machine and scaled to this one, as every other (scripts/lib/machine-speed.mjs).
import { focusManager, onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, vi } from 'vitest';
import { scaledTimeout } from './machine-speed.mjs';

configure({ asyncUtilTimeout: scaledTimeout(5000) });

/**
 * One process runs many screen files one after another (`isolate: false` in vite.config.ts: a
 * fresh process and jsdom per file was 60 % of the suite's CPU). What Vitest does between files
 * when it isolates them is done here after each file, so the next starts as if alone:
 * - the module mocks of this file are dropped and every app module is evaluated afresh (its
 *   stores, caches and `vi.mock`s), as `isolate: true` does between files in one process;
 * - the browser state the file leaves (storage, cookies, the document, the address, fake
 *   timers, stubbed globals) is emptied. Libraries loaded from node_modules (React, Testing
 *   Library) are shared, and hold no member state.
 */
/** The objects tests patch (a prototype's method, a window function): their own properties. */
type Snapshot = Map<object, Map<PropertyKey, PropertyDescriptor>>;
const patched = (): object[] =>
  typeof window === 'undefined'
    ? []
    : [
        window,
        navigator,
        document,
        EventTarget.prototype,
        Node.prototype,
        Element.prototype,
        HTMLElement.prototype,
        HTMLMediaElement.prototype,
        HTMLCanvasElement.prototype,
        HTMLInputElement.prototype,
        Document.prototype,
      ];
function snapshotOf(objects: object[]): Snapshot {
  return new Map(
    objects.map((o) => [
      o,
      new Map(Reflect.ownKeys(o).map((k) => [k, Object.getOwnPropertyDescriptor(o, k)!])),
    ]),
  );
}
const same = (a: PropertyDescriptor, b: PropertyDescriptor) =>
  a.value === b.value && a.get === b.get && a.set === b.set;
/** Puts back what a file changed; on prototypes, also removes what it added (a shadowing stub). */
function restore(snapshot: Snapshot): void {
  for (const [o, pristine] of snapshot) {
    const isPrototype = o !== window && o !== navigator && o !== document;
    for (const key of Reflect.ownKeys(o)) {
      const before = pristine.get(key);
      const now = Object.getOwnPropertyDescriptor(o, key)!;
      if (!before) {
        if (isPrototype && now.configurable) Reflect.deleteProperty(o, key);
      } else if (!same(before, now) && now.configurable) Object.defineProperty(o, key, before);
    }
  }
}
// Taken by the first file of each process, before any test has patched anything.
const holder = globalThis as { __pristineDom__?: Snapshot };
if (!holder.__pristineDom__?.size) holder.__pristineDom__ = snapshotOf(patched());

afterAll(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  (globalThis as { __vitest_mocker__?: { reset(): void } }).__vitest_mocker__?.reset();
  vi.resetModules();
  // TanStack Query's managers are module singletons of node_modules: a file that went offline
  // or lost focus must not leave the next one offline.
  onlineManager.setOnline(true);
  focusManager.setFocused(undefined);
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-theme');
  if (holder.__pristineDom__) restore(holder.__pristineDom__);
  window.history.replaceState(null, '', '/');
});
