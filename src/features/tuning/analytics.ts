// A tiny analytics event bus (spec: a 'voice_end' event is raised on stop; its transport is
// not shown). Events are logged and handed to subscribers; nothing is sent anywhere, so no
// recording detail leaves the device.

export type TuningEvent =
  | { name: 'voice_start'; at: number }
  | { name: 'voice_end'; at: number; durationSec: number; analysed: boolean }
  | { name: 'voice_error'; at: number; kind: string };

type Listener = (event: TuningEvent) => void;
const listeners = new Set<Listener>();

export function track(event: TuningEvent): void {
  console.info('[analytics]', event.name, event);
  for (const listener of listeners) listener(event);
}

export function onTrack(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
