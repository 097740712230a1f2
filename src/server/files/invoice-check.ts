// What an uploaded invoice really is, read from its bytes, never from its name or the type the browser claims:
// PDF, JPEG, PNG or WebP, whole (a truncated file is refused), up to 10 MB. SVG, HTML and everything else: null.
import sharp from 'sharp';

export const INVOICE_MAX_BYTES = 10 * 1024 * 1024;

export type InvoiceType = 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp';

const EXTENSIONS: Record<InvoiceType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const EXTENSION_OF: ReadonlyMap<string, string> = new Map(Object.entries(EXTENSIONS));

/** A stored file's extension by its type ('pdf', 'jpg', 'png', 'webp'); 'bin' for any other. */
export const extensionOf = (mime: string) => EXTENSION_OF.get(mime) ?? 'bin';

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

function sniff(bytes: Buffer): InvoiceType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp'; // RIFF….WEBP
  return null;
}

/** A whole PDF ends with its end-of-file marker (allowing the trailing white space writers add). */
function isWholePdf(bytes: Buffer): boolean {
  return bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF');
}

/**
 * Images are decoded whole by sharp (libvips), which refuses truncated or corrupt data; the pixel limit keeps a
 * decompression bomb from taking the server's memory.
 */
async function isWholeImage(bytes: Buffer): Promise<boolean> {
  try {
    await sharp(bytes, { failOn: 'truncated', limitInputPixels: 100_000_000 }).stats();
    return true;
  } catch {
    return false;
  }
}

export async function checkInvoice(bytes: Buffer): Promise<InvoiceType | null> {
  if (bytes.length === 0 || bytes.length > INVOICE_MAX_BYTES) return null;
  const type = sniff(bytes);
  if (!type) return null;
  const whole = type === 'application/pdf' ? isWholePdf(bytes) : await isWholeImage(bytes);
  return whole ? type : null;
}
