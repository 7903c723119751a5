import { useId, useMemo, useState } from 'react';
import {
  GARDEN_LAYOUTS,
  GARDEN_PALETTES,
  gardenElement,
  swapElements,
  type GardenChoice,
  type GardenElement,
  type GardenElementKey,
  type GardenKind,
} from '../../domain/garden';
import { writeErrorText } from '../../lib/outbox/online-only';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { useSaveGarden } from './garden-api';
import { dayColours } from './palettes';
import styles from './Garden.module.css';

const KIND_WORDS: Record<GardenKind, string> = {
  plant: 'plants',
  stone: 'stones and ornaments',
  water: 'water',
  tree: 'trees',
  air: 'things in the air',
};

const sameChoice = (a: GardenChoice, b: GardenChoice) =>
  a.layout === b.layout && a.palette === b.palette && a.order.join() === b.order.join();

interface Props {
  /** What is saved (or waiting to sync): the starting point and what "undo" goes back to. */
  saved: GardenChoice;
  /** The member's unsaved changes, shown live in the picture above; null when there are none. */
  draft: GardenChoice | null;
  onDraft: (draft: GardenChoice | null) => void;
  /** The elements grown so far: only these can be moved. */
  grown: readonly GardenElement[];
}

/**
 * Garden customisation (level 6): a designed layout, a colour set, and swapping the places of
 * two things of one kind. Every change shows at once in the picture; nothing is kept until
 * "save my garden", which is queued in the outbox when offline.
 */
export function GardenCustomiser({ saved, draft, onDraft, grown }: Props) {
  const current = draft ?? saved;
  const save = useSaveGarden();
  const [said, setSaid] = useState('');
  const id = useId();
  const change = (next: GardenChoice) => {
    setSaid('');
    onDraft(sameChoice(next, saved) ? null : next);
  };

  const onSave = () =>
    save.mutate(current, {
      onSuccess: (sent) => {
        onDraft(null);
        setSaid(
          sent.queued
            ? 'Saved on this device: your garden syncs when you are back online.'
            : 'Saved. Your garden looks like this on your profile too.',
        );
      },
    });

  return (
    <div className={styles.customiser}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>layout</legend>
        <div className={styles.options}>
          {GARDEN_LAYOUTS.map((l) => (
            <label key={l.key} className={styles.option}>
              <input
                type="radio"
                name={`${id}-layout`}
                value={l.key}
                checked={current.layout === l.key}
                onChange={() => change({ ...current, layout: l.key })}
              />
              <span className={styles.optionText}>
                <span className={styles.optionName}>{l.name}</span>
                <span className={styles.optionHint}>{l.summary}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>colours</legend>
        <div className={styles.swatches}>
          {GARDEN_PALETTES.map((p) => {
            const c = dayColours(p.key);
            return (
              <label key={p.key} className={styles.swatch}>
                <input
                  type="radio"
                  name={`${id}-palette`}
                  value={p.key}
                  checked={current.palette === p.key}
                  onChange={() => change({ ...current, palette: p.key })}
                />
                <span className={styles.swatchText}>
                  <span className={styles.optionName}>{p.name}</span>
                  <span className={styles.swatchDots} aria-hidden="true">
                    {[c.skyTop, c.groundTop, c.leafDark, c.petalA].map((colour) => (
                      <span key={colour} style={{ background: colour }} />
                    ))}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <Arrangement current={current} grown={grown} onChange={change} />

      {save.isError && (
        <Alert>{writeErrorText(save.error, 'Your garden could not be saved just now.')}</Alert>
      )}
      <p className={styles.said} role="status">
        {draft ? 'This is a preview: save to keep it.' : said}
      </p>
      <div className={styles.actions}>
        <Button onClick={onSave} loading={save.isPending} disabled={!draft}>
          save my garden
        </Button>
        <Button variant="ghost" onClick={() => change(saved)} disabled={!draft || save.isPending}>
          undo changes
        </Button>
      </div>
    </div>
  );
}

/** Swap the places of two grown things of one kind (flowers with flowers, trees with trees). */
function Arrangement({
  current,
  grown,
  onChange,
}: {
  current: GardenChoice;
  grown: readonly GardenElement[];
  onChange: (c: GardenChoice) => void;
}) {
  const [a, setA] = useState<GardenElementKey | ''>('');
  const [b, setB] = useState<GardenElementKey | ''>('');
  const [moved, setMoved] = useState('');
  const movable = useMemo(
    () => grown.filter((e) => grown.some((o) => o.kind === e.kind && o.key !== e.key)),
    [grown],
  );
  const partners = a ? movable.filter((e) => e.kind === gardenElement(a).kind && e.key !== a) : [];
  const option = (e: GardenElement) => ({ value: e.key, label: `${e.name} (${KIND_WORDS[e.kind]})` });

  const swap = () => {
    if (!a || !b) return;
    onChange({ ...current, order: swapElements(current.order, a, b) });
    setMoved(`${gardenElement(a).name} and ${gardenElement(b).name} swapped places.`);
    setA('');
    setB('');
  };

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>arrangement</legend>
      {movable.length === 0 ? (
        <p className={styles.optionHint}>Once two things of a kind have grown, you can swap their places.</p>
      ) : (
        <>
          <p className={styles.optionHint}>
            Swap the places of two things of one kind: flowers with flowers, trees with trees.
          </p>
          <div className={styles.swapRow}>
            <Select
              label="move"
              placeholder="choose…"
              options={movable.map(option)}
              value={a}
              onChange={(e) => {
                setA(e.target.value as GardenElementKey | '');
                setB('');
                setMoved('');
              }}
            />
            <Select
              label="to the place of"
              placeholder={a ? 'choose…' : 'first choose what to move'}
              options={partners.map(option)}
              value={b}
              disabled={!a}
              onChange={(e) => setB(e.target.value as GardenElementKey | '')}
            />
          </div>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={swap} disabled={!a || !b}>
              swap places
            </Button>
          </div>
          <p className={styles.said} role="status">
            {moved}
          </p>
        </>
      )}
    </fieldset>
  );
}

export default GardenCustomiser;
