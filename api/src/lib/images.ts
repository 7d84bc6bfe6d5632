import { randomBytes } from 'node:crypto';
import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../db/db';

export type ImageKind = 'png' | 'jpg' | 'webp';

const CONTENT_TYPES: Record<ImageKind, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{32}\.(png|jpg|webp))$/;

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

  /** Stores the bytes under a fresh random name; returns the public path `/uploads/<name>`. */
  async save(bytes: Buffer, kind: ImageKind): Promise<string> {
    const name = `${randomBytes(16).toString('hex')}.${kind}`;
    await this.db.query('INSERT INTO uploads (name, content_type, bytes) VALUES ($1, $2, $3)', [name, CONTENT_TYPES[kind], bytes]);
    return `/uploads/${name}`;
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

  /** Removes a photo stored by {@link save}; ignores anything else. */
  async remove(publicPath: string): Promise<void> {
    const match = UPLOAD_PATH.exec(publicPath);
    if (!match?.[1]) return;
    await this.db.query('DELETE FROM uploads WHERE name = $1', [match[1]]).catch(() => {});
    await unlink(path.join(this.legacyDir, match[1])).catch(() => {});
  }
}
