// The receipt's photos, each shrunk and uploaded as soon as it is chosen (staff weigh the parcel meanwhile); the
// receipt then waits only for uploads still under way. Up to MAX_PHOTOS, as the server allows.
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../../../shared/messages.ts';
import { shrinkPhoto } from '../../components/shrink-photo.ts';
import { uploadPhoto } from '../api.ts';
import { PHOTO_LIMIT, receiptRules } from './receipt-rules.ts';

export interface PhotoItem {
  key: number;
  name: string;
  preview: string | null;
  status: 'preparing' | 'uploading' | 'done' | 'failed';
  /** 0 to 1 while uploading. */
  progress: number;
  id?: string;
  error?: string;
}

export type PhotoOutcome = { ids: string[] } | { error: string };

const FAILED = 'Una foto no se pudo subir: quítala o elígela de nuevo.';

export function usePhotoUploads() {
  const [items, setItems] = useState<PhotoItem[]>([]);
  const [limitError, setLimitError] = useState('');
  const nextKey = useRef(1);
  // Each upload's promise, by key: the receipt awaits the ones still running.
  const uploads = useRef(new Map<number, Promise<string | null>>());
  const controllers = useRef(new Map<number, AbortController>());
  const count = useRef(0);

  const update = useCallback((key: number, change: Partial<PhotoItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    async (key: number, file: File, signal: AbortSignal): Promise<string | null> => {
      try {
        const shrunk = await shrinkPhoto(file);
        if (signal.aborted) return null;
        update(key, { preview: shrunk.preview, status: 'uploading' });
        const staged = await uploadPhoto(shrunk.blob, (progress) => update(key, { progress }), signal);
        update(key, { status: 'done', progress: 1, id: staged.id });
        return staged.id;
      } catch (error) {
        if (signal.aborted) return null;
        update(key, {
          status: 'failed',
          error: error instanceof Error && error.message ? error.message : messages.serverError,
        });
        return null;
      }
    },
    [update],
  );

  const add = useCallback(
    (files: File[]) => {
      const room = PHOTO_LIMIT - count.current;
      setLimitError('');
      if (files.length > room)
        receiptRules()
          .then(({ receiptMessages }) => setLimitError(receiptMessages.tooManyPhotos))
          .catch(() => setLimitError(`Puedes adjuntar hasta ${PHOTO_LIMIT} fotos por paquete.`));
      const added = files.slice(0, Math.max(0, room)).map((file) => ({
        file,
        item: {
          key: nextKey.current++,
          name: file.name,
          preview: null,
          status: 'preparing',
          progress: 0,
        } satisfies PhotoItem,
      }));
      count.current += added.length;
      setItems((current) => [...current, ...added.map((entry) => entry.item)]);
      for (const { file, item } of added) {
        const controller = new AbortController();
        controllers.current.set(item.key, controller);
        uploads.current.set(item.key, start(item.key, file, controller.signal));
      }
    },
    [start],
  );

  const remove = useCallback((key: number) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    uploads.current.delete(key);
    count.current = uploads.current.size;
    setLimitError('');
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  /** Empties the list for the next parcel (a photo not yet sent is abandoned; a staged one is never used). */
  const reset = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    uploads.current.clear();
    count.current = 0;
    setLimitError('');
    setItems([]);
  }, []);

  /** The staged ids once every upload has ended, or the reason the receipt cannot go yet. */
  const settle = useCallback(async (): Promise<PhotoOutcome> => {
    const results = await Promise.all(uploads.current.values());
    if (results.some((id) => id === null)) return { error: FAILED };
    return { ids: results.filter((id): id is string => id !== null) };
  }, []);

  useEffect(() => () => reset(), [reset]);

  const busy = items.some((item) => item.status === 'preparing' || item.status === 'uploading');
  return { items, limitError, busy, add, remove, reset, settle };
}
