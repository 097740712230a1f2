// The BarcodeDetector polyfill (barcode-detector, on ZXing-C++ compiled to WebAssembly), for browsers without the
// native API. Only barcode-reader.ts imports this file, and only dynamically when the camera opens, so neither its
// JS nor its 1 MB of wasm weighs on the first paint of /bodega. The wasm is our own hashed asset: the package's
// default would fetch it from a CDN, which our CSP (and our privacy) forbid.
import {
  BarcodeDetector,
  type BarcodeFormat,
  prepareZXingModule,
  purgeZXingModule,
} from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export async function polyfillDetector(formats: BarcodeFormat[]): Promise<BarcodeDetector> {
  try {
    // Instantiated now, so a wasm that cannot load (network, CSP) is an error here, not a scanner that never reads.
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
      },
      fireImmediately: true,
    });
  } catch (error) {
    // The failed module stays cached otherwise: the next 'Escanear con la cámara' tries afresh.
    purgeZXingModule();
    throw error;
  }
  return new BarcodeDetector({ formats });
}
