import { expect, test } from '@rstest/core';
import sharp from 'sharp';
import { docxDocument, pdfDocument, pptxDocument, zipOf } from '../../../tests/fixtures/documents';
import { writeSheet } from '../excel';
import { sniffDocument, zipEntryNames } from './document-type';

const kind = (bytes: Uint8Array) => sniffDocument(bytes)?.extension ?? null;

test('real documents are known by their bytes, with their content types', async () => {
  const xlsx = await writeSheet([{ title: 'Name', width: 10 }], [['A']], 'Sheet1');
  expect(sniffDocument(pdfDocument())).toEqual({ extension: 'pdf', contentType: 'application/pdf' });
  expect(sniffDocument(docxDocument())).toEqual({ extension: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
  expect(sniffDocument(xlsx)).toEqual({ extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  expect(sniffDocument(pptxDocument())).toEqual({ extension: 'pptx', contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' });
  const picture = sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } });
  expect(sniffDocument(await picture.png().toBuffer())).toEqual({ extension: 'png', contentType: 'image/png' });
  expect(sniffDocument(await picture.jpeg().toBuffer())).toEqual({ extension: 'jpg', contentType: 'image/jpeg' });
});

test('the central directory is read whole: every entry name, in order', async () => {
  expect(zipEntryNames(docxDocument())).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
  expect(zipEntryNames(zipOf({ 'a.txt': 'a', '中文/名.xml': '<x/>' }))).toEqual(['a.txt', '中文/名.xml']);
});

test('anything else is null: other zips, old Office files, macros, scripts, pictures we do not take', () => {
  const text = (s: string) => new TextEncoder().encode(s);
  const refused: [string, Uint8Array][] = [
    ['empty', new Uint8Array(0)],
    ['html', text('<!doctype html><script>alert(1)</script>')],
    ['svg', text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['gif', new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0])],
    ['exe', new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])],
    ['old .doc (OLE)', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Uint8Array(504)])],
    ['a plain zip', zipOf({ 'readme.txt': 'hello', 'word/not-really.xml': '<x/>' })],
    ['a zip without any Office part', zipOf({ '[Content_Types].xml': '<Types/>', 'docProps/app.xml': '<x/>' })],
    ['a package claiming two kinds', zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<x/>', 'xl/workbook.xml': '<x/>' })],
    ['a macro-enabled document', zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<x/>', 'word/vbaProject.bin': 'macro' })],
    ['a pdf header not at the start', text(' %PDF-1.4')],
  ];
  for (const [what, bytes] of refused) expect([what, kind(bytes)]).toEqual([what, null]);
});

test('a damaged zip is refused without reading past its bytes', () => {
  const good = docxDocument();
  const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = good.length - 22;

  const truncated = good.subarray(0, good.length - 10);
  expect(kind(truncated)).toBeNull();

  const overlong = good.slice();
  view(overlong).setUint32(end + 12, 0x7fffffff, true); // directory size beyond the file
  expect(kind(overlong)).toBeNull();

  const offsetPast = good.slice();
  view(offsetPast).setUint32(end + 16, good.length + 100, true);
  expect(kind(offsetPast)).toBeNull();

  const manyEntries = good.slice();
  view(manyEntries).setUint16(end + 8, 0xffff, true);
  view(manyEntries).setUint16(end + 10, 0xffff, true); // ZIP64 marker
  expect(kind(manyEntries)).toBeNull();

  const longName = good.slice();
  const centralStart = view(good).getUint32(end + 16, true);
  view(longName).setUint16(centralStart + 28, 0xffff, true); // a name running past the directory
  expect(kind(longName)).toBeNull();

  const badRecord = good.slice();
  view(badRecord).setUint32(centralStart, 0x12345678, true);
  expect(kind(badRecord)).toBeNull();

  // The end record must end the file (or its comment must): a stray signature inside the data is no end.
  const trailing = new Uint8Array([...good, 1, 2, 3]);
  expect(kind(trailing)).toBeNull();
});
