import { isInstrumentalOnly, type Session } from '../sessions/session';

/** The listening room's filter chips (spec core §2); 'all' is the default. */
export const ROOM_CHIPS = [
  { value: 'all', label: 'all tracks' },
  { value: 'calm', label: 'calm & meditative' },
  { value: 'energized', label: 'uplifting & energized' },
  { value: 'healing', label: 'healing sounds' },
] as const;

export type RoomChip = (typeof ROOM_CHIPS)[number]['value'];

/**
 * The room lists the catalogue's instrumental-only tracks (no voice guide). A chip other than
 * 'all' keeps the tracks whose moods include its value.
 */
export function roomTracks(sessions: readonly Session[], chip: RoomChip): Session[] {
  const tracks = sessions.filter(isInstrumentalOnly);
  if (chip === 'all') return tracks;
  return tracks.filter((t) => t.moods.some((m) => m.trim().toLowerCase() === chip));
}
