import { useEffect, useRef, useState } from 'react';
import { apiRequest, ApiRequestError } from '../../lib/api';
import type { LivePhase, TemplateStep } from '../../domain/circles';
import { parseSse } from './sse';

/** The server's `state` event (server/api/circles/live.ts). */
export interface LiveState {
  sessionId: string;
  circleId: number;
  title: string;
  templateId: number | null;
  templateTitle: string;
  startTime: string;
  endTime: string;
  serverTime: string;
  phase: LivePhase;
  stepIndex: number;
  stepCount: number;
  stepStartedAt: string;
  stepEndsAt: string;
  steps: TemplateStep[];
  present: string[];
}

export type LiveStatus = 'connecting' | 'open' | 'ended' | 'refused';

const RECONNECT_MS = 2000;

/**
 * Follows a circle's live session over server-sent events. fetch (not EventSource) so the
 * bearer token travels in a header, never in the URL. `clockOffset` is server minus device
 * time, so a device with a wrong clock still shows the server's step. A dropped stream
 * reconnects; a refusal (not a member, not open yet, too many streams) is shown as it is.
 */
export function useLiveSession(circleId: number, attempt: number) {
  const [state, setState] = useState<LiveState | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [message, setMessage] = useState<string | null>(null);
  /** The refusal's code (not_a_member, circle_private, not_open…): the screen answers each in words. */
  const [code, setCode] = useState<string | null>(null);
  const clockOffset = useRef(0);

  useEffect(() => {
    let stopped = false;
    let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
    let retry: number | undefined;

    const run = async () => {
      setStatus('connecting');
      let ended = false;
      try {
        const res = await apiRequest('GET', `/api/voice-circles/${circleId}/live`);
        reader = res.body?.getReader() ?? null;
        if (stopped) return void reader?.cancel();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const chunk = await reader?.read();
          if (!chunk || chunk.done) break;
          const parsed = parseSse(buffer + decoder.decode(chunk.value, { stream: true }));
          buffer = parsed.rest;
          for (const e of parsed.events) {
            if (e.event === 'state') {
              const next = JSON.parse(e.data) as LiveState;
              clockOffset.current = Date.parse(next.serverTime) - Date.now();
              setState(next);
              setStatus('open');
            } else if (e.event === 'end') ended = true;
          }
        }
      } catch (err) {
        if (stopped) return;
        if (err instanceof ApiRequestError && err.status < 500) {
          setMessage(err.serverMessage);
          setCode(err.serverCode);
          setStatus('refused');
          return;
        }
        console.warn('The live session stream dropped', err);
      }
      if (stopped) return;
      if (ended) return setStatus('ended');
      retry = window.setTimeout(() => void run(), RECONNECT_MS);
    };
    void run();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      void reader?.cancel().catch(() => {});
    };
  }, [circleId, attempt]);

  return { state, status, message, code, clockOffset };
}
