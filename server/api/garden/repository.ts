import type { SqlExecutor } from '../../db/sql';
import {
  DEFAULT_GARDEN_CHOICE,
  GARDEN_LAYOUT_KEYS,
  GARDEN_PALETTE_KEYS,
  orderProblem,
  type GardenChoice,
  type GardenElementKey,
  type GardenLayoutKey,
  type GardenPaletteKey,
} from '../../../src/domain/garden';

interface Row {
  layout: string;
  palette: string;
  element_order: string;
  chosen_at: string;
}

/** The answer of GET and PUT /api/garden. `chosenAt` is null for a garden never customised. */
export interface StoredGarden extends GardenChoice {
  chosenAt: string | null;
}

/**
 * A stored row, read defensively: a key a later release removed, or an order that no longer
 * lists every element, falls back to the default for that part instead of breaking the garden.
 */
function present(r: Row): StoredGarden {
  let order: unknown = null;
  try {
    order = JSON.parse(r.element_order);
  } catch {
    order = null;
  }
  const orderOk = Array.isArray(order) && order.every((k) => typeof k === 'string') && !orderProblem(order);
  return {
    layout: (GARDEN_LAYOUT_KEYS as string[]).includes(r.layout)
      ? (r.layout as GardenLayoutKey)
      : DEFAULT_GARDEN_CHOICE.layout,
    palette: (GARDEN_PALETTE_KEYS as string[]).includes(r.palette)
      ? (r.palette as GardenPaletteKey)
      : DEFAULT_GARDEN_CHOICE.palette,
    order: orderOk ? (order as GardenElementKey[]) : [...DEFAULT_GARDEN_CHOICE.order],
    chosenAt: r.chosen_at,
  };
}

export function createGardenRepository(sql: SqlExecutor) {
  return {
    async read(userId: string): Promise<StoredGarden> {
      const row = await sql.get<Row>(
        'SELECT layout, palette, element_order, chosen_at FROM garden_choices WHERE user_id = ?',
        [userId],
      );
      return row
        ? present(row)
        : { ...DEFAULT_GARDEN_CHOICE, order: [...DEFAULT_GARDEN_CHOICE.order], chosenAt: null };
    },

    /**
     * Keeps the choice unless the stored one was made later (a choice queued offline and sent
     * after a newer one from another device): one conditional upsert, never read-then-write.
     * Returns what is stored afterwards.
     */
    async save(userId: string, choice: GardenChoice, chosenAt: string, now: string): Promise<StoredGarden> {
      await sql.run(
        `INSERT INTO garden_choices (user_id, layout, palette, element_order, chosen_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET layout = excluded.layout, palette = excluded.palette,
           element_order = excluded.element_order, chosen_at = excluded.chosen_at,
           updated_at = excluded.updated_at
         WHERE garden_choices.chosen_at <= excluded.chosen_at`,
        [userId, choice.layout, choice.palette, JSON.stringify(choice.order), chosenAt, now],
      );
      return this.read(userId);
    },
  };
}
