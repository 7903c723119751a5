/**
 * The page `node scripts/bench-garden.mjs` loads in Chromium: the real garden scene, rendered
 * on demand at a level, layout and palette, and timed. Bundled by the script with esbuild.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { TIERS } from '../../src/domain/tiers';
import {
  DEFAULT_GARDEN_CHOICE,
  gardenStateFor,
  type GardenLayoutKey,
  type GardenPaletteKey,
} from '../../src/domain/garden';
import { GardenScene } from '../../src/features/garden/GardenScene';

interface RenderArgs {
  level: number;
  layout?: GardenLayoutKey;
  palette?: GardenPaletteKey;
  compact?: boolean;
}

const host = document.getElementById('root') as HTMLElement;
let root = createRoot(host);

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * Mounts a fresh garden and returns two times in ms: until React has committed it and the
 * browser has laid it out (`render`), and until the frame that shows it (`paint`).
 */
async function clearGarden() {
  root.unmount();
  root = createRoot(host);
  await nextPaint();
}

async function renderGarden({ level, layout, palette, compact }: RenderArgs) {
  const tokens = TIERS[level - 1]?.requiredTokens ?? 0;
  const choice = {
    ...DEFAULT_GARDEN_CHOICE,
    layout: layout ?? DEFAULT_GARDEN_CHOICE.layout,
    palette: palette ?? DEFAULT_GARDEN_CHOICE.palette,
  };
  const start = performance.now();
  flushSync(() =>
    root.render(
      <div
        style={{
          position: 'relative',
          aspectRatio: compact ? '360 / 204' : '360 / 240',
          borderRadius: 14,
          overflow: 'hidden',
        }}
      >
        <GardenScene state={gardenStateFor(tokens)} choice={choice} compact={compact} />
      </div>,
    ),
  );
  host.getBoundingClientRect();
  const render = performance.now() - start;
  await nextPaint();
  return { render, paint: performance.now() - start, shapes: host.querySelectorAll('svg *').length };
}

Object.assign(window, { renderGarden, clearGarden });
