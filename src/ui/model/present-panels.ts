/** The panels below the stage in presenter mode, shown one at a time, in the order of the tabs. */
export const PRESENT_PANELS = ['loop', 'regress', 'compare', 'history'] as const;

/** One of {@link PRESENT_PANELS}. */
export type PresentPanel = (typeof PRESENT_PANELS)[number];
