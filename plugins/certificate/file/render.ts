import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { CertificateFont } from './font';

/** What a certificate shows. Every text is printed as given: the caller checked it against the font. */
export interface CertificateContent {
  /** The certificate type's name, printed as the title (职业技能证书). */
  title: string;
  /** The same in English, under the title. */
  titleEn: string;
  holderName: string;
  certificateNo: string;
  /** yyyy-MM-dd. */
  issueDate: string;
  issuerName: string;
  /** The issuer's seal (PNG with transparency, or JPEG), printed over the issuer's name; none: no seal. */
  seal: Uint8Array | null;
  /** The address the QR code holds: it answers whether this certificate is genuine. */
  verifyUrl: string;
  /** When the file is made (the PDF's creation date). */
  madeAt: Date;
}

/** A5 portrait in points (148 × 210 mm). */
export const A5: readonly [number, number] = [419.53, 595.28];

const INK = '#23201c';
const MUTED = '#7a7167';
const RED = '#8f1d1d';
const GOLD = '#b8903c';

/** 2025-11-24 → 2025年11月24日, as dates are written on Chinese certificates. */
const chineseDate = (date: string) => {
  const [y, m, d] = date.split('-');
  return `${y}年${Number(m)}月${Number(d)}日`;
};

/**
 * Renders the certificate as a one-page A5 PDF: a double gold frame, the type as the title, the holder's
 * name, a line of attestation, the number, type and date of issue, the issuer with its seal stamped over
 * the name, and the verification QR code drawn as vector squares (sharp at any print size). The font is
 * embedded as a subset of the glyphs used.
 */
