/**
 * What the client build gives supabase-js in place of @supabase/realtime-js (vite.config.ts,
 * `realtimeUnused`). supabase-js builds its realtime client eagerly in createClient, but Tuneful
 * never opens a realtime channel (live circles use the server's own event stream,
 * /api/voice-circles/:id/live), and realtime-js with its Phoenix socket is 14 KB of the 42 KB
 * (brotli) a signed-in member downloads before home can render (issue 20's budget is 150 KB).
 * supabase-js calls setAuth on every sign-in, refresh and sign-out; those have nothing to update.
 * Opening a channel fails loudly, so a future use cannot silently receive nothing.
 */
export class RealtimeClient {
  readonly channels: never[] = [];

  setAuth(): Promise<void> {
    return Promise.resolve();
  }

  channel(topic: string): never {
    throw new Error(
      `Realtime channel "${topic}": realtime is not part of Tuneful's client build (see src/lib/realtime-unused.ts).`,
    );
  }

  getChannels(): never[] {
    return this.channels;
  }

  removeChannel(): Promise<'ok'> {
    return Promise.resolve('ok');
  }

  removeAllChannels(): Promise<'ok'[]> {
    return Promise.resolve([]);
  }
}
