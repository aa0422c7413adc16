import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import { bizError, type LocalText } from '../../../core/sdk/server';
import { FILE_MSG } from './messages';

/**
 * The Chinese font the certificate is printed in, subset into each PDF (only the glyphs it uses, so a
 * certificate stays a few tens of kilobytes). In order: the file `CERTIFICATE_FONT` names (an operator's
 * own TTF, OTF or TTC), the Noto Serif SC that ships as a dependency (SIL Open Font License), then the
 * usual system CJK fonts; none of them found is a refusal that says how to give one.
 */

export interface CertificateFont {
  /** The font file's bytes, for the PDF library to subset. */
  regular: Uint8Array;
  /** A heavier weight of the same family for the titles (the regular one when there is none). */
  bold: Uint8Array;
  /** For a collection (.ttc): the face to use, by PostScript name. */
  face?: string;
  /** Where it came from, for the log. */
  source: string;
  /** The characters of `text` the font has no glyph for (a rare character in a name), each once. */
  missing(text: string): string[];
}

const packageFont = (weight: string) => {
  try {
    return createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-serif-sc/${weight}/NotoSerifSC_${weight}.ttf`);
  } catch {
    return undefined;
  }
};

const SYSTEM_FONTS = [
  '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
];

/** The candidate files, best first: [regular, bold] pairs. */
function candidates(): [string, string][] {
  const chosen = process.env.CERTIFICATE_FONT?.trim();
  const regular = packageFont('400Regular');
  const bold = packageFont('700Bold');
  return [
    ...(chosen ? [[chosen, chosen] as [string, string]] : []),
    ...(regular ? [[regular, bold && existsSync(bold) ? bold : regular] as [string, string]] : []),
    ...SYSTEM_FONTS.map((path) => [path, path] as [string, string]),
  ];
}

function open(regularPath: string, boldPath: string): CertificateFont {
  const regular = new Uint8Array(readFileSync(regularPath));
  const bold = boldPath === regularPath ? regular : new Uint8Array(readFileSync(boldPath));
  const opened = create(regular);
  // A collection's first face (a .ttc holds the regular face first in the fonts named above).
  const font: Font = 'fonts' in opened ? opened.fonts[0] : opened;
  if (!font || typeof font.hasGlyphForCodePoint !== 'function') throw new Error(`${regularPath} holds no usable font`);
  return {
    regular,
    bold,
    face: 'fonts' in opened ? font.postscriptName : undefined,
    source: regularPath,
    missing: (text) => [...new Set(Array.from(text).filter((char) => !/\s/.test(char) && !font.hasGlyphForCodePoint(char.codePointAt(0)!)))],
  };
}

let loaded: CertificateFont | undefined;

/** The font, read once per process (a few megabytes kept in memory); a 400 saying what to do when there is none. */
export function certificateFont(): CertificateFont {
  if (loaded) return loaded;
  for (const [regular, bold] of candidates()) {
    if (!existsSync(regular)) continue;
    try {
      loaded = open(regular, bold);
      return loaded;
    } catch {
      // An unreadable file: the next candidate.
    }
  }
  throw bizError(FILE_MSG.noFont);
}

/** Refuses a text with characters the font cannot print (they would show as empty boxes on the certificate). */
export function assertPrintable(font: CertificateFont, what: LocalText, text: string): void {
  const missing = font.missing(text);
  if (missing.length) throw bizError(FILE_MSG.missingGlyphs(what, missing.slice(0, 5).join('')));
}
