import type { AlbumImage } from '../entity';

/** A picture on the editor's board: its link, what shows it (the server's thumbnail once saved), its caption. */
export interface BoardImage {
  /** Stable across moves (React keys, focus after a move, drag and drop). */
  key: string;
  link: string;
  /** The thumbnail the server made; a picture uploaded since the album was opened shows by its own link. */
  thumbLink: string;
  caption: string;
}

let counter = 0;
const nextKey = () => `img-${++counter}`;

/** The board of a loaded album (its pictures in order), or of a new one (none). */
export const boardOf = (images: readonly AlbumImage[] | undefined): BoardImage[] =>
  (images ?? []).map((image) => ({ key: nextKey(), link: image.link, thumbLink: image.thumbLink || image.link, caption: image.caption ?? '' }));

/** A picture just uploaded. */
export const uploaded = (link: string): BoardImage => ({ key: nextKey(), link, thumbLink: link, caption: '' });

/** The board with the picture at `from` moved to `to` (clamped to the board). */
export function moveImage(images: readonly BoardImage[], from: number, to: number): BoardImage[] {
  const target = Math.max(0, Math.min(images.length - 1, to));
  if (from === target || from < 0 || from >= images.length) return [...images];
  const next = [...images];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

/** What a save sends: the pictures in the board's order, captions trimmed. */
export const imagesBody = (images: readonly BoardImage[]) => images.map((image) => ({ link: image.link, caption: image.caption.trim() }));
