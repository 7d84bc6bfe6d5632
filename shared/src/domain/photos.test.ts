import { PHOTO_WIDTHS, photoSources, photoSrcSet } from './photos';

const STORED = 'https://api.example/uploads/0123456789abcdef0123456789abcdef.webp';

describe('photoSrcSet', () => {
  it('names every stored width of an uploaded photo, the widest under its own name', () => {
    expect(PHOTO_WIDTHS).toEqual([240, 480, 960]);
    expect(photoSrcSet(STORED)).toBe(
      'https://api.example/uploads/0123456789abcdef0123456789abcdef-240.webp 240w, ' +
        'https://api.example/uploads/0123456789abcdef0123456789abcdef-480.webp 480w, ' +
        `${STORED} 960w`,
    );
  });

  it.each([
    ['a seed portrait', 'https://api.example/static/doctors/doc01.svg'],
    ['a photo stored before photos were resized', 'https://api.example/uploads/0123456789abcdef0123456789abcdef.png'],
    ['a width of a photo, not the photo', 'https://api.example/uploads/0123456789abcdef0123456789abcdef-240.webp'],
    ['no photo', ''],
  ])('has none for %s (one size only)', (_label, url) => {
    expect(photoSrcSet(url)).toBeUndefined();
  });
});

describe('photoSources', () => {
  it("gives an uploaded photo's srcset with the size it is drawn at, and any other photo its src alone", () => {
    expect(photoSources(STORED, '104px')).toEqual({ src: STORED, srcSet: photoSrcSet(STORED), sizes: '104px' });
    expect(photoSources('https://api.example/static/doctors/doc01.svg', '104px')).toEqual({ src: 'https://api.example/static/doctors/doc01.svg' });
  });
});
