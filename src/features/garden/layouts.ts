import {
  elementsOfKindInOrder,
  GARDEN_KINDS,
  type GardenChoice,
  type GardenElementKey,
  type GardenKind,
  type GardenLayoutKey,
} from '../../domain/garden';

/** A place in the scene (viewBox 360 x 240): where an element touches the ground, and its size. */
export interface Slot {
  x: number;
  y: number;
  /** Scale: nearer is larger. */
  s: number;
  /** Mirrored, so two of a kind side by side do not look stamped. */
  flip?: boolean;
}

export const VIEW_W = 360;
export const VIEW_H = 240;
export const HORIZON = 142;

/**
 * The designed places of each layout, per kind, in the order the elements of that kind take
 * them. The first places are the ones the first elements grow into, so a young garden is
 * already balanced (the seed front and centre, the first tree beside the pond).
 */
export const LAYOUT_SLOTS: Record<GardenLayoutKey, Record<GardenKind, readonly Slot[]>> = {
  open: {
    plant: [
      { x: 172, y: 224, s: 2 },
      { x: 204, y: 230, s: 1.6 },
      { x: 232, y: 234, s: 1.3 },
      { x: 72, y: 216, s: 1.1 },
      { x: 44, y: 230, s: 1.1 },
      { x: 262, y: 222, s: 1.15 },
      { x: 334, y: 234, s: 1.2, flip: true },
    ],
    stone: [
      { x: 212, y: 200, s: 0.95 },
      { x: 106, y: 240, s: 1.2, flip: true },
      { x: 20, y: 196, s: 0.95 },
      { x: 248, y: 202, s: 0.95 },
    ],
    water: [
      { x: 150, y: 188, s: 1 },
      { x: 298, y: 196, s: 1 },
    ],
    tree: [
      { x: 236, y: 160, s: 0.95 },
      { x: 70, y: 166, s: 1 },
      { x: 332, y: 154, s: 0.9 },
      { x: 150, y: 150, s: 0.9 },
    ],
    air: [
      { x: 282, y: 172, s: 1.1 },
      { x: 206, y: 50, s: 1.1 },
      { x: 180, y: 178, s: 1 },
    ],
  },
  path: {
    plant: [
      { x: 136, y: 226, s: 1.5 },
      { x: 104, y: 232, s: 1.3 },
      { x: 246, y: 230, s: 1.3 },
      { x: 66, y: 214, s: 1.1 },
      { x: 290, y: 220, s: 1.1, flip: true },
      { x: 36, y: 230, s: 1.2 },
      { x: 328, y: 232, s: 1.2, flip: true },
    ],
    stone: [
      { x: 264, y: 204, s: 1.05 },
      { x: 176, y: 240, s: 1.25, flip: true },
      { x: 110, y: 196, s: 1 },
      { x: 232, y: 180, s: 0.9 },
    ],
    water: [
      { x: 300, y: 188, s: 0.9 },
      { x: 60, y: 186, s: 0.9 },
    ],
    tree: [
      { x: 148, y: 156, s: 0.85 },
      { x: 326, y: 158, s: 0.85, flip: true },
      { x: 44, y: 160, s: 0.95 },
      { x: 262, y: 150, s: 0.85 },
    ],
    air: [
      { x: 160, y: 182, s: 1.1 },
      { x: 110, y: 58, s: 1.1, flip: true },
      { x: 200, y: 170, s: 1 },
    ],
  },
  clearing: {
    plant: [
      { x: 180, y: 230, s: 1.5 },
      { x: 150, y: 234, s: 1.3 },
      { x: 210, y: 234, s: 1.3, flip: true },
      { x: 96, y: 214, s: 1.1 },
      { x: 276, y: 216, s: 1.1, flip: true },
      { x: 52, y: 232, s: 1.2 },
      { x: 318, y: 232, s: 1.2, flip: true },
    ],
    stone: [
      { x: 124, y: 204, s: 1 },
      { x: 250, y: 226, s: 1.1, flip: true },
      { x: 300, y: 196, s: 1, flip: true },
      { x: 346, y: 206, s: 0.95, flip: true },
    ],
    water: [
      { x: 186, y: 192, s: 1 },
      { x: 76, y: 188, s: 0.85 },
    ],
    tree: [
      { x: 112, y: 160, s: 0.9 },
      { x: 262, y: 160, s: 0.95, flip: true },
      { x: 36, y: 164, s: 0.95 },
      { x: 188, y: 148, s: 0.85 },
    ],
    air: [
      { x: 236, y: 180, s: 1.1, flip: true },
      { x: 232, y: 54, s: 1.1 },
      { x: 186, y: 172, s: 1 },
    ],
  },
};

export interface Placed {
  key: GardenElementKey;
  kind: GardenKind;
  slot: Slot;
}

/** Draw order of the kinds: water lies on the ground, air is drawn over everything. */
const KIND_LAYER: Record<GardenKind, number> = { water: 0, tree: 1, stone: 1, plant: 1, air: 2 };

/**
 * Where each grown element stands in the member's chosen layout: each kind's elements take
 * that kind's places in the member's order; then everything is sorted far to near (by the
 * ground line), water first and air last, so nearer things overlap farther ones.
 */
export function placeElements(choice: GardenChoice, grown: ReadonlySet<GardenElementKey>): Placed[] {
  const slots = LAYOUT_SLOTS[choice.layout];
  const out: Placed[] = [];
  for (const kind of GARDEN_KINDS) {
    elementsOfKindInOrder(choice.order, kind).forEach((key, i) => {
      const slot = slots[kind][i];
      if (slot && grown.has(key)) out.push({ key, kind, slot });
    });
  }
  return out.sort((a, b) => KIND_LAYER[a.kind] - KIND_LAYER[b.kind] || a.slot.y - b.slot.y);
}

/** The place of each element in words, for the arrangement control ("front centre"). */
export function slotName(slot: Slot): string {
  const depth = slot.y >= 215 ? 'front' : slot.y >= 180 ? 'middle' : 'back';
  const side = slot.x < 130 ? 'left' : slot.x > 230 ? 'right' : 'centre';
  return `${depth} ${side}`;
}
