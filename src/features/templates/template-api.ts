import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api';
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
}

/** GET /api/voice-sessions/{templateId}: the spec's session template plus id, slug and cues. */
export interface SessionTemplate extends Omit<TemplateSummary, 'steps'> {
  instructions: TemplateStep[];
}

export interface SaveResult {
  id: number;
  templateId: number;
  tokensAwarded: number;
  totalTokens: number;
  newBadges: { id: string; name: string }[];
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

/** POST /api/sessions: the spec's session-save payload plus templateId and the member's zone. */
export async function saveTemplateSession(input: SaveInput, client: QueryClient): Promise<SaveResult> {
  const { template } = input;
  const result = await apiJson<SaveResult>('POST', '/api/sessions', {
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
  });
  // Spec: a save refreshes the member's sessions, dashboard and progress.
  await refreshAfterCompletion(client);
  return result;
}
