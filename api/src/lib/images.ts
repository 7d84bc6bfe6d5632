import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type ImageKind = 'png' | 'jpg' | 'webp';

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

/** Where uploaded photos live and how they are named: random, server-made, typed by content. */
export class UploadStore {
  constructor(readonly dir: string) {}

  async ensureDir(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /** Writes the bytes under a fresh random name; returns the public path `/uploads/<name>`. */
  async save(bytes: Buffer, kind: ImageKind): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${kind}`;
    await writeFile(path.join(this.dir, name), bytes, { flag: 'wx' });
    return `/uploads/${name}`;
  }

  /** Removes a file saved by {@link save}; ignores anything else. */
  async remove(publicPath: string): Promise<void> {
    const match = /^\/uploads\/([0-9a-f]{32}\.(png|jpg|webp))$/.exec(publicPath);
    if (match?.[1]) await unlink(path.join(this.dir, match[1])).catch(() => {});
  }
}
