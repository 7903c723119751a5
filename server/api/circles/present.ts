import { z } from 'zod';
import { currentOrNextStart, type TemplateStep } from '../../../src/domain/circles';
import { ApiError } from '../../lib/http';
import type { CircleRow, TemplateRow } from './repository';

/** The spec's voice circle, plus what the screens need to act on it. */
export interface VoiceCircle {
  id: number;
  name: string;
  description: string;
  sessionType: 'real_time' | 'asynchronous';
  currentParticipants: number;
  maxParticipants: number;
  duration: number;
  /** The live session running now or next (UTC ISO); null for asynchronous circles. */
  scheduledTime: string | null;
  /**
   * The member's own zone (the one the server keeps for them): the app tells the schedule and
   * the next session in it, so the two (and a name like "… Tuesdays") agree on the day.
   */
  timeZone: string;
  focusArea: string;
  skillLevel: string;
  isPrivate: boolean;
  isMember: boolean;
  isCreator: boolean;
  /** Only for the creator of a private circle: the link that lets others join. */
  inviteUrl?: string;
}

export function nextStartMs(row: Pick<CircleRow, 'scheduled_time' | 'duration_min'>, nowMs: number) {
  if (row.scheduled_time === null) return null;
  return currentOrNextStart(Date.parse(row.scheduled_time), row.duration_min, nowMs);
}

export function inviteUrl(publicUrl: string, row: Pick<CircleRow, 'id' | 'invite_code'>): string {
  return `${publicUrl.replace(/\/$/, '')}/voice-circles/${row.id}?invite=${row.invite_code}`;
}

export function presentCircle(
  row: CircleRow,
  me: string,
  nowMs: number,
  publicUrl: string,
  timeZone: string,
): VoiceCircle {
  const next = nextStartMs(row, nowMs);
  const isCreator = row.creator_id === me;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sessionType: row.session_type,
    currentParticipants: row.current_participants,
    maxParticipants: row.max_participants,
    duration: row.duration_min,
    scheduledTime: next === null ? null : new Date(next).toISOString(),
    timeZone,
    focusArea: row.focus_area,
    skillLevel: row.skill_level,
    isPrivate: row.is_private === 1,
    isMember: row.is_member === 1,
    isCreator,
    ...(isCreator && row.is_private === 1 ? { inviteUrl: inviteUrl(publicUrl, row) } : {}),
  };
}

const stepsSchema = z.array(
  z.object({ text: z.string().min(1), duration: z.number().int().positive().max(3600) }),
);

/** A template's steps; a row whose JSON does not match reads as no steps rather than a 500. */
export function stepsOf(template: TemplateRow | undefined): TemplateStep[] {
  if (!template) return [];
  try {
    const parsed = stepsSchema.safeParse(JSON.parse(template.instructions_json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** First names only, as the pulse shows them. */
export function firstNameOf(raw: string): string {
  return raw.trim().split(/\s+/)[0] || 'A member';
}

/**
 * Why a circle is out of the caller's sight. A private one says so plainly (a non-member on its
 * live session or its page learns it is private and how to get in), and nothing more: not its
 * name, host or members. Still 404, as for a circle that does not exist.
 */
export function unseenCircle(row: Pick<CircleRow, 'is_private'> | undefined): ApiError {
  if (row?.is_private === 1)
    return new ApiError(
      404,
      'circle_private',
      'This circle is private: only its members can see it. A member can send you its invite link.',
    );
  return new ApiError(404, 'circle_not_found', 'There is no circle with this id.');
}