export async function renderCertificate(content: CertificateContent, font: CertificateFont): Promise<Uint8Array> {
  const [width, height] = A5;
  const doc = new PDFDocument({
    size: [width, height],
    margin: 0,
    pdfVersion: '1.7',
    lang: 'zh-CN',
    displayTitle: true,
    autoFirstPage: true,
    info: {
      Title: `${content.title} ${content.certificateNo}`,
      Author: content.issuerName,
      Subject: `${content.holderName} · ${content.certificateNo}`,
      Creator: '证书管理 / Certificates',
      CreationDate: content.madeAt,
    },
  });
  const chunks: Uint8Array[] = [];
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  doc.registerFont('body', Buffer.from(font.regular), font.face);
  doc.registerFont('title', Buffer.from(font.bold), font.face);

  frame(doc, width, height);

  // The number, top right, as certificates carry it.
  doc.font('body').fontSize(7.5).fillColor(MUTED).text(`编号 No. ${content.certificateNo}`, 36, 32, { width: width - 72, align: 'right' });

  // The title: the type's name, spaced out, and its English under it.
  // The spacing also follows the last character: half of it to the right keeps the title centred.
  doc.font('title').fontSize(fitSize(doc, content.title, width - 110, 30, 16, 6)).fillColor(RED);
  doc.text(content.title, 43, 62, { width: width - 80, align: 'center', characterSpacing: 6, lineBreak: false });
  doc.font('body').fontSize(8).fillColor(MUTED);
  doc.text(`CERTIFICATE · ${content.titleEn.toUpperCase()}`, 40, 104, { width: width - 80, align: 'center', characterSpacing: 1.5, lineBreak: false });
  divider(doc, width / 2, 126, 96);

  // The holder.
  doc.font('body').fontSize(11).fillColor(MUTED).text('兹证明 / This is to certify that', 40, 148, { width: width - 80, align: 'center' });
  const nameSize = fitSize(doc.font('title'), content.holderName, width - 130, 26, 12);
  doc.fontSize(nameSize).fillColor(INK);
  // A smaller size (a long name) sits lower, on the same line above the rule.
  doc.text(content.holderName, 50, 172 + (26 - nameSize) * 0.7, { width: width - 100, align: 'center', lineBreak: false, ellipsis: true });
  doc.moveTo(120, 210).lineTo(width - 120, 210).lineWidth(0.6).strokeColor(GOLD).stroke();
  doc.font('body').fontSize(10.5).fillColor(INK);
  doc.text(`经审核，符合「${content.title}」颁发条件，特发此证。`, 50, 224, { width: width - 100, align: 'center' });

  // The particulars.
  const rows: [string, string, string][] = [
    ['证书编号', 'Certificate No.', content.certificateNo],
    ['证书类型', 'Type', content.title],
    ['发证日期', 'Date of issue', content.issueDate],
  ];
  rows.forEach(([zh, en, value], i) => {
    const y = 270 + i * 32;
    doc.font('body').fontSize(10).fillColor(MUTED).text(zh, 78, y, { lineBreak: false });
    doc.fontSize(6.5).text(en, 78, y + 14, { lineBreak: false });
    doc.font('title').fontSize(11).fillColor(INK).text(value, 170, y + 2, { width: width - 250, lineBreak: false, ellipsis: true });
    doc.moveTo(78, y + 25).lineTo(width - 78, y + 25).lineWidth(0.3).strokeColor('#d9cdb4').stroke();
  });

  // The QR code, bottom left, with how to use it.
  const qrSize = 84;
  const qrX = 54;
  const qrY = 414;
  drawQrCode(doc, content.verifyUrl, qrX, qrY, qrSize);
  doc.font('body').fontSize(7.5).fillColor(MUTED).text('扫码验证真伪', qrX - 10, qrY + qrSize + 6, { width: qrSize + 20, align: 'center' });
  doc.fontSize(6.5).text('Scan to verify', qrX - 10, qrY + qrSize + 17, { width: qrSize + 20, align: 'center' });

  // The issuer, bottom right, the seal stamped over its name.
  const issuerX = width / 2 + 14;
  const issuerWidth = width - issuerX - 40;
  const centreX = issuerX + issuerWidth / 2;
  doc.font('body').fontSize(8).fillColor(MUTED).text('发证单位 / Issuer', issuerX, 428, { width: issuerWidth, align: 'center' });
  doc.font('title').fontSize(fitSize(doc, content.issuerName, issuerWidth * 2, 12, 8)).fillColor(INK);
  doc.text(content.issuerName, issuerX, 446, { width: issuerWidth, align: 'center', height: 34, ellipsis: true });
  doc.font('body').fontSize(10.5).fillColor(INK).text(chineseDate(content.issueDate), issuerX, 486, { width: issuerWidth, align: 'center' });
  if (content.seal) {
    const sealSize = 112;
    // Stamped ink: the name under it still reads through.
    doc.save().opacity(0.82);
    doc.image(Buffer.from(content.seal), centreX - sealSize / 2 + 8, 462 - sealSize / 2, { fit: [sealSize, sealSize], align: 'center', valign: 'center' });
    doc.restore();
  }

  doc.end();
  await finished;
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The largest size from `max` down to `min` at which `text` fits `room` points on one line. */
function fitSize(doc: PDFKit.PDFDocument, text: string, room: number, max: number, min: number, spacing = 0): number {
  for (let size = max; size > min; size -= 1) {
    doc.fontSize(size);
    if (doc.widthOfString(text) + spacing * Array.from(text).length <= room) return size;
  }
  return min;
}

/** The double gold frame with a diamond at each corner of the inner line. */
function frame(doc: PDFKit.PDFDocument, width: number, height: number): void {
  doc.rect(12, 12, width - 24, height - 24).lineWidth(2.6).strokeColor(GOLD).stroke();
  doc.rect(19, 19, width - 38, height - 38).lineWidth(0.7).strokeColor(GOLD).stroke();
  for (const [x, y] of [
    [19, 19],
    [width - 19, 19],
    [19, height - 19],
    [width - 19, height - 19],
  ]) {
    doc.polygon([x, y - 5], [x + 5, y], [x, y + 5], [x - 5, y]).fillColor(GOLD).fill();
  }
}

/** A short rule with a diamond in its middle, under the title. */
function divider(doc: PDFKit.PDFDocument, centreX: number, y: number, halfWidth: number): void {
  doc.moveTo(centreX - halfWidth, y).lineTo(centreX - 8, y).moveTo(centreX + 8, y).lineTo(centreX + halfWidth, y).lineWidth(0.8).strokeColor(GOLD).stroke();
  doc.polygon([centreX, y - 3.5], [centreX + 3.5, y], [centreX, y + 3.5], [centreX - 3.5, y]).fillColor(GOLD).fill();
}

/** The QR code of `text` as filled squares inside `size` points, on white, with a one-module quiet zone. */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 1;
  const cell = size / (modules.size + quiet * 2);
  doc.rect(x, y, size, size).fillColor('#ffffff').fill();
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      // Squares slightly overlapping, so no hairline shows between neighbours when rasterised.
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fillColor('#000000').fill();
}
