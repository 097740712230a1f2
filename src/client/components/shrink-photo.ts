// Photos are shrunk in the browser before upload (design/packages.md 'Files'): a phone's 12 MP photo becomes a JPEG of
// at most 1600 px (~300 KB instead of ~4 MB over the warehouse's Wi-Fi), plus a tiny data: preview (the CSP allows
// data: images, not blob: ones). The server re-encodes whatever arrives, so this is about speed, not trust.
export const MAX_SIDE = 1600;
const QUALITY = 0.8;
const PREVIEW_SIDE = 160;

export interface ShrunkPhoto {
  /** What is uploaded: a JPEG, or the original file when the browser cannot decode it (e.g. HEIC outside Safari). */
  blob: Blob;
  /** A data: URL for the preview, or null when the browser cannot decode the file. */
  preview: string | null;
}

function canvasOf(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function draw(bitmap: ImageBitmap, side: number): HTMLCanvasElement {
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = canvasOf(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d unavailable');
  // A JPEG has no transparency: a PNG's clear pixels become white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return canvas;
}

const toJpeg = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))),
      'image/jpeg',
      QUALITY,
    ),
  );

export async function shrinkPhoto(file: File): Promise<ShrunkPhoto> {
  let bitmap: ImageBitmap;
  try {
    // 'from-image' turns the photo upright by its EXIF orientation, as the phone showed it.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { blob: file, preview: null };
  }
  try {
    const preview = draw(bitmap, PREVIEW_SIDE).toDataURL('image/jpeg', 0.7);
    // Drawing on a canvas also leaves the EXIF block (GPS above all) behind.
    const blob = await toJpeg(draw(bitmap, MAX_SIDE));
    return { blob, preview };
  } finally {
    bitmap.close();
  }
}
