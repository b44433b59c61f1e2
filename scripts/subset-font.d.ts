// subset-font ships no types: the part of its API scripts/font-subset.mjs uses.
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype'; keepFeatures?: string[]; noHinting?: boolean },
  ): Promise<Buffer>;
}
