import { useId, useMemo } from 'react';
import { describeGarden, type GardenChoice, type GardenState } from '../../domain/garden';
import { GardenElementShape } from './elements';
import { placeElements, VIEW_H, VIEW_W } from './layouts';
import { paletteCss } from './palettes';
import { DriftingPetal, Land, Sky } from './scenery';
import styles from './GardenScene.module.css';

export interface GardenSceneProps {
  state: GardenState;
  choice: GardenChoice;
  /** The profile's smaller view: no motion, a shorter crop. */
  compact?: boolean;
}

/**
 * The member's garden, drawn: a designed scene (sky, light, hills, meadow) with every element
 * grown up to their level in the places of their chosen layout, in their chosen palette, by
 * day or (prefers-color-scheme: dark) by night. One `role="img"` whose name says in words what
 * grows and what comes next. Plain SVG from data: about 200 shapes at level 10.
 */
export function GardenScene({ state, choice, compact = false }: GardenSceneProps) {
  const id = `garden-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const grown = useMemo(() => new Set(state.elements.map((e) => e.key)), [state.elements]);
  const placed = useMemo(() => placeElements(choice, grown), [choice, grown]);
  const css = useMemo(() => paletteCss(`#${id}`, choice.palette), [id, choice.palette]);
  const viewBox = compact ? `0 36 ${VIEW_W} ${VIEW_H - 36}` : `0 0 ${VIEW_W} ${VIEW_H}`;
  return (
    <div
      id={id}
      className={`${styles.scene} ${compact ? '' : styles.full}`}
      data-palette={choice.palette}
      data-layout={choice.layout}
      data-tier={state.tier}
    >
      <style>{css}</style>
      <svg
        role="img"
        aria-label={describeGarden(state)}
        viewBox={viewBox}
        preserveAspectRatio="xMidYMid slice"
        className={styles.svg}
      >
        <Sky id={id} />
        <Land id={id} tier={state.tier} layout={choice.layout} />
        {placed.map((p) => (
          <GardenElementShape key={p.key} elementKey={p.key} slot={p.slot} />
        ))}
        {!compact && <DriftingPetal tier={state.tier} />}
      </svg>
    </div>
  );
}

export default GardenScene;
