/** The part of fontkit 2 (which ships no types) the certificate uses: opening a font to ask which characters it has. */
declare module 'fontkit' {
  export interface Font {
    readonly postscriptName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export interface FontCollection {
    readonly fonts: readonly Font[];
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font | FontCollection;
}
