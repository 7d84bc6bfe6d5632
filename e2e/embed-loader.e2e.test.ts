import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// The built files, as the booking remote serves them: run `npm run build -w remotes/booking` first.
const DIST = path.join(__dirname, '..', 'remotes', 'booking', 'dist');
const BUDGET = 4 * 1024;

describe('the embed loader (/embed.js)', () => {
  it('is at most 4 KB gzip, as built and as served pre-compressed', () => {
    const loader = fs.readFileSync(path.join(DIST, 'embed.js'));
    expect(gzipSync(loader, { level: 9 }).length).toBeLessThanOrEqual(BUDGET);
    expect(fs.statSync(path.join(DIST, 'embed.js.gz')).size).toBeLessThanOrEqual(BUDGET);
  });

  it('names one content-hashed widget chunk and holds no React itself', () => {
    const loader = fs.readFileSync(path.join(DIST, 'embed.js'), 'utf8');
    const chunks = fs.readdirSync(DIST).filter((file) => /^embed-widget\.[0-9a-f]{8}\.js$/.test(file));
    expect(chunks).toHaveLength(1);
    const hash = /^embed-widget\.([0-9a-f]{8})\.js$/.exec(chunks[0] ?? '')?.[1] ?? 'none';
    expect(loader).toContain(hash);
    expect(loader).not.toContain('react.transitional.element');
    expect(fs.readFileSync(path.join(DIST, chunks[0] ?? ''), 'utf8')).toContain('react.transitional.element');
  });
});
