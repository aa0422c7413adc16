import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n, imageFileError, isUploadCancelled, uploadImage, type ImageUploadTarget } from '../../../../core/sdk/browser';

/** The card's picture upload: a case photo straight from a phone is a few megabytes. */
export const ALBUM_UPLOAD_URL = '/api/wx/upload/file';
export const ALBUM_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const albumUploadTarget = (): ImageUploadTarget => ({ url: ALBUM_UPLOAD_URL, maxBytes: ALBUM_IMAGE_MAX_BYTES, sizeMessage: i18n.t('card.album.uploadRefusedSize') });

/** Where one chosen file is: waiting its turn, being sent, on the board, refused (with why), or cancelled. */
export type UploadState = 'waiting' | 'uploading' | 'done' | 'refused' | 'cancelled';

export interface UploadItem {
  id: number;
  name: string;
  state: UploadState;
  /** How much of the file is sent (0..100), while it is being sent. */
  percent: number;
  reason?: string;
}

export interface Uploads {
  items: readonly UploadItem[];
  /** Files being sent or waiting. */
  busy: boolean;
  /** Queues chosen files: each is checked first (type, size, room left), then sent one after another. */
  add: (files: readonly File[]) => void;
  /** Stops one file: the one being sent is aborted, a waiting one is taken off the queue. */
  cancel: (id: number) => void;
  /** Forgets the finished ones (once nothing is under way). */
  dismiss: () => void;
}

let ids = 0;

export const isFinished = (item: UploadItem) => item.state === 'done' || item.state === 'refused' || item.state === 'cancelled';

/**
 * The uploads of several files at once, each through the kit's upload call to the card's own picture
 * upload (`/api/wx/upload/file`: photos of up to 5 MB, where put-file takes avatars of 500 kB), one at a time so
 * that the pictures reach the board in the order they were chosen, each with how much of it is sent.
 * `room` says how many more the board takes (of `max`); files beyond it are refused, not sent. Leaving
 * (the editor closed) aborts what is under way.
 */
export function useUploads(onUploaded: (link: string) => void, room: () => number, max: number): Uploads {
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<{ id: number; file: File }[]>([]);
  const running = useRef<{ id: number; controller: AbortController } | null>(null);
  const live = useRef(true);
  const latest = useRef({ onUploaded, room });
  latest.current = { onUploaded, room };
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      running.current?.controller.abort();
    };
  }, []);

  const update = (id: number, change: Partial<UploadItem>) => {
    if (live.current) setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  };

  const pump = useCallback(async () => {
    if (running.current) return;
    for (let next = queue.current.shift(); next && live.current; next = queue.current.shift()) {
      const { id, file } = next;
      const controller = new AbortController();
      running.current = { id, controller };
      update(id, { state: 'uploading', percent: 0 });
      try {
        const link = await uploadImage(file, { signal: controller.signal, onProgress: ({ percent }) => update(id, { percent }), target: albumUploadTarget() });
        if (!live.current) break;
        latest.current.onUploaded(link);
        update(id, { state: 'done' });
      } catch (error) {
        if (isUploadCancelled(error)) update(id, { state: 'cancelled' });
        else update(id, { state: 'refused', reason: error instanceof Error && error.message ? error.message : i18n.t('card.album.uploadFailed') });
      }
    }
    running.current = null;
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      let left = latest.current.room() - queue.current.length - (running.current ? 1 : 0);
      const added: UploadItem[] = files.map((file) => {
        const id = ++ids;
        const refused = left <= 0 ? i18n.t('card.album.uploadRefusedCount', { max }) : imageFileError(file, albumUploadTarget());
        if (refused) return { id, name: file.name, state: 'refused', percent: 0, reason: refused };
        left -= 1;
        queue.current.push({ id, file });
        return { id, name: file.name, state: 'waiting', percent: 0 };
      });
      setItems((list) => [...list, ...added]);
      void pump();
    },
    [pump, max],
  );

  const cancel = useCallback((id: number) => {
    if (running.current?.id === id) {
      running.current.controller.abort();
      return;
    }
    queue.current = queue.current.filter((waiting) => waiting.id !== id);
    update(id, { state: 'cancelled' });
  }, []);

  const busy = items.some((item) => !isFinished(item));
  const dismiss = useCallback(() => setItems((list) => list.filter((item) => !isFinished(item))), []);
  return { items, busy, add, cancel, dismiss };
}
