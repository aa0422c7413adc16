import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n, imageFileError, uploadImage } from '../../../../core/sdk/browser';

/** Where one chosen file is: waiting its turn, being sent, on the board, or refused (with why). */
export type UploadState = 'waiting' | 'uploading' | 'done' | 'refused';

export interface UploadItem {
  id: number;
  name: string;
  state: UploadState;
  reason?: string;
}

export interface Uploads {
  items: readonly UploadItem[];
  /** Files being sent or waiting. */
  busy: boolean;
  /** Queues chosen files: each is checked first (type, size, room left), then sent one after another. */
  add: (files: readonly File[]) => void;
  /** Forgets the finished ones (once nothing is under way). */
  dismiss: () => void;
}

let ids = 0;

/**
 * The uploads of several files at once, each through the kit's upload call (put-file), one at a time so
 * that the pictures reach the board in the order they were chosen. `room` says how many more the board
 * takes (of `max`); files beyond it are refused, not sent.
 */
export function useUploads(onUploaded: (link: string) => void, room: () => number, max: number): Uploads {
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<{ id: number; file: File }[]>([]);
  const running = useRef(false);
  const live = useRef(true);
  const latest = useRef({ onUploaded, room });
  latest.current = { onUploaded, room };
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const update = (id: number, change: Partial<UploadItem>) => {
    if (live.current) setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  };

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let next = queue.current.shift(); next && live.current; next = queue.current.shift()) {
        update(next.id, { state: 'uploading' });
        try {
          const link = await uploadImage(next.file);
          if (!live.current) return;
          latest.current.onUploaded(link);
          update(next.id, { state: 'done' });
        } catch (error) {
          update(next.id, { state: 'refused', reason: error instanceof Error && error.message ? error.message : i18n.t('card.album.uploadFailed') });
        }
      }
    } finally {
      running.current = false;
    }
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      let left = latest.current.room() - queue.current.length - (running.current ? 1 : 0);
      const added: UploadItem[] = files.map((file) => {
        const id = ++ids;
        const refused = left <= 0 ? i18n.t('card.album.uploadRefusedCount', { max }) : imageFileError(file);
        if (refused) return { id, name: file.name, state: 'refused', reason: refused };
        left -= 1;
        queue.current.push({ id, file });
        return { id, name: file.name, state: 'waiting' };
      });
      setItems((list) => [...list, ...added]);
      void pump();
    },
    [pump, max],
  );

  const busy = items.some((item) => item.state === 'waiting' || item.state === 'uploading');
  const dismiss = useCallback(() => setItems((list) => list.filter((item) => item.state === 'waiting' || item.state === 'uploading')), []);
  return { items, busy, add, dismiss };
}
