/**
 * The otpauth:// URI as a QR code, drawn on the server as one SVG path (no script, no image
 * request, nothing fetched from the web). uqr encodes; the drawing is ours, so the markup is
 * small and carries an accessible name.
 */
import { encode } from 'uqr';

/** The modules of the QR code, with the four-module quiet zone the standard asks for. */
export function qrModules(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 4 }).data;
}

/** One path of 1x1 squares in a size x size view box: dark modules only, on a white square. */
export function qrSvgPath(modules: boolean[][]): { size: number; path: string } {
  let path = '';
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      // A run of dark modules in a row is one rectangle: a third of the markup of one per module.
      let run = 1;
      while (row[x + run]) run++;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  });
  return { size: modules.length, path };
}
