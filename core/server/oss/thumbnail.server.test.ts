import { expect, test } from '@rstest/core';
import sharp from 'sharp';
import { ApiError } from '../http/errors';
import { sniffImage } from './image-type';
import { makeThumbnail } from './thumbnail';

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });

test('a photo is made `width` wide, keeps its proportions, and comes back as JPEG', async () => {
  const source = await photo(1200, 800).png().toBuffer();
  const thumbnail = await makeThumbnail(source, { width: 300 });
  expect(thumbnail.type).toEqual({ extension: 'jpg', contentType: 'image/jpeg' });
  expect(sniffImage(thumbnail.bytes)).toEqual(thumbnail.type);
  const meta = await sharp(thumbnail.bytes).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 300, 200]);
  expect(thumbnail.bytes.length).toBeLessThan(source.length);
});

test('a picture narrower than the width is not enlarged', async () => {
  const thumbnail = await makeThumbnail(await photo(120, 60).jpeg().toBuffer(), { width: 400 });
  const meta = await sharp(thumbnail.bytes).metadata();
  expect([meta.width, meta.height]).toEqual([120, 60]);
});

test('a phone photo is turned upright by its EXIF orientation, and its metadata is dropped', async () => {
  // Stored 200×100 and tagged "rotate 90°": the picture as seen is 100 wide and 200 high.
  const source = await photo(200, 100)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'Someone', Artist: 'A camera' } })
    .toBuffer();
  expect((await sharp(source).metadata()).orientation).toBe(6);
  const meta = await sharp((await makeThumbnail(source, { width: 50 })).bytes).metadata();
  expect([meta.width, meta.height]).toEqual([50, 100]);
  expect(meta.orientation).toBeUndefined();
  expect(meta.exif).toBeUndefined();
});

test('a transparent PNG is laid on white, not on black', async () => {
  const source = await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
  const { data } = await sharp((await makeThumbnail(source, { width: 10 })).bytes).raw().toBuffer({ resolveWithObject: true });
  expect(Math.min(...data)).toBeGreaterThan(245);
});

test('bytes that are no picture sharp can read are refused with the image-type message (400)', async () => {
  const png = await photo(20, 20).png().toBuffer();
  for (const bytes of [new TextEncoder().encode('<svg onload=alert(1)>'), new Uint8Array(0), new Uint8Array([...png.subarray(0, 40), 1, 2, 3])]) {
    const error = await makeThumbnail(bytes, { width: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, text: { zh: '只能上传jpg/png格式的图片', en: 'Only jpg/png images can be uploaded' } });
  }
});

test('a width that is no positive integer is a programming error, not a refusal of the file', async () => {
  const png = await photo(20, 20).png().toBuffer();
  await expect(makeThumbnail(png, { width: 0 })).rejects.toThrow(RangeError);
});
