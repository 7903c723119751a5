import type { OutboxItem } from '../../lib/outbox/outbox';
import { countText } from '../../lib/plural';

/** How a queued write is named in the "Waiting to sync" list and its discard dialog. */
export interface WriteText {
  /** What it is, e.g. 'Completed “Morning hum”'. */
  title: string;
  /** The member's own words, for reflections (shortened). */
  excerpt: string | null;
  /** What discarding it loses, said plainly. */
  lost: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

function shorten(text: string | null, max = 120): string | null {
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export function describeWrite(item: OutboxItem): WriteText {
  const body = (item.body ?? {}) as Record<string, unknown>;
  const title = str(body.title);
  switch (item.kind) {
    case 'completion':
    case 'template-session':
      return {
        title: title ? `Completed “${title}”` : 'A completed session',
        excerpt: null,
        lost: 'The session will not count: no tone tokens and no streak day for it.',
      };
    case 'echo':
      return {
        title: 'An echo',
        excerpt: null,
        lost: 'The echo will not be sent.',
      };
    case 'reflection':
      return {
        title: 'A reflection to share with the community',
        excerpt: shorten(str(body.reflectionText)),
        lost: 'Your reflection will not be shared, and its words will be gone.',
      };
    case 'private-reflection':
      return {
        title: 'A private reflection',
        excerpt: shorten(str(body.reflection_text)),
        lost: 'Your reflection will not be saved, and its words will be gone.',
      };
    case 'mood':
      return {
        title: 'A mood entry',
        excerpt: shorten(str(body.notes)),
        lost: 'The mood entry will not be saved.',
      };
    case 'vitals':
      return {
        title: 'A biometric reading',
        excerpt: null,
        lost: 'The reading will not be saved.',
      };
    case 'goal':
      return {
        title: title ? `A voice goal: ${title}` : 'A voice goal',
        excerpt: shorten(str(body.description)),
        lost: 'The goal will not be saved.',
      };
    case 'enrolment':
      return { title: 'Joining a program', excerpt: null, lost: 'You will not be enrolled.' };
    case 'unenrolment':
      return { title: 'Leaving a program', excerpt: null, lost: 'You stay enrolled.' };
    case 'circle-practice':
      return {
        title: "A circle's weekly practice",
        excerpt: null,
        lost: 'The circle will not see that you practised this week.',
      };
    case 'voice-analysis':
      return {
        title: 'A voice analysis',
        excerpt: null,
        lost: 'The analysis will not be kept in your voice history.',
      };
    case 'tuning-recording':
      return {
        title: 'A recording in the tuning room',
        excerpt: null,
        lost: 'Its practice minutes will not count.',
      };
    case 'voice-assessment':
      return {
        title: 'A voice assessment',
        excerpt: null,
        lost: 'The assessment will not be kept in your voice health.',
      };
    case 'voice-range':
      return {
        title: 'A range check',
        excerpt: null,
        lost: 'The range will not be kept in your voice health.',
      };
    case 'pitch-result':
      return {
        title: 'A pitch-matching result',
        excerpt: null,
        lost: 'The result will not be kept in your pitch accuracy, and its minutes will not count.',
      };
    case 'check-in':
      return {
        title: "Today's check-in",
        excerpt: shorten(str(body.note)),
        lost: 'The check-in will not be saved.',
      };
    case 'feeling':
      return {
        title: body.phase === 'before' ? 'How you felt before practice' : 'How you felt after practice',
        excerpt: str(body.emotion),
        lost: 'The feeling will not be saved with that practice.',
      };
    case 'challenge':
      return {
        title: str(body.name) ? `A challenge: ${str(body.name)}` : 'A challenge you set',
        excerpt: null,
        lost: 'The challenge will not be set.',
      };
    case 'challenge-join':
      return { title: 'Joining a challenge', excerpt: null, lost: 'You will not join the challenge.' };
    case 'challenge-leave':
      return { title: 'Leaving a challenge', excerpt: null, lost: 'You stay in the challenge.' };
    case 'challenge-delete':
      return { title: 'Deleting a challenge', excerpt: null, lost: 'The challenge stays.' };
    case 'mentor-offer':
      return {
        title: 'Your offer to mentor',
        excerpt: null,
        lost: 'Your offer stays as it was before this change.',
      };
    case 'mentor-note':
      return {
        title: 'A note to your mentoring partner',
        excerpt: shorten(str(body.body)),
        lost: 'The note will not be sent.',
      };
    case 'mentor-end':
      return { title: 'Ending a mentoring pairing', excerpt: null, lost: 'The pairing goes on.' };
    case 'circle-prompt':
      return {
        title: 'A weekly prompt for your circle',
        excerpt: shorten(str(body.prompt)),
        lost: 'The prompt will not be pinned.',
      };
    case 'circle-prompt-clear':
      return { title: 'Taking down a circle’s prompt', excerpt: null, lost: 'The prompt stays pinned.' };
    case 'teaching-application':
      return {
        title: 'Your teaching application',
        excerpt: shorten(str(body.statement)),
        lost: 'Your application will not reach the team.',
      };
    case 'class-view':
      return { title: 'A class you opened', excerpt: null, lost: 'The class will not count as viewed.' };
    case 'onboarding':
      return {
        title: 'Your onboarding answers',
        excerpt: null,
        lost: 'Your answers will not be saved, and you may be asked them again.',
      };
    case 'garden':
      return {
        title: 'Your garden’s layout and colours',
        excerpt: null,
        lost: 'Your garden keeps the layout and colours it had before.',
      };
    case 'reminder-settings':
      return {
        title: 'Your practice reminder settings',
        excerpt: null,
        lost: 'Your reminders stay as they were before this change.',
      };
    case 'onboarding-skip':
      return {
        title: 'Skipping the questionnaire',
        excerpt: null,
        lost: 'Another device may offer you the questionnaire again.',
      };
    case 'voice-note-keep':
      return {
        title: title ? `Keeping “${title}” in your account` : 'Keeping a voice note in your account',
        excerpt: null,
        lost: 'The note stays on this device only; it will not be in your account.',
      };
    case 'echoverse-echo':
      return { title: 'An echo in the Echoverse', excerpt: null, lost: 'The echo will not be sent.' };
    case 'echoverse-report':
      return {
        title: 'A report of a note in the Echoverse',
        excerpt: shorten(str(body.reason)),
        lost: 'The note will not be reported.',
      };
    default:
      return { title: 'Something you saved offline', excerpt: null, lost: 'It will not be sent.' };
  }
}

/** "26 Nov, 10:31" in the member's locale and zone. */
export function madeAt(iso: string, locale?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** "Not tried yet", "1 try", "3 tries". */
export function triesText(attempts: number): string {
  if (attempts <= 0) return 'Not tried yet';
  return countText(attempts, 'try', 'tries');
}
