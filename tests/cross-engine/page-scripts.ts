// Functions that run inside the page, kept as source text: both drivers send them as strings,
// so they must be self-contained (no imports, no closures) and synchronous.

/**
 * Finds an element by CSS, by its label text or by a button's accessible name, marks it with
 * data-smoke=<id> and returns a CSS selector for the driver to click or type into; null while
 * it is missing or not laid out.
 */
export const FIND = `(q) => {
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim().toLowerCase();
  let el = null;
  if (q.css) el = document.querySelector(q.css);
  else if (q.label) {
    const label = [...document.querySelectorAll('label')].find((l) => norm(l.textContent) === norm(q.label));
    el = label ? label.control : null;
  } else if (q.button) {
    el = [...document.querySelectorAll('button')].find(
      (b) => norm(b.getAttribute('aria-label') || b.textContent) === norm(q.button),
    ) || null;
  }
  if (!el || !el.isConnected) return null;
  // The static first paint (server/lib/first-paint.ts) is inert until the app's first render
  // replaces it: a member cannot use it yet, and a mark put on it would vanish with it.
  if (el.closest('[inert]')) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  el.setAttribute('data-smoke', q.id);
  return '[data-smoke="' + q.id + '"]';
}`;

export const TEXT_OF = `(css) => { const el = document.querySelector(css); return el ? el.textContent : null; }`;

export const COUNT = `(css) => document.querySelectorAll(css).length`;

/** The player's <audio> clock, or null while there is no player. */
export const AUDIO_STATE = `() => {
  const a = document.querySelector('[data-testid=player-audio]');
  return a ? { t: a.currentTime, paused: a.paused, error: a.error ? a.error.code : null } : null;
}`;

/**
 * Replaces the microphone with a 220 Hz sawtooth (an A3 with every harmonic, like a voice)
 * sung with a 5.5 Hz, ±20 cent vibrato (a tone held dead still is a machine's, and the tuning
 * room says "We could not hear a voice" for it: docs/voice-feedback.md), from an OscillatorNode,
 * through a MediaStreamAudioDestinationNode: what getUserMedia gives, with a known pitch, in
 * every engine and with no sound card.
 */
export const FAKE_MICROPHONE = `() => {
  const fake = async () => {
    const ctx = new AudioContext();
    const osc = new OscillatorNode(ctx, { type: 'sawtooth', frequency: 220 });
    const vibrato = new OscillatorNode(ctx, { type: 'sine', frequency: 5.5 });
    vibrato.connect(new GainNode(ctx, { gain: 20 })).connect(osc.detune);
    const gain = new GainNode(ctx, { gain: 0.3 });
    const dest = ctx.createMediaStreamDestination();
    osc.connect(gain).connect(dest);
    vibrato.start();
    osc.start();
    ctx.resume().catch(() => undefined); // not awaited: without a sound output it never settles
    dest.stream.getAudioTracks()[0].addEventListener('ended', () => ctx.close());
    return dest.stream;
  };
  if (!navigator.mediaDevices) Object.defineProperty(navigator, 'mediaDevices', { value: {}, configurable: true });
  // Defined, not assigned: an assignment to a read-only or accessor getUserMedia fails silently
  // (sloppy mode), and the app would then ask the real, absent microphone ("No microphone was
  // found", seen once in WebKit). Defined on the instance and its prototype, then checked.
  const define = (target) => {
    try {
      Object.defineProperty(target, 'getUserMedia', { value: fake, configurable: true, writable: true });
    } catch {}
  };
  define(Object.getPrototypeOf(navigator.mediaDevices));
  define(navigator.mediaDevices);
  if (navigator.mediaDevices.getUserMedia !== fake) throw new Error('the fake microphone could not be installed');
  return true;
}`;

/** The live pitch readout (Hz) and the recorder's error box, if any. */
export const RECORDER_STATE = `() => {
  const pitch = document.querySelector('[data-testid=live-pitch]');
  const error = document.querySelector('[data-testid=recorder-error]');
  const hz = pitch ? Number(pitch.getAttribute('data-hz') || NaN) : NaN;
  return { hz: Number.isFinite(hz) ? hz : null, error: error ? error.textContent : null };
}`;
