import { randomBytes } from 'node:crypto';
import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, PHOTO_FULL_WIDTH, PHOTO_MAX_PIXELS, PHOTO_WIDTHS, photoAtWidth, type PhotoWidth } from '@carebook/shared';
import type { Sharp, SharpOptions } from 'sharp';
import type { Queryable } from '../db/db';
import { HttpError } from './http-error';

export type ImageKind = 'png' | 'jpg' | 'webp';

const CONTENT_TYPES: Record<ImageKind, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{32}(?:-\d+)?\.(png|jpg|webp))$/;
/** The path of a photo stored by {@link UploadStore.savePhoto} (its widest width); the group is its name. */
const STORED_PHOTO = /^\/uploads\/([0-9a-f]{32})\.webp$/;
/** WebP quality of the stored widths: no visible loss at the size shown, a tenth of a camera's JPEG. */
const PHOTO_QUALITY = 80;

/** The image type by its first bytes (never by name or declared type), or `null`. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** The photo at each stored width, WebP: oriented as the camera held it, its metadata (place, camera) left out. */
export type PreparedPhoto = ReadonlyMap<PhotoWidth, Buffer>;

/**
 * Makes an uploaded photo (a PNG, JPEG or WebP by {@link sniffImage}) into the widths the screens draw it at:
 * turned upright by its EXIF orientation, shrunk (never enlarged) to each width, at most twice as
 * tall as wide, WebP. A photo of more than {@link PHOTO_MAX_PIXELS} is refused from its header,
 * before it is decoded; one that cannot be decoded whole is refused too (nothing is stored).
 */
export async function preparePhoto(bytes: Buffer): Promise<PreparedPhoto> {
  const header = await (await image(bytes)).metadata().catch(() => null);
  if (!header?.width || !header.height) throw new HttpError(422, MESSAGES.imageUnreadable);
  if (header.width * header.height > PHOTO_MAX_PIXELS) throw new HttpError(413, MESSAGES.imageTooManyPixels);
  const widest = await resized(bytes, PHOTO_FULL_WIDTH).catch(() => {
    throw new HttpError(422, MESSAGES.imageUnreadable);
  });
  const photo = new Map<PhotoWidth, Buffer>([[PHOTO_FULL_WIDTH, widest]]);
  // The smaller widths from the widest (already upright, a fraction of the original's pixels).
  for (const width of PHOTO_WIDTHS) if (width !== PHOTO_FULL_WIDTH) photo.set(width, await resized(widest, width));
  return photo;
}

/** sharp (libvips) loads on the first photo, not with every API process. */
async function image(bytes: Buffer, options?: SharpOptions): Promise<Sharp> {
  const { default: sharp } = await import('sharp');
  return sharp(bytes, options);
}

async function resized(bytes: Buffer, width: number): Promise<Buffer> {
  return (await image(bytes, { failOn: 'error', limitInputPixels: PHOTO_MAX_PIXELS }))
    .rotate()
    .resize({ width, height: width * 2, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: PHOTO_QUALITY })
    .toBuffer();
}

export interface StoredImage {
  contentType: string;
  bytes: Buffer;
}

/**
 * Uploaded photos, kept in the database so that every API process on one PostgreSQL serves every
 * photo (no shared disk needed). Names are random, server-made and typed by content. Photos that
 * older versions wrote to `legacyDir` (DATA_DIR/uploads) are still served from there.
 */
export class UploadStore {
  constructor(
    private readonly db: Queryable,
    readonly legacyDir: string,
  ) {}

  /**
   * Stores an uploaded photo at every width ({@link preparePhoto}) under a fresh random name;
   * returns the public path of the widest, `/uploads/<name>.webp`.
   */
  async savePhoto(bytes: Buffer): Promise<string> {
    if (!sniffImage(bytes)) throw new HttpError(415, MESSAGES.invalidImage);
    const photo = await preparePhoto(bytes);
    const name = randomBytes(16).toString('hex');
    const rows = [...photo].map(([width, webp]) => [photoAtWidth(name, width), webp] as const);
    await this.db.query(
      `INSERT INTO uploads (name, content_type, bytes) VALUES ${rows.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3})`).join(', ')}`,
      rows.flatMap(([file, webp]) => [file, CONTENT_TYPES.webp, webp]),
    );
    return `/uploads/${photoAtWidth(name, PHOTO_FULL_WIDTH)}`;
  }

  /** The photo named `name` (a plain file name), or `null`. */
  async load(name: string): Promise<StoredImage | null> {
    if (!UPLOAD_PATH.test(`/uploads/${name}`)) return null;
    const rows = await this.db.query<{ content_type: string; bytes: Uint8Array }>(
      'SELECT content_type, bytes FROM uploads WHERE name = $1',
      [name],
    );
    const row = rows[0];
    if (row) return { contentType: row.content_type, bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) };
    try {
      const bytes = await readFile(path.join(this.legacyDir, name));
      const kind = sniffImage(bytes);
      return kind ? { contentType: CONTENT_TYPES[kind], bytes } : null;
    } catch {
      return null;
    }
  }

  /** Removes a photo stored by {@link savePhoto} (every width) or an older one; ignores anything else. */
  async remove(publicPath: string): Promise<void> {
    const match = UPLOAD_PATH.exec(publicPath);
    if (!match?.[1]) return;
    const base = STORED_PHOTO.exec(publicPath)?.[1];
    const names = base ? PHOTO_WIDTHS.map((width) => photoAtWidth(base, width)) : [match[1]];
    await this.db.query('DELETE FROM uploads WHERE name = ANY($1)', [names]).catch(() => {});
    await unlink(path.join(this.legacyDir, match[1])).catch(() => {});
  }
}
