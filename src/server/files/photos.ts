// Warehouse photos (design/packages.md 'Files'): whatever the phone sends is decoded and re-encoded by sharp, at most
// 1600 px on its longer side, turned upright, with its metadata (GPS above all) left behind, plus a thumbnail.
import sharp from 'sharp';

/** The browser shrinks photos before upload (~1.5 MB); this only stops abuse. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const PHOTO_MAX_SIDE = 1600;
export const THUMBNAIL_SIDE = 320;
/** 100 megapixels: more than any phone camera, far less than a decompression bomb (50,000 × 50,000 px). */
const MAX_INPUT_PIXELS = 100_000_000;

export const photoMessages = {
  invalid: 'La foto debe ser una imagen JPG, PNG, WebP o HEIC de hasta 15 MB.',
  tooMany: 'Puedes adjuntar hasta 6 fotos por paquete.',
} as const;

export interface ProcessedPhoto {
  photo: Buffer;
  thumbnail: Buffer;
}

/** The photo and its thumbnail in JPEG, or null when the bytes are not an image sharp can read whole. */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto | null> {
  if (bytes.length === 0 || bytes.length > PHOTO_MAX_BYTES) return null;
  try {
    const input = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await input.metadata();
    if (!format || !['jpeg', 'png', 'webp', 'heif', 'avif'].includes(format)) return null;
    // sharp writes no metadata unless asked (keepMetadata/withMetadata): EXIF, GPS and XMP stay behind.
    const upright = input.rotate();
    const photo = await upright
      .clone()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    const thumbnail = await upright
      .clone()
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 70, mozjpeg: true })
      .toBuffer();
    return { photo, thumbnail };
  } catch {
    return null;
  }
}
