import { vi } from 'vitest';

/**
 * The text of an element once it has some. A live status region (`aria-live`) is in the
 * document before it says anything, so `findBy…` returns it empty; on a busy machine the words
 * arrive a render later. Waits (with the setup's machine-scaled timeout) for the first words.
 */
export async function nonEmptyText(found: Promise<HTMLElement>): Promise<string> {
  const element = await found;
  return vi.waitFor(() => {
    const text = element.textContent ?? '';
    if (text === '') throw new Error('the element has no text yet');
    return text;
  });
}
