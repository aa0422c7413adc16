// @arco-design/color ships without type declarations; this describes the part we use.
declare module '@arco-design/color' {
  export type ColorFormat = 'hex' | 'rgb' | 'hsl';
  export function generate(color: string, options: { list: true; dark?: boolean; format?: ColorFormat }): string[];
  export function generate(color: string, options?: { list?: false; index?: number; dark?: boolean; format?: ColorFormat }): string;
  /** `r,g,b` of any CSS colour. */
  export function getRgbStr(color: string): string;
}
