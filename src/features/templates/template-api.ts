import type { QueryClient } from '@tanstack/react-query';
import { badgesOf, streakRewardsOf, type EarnedBadge, type EarnedStreakReward } from '../rewards/earned';
import { sendOrQueue } from '../../lib/outbox/offline-writes';
import { useQuery } from '@tanstack/react-query';
import { refreshAfterCompletion } from '../player/player-api';

/** GET /api/session-templates (server/api/templates/present.ts). */
export interface TemplateSummary {
  id: number;
  slug: string;
  title: string;
  description: string;
  category: string;
  /** Seconds. */
  duration: number;
  difficulty: string;
  voiceLevel: string;
  steps: number;
}

export interface TemplateStep {
  text: string;
  /** Seconds. */
  duration: number;
  /** URL of the spoken instruction. */
  cue: string;
  /** A step sung to a target: the pitch exercise's id (src/domain/pitch-target/exercises.ts). */
  exercise?: string;
}

/** GET /api/voice-sessions/{templateId}: the spec's session template plus id, slug and cues. */
export interface SessionTemplate extends Omit<TemplateSummary, 'steps'> {
  instructions: TemplateStep[];
}

export interface SaveResult {
  id: number;
  templateId: number;
  /**
   * A session (tokens, streak day, "sessions"), or partial practice: less than half the plan,
   * whose minutes count and nothing else (src/domain/practice.ts, server/api/templates).
   */
  counted: boolean;
  isFirstSession: boolean;
  practisedSec: number;
  plannedSec: number;
  requiredSec: number;
  tokensAwarded: number;
  totalTokens: number;
  /** What this save earned besides tokens: its badges and streak rewards, listed by the completed phase. */
  newBadges: EarnedBadge[];
  streakRewards: EarnedStreakReward[];
}

export function useTemplates() {
  return useQuery<TemplateSummary[]>({ queryKey: ['/api/session-templates'] });
}

/** A malformed id is not fetched at all: the screen shows 'Session not found' at once. */
export function useTemplate(templateId: number | null) {
  return useQuery<SessionTemplate>({
    queryKey: [`/api/voice-sessions/${templateId ?? ''}`],
    enabled: templateId !== null,
  });
}

/** The route parameter as a template id, or null when it cannot be one. */
export function parseTemplateId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

export interface SaveInput {
  template: SessionTemplate;
  userId: string;
  activeSec: number;
  maxLevel: number;
  completed: boolean;
}

/**
 * POST /api/sessions: the spec's session-save payload plus templateId and the member's zone.
 * Offline it waits in the outbox (with when it happened) and resolves null.
 */
export async function saveTemplateSession(input: SaveInput, client: QueryClient): Promise<SaveResult | null> {
  const { template } = input;
  const body = {
    templateId: template.id,
    userId: input.userId,
    title: template.title,
    description: template.description,
    category: template.category,
    duration: Math.max(0, Math.round(input.activeSec)),
    difficulty: template.difficulty,
    voiceLevel: template.voiceLevel,
    rating: 5,
    audioData: { maxLevel: Math.min(1, Math.max(0, input.maxLevel)), completed: input.completed },
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  };
  const sent = await sendOrQueue('template-session', '/api/sessions', body, { stamp: true });
  if (sent.queued) return null;
  const raw = (await sent.response.json()) as SaveResult;
  const result = {
    ...raw,
    newBadges: badgesOf(raw.newBadges),
    streakRewards: streakRewardsOf(raw.streakRewards),
  };
  // Spec: a save refreshes the member's sessions, dashboard and progress.
  await refreshAfterCompletion(client);
  return result;
}
