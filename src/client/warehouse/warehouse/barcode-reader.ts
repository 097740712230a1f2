// Reads carriers' barcodes from the camera's video: the browser's own BarcodeDetector where it has one that reads
// Code 128 (Chrome on Android, Safari), otherwise the zxing-wasm polyfill, fetched only now.
import type { BarcodeFormat } from 'barcode-detector/ponyfill';
import { normalizeGuide } from '../../../shared/packages/guides.ts';

/** What carriers print: Code 128 above all (UPS, USPS, FedEx, DHL, Amazon), and the other 1D and 2D codes. */
const FORMATS: BarcodeFormat[] = [
  'code_128',
  'code_39',
  'code_93',
  'codabar',
  'itf',
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'qr_code',
  'data_matrix',
  'pdf417',
];
const LINEAR = new Set<string>(FORMATS.slice(0, 9));

interface Detected {
  rawValue: string;
  format: string;
}

export interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<Detected[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats(): Promise<string[]>;
}

declare global {
  /** The browser's own reader, where it has one (lib.dom.d.ts does not declare it). */
  var BarcodeDetector: NativeDetectorClass | undefined;
}

export async function createBarcodeReader(): Promise<BarcodeReader> {
  const native = globalThis.BarcodeDetector;
  if (native) {
    try {
      const supported = await native.getSupportedFormats();
      const formats = FORMATS.filter((format) => supported.includes(format));
      if (formats.includes('code_128')) return new native({ formats });
    } catch {
      // A native API that cannot say what it reads is treated as missing.
    }
  }
  const { polyfillDetector } = await import('./zxing-polyfill.ts');
  return polyfillDetector(FORMATS);
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: GS1-128 labels carry FNC1 as the GS control character.
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * The guide among what was read: a linear code first (a 2D code on a carrier's label holds an address, not the
 * guide), normalised as the server does (USPS's '420' + ZIP routing prefix dropped); null when none looks like one.
 */
export function guideFrom(found: Detected[]): string | null {
  const ordered = [...found].sort((a, b) => Number(LINEAR.has(b.format)) - Number(LINEAR.has(a.format)));
  for (const code of ordered) {
    const guide = normalizeGuide(code.rawValue.replace(CONTROL, ''));
    if (/^[A-Z0-9]{6,40}$/.test(guide)) return guide;
  }
  return null;
}
