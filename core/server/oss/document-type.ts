import { sniffImage } from './image-type';
import type { StoredType } from './store';

export type DocumentExtension = 'pdf' | 'docx' | 'xlsx' | 'pptx' | 'png' | 'jpg';

export interface DocumentType extends StoredType {
  extension: DocumentExtension;
}

export const DOCUMENT_TYPES: Readonly<Record<DocumentExtension, DocumentType>> = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  docx: { extension: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { extension: 'pptx', contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  png: { extension: 'png', contentType: 'image/png' },
  jpg: { extension: 'jpg', contentType: 'image/jpeg' },
};

/** The Office Open XML part folders that say which of the three a package is. */
const OFFICE_FOLDERS: readonly [string, DocumentExtension][] = [
  ['word/', 'docx'],
  ['xl/', 'xlsx'],
  ['ppt/', 'pptx'],
];

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
/** The end record is 22 bytes and may be followed by a comment of at most 65535. */
const END_RECORD = 22;
const MAX_COMMENT = 0xffff;
/** More entries than any real document has: a directory claiming more is refused, not walked. */
const MAX_ENTRIES = 20_000;

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/**
 * What a file offered for download is, by its bytes alone (the name and the type the browser sent are
 * the uploader's claims): a PDF, a Word, Excel or PowerPoint document (.docx/.xlsx/.pptx), a PNG or a
 * JPEG; anything else (old binary Office files, macro-enabled documents, archives, executables, HTML,
 * SVG) is null. Office documents are zip packages: their central directory must list
 * `[Content_Types].xml` and the parts of exactly one of the three kinds; nothing is unpacked.
 */
export function sniffDocument(bytes: Uint8Array): DocumentType | null {
  if (startsWith(bytes, PDF)) return DOCUMENT_TYPES.pdf;
  const image = sniffImage(bytes);
  if (image) return DOCUMENT_TYPES[image.extension];
  const names = zipEntryNames(bytes);
  if (!names || !names.includes('[Content_Types].xml')) return null;
  // A macro-enabled document (.docm, .xlsm…) is refused, whatever it is named.
  if (names.some((name) => /(^|\/)vbaProject\.bin$/i.test(name))) return null;
  const kinds = OFFICE_FOLDERS.filter(([folder]) => names.some((name) => name.startsWith(folder))).map(([, kind]) => kind);
  return kinds.length === 1 ? DOCUMENT_TYPES[kinds[0]] : null;
}

/**
 * The entry names a zip's central directory lists, or null when the bytes are no well-formed zip (a
 * directory that runs past the file, records out of place, a ZIP64 or split archive, which no Office
 * document is). Only the directory at the end is read, every offset checked against the bytes' length.
 */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  if (bytes.length < END_RECORD + 4) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== ZIP_LOCAL) return null;
  let end = -1;
  for (let at = bytes.length - END_RECORD; at >= Math.max(0, bytes.length - END_RECORD - MAX_COMMENT); at--) {
    if (view.getUint32(at, true) === ZIP_END && at + END_RECORD + view.getUint16(at + 20, true) === bytes.length) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const disk = view.getUint16(end + 4, true);
  const directoryDisk = view.getUint16(end + 6, true);
  const entriesHere = view.getUint16(end + 8, true);
  const entries = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  // Split archives and ZIP64 (0xFFFF entries, 0xFFFFFFFF offsets) are not documents.
  if (disk !== 0 || directoryDisk !== 0 || entriesHere !== entries || entries === 0xffff || offset === 0xffffffff) return null;
  if (entries === 0 || entries > MAX_ENTRIES || offset + size > end) return null;
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const names: string[] = [];
  let at = offset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > offset + size || view.getUint32(at, true) !== ZIP_CENTRAL) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > offset + size) return null;
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at = next;
  }
  return names;
}
