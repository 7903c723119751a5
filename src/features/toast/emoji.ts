/**
 * Toasts carry an emoji now and then ('Saved ✨'). Where no emoji font is installed (many Linux
 * desktops, some kiosks) the browser draws an empty box instead (issue 8). The emoji is then
 * hidden visually but kept in the text, so screen readers still read it.
 */
const EMOJI = /(\p{Extended_Pictographic}\uFE0F?)/u;

/** Splits text into plain runs and single emoji, in order. */
export function splitEmoji(text: string): { text: string; emoji: boolean }[] {
  return text
    .split(EMOJI)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, emoji: EMOJI.test(part) }));
}

type Ctx = Pick<CanvasRenderingContext2D, 'fillText' | 'getImageData' | 'clearRect'> & {
  font: string;
  fillStyle: string | CanvasGradient | CanvasPattern;
  textBaseline: CanvasTextBaseline;
};

/**
 * True when an emoji draws in colour: a colour emoji font exists. Drawn in black, a glyph from
 * a colour font has coloured pixels; a missing glyph's box or a plain symbol font has none.
 */
export function drawsColourEmoji(ctx: Ctx, sample = '✨'): boolean {
  ctx.clearRect(0, 0, 32, 32);
  ctx.font = '24px sans-serif';
  ctx.textBaseline = 'top';
  ctx.fillStyle = '#000';
  ctx.fillText(sample, 0, 0);
  const { data } = ctx.getImageData(0, 0, 32, 32);
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
    if (a > 0 && (Math.abs(r - g) > 16 || Math.abs(g - b) > 16 || Math.abs(r - b) > 16)) return true;
  }
  return false;
}

let cached: boolean | null = null;

/** Measured once per page; without a canvas (tests, old engines) emoji are left as they are. */
export function emojiSupported(): boolean {
  if (cached !== null) return cached;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 32;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    cached = ctx ? drawsColourEmoji(ctx) : true;
  } catch {
    cached = true;
  }
  return cached;
}
