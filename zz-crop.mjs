import sharp from 'sharp';
const [src, step, prefix] = process.argv.slice(2);
const m = await sharp(src).metadata();
console.log(m.width, m.height);
for (let i = 0, n = 0; i < m.height; i += Number(step), n++) {
  await sharp(src).extract({ left: 0, top: i, width: m.width, height: Math.min(Number(step), m.height - i) }).toFile(`${prefix}-${n}.png`);
}
