// Uploaded photos are stored at the widths the screens draw them at (shared/src/domain/photos.ts):
// a phone's list never downloads a camera's original. Through the real routes, on both databases.
import { crc32 } from 'node:zlib';
import { MESSAGES, PHOTO_WIDTHS, photoSrcSet, type Doctor, type UserProfile } from '@carebook/shared';
import sharp from 'sharp';
import { get, multipart, PNG_BYTES, postForm, refusal } from '../../../testing/api/http';
import { adminToken, allDoctors, registerPatient } from '../../../testing/api/patient-calls';
import { DRIVERS, PUBLIC_URL, stopTestCluster, useTestEnv, type TestEnv } from '../../../testing/api/test-app';

jest.setTimeout(60_000);

/** A camera's photo: 4000 × 3000 as stored, EXIF orientation 6 (shown turned a quarter clockwise), a red top-left corner, the camera's notes. */
async function cameraPhoto(): Promise<Buffer> {
  const red = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ff0000' } }).png().toBuffer();
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Artist: 'Clinic photographer', ImageDescription: 'Taken at 12 Example Street' } })
    .toBuffer();
}

/** A PNG whose header claims `width` × `height` (checksum right), with a 1 × 1 image's data. */
function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(PNG_BYTES);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function fetchPhoto(env: TestEnv, url: string): Promise<{ status: number; type: string | undefined; bytes: Buffer }> {
  const reply = await env.app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length) });
  return { status: reply.statusCode, type: reply.headers['content-type'] as string | undefined, bytes: reply.rawPayload };
}

const profileOf = async (env: TestEnv, token: string): Promise<UserProfile> =>
  (await get<{ user: UserProfile }>(env.app, '/api/v1/user/get-profile', token)).body.user;

const photoForm = (bytes: Buffer, type = 'image/jpeg') => multipart({ name: 'Photo Patient' }, { filename: 'photo.jpg', type, bytes });

describe.each(DRIVERS)('uploaded photos on %s', (driver) => {
  const env = useTestEnv(driver);

  it("stores a camera's photo upright, without its metadata, at every width the screens use", async () => {
    const original = await cameraPhoto();
    const token = await registerPatient(env);
    const res = await postForm(env.app, '/api/v1/user/update-profile', photoForm(original), token);
    expect(res.status).toBe(200);
    const { image } = await profileOf(env, token);
    expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/[0-9a-f]{32}\\.webp$`));

    const srcSet = photoSrcSet(image);
    const candidates = (srcSet ?? '').split(', ').map((candidate) => candidate.split(' ') as [string, string]);
    expect(candidates.map(([, width]) => width)).toEqual(PHOTO_WIDTHS.map((width) => `${width}w`));
    let total = 0;
    for (const [url, descriptor] of candidates) {
      const photo = await fetchPhoto(env, url);
      expect(photo).toMatchObject({ status: 200, type: 'image/webp' });
      const width = Number.parseInt(descriptor, 10);
      const meta = await sharp(photo.bytes).metadata();
      // Upright (portrait: the camera was held sideways), as wide as its descriptor, nothing of the camera's notes.
      expect(meta).toMatchObject({ format: 'webp', width, height: (width * 4) / 3 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      // The red corner is now top right.
      const { data, info } = await sharp(photo.bytes).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number): number[] => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      expect(pixel(width - 2, 2)[0]).toBeGreaterThan(200);
      expect(pixel(2, 2)[2]).toBeGreaterThan(200);
      total += photo.bytes.length;
    }
    expect(total).toBeLessThan(original.length / 4);
    // The widest is the photo's own address.
    expect((await fetchPhoto(env, image)).bytes.equals((await fetchPhoto(env, candidates.at(-1)?.[0] ?? '')).bytes)).toBe(true);
  });

  it("stores a doctor's photo from the admin panel the same way, and the doctor list names it", async () => {
    const admin = await adminToken(env);
    const docId = (await allDoctors(env))[0]?._id ?? '';
    const res = await postForm(env.app, '/api/v1/admin/update-doctor', multipart({ docId }, { filename: 'p.jpg', type: 'image/jpeg', bytes: await cameraPhoto() }), admin);
    expect(res.status).toBe(200);
    const doctor = (await allDoctors(env)).find((each: Doctor) => each._id === docId);
    const smallest = photoSrcSet(doctor?.image ?? '')?.split(' ')[0] ?? '';
    const photo = await fetchPhoto(env, smallest);
    expect(photo.status).toBe(200);
    expect(await sharp(photo.bytes).metadata()).toMatchObject({ format: 'webp', width: PHOTO_WIDTHS[0] });
  });

  it('keeps a small photo at its own size (never enlarged)', async () => {
    const token = await registerPatient(env);
    expect((await postForm(env.app, '/api/v1/user/update-profile', photoForm(PNG_BYTES, 'image/png'), token)).status).toBe(200);
    for (const [url] of (photoSrcSet((await profileOf(env, token)).image) ?? '').split(', ').map((candidate) => candidate.split(' '))) {
      expect(await sharp((await fetchPhoto(env, url ?? '')).bytes).metadata()).toMatchObject({ width: 1, height: 1 });
    }
  });

  it.each([
    ['a damaged photo (a JPEG cut short)', async () => (await cameraPhoto()).subarray(0, 5000), 422, MESSAGES.imageUnreadable],
    ['a photo of more than 50 megapixels (refused from its header)', async () => pngClaiming(10_000, 6_000), 413, MESSAGES.imageTooManyPixels],
  ])('refuses %s with a clear message and changes nothing', async (_label, bytes, status, message) => {
    const token = await registerPatient(env);
    const before = await profileOf(env, token);
    const res = await postForm(env.app, '/api/v1/user/update-profile', photoForm(await bytes()), token);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(refusal(message));
    expect(await profileOf(env, token)).toEqual(before);
  });

  it('removes every width of the photo a new one replaces', async () => {
    const token = await registerPatient(env);
    expect((await postForm(env.app, '/api/v1/user/update-profile', photoForm(await cameraPhoto()), token)).status).toBe(200);
    const first = (await profileOf(env, token)).image;
    expect((await postForm(env.app, '/api/v1/user/update-profile', photoForm(PNG_BYTES, 'image/png'), token)).status).toBe(200);
    const second = (await profileOf(env, token)).image;
    expect(second).not.toBe(first);
    const widthsOf = (url: string): string[] => (photoSrcSet(url) ?? '').split(', ').map((candidate) => candidate.split(' ')[0] ?? '');
    expect(widthsOf(first)).toHaveLength(PHOTO_WIDTHS.length);
    for (const url of widthsOf(first)) expect((await fetchPhoto(env, url)).status).toBe(404);
    for (const url of widthsOf(second)) expect((await fetchPhoto(env, url)).status).toBe(200);
  });
});

afterAll(() => stopTestCluster());
