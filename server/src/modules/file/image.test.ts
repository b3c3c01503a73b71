import { describe, expect, it } from 'vitest';
import { gif, ico, jpeg, png, webp } from '../../../test/images.js';
import { sniffImage } from './image.js';

describe('sniffImage', () => {
  it('reads type and size from the headers of png, jpeg, gif, webp and ico', () => {
    expect(sniffImage(png(64, 48))).toEqual({ type: 'png', width: 64, height: 48 });
    expect(sniffImage(jpeg(1000, 250))).toEqual({ type: 'jpeg', width: 1000, height: 250 });
    expect(sniffImage(gif(99, 1))).toEqual({ type: 'gif', width: 99, height: 1 });
    expect(sniffImage(webp(1000, 3000))).toEqual({ type: 'webp', width: 1000, height: 3000 });
    expect(sniffImage(ico(32))).toEqual({ type: 'ico', width: 32, height: 32 });
    expect(sniffImage(ico(256))).toEqual({ type: 'ico', width: 256, height: 256 });
  });

  it('reads lossy and lossless WebP headers too', () => {
    const lossy = Buffer.alloc(30);
    lossy.write('RIFF', 0, 'latin1');
    lossy.write('WEBPVP8 ', 8, 'latin1');
    lossy.set([0x9d, 0x01, 0x2a], 23);
    lossy.writeUInt16LE(640, 26);
    lossy.writeUInt16LE(480, 28);
    expect(sniffImage(lossy)).toEqual({ type: 'webp', width: 640, height: 480 });
    const lossless = Buffer.alloc(30);
    lossless.write('RIFF', 0, 'latin1');
    lossless.write('WEBPVP8L', 8, 'latin1');
    lossless[20] = 0x2f;
    lossless.writeUInt32LE((50 - 1) | ((70 - 1) << 14), 21);
    expect(sniffImage(lossless)).toEqual({ type: 'webp', width: 50, height: 70 });
  });

  it('refuses text, truncated headers, empty images and a JPEG without a frame', () => {
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
    expect(sniffImage(png(10, 10).subarray(0, 20))).toBeNull();
    expect(sniffImage(png(0, 10))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x01]))).toBeNull();
    // An icon directory whose image lies outside the file.
    const broken = ico(16);
    broken.writeUInt32LE(10_000, 18);
    expect(sniffImage(broken)).toBeNull();
  });
});
