/**
 * Zeller and Hildebrandt's four moves on the difference `Δ = fail \ pass`, split in blocks `Δ_i`:
 * - `reduce-to-subset`: `pass ∪ Δ_i` fails, it becomes the failing side;
 * - `increase-to-complement`: `fail \ Δ_i` passes, it becomes the passing side;
 * - `increase-to-subset`: `pass ∪ Δ_i` passes, it becomes the passing side;
 * - `reduce-to-complement`: `fail \ Δ_i` fails, it becomes the failing side.
 */
export type Move =
  | 'reduce-to-subset'
  | 'increase-to-complement'
  | 'increase-to-subset'
  | 'reduce-to-complement';
