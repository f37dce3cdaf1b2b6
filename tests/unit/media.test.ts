/**
 * The image pipeline's pure parts (ADR 026): type sniffing from magic bytes, the upload limits,
 * the variant URL scheme, srcset building, and AWS Signature V4 against AWS's own examples.
 */
import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, dimensionProblem } from '@/lib/images/upload-limits';
import { responsiveImage, shareImageUrl, thumbnailUrl } from '@/lib/images/responsive';
import {
  hasVariant,
  largestVariantWidth,
  mediaHashOf,
  parseVariantPath,
  variantUrl,
  variantWidths,
} from '@/lib/images/variants';
import { API_UPLOAD_BODY_LIMIT_BYTES } from '@/server/page-requests.mjs';
import { AwsV4Signer } from 'aws4fetch';
import { sniffImage } from '@/server/media/sniff';
import { checkStorageKey, originalKey, variantKey } from '@/server/media/storage';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const HASH = 'ab'.repeat(32);

describe('sniffImage', () => {
  it('recognises the four formats by their first bytes', () => {
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('jpeg');
    expect(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))).toBe('png');
    expect(sniffImage(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(sniffImage(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf'))).toBe('avif');
    // Major brand mif1 with avif among the compatible brands.
    expect(sniffImage(bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0], 'avifmiaf'))).toBe('avif');
  });

  it('refuses everything else, look-alikes included', () => {
    for (const sample of [
      bytes('GIF89a'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg">'),
      bytes('%PDF-1.7'),
      bytes('just text named photo.jpg'),
      bytes([0xff, 0xd8]),
      bytes([0x89], 'PNG'),
      bytes('RIFF', [0, 0, 0, 0], 'WAVE'),
      bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'),
      bytes([0, 0, 0, 0x08], 'ftypavif', [0, 0, 0, 0]),
      new Uint8Array(),
    ]) {
      expect(sniffImage(sample)).toBeNull();
    }
  });
});

describe('upload limits', () => {
  it('names the first limit broken, with the image’s own numbers', () => {
    expect(dimensionProblem(12_000, 3_333)).toBeNull();
    expect(dimensionProblem(12_001, 10)).toBe(
      'The image may be at most 12000 pixels wide and high (this one is 12001×10).',
    );
    expect(dimensionProblem(10, 12_001)).toBe(
      'The image may be at most 12000 pixels wide and high (this one is 10×12001).',
    );
    expect(dimensionProblem(8000, 5000)).toBeNull();
    expect(dimensionProblem(8000, 5001)).toBe('The image may have at most 40 megapixels (this one has 40.0).');
    expect(dimensionProblem(7000, 6000)).toBe('The image may have at most 40 megapixels (this one has 42.0).');
  });

  it('lets a 15 MB photo and its form through the API body limit', () => {
    expect(MEDIA_LIMITS.maxBytes).toBe(15 * 1024 * 1024);
    expect(API_UPLOAD_BODY_LIMIT_BYTES).toBeGreaterThan(MEDIA_LIMITS.maxBytes + 16 * 1024);
  });
});

describe('variant URLs', () => {
  it('offers the fixed widths up to the original, and the original width when narrower than the largest', () => {
    expect(variantWidths(4000)).toEqual([160, 320, 480, 640, 960, 1280]);
    expect(variantWidths(1280)).toEqual([160, 320, 480, 640, 960, 1280]);
    expect(variantWidths(1000)).toEqual([160, 320, 480, 640, 960, 1000]);
    expect(variantWidths(640)).toEqual([160, 320, 480, 640]);
    expect(variantWidths(100)).toEqual([100]);
    expect(largestVariantWidth(4000)).toBe(1280);
    expect(largestVariantWidth(700)).toBe(700);
    expect(hasVariant(700, 700)).toBe(true);
    expect(hasVariant(700, 960)).toBe(false);
    expect(hasVariant(700, 'og')).toBe(true);
    expect(hasVariant(4000, 1000)).toBe(false);
  });

  it('parses only what it writes', () => {
    expect(variantUrl(HASH, 320, 'webp')).toBe(`/media/${HASH}/320.webp`);
    expect(parseVariantPath(`${HASH}/320.webp`)).toEqual({ hash: HASH, size: 320, format: 'webp' });
    expect(parseVariantPath(`${HASH}/og.jpg`)).toEqual({ hash: HASH, size: 'og', format: 'jpg' });
    for (const path of [
      `${HASH}/320.png`,
      `${HASH}/0320.jpg`,
      `${HASH}/320.jpg?x`,
      `${HASH.toUpperCase()}/320.jpg`,
      `${HASH.slice(1)}/320.jpg`,
      `${HASH}/../320.jpg`,
      `${HASH}/999999.jpg`,
    ]) {
      expect(parseVariantPath(path), path).toBeNull();
    }
    expect(mediaHashOf(`/media/${HASH}/1280.jpg`)).toBe(HASH);
    expect(mediaHashOf('/images/products/1/1.svg?v=1')).toBeNull();
    expect(mediaHashOf(`https://cdn.example/media/${HASH}/1280.jpg`)).toBeNull();
  });

  it('keeps storage keys to hashes and fixed names', () => {
    expect(originalKey(HASH, 'jpg')).toBe(`originals/${HASH}.jpg`);
    expect(variantKey(HASH, 'og', 'avif')).toBe(`variants/${HASH}/og.avif`);
    expect(() => checkStorageKey(`originals/../${HASH}.jpg`)).toThrow(/Invalid media storage key/);
    expect(() => variantKey('../../etc', 320, 'jpg')).toThrow(/Invalid media storage key/);
  });
});

describe('responsiveImage', () => {
  const photo = { url: `/media/${HASH}/1280.jpg`, width: 1600, height: 1200 };

  it('writes AVIF and WebP sources and a JPEG fallback with srcset, sizes and the photo’s dimensions', () => {
    const image = responsiveImage(photo, { sizes: '100vw', fallback: { width: 800, height: 800 } });
    const srcset = (format: string) =>
      [160, 320, 480, 640, 960, 1280].map((w) => `/media/${HASH}/${w}.${format} ${w}w`).join(', ');
    expect(image).toEqual({
      sources: [
        { type: 'image/avif', srcset: srcset('avif') },
        { type: 'image/webp', srcset: srcset('webp') },
      ],
      src: `/media/${HASH}/640.jpg`,
      srcset: srcset('jpg'),
      sizes: '100vw',
      width: 1600,
      height: 1200,
    });
  });

  it('caps the widths for small boxes, keeping at least the smallest', () => {
    const thumb = responsiveImage(photo, { sizes: '72px', fallback: { width: 72, height: 72 }, maxWidth: 160 });
    expect(thumb.sources[0]!.srcset).toBe(`/media/${HASH}/160.avif 160w`);
    expect(thumb.src).toBe(`/media/${HASH}/160.jpg`);
    const tiny = responsiveImage(
      { url: `/media/${HASH}/120.jpg`, width: 120, height: 90 },
      { sizes: '72px', fallback: { width: 72, height: 72 }, maxWidth: 100 },
    );
    expect(tiny.srcset).toBe(`/media/${HASH}/120.jpg 120w`);
  });

  it('leaves generated drawings and outside URLs as a plain image in the layout’s box', () => {
    expect(
      responsiveImage(
        { url: '/images/products/7/1.svg?v=1', width: null, height: null },
        { sizes: '100vw', fallback: { width: 400, height: 400 } },
      ),
    ).toEqual({
      sources: [],
      src: '/images/products/7/1.svg?v=1',
      width: 400,
      height: 400,
    });
    // A /media/ URL without the asset's size (an old row) cannot have a srcset either.
    expect(
      responsiveImage({ url: photo.url }, { sizes: '100vw', fallback: { width: 400, height: 400 } }).sources,
    ).toEqual([]);
  });

  it('shares the Open Graph crop and shows small thumbnails', () => {
    expect(shareImageUrl(photo)).toBe(`/media/${HASH}/og.jpg`);
    expect(shareImageUrl({ url: '/images/products/7/1.svg?v=1' })).toBe('/images/products/7/1.svg?v=1');
    expect(thumbnailUrl(photo.url)).toBe(`/media/${HASH}/160.jpg`);
    expect(thumbnailUrl(`/media/${HASH}/150.jpg`)).toBe(`/media/${HASH}/150.jpg`);
    expect(thumbnailUrl('/images/fallback.svg?v=1')).toBe('/images/fallback.svg?v=1');
  });
});

/** aws4fetch signs the shop's S3 calls and the fake bucket's checks (tests/helpers/s3-fake.ts). */
describe('AWS Signature Version 4 (aws4fetch)', () => {
  const authorization = async (options: ConstructorParameters<typeof AwsV4Signer>[0]) =>
    (await new AwsV4Signer(options).sign()).headers.get('authorization');

  it('signs AWS’s "get-vanilla" test-suite request', async () => {
    const value = await authorization({
      method: 'GET',
      url: 'https://example.amazonaws.com/',
      datetime: '20150830T123600Z',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 'service',
    });
    expect(value).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('signs the S3 documentation’s GET Object example', async () => {
    const value = await authorization({
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: {
        Range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      },
      datetime: '20130524T000000Z',
      allHeaders: true,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      service: 's3',
    });
    expect(value).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});
