// Renders the home-screen icons of the installable web app (apps/web/public/icons/*.png) from
// apps/web/public/favicon.svg with sharp (the server's image library). The PNGs are committed:
// run this again only when the favicon changes.
//
//   node scripts/make-app-icons.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { root } from './lib.mjs';

const publicDir = join(root, 'apps/web/public');
const outDir = join(publicDir, 'icons');
const favicon = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
// The favicon's square and tick without its rounded corners: a maskable icon is cut to the
// launcher's own shape, so it fills the whole square and keeps the tick inside the central 80 %
// circle (the safe zone), here scaled to 70 % around the middle.
const background = favicon.match(/fill="(#[0-9a-f]{6})"/i)?.[1] ?? '#1c7ed6';
const tick = favicon.match(/<path[^>]*\/>/)?.[0] ?? '';
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(16 16) scale(0.7) translate(-16 -16)">${tick}</g></svg>`;
// The apple-touch-icon is shown on an opaque square that iOS rounds itself: no transparent corners.
const apple = maskable.replace('scale(0.7)', 'scale(0.85)');

const icons = [
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  { file: 'icon-maskable-512.png', svg: maskable, size: 512 },
  { file: 'apple-touch-icon-180.png', svg: apple, size: 180 },
];

mkdirSync(outDir, { recursive: true });
for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(outDir, file));
  console.log(`icons/${file} ${size}×${size}`);
}
