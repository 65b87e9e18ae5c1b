import type { Json } from '../input/kinds.js';

/** How a unit of an isolation's picture stands: kept, brought in by the block, or taken out. */
export type UnitMark = 'kept' | 'added' | 'removed';

/** Units to draw, each with its mark; the input they stand for is the units not removed. */
export interface MarkedUnits {
  units: Json[];
  marks: UnitMark[];
}
