// The warehouse benchmark's photo: a 3000 × 2000 JPEG of about 1.5 MB, made with sharp, as a phone's photo the
// browser could not shrink.
import sharp from 'sharp';

export const PHOTO = { width: 3000, height: 2000, targetBytes: 1.5 * 1024 * 1024 };

export interface Photo {
  bytes: Buffer;
  quality: number;
}

/**
 * A 3000 × 2000 JPEG of about 1.5 MB, as a phone's photo after the browser shrank it: a smooth random scene (a
 * 60 × 40 noise image scaled up) with sensor-like gaussian noise on every pixel, at the JPEG quality whose size is
 * nearest 1.5 MB.
 */
export async function makePhoto(): Promise<Photo> {
  const { width, height } = PHOTO;
  const small = await sharp({
    create: {
      width: 60,
      height: 40,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const scene = await sharp(small).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 10 },
    },
  })
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(scene.length);
  for (let i = 0; i < scene.length; i++)
    pixels[i] = Math.min(255, Math.max(0, (scene[i] ?? 0) + (grain[i] ?? 128) - 128));
  const encode = (quality: number) =>
    sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
  let best: Photo | null = null;
  let [low, high] = [40, 98];
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const bytes = await encode(quality);
    if (!best || Math.abs(bytes.length - PHOTO.targetBytes) < Math.abs(best.bytes.length - PHOTO.targetBytes))
      best = { bytes, quality };
    if (bytes.length < PHOTO.targetBytes) low = quality + 1;
    else high = quality - 1;
  }
  if (!best) throw new Error('no photo');
  return best;
}
