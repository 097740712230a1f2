// The shared receipt schema and its messages, with zod (~26 KB gzip), load right after the first paint of /bodega
// rather than in it: the form paints without them, and they are here long before a parcel is weighed.
type ReceiptRules = typeof import('../../../shared/warehouse/receipt.ts');

let loading: Promise<ReceiptRules> | null = null;

export function receiptRules(): Promise<ReceiptRules> {
  loading ??= import('../../../shared/warehouse/receipt.ts').catch((error: unknown) => {
    // A failed download (the network dropped) is tried again at the next use.
    loading = null;
    throw error;
  });
  return loading;
}

/** Equals MAX_PHOTOS in src/shared/warehouse/receipt.ts, needed before the rules arrive (the file input). */
export const PHOTO_LIMIT = 6;
