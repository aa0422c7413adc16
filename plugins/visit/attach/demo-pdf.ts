/**
 * A one-page PDF of a few lines of text, written out by hand for the demo attachments (a few hundred
 * bytes: no PDF library for this). The text is set in STSong-Light, one of the CJK fonts every PDF
 * reader has without embedding (its UCS-2 encoding takes Chinese and ASCII alike).
 */

/** Text as a PDF hex string of UTF-16BE code units (`<4E2D>`), with the byte-order mark for metadata. */
const hex = (text: string, bom = false) =>
  `<${bom ? 'FEFF' : ''}${[...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      // Outside the basic plane (emoji) the font has nothing: a question mark instead.
      return (code > 0xffff ? 0x3f : code).toString(16).toUpperCase().padStart(4, '0');
    })
    .join('')}>`;

export interface DemoDocument {
  title: string;
  /** Lines under the title, top to bottom. */
  lines: readonly string[];
}

export function demoPdf(doc: DemoDocument): Uint8Array<ArrayBuffer> {
  const text = [
    `BT /F1 22 Tf 56 770 Td ${hex(doc.title)} Tj ET`,
    '0.85 0.85 0.85 RG 56 752 m 539 752 l S',
    ...doc.lines.map((line, i) => `BT /F1 12 Tf 56 ${722 - i * 22} Td ${hex(line)} Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 7 0 R >>',
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [5 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 6 0 R /DW 1000 >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    `<< /Title ${hex(doc.title, true)} /Producer (card-admin demo) >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character above is ASCII (text travels as hex), so the string's length is its byte count.
  return new TextEncoder().encode(pdf);
}
