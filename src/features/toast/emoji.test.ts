import { describe, expect, it } from 'vitest';
import { drawsColourEmoji, splitEmoji } from './emoji';

/** A fake 2D context whose drawn glyph has the given colour. */
function fakeCanvas(rgb: [number, number, number] | null) {
  const data = new Uint8ClampedArray(32 * 32 * 4);
  return {
    font: '',
    fillStyle: '#000' as string,
    textBaseline: 'alphabetic' as CanvasTextBaseline,
    clearRect: () => data.fill(0),
    fillText: () => {
      if (!rgb) return;
      for (let i = 0; i < 40; i += 4) data.set([...rgb, 255], 400 + i);
    },
    getImageData: () => ({ data }) as ImageData,
  };
}

describe('emoji in toasts', () => {
  it('splits text into plain runs and emoji', () => {
    expect(splitEmoji('Saved ✨')).toEqual([
      { text: 'Saved ', emoji: false },
      { text: '✨', emoji: true },
    ]);
    expect(splitEmoji('no emoji here')).toEqual([{ text: 'no emoji here', emoji: false }]);
    expect(splitEmoji('❤️ and 🎵')).toEqual([
      { text: '❤️', emoji: true },
      { text: ' and ', emoji: false },
      { text: '🎵', emoji: true },
    ]);
  });

  it('counts a colour glyph as an emoji font, and a grey box or nothing as none', () => {
    expect(drawsColourEmoji(fakeCanvas([250, 200, 40]))).toBe(true);
    expect(drawsColourEmoji(fakeCanvas([0, 0, 0]))).toBe(false);
    expect(drawsColourEmoji(fakeCanvas(null))).toBe(false);
  });
});
