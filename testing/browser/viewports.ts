/** The two screens every patient journey is walked on: a laptop and a 390 px phone. */
export const VIEWPORTS = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

export type ViewportName = (typeof VIEWPORTS)[number][0];
