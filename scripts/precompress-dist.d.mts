/** Writes `<file>.br` and `<file>.gz` beside each text file under `dist`; resolves with how many files. */
export function precompress(dist: string): Promise<number>;
