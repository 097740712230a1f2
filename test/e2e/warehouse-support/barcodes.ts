// Barcodes in the tests, with ZXing-C++ (zxing-wasm) run in Node from its local wasm files: draw a Code 128 (the
// camera test's fake video), and read one back (the printed label). An encoder and a decoder independent of the
// app's own (JsBarcode draws the label; the browser reads with the polyfill).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule as prepareReader, readBarcodes } from 'zxing-wasm/reader';
import { prepareZXingModule as prepareWriter, writeBarcode } from 'zxing-wasm/writer';

const require = createRequire(import.meta.url);
// The package's default fetches its wasm from a CDN: these tests run offline, from node_modules.
function wasm(name: string): ArrayBuffer {
  const bytes = readFileSync(require.resolve(`zxing-wasm/${name}/zxing_${name}.wasm`));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
prepareReader({ overrides: { wasmBinary: wasm('reader') } });
prepareWriter({ overrides: { wasmBinary: wasm('writer') } });

/** The Code 128 values found in an image (PNG or JPEG bytes). */
export async function readCode128(image: Buffer): Promise<string[]> {
  const results = await readBarcodes(new Uint8Array(image), { formats: ['Code128'], tryHarder: true });
  return results.filter((result) => result.isValid).map((result) => result.text);
}

/** A greyscale frame `width` × `height` with the Code 128 of `text` in its middle, as raw 8-bit pixels. */
async function barcodeFrame(text: string, width: number, height: number): Promise<Buffer> {
  const written = await writeBarcode(text, { format: 'Code128', scale: 3 });
  if (!written.image) throw new Error(`zxing-wasm no pudo dibujar ${text}: ${written.error}`);
  const barcode = sharp(Buffer.from(await written.image.arrayBuffer()));
  const { width: w = 0 } = await barcode.metadata();
  if (w > width) throw new Error(`El código de ${text} (${w} px) no cabe en ${width} px`);
  // Bars 3 px wide and tall enough to read as a label would show them to a phone held over it.
  const bars = await barcode
    .resize({ width: w, height: Math.round(height * 0.4), fit: 'fill' })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: bars, gravity: 'centre' }])
    .greyscale()
    .raw()
    .toBuffer();
}

/**
 * A Y4M video (what Chromium's --use-file-for-fake-video-capture plays, in a loop) of a few identical frames of
 * the Code 128 of `text`: 4:2:0 planar, Y from the grey pixels and neutral chroma (128), as the file format asks.
 */
export async function writeBarcodeVideo(path: string, text: string, width = 640, height = 480, frames = 5) {
  const grey = await barcodeFrame(text, width, height);
  // sharp's greyscale raw output may still have 3 channels: keep one byte per pixel.
  const channels = grey.length / (width * height);
  const y = Buffer.alloc(width * height);
  for (let i = 0; i < y.length; i++) y[i] = grey[i * channels] ?? 255;
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** A camera-sized JPEG with some detail (so it is not tiny), to attach as a receipt photo. */
export async function parcelPhoto(width = 2400, height = 1800): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
