import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../app-env';

interface PendingRow {
  session_id: number;
  percent: number;
  voice_ready: number | null;
  instrumental_ready: number | null;
}

/**
 * GET /catalogue-audio  200 {ready, sessions: [{sessionId, percent, voiceReady, instrumentalReady}]}
 *
 * The demo catalogue's audio that is still being rendered (first start renders it in the
 * background after the server is ready). Only sessions with a file not ready yet are listed, so
 * a fully rendered catalogue answers `{ready: true, sessions: []}`; `percent` is the share of
 * the session's render done (both of its files come from one job). Public like the catalogue
 * itself: it says nothing about any member. Never cached, as clients poll it.
 */
export function catalogueAudioRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  // The flags are CASE … THEN 1 ELSE 0 (not a boolean expression), so max() works in both
  // dialects and yields 1, 0 or NULL (no file of that variant).
  const PENDING = `SELECT session_id,
      min(percent) AS percent,
      max(CASE WHEN variant = 'voice' THEN (CASE WHEN ready_at IS NOT NULL THEN 1 ELSE 0 END) END) AS voice_ready,
      max(CASE WHEN variant = 'instrumental' THEN (CASE WHEN ready_at IS NOT NULL THEN 1 ELSE 0 END) END)
        AS instrumental_ready
    FROM catalogue_audio
    WHERE session_id IN (SELECT session_id FROM catalogue_audio WHERE ready_at IS NULL)
    GROUP BY session_id ORDER BY session_id`;

  r.get('/catalogue-audio', async (c) => {
    const rows = await deps.sql.all<PendingRow>(PENDING);
    c.header('Cache-Control', 'no-store');
    return c.json({
      ready: rows.length === 0,
      sessions: rows.map((row) => ({
        sessionId: row.session_id,
        // A ready file counts as done even while its sibling is still encoding.
        percent: row.percent,
        voiceReady: row.voice_ready === 1,
        instrumentalReady: row.instrumental_ready !== 0,
      })),
    });
  });
  return r;
}
