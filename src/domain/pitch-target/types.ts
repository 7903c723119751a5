// The shapes of a pitch-matching target and of its result (issue 22). Pure data: the scorer,
// the command (`npm run analyse -- --target ...`) and the app all speak these.

/** One note of a target, as parsed by parseTarget (notes.ts). */
export interface TargetNote {
  /**
   * The note as written back in results: a scientific pitch name ("A3", "C#4", "Bb3"), the
   * frequency as a plain number ("220") when the target gave Hz, or "-" for a rest.
   */
  name: string;
  /** Target frequency in Hz; null for a rest. */
  hz: number | null;
  /** Duration in seconds (> 0). */
  seconds: number;
  /**
   * True when the pitch slides from this note to the next over this note's duration (written
   * with a trailing "~"). The target line then moves evenly in cents from `hz` to the next `hz`.
   */
  glide: boolean;
}

/** How one note of a take went. */
export interface NoteResult {
  /** The note as `NAME:seconds` ("A3:1", "-:0.5" for a rest, "A3:1~" for a glide). */
  target: string;
  /**
   * Median cents between the voice and the target over the note's held part (positive =
   * sharp; each frame averaged with its neighbours within ±50 ms first, score.ts), rounded to
   * 0.1; null when the note was not sung (and always for a rest).
   */
  centsOff: number | null;
  /**
   * Share (0-1) of the note's time the voice spent within ±50 cents of the target line,
   * rounded to 0.01; null for a rest.
   */
  heldFraction: number | null;
  /**
   * Milliseconds from the note's start until the voice arrived (stayed within ±50 cents for
   * 3 frames); null when it never did, and for a rest.
   */
  onsetMs: number | null;
}

/** A whole take against a target. */
export interface ExerciseResult {
  notes: NoteResult[];
  /** 0-100, the rule in SCORE_RULE_TEXT (score.ts); 0 for a target of rests only. */
  score: number;
}

/** One pitch reading of a take: seconds from the take's start, Hz or null when unvoiced. */
export interface PitchFrame {
  t: number;
  f0: number | null;
}
