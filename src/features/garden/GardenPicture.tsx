import { lazy, Suspense, type ReactNode } from 'react';
import type { GardenSceneProps } from './GardenScene';
import { labelVars } from './label-colours';
import styles from './Garden.module.css';

// The drawing is its own chunk: the journey's and the profile's text paint first.
const GardenScene = lazy(() => import('./GardenScene'));

/**
 * The garden's frame: the picture, loaded when first shown, with the label (the tier's name)
 * over its sky. The frame keeps the picture's shape while it loads, or while `pending` (the
 * member's own layout is not known yet), so nothing jumps, and the label is there from the
 * start (it stays one element, so focus on it survives the picture's arrival). `sticky` keeps
 * it in view while the member scrolls through the customiser below it: the preview is live.
 */
export function GardenPicture({
  pending = false,
  label,
  sticky = false,
  ...props
}: GardenSceneProps & { pending?: boolean; label?: ReactNode; sticky?: boolean }) {
  const classes = [styles.frame, props.compact ? styles.frameCompact : '', sticky ? styles.sticky : ''];
  return (
    <div className={classes.join(' ')} style={labelVars}>
      {!pending && (
        <Suspense fallback={null}>
          <GardenScene {...props} />
        </Suspense>
      )}
      {label && <div className={styles.label}>{label}</div>}
    </div>
  );
}
