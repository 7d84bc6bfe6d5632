/**
 * Uploaded photos are stored at the widths the screens draw them at (the API makes them when the
 * photo arrives): a phone's card or avatar never downloads the camera's original. `<name>.webp` is
 * the widest; `<name>-<width>.webp` the others. Photos stored before (PNG, JPEG, the seed's SVG
 * portraits) have one size only.
 */
export const PHOTO_WIDTHS = [240, 480, 960] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** The widest stored width, kept under the photo's own name. */
export const PHOTO_FULL_WIDTH: PhotoWidth = 960;
/** A photo larger than this many pixels is refused before it is decoded (a small file can claim a huge image). */
export const PHOTO_MAX_PIXELS = 50_000_000;

const RESIZED_PHOTO = /^(.*\/uploads\/[0-9a-f]{32})\.webp$/;

/**
 * Where the photo `base` (its name or address without `.webp`) is stored at `width`: the widest
 * under the photo's own name, `<base>.webp`, the others as `<base>-<width>.webp`.
 */
export function photoAtWidth(base: string, width: PhotoWidth): string {
  return width === PHOTO_FULL_WIDTH ? `${base}.webp` : `${base}-${width}.webp`;
}

/**
 * The `srcset` of a photo's address: every stored width, so the browser takes the smallest that
 * is sharp at the size shown (with `sizes`). `undefined` for a photo stored at one size only.
 */
export function photoSrcSet(url: string): string | undefined {
  const base = RESIZED_PHOTO.exec(url)?.[1];
  if (!base) return undefined;
  return PHOTO_WIDTHS.map((width) => `${photoAtWidth(base, width)} ${width}w`).join(', ');
}

/** An `<img>`'s `src`, and its `srcSet` and `sizes` when the photo has several widths; `sizes` is the width the screen draws it at. */
export function photoSources(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = photoSrcSet(url);
  return srcSet ? { src: url, srcSet, sizes } : { src: url };
}
