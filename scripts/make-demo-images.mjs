// Draws the card plugin's demo pictures (company logos, staff avatars, case album photos, festival
// posters) from SVG with sharp, into plugins/card/demo/. Run it again after changing a drawing:
//   node scripts/make-demo-images.mjs
// The output is deterministic (a seeded random generator), so re-running it changes no file that the
// drawing did not change. Logos use Latin initials only and posters carry no text: a server that seeds
// these files may lack CJK fonts, and the files are drawn once, here, anyway.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'plugins', 'card', 'demo');

/** mulberry32: a tiny seeded generator, so every run draws the same pictures. */
function generator(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (low, high) => low + (high - low) * next(),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

const svg = (width, height, body, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;

const linear = (id, stops, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`)
    .join('')}</linearGradient>`;

const radial = (id, stops, cx = 0.5, cy = 0.5, r = 0.5) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`)
    .join('')}</radialGradient>`;

const blur = (id, amount) => `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${amount}"/></filter>`;

const polygon = (points, fill, extra = '') => `<polygon points="${points.map((p) => p.join(',')).join(' ')}" fill="${fill}" ${extra}/>`;

// ---------------------------------------------------------------------------------------------------
// Logos: two brand marks per demo tenant, a shape and Latin initials.

const logos = [
  // 000000: a hexagon tech mark and a wave
  (size) => {
    const c = size / 2;
    const hex = Array.from({ length: 6 }, (_, i) => [c + 96 * Math.cos((Math.PI / 3) * i - Math.PI / 6), c + 96 * Math.sin((Math.PI / 3) * i - Math.PI / 6)]);
    const inner = hex.map(([x, y]) => [c + (x - c) * 0.78, c + (y - c) * 0.78]);
    return svg(
      size,
      size,
      `<rect width="${size}" height="${size}" rx="40" fill="#f4f7ff"/>${polygon(hex, 'url(#g)')}${polygon(inner, 'none', 'stroke="#ffffff" stroke-opacity="0.35" stroke-width="4"')}
       <text x="${c}" y="${c + 24}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="70" fill="#ffffff" text-anchor="middle" letter-spacing="2">HX</text>`,
      linear('g', [[0, '#2f6bff'], [1, '#12b5cb']], 1, 1),
    );
  },
  (size) =>
    svg(
      size,
      size,
      `<rect width="${size}" height="${size}" rx="40" fill="#fff8f1"/><circle cx="128" cy="128" r="100" fill="url(#g)"/>
       <path d="M40 150 Q84 112 128 150 T216 150 L216 170 Q172 208 128 170 T40 170 Z" fill="#ffffff" fill-opacity="0.9"/>
       <path d="M52 186 Q90 158 128 186 T204 186" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="8" stroke-linecap="round"/>
       <text x="128" y="118" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="62" fill="#ffffff" text-anchor="middle">SR</text>`,
      linear('g', [[0, '#ff9a3c'], [1, '#f2545b']], 1, 1),
    ),
  // 100001: a leaf and a diamond
  (size) =>
    svg(
      size,
      size,
      `<rect width="${size}" height="${size}" rx="40" fill="#f1fbf4"/>
       <path d="M128 30 C210 60 226 150 128 226 C30 150 46 60 128 30 Z" fill="url(#g)"/>
       <path d="M128 60 L128 210" stroke="#ffffff" stroke-opacity="0.5" stroke-width="6"/>
       <path d="M128 110 L168 84 M128 150 L178 120 M128 130 L84 100 M128 172 L80 140" stroke="#ffffff" stroke-opacity="0.4" stroke-width="5" stroke-linecap="round"/>
       <rect x="66" y="150" width="124" height="56" rx="14" fill="#0f5132" fill-opacity="0.85"/>
       <text x="128" y="193" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="44" fill="#ffffff" text-anchor="middle" letter-spacing="3">LT</text>`,
      linear('g', [[0, '#3ccf7a'], [1, '#138a52']], 0, 1),
    ),
  (size) =>
    svg(
      size,
      size,
      `<rect width="${size}" height="${size}" rx="40" fill="#f6f2ff"/>
       ${polygon([[128, 24], [232, 128], [128, 232], [24, 128]], 'url(#g)')}
       ${polygon([[128, 58], [198, 128], [128, 198], [58, 128]], 'none', 'stroke="#ffffff" stroke-opacity="0.45" stroke-width="5"')}
       <text x="128" y="150" font-family="DejaVu Serif, Liberation Serif, serif" font-weight="bold" font-size="60" fill="#ffffff" text-anchor="middle">QM</text>`,
      linear('g', [[0, '#8e5cff'], [1, '#3d2a9c']], 1, 1),
    ),
];

// ---------------------------------------------------------------------------------------------------
// Avatars: head-and-shoulders silhouettes, no text.

const skins = ['#f5d0b5', '#eab38f', '#d19a72', '#a86f4c', '#f1c7a3', '#7c4a32', '#e0ac85', '#c58a62'];
const hairs = ['#1d1a19', '#3b2a20', '#5a3825', '#8a5a33', '#b98a4e', '#2c2c34', '#6b6b6b', '#a0522d'];
const backdrops = [
  ['#9ec5ff', '#dbe8ff'], ['#ffc9a3', '#ffe9d9'], ['#b5e3c4', '#e6f7ec'], ['#d6c4ff', '#f0e9ff'],
  ['#ffd6e0', '#fff0f4'], ['#a7e0e8', '#e2f7fa'], ['#f6e3a1', '#fdf6dc'], ['#c9d1dc', '#eef1f5'],
];
const clothes = ['#24324a', '#4a5b7a', '#7a2e3a', '#2f5d50', '#e6e6e6', '#3a3a3a', '#8a6d3b', '#1f4e8c'];

function avatar(index) {
  const random = generator(1000 + index);
  // The second eight shift every trait by a different step, so no two of the sixteen look alike.
  const round = Math.floor(index / 8);
  const [back, light] = backdrops[(index + round * 3) % backdrops.length];
  const skin = skins[(index * 3 + round * 5) % skins.length];
  const hair = hairs[(index * 5 + 1 + round * 2) % hairs.length];
  const cloth = clothes[(index * 7 + 2 + round * 3) % clothes.length];
  const style = (index + round) % 4; // 0 short, 1 long, 2 bun, 3 side part
  const glasses = (index + round * 2) % 5 === 2;
  const collar = (index + round) % 3 === 0;
  const tilt = random.between(-4, 4).toFixed(1);
  const hairBack =
    style === 1
      ? `<path d="M70 118 Q70 52 128 50 Q186 52 186 118 L194 210 Q128 226 62 210 Z" fill="${hair}"/>`
      : style === 2
        ? `<circle cx="128" cy="42" r="26" fill="${hair}"/>`
        : '';
  const hairTop =
    style === 0
      ? `<path d="M80 108 Q78 58 128 56 Q180 58 176 108 Q168 84 128 82 Q92 84 80 108 Z" fill="${hair}"/>`
      : style === 3
        ? `<path d="M78 112 Q76 56 130 54 Q182 58 178 110 Q170 80 146 78 Q120 92 84 96 Z" fill="${hair}"/>`
        : `<path d="M80 112 Q80 58 128 58 Q176 58 176 112 Q160 80 128 80 Q96 80 80 112 Z" fill="${hair}"/>`;
  const specs = glasses
    ? `<g fill="none" stroke="#2b2b2b" stroke-width="3"><circle cx="110" cy="116" r="12"/><circle cx="146" cy="116" r="12"/><path d="M122 116 L134 116"/></g>`
    : '';
  const shirt = collar
    ? `<path d="M108 178 L128 204 L148 178 L140 176 L128 190 L116 176 Z" fill="#ffffff"/><path d="M124 196 L132 196 L136 236 L128 246 L120 236 Z" fill="#b23a48"/>`
    : `<path d="M108 180 Q128 196 148 180" fill="none" stroke="${skin}" stroke-width="10"/>`;
  return svg(
    256,
    256,
    `<rect width="256" height="256" fill="url(#bg)"/><circle cx="200" cy="50" r="70" fill="#ffffff" fill-opacity="0.18"/>
     <g transform="rotate(${tilt} 128 256)">
       ${hairBack}
       <path d="M36 256 Q40 190 100 176 L156 176 Q216 190 220 256 Z" fill="${cloth}"/>
       <rect x="112" y="150" width="32" height="34" rx="10" fill="${skin}"/>
       <ellipse cx="128" cy="114" rx="44" ry="52" fill="${skin}"/>
       <ellipse cx="84" cy="118" rx="7" ry="11" fill="${skin}"/><ellipse cx="172" cy="118" rx="7" ry="11" fill="${skin}"/>
       ${hairTop}
       <circle cx="110" cy="116" r="3.5" fill="#2b2b2b" fill-opacity="0.75"/><circle cx="146" cy="116" r="3.5" fill="#2b2b2b" fill-opacity="0.75"/>
       <path d="M116 142 Q128 150 140 142" fill="none" stroke="#8a4b3c" stroke-width="3" stroke-linecap="round"/>
       ${specs}${shirt}
     </g>`,
    linear('bg', [[0, back], [1, light]], 1, 1),
  );
}

// ---------------------------------------------------------------------------------------------------
// Album photos: 1200×800 scenes a company would show as its cases. Six kinds, three variants each.

const W = 1200;
const H = 800;

function livingRoom(variant, random) {
  const palettes = [
    { wall: ['#efe6da', '#d9cbb8'], floor: ['#b98b5e', '#7a5635'], sofa: '#5b7c99', rug: '#e9dccb', accent: '#d98c4a' },
    { wall: ['#e3ebe8', '#c3d2cd'], floor: ['#cfc6b8', '#8f8576'], sofa: '#c9a66b', rug: '#40535e', accent: '#3f7d6e' },
    { wall: ['#f3efe9', '#ddd3c6'], floor: ['#6e4f3a', '#3e2b1f'], sofa: '#9c4a3c', rug: '#d8c8a8', accent: '#2c5f8a' },
  ];
  const p = palettes[variant];
  const back = { x1: 300, y1: 150, x2: 900, y2: 520 };
  const window = variant === 1 ? { x: 330, y: 190, w: 240, h: 250 } : { x: 600, y: 180, w: 250, h: 230 };
  const lampX = variant === 2 ? 820 : 380;
  const defs =
    linear('wall', [[0, p.wall[0]], [1, p.wall[1]]]) +
    linear('side', [[0, p.wall[1]], [1, p.wall[0]]], 1, 0) +
    linear('floor', [[0, p.floor[0]], [1, p.floor[1]]]) +
    linear('sky', [[0, '#8ec5ff'], [0.7, '#dff0ff'], [1, '#fdf5e6']]) +
    radial('glow', [[0, '#fff3c4', 0.9], [1, '#fff3c4', 0]]) +
    radial('light', [[0, '#ffffff', 0.35], [1, '#ffffff', 0]], 0.5, 0.3, 0.6) +
    blur('soft', 14);
  const planks = Array.from({ length: 14 }, (_, i) => {
    const x = -200 + i * 115;
    return `<path d="M${back.x1 + (i * (back.x2 - back.x1)) / 13} ${back.y2} L${x} ${H}" stroke="#000" stroke-opacity="0.08" stroke-width="2"/>`;
  }).join('');
  const cushions = [0, 1, 2]
    .map((i) => `<rect x="${470 + i * 95}" y="${452 - random.between(0, 6)}" width="80" height="58" rx="16" fill="${i === 1 ? p.accent : p.rug}" fill-opacity="0.95"/>`)
    .join('');
  const leaves = Array.from({ length: 9 }, (_, i) => {
    const angle = -150 + i * 15 + random.between(-5, 5);
    return `<ellipse cx="0" cy="-60" rx="16" ry="62" fill="${i % 2 ? '#3f8f52' : '#2f6f3f'}" transform="translate(1010 560) rotate(${angle + 90})"/>`;
  }).join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#wall)"/>
     ${polygon([[0, 0], [back.x1, back.y1], [back.x1, back.y2], [0, H]], 'url(#side)')}
     ${polygon([[W, 0], [back.x2, back.y1], [back.x2, back.y2], [W, H]], 'url(#side)', 'opacity="0.85"')}
     ${polygon([[0, 0], [W, 0], [back.x2, back.y1], [back.x1, back.y1]], '#fbf8f3')}
     ${polygon([[back.x1, back.y2], [back.x2, back.y2], [W, H], [0, H]], 'url(#floor)')}${planks}
     <rect x="${window.x}" y="${window.y}" width="${window.w}" height="${window.h}" fill="url(#sky)" stroke="#ffffff" stroke-width="10"/>
     <path d="M${window.x + window.w / 2} ${window.y} V${window.y + window.h} M${window.x} ${window.y + window.h / 2} H${window.x + window.w}" stroke="#ffffff" stroke-width="6"/>
     <path d="M${window.x} ${window.y + window.h * 0.72} Q${window.x + window.w * 0.3} ${window.y + window.h * 0.55} ${window.x + window.w * 0.55} ${window.y + window.h * 0.7} T${window.x + window.w} ${window.y + window.h * 0.62} V${window.y + window.h} H${window.x} Z" fill="#7fae8a" fill-opacity="0.8"/>
     <rect x="${variant === 1 ? 640 : 380}" y="220" width="${variant === 1 ? 200 : 170}" height="120" fill="${p.accent}" fill-opacity="0.85" stroke="#3b2f25" stroke-width="6"/>
     <circle cx="${variant === 1 ? 740 : 465}" cy="280" r="34" fill="#ffffff" fill-opacity="0.5"/>
     <ellipse cx="600" cy="640" rx="360" ry="70" fill="${p.rug}" fill-opacity="0.9"/>
     <ellipse cx="600" cy="560" rx="270" ry="26" fill="#000" fill-opacity="0.25" filter="url(#soft)"/>
     <rect x="400" y="430" width="400" height="110" rx="26" fill="${p.sofa}"/>
     <rect x="380" y="470" width="440" height="80" rx="24" fill="${p.sofa}" style="filter:brightness(0.9)"/>
     <rect x="360" y="440" width="70" height="110" rx="24" fill="${p.sofa}" fill-opacity="0.92"/>
     <rect x="770" y="440" width="70" height="110" rx="24" fill="${p.sofa}" fill-opacity="0.92"/>
     <rect x="380" y="470" width="440" height="80" rx="24" fill="#000" fill-opacity="0.1"/>
     ${cushions}
     <ellipse cx="600" cy="650" rx="120" ry="26" fill="#3b2f25"/><rect x="590" y="650" width="20" height="50" fill="#3b2f25"/>
     <ellipse cx="600" cy="712" rx="90" ry="14" fill="#000" fill-opacity="0.2" filter="url(#soft)"/>
     <rect x="560" y="612" width="30" height="34" rx="6" fill="#ffffff"/><circle cx="640" cy="630" r="16" fill="${p.accent}"/>
     <path d="M${lampX} 560 L${lampX} 300" stroke="#2e2e2e" stroke-width="6"/>
     <path d="M${lampX - 50} 300 L${lampX + 50} 300 L${lampX + 30} 240 L${lampX - 30} 240 Z" fill="#f8ecd0"/>
     <circle cx="${lampX}" cy="310" r="140" fill="url(#glow)"/>
     <ellipse cx="${lampX}" cy="565" rx="40" ry="8" fill="#2e2e2e"/>
     <path d="M985 560 L1035 560 L1025 640 L995 640 Z" fill="#d6d0c4"/>${leaves}
     <rect width="${W}" height="${H}" fill="url(#light)"/>`,
    defs,
  );
}

function kitchenOrOffice(variant, random) {
  const office = variant === 2;
  const p = [
    { wall: '#f0f1ee', cabinet: '#2f3b46', top: '#e8e4dc', floor: ['#c9c2b6', '#8d857a'], metal: '#c8ccd0' },
    { wall: '#f7f3ec', cabinet: '#8aa39a', top: '#ffffff', floor: ['#a47c58', '#5e4330'], metal: '#b89b6a' },
    { wall: '#e9eef3', cabinet: '#ffffff', top: '#6d7b89', floor: ['#8e98a3', '#4b545e'], metal: '#2d3640' },
  ][variant];
  const defs =
    linear('wall', [[0, p.wall], [1, '#d7d7d2']]) +
    linear('floor', [[0, p.floor[0]], [1, p.floor[1]]]) +
    linear('glass', [[0, '#bcd9f2'], [1, '#eef6fc']], 1, 1) +
    radial('pend', [[0, '#fff2c6', 0.8], [1, '#fff2c6', 0]]) +
    blur('soft', 12);
  if (office) {
    const desks = [0, 1, 2]
      .map((i) => {
        const x = 170 + i * 320;
        return `<rect x="${x}" y="470" width="260" height="18" fill="#e9e2d6"/><rect x="${x + 10}" y="488" width="10" height="120" fill="#333"/><rect x="${x + 240}" y="488" width="10" height="120" fill="#333"/>
          <rect x="${x + 70}" y="360" width="130" height="88" rx="6" fill="#1d232b"/><rect x="${x + 76}" y="366" width="118" height="76" fill="url(#glass)" fill-opacity="0.7"/>
          <rect x="${x + 128}" y="448" width="14" height="22" fill="#333"/><rect x="${x + 90}" y="474" width="90" height="8" rx="3" fill="#444"/>
          <path d="M${x + 110} 600 Q${x + 130} 520 ${x + 170} 520 L${x + 180} 600 Z" fill="${['#2c5f8a', '#a34a3c', '#3f7d6e'][i]}"/>`;
      })
      .join('');
    const windows = Array.from({ length: 5 }, (_, i) => `<rect x="${60 + i * 220}" y="70" width="190" height="250" fill="url(#glass)"/>`).join('');
    const skyline = Array.from({ length: 16 }, (_, i) => {
      const h = random.between(60, 180);
      return `<rect x="${60 + i * 70}" y="${320 - h}" width="58" height="${h}" fill="#8aa4bd" fill-opacity="0.55"/>`;
    }).join('');
    return svg(
      W,
      H,
      `<rect width="${W}" height="${H}" fill="url(#wall)"/>${windows}${skyline}
       <rect x="0" y="320" width="${W}" height="14" fill="#d0d4d8"/>
       ${polygon([[0, 560], [W, 560], [W, H], [0, H]], 'url(#floor)')}
       <ellipse cx="600" cy="620" rx="520" ry="40" fill="#000" fill-opacity="0.15" filter="url(#soft)"/>
       ${desks}
       <path d="M1080 560 L1140 560 L1130 640 L1090 640 Z" fill="#eae6df"/>
       ${Array.from({ length: 7 }, (_, i) => `<ellipse cx="0" cy="-50" rx="14" ry="54" fill="#3f8f52" transform="translate(1110 560) rotate(${-70 + i * 23})"/>`).join('')}`,
      defs,
    );
  }
  const doors = Array.from({ length: 8 }, (_, i) => {
    const x = 100 + i * 125;
    return `<rect x="${x}" y="500" width="115" height="210" rx="4" fill="${p.cabinet}"/><rect x="${x + 48}" y="520" width="20" height="5" rx="2" fill="${p.metal}"/>`;
  }).join('');
  const upper = Array.from({ length: 4 }, (_, i) => `<rect x="${100 + i * 250}" y="110" width="240" height="170" rx="4" fill="${p.cabinet}" fill-opacity="0.95"/>`).join('');
  const pendants = [360, 600, 840]
    .map((x) => `<path d="M${x} 0 V220" stroke="#333" stroke-width="3"/><path d="M${x - 40} 270 Q${x} 200 ${x + 40} 270 Z" fill="${p.metal}"/><circle cx="${x}" cy="300" r="110" fill="url(#pend)"/>`)
    .join('');
  const items = Array.from({ length: 6 }, (_, i) => {
    const x = 160 + i * 160 + random.between(-20, 20);
    return i % 2
      ? `<rect x="${x}" y="${430}" width="44" height="60" rx="8" fill="${random.pick(['#d98c4a', '#ffffff', '#4a6f8a', '#c9a66b'])}"/>`
      : `<ellipse cx="${x + 30}" cy="478" rx="46" ry="14" fill="${random.pick(['#f1e6d2', '#ffffff', '#b5c8b8'])}"/>`;
  }).join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#wall)"/>
     <rect x="100" y="300" width="1000" height="190" fill="#ffffff" fill-opacity="0.6"/>
     ${Array.from({ length: 20 }, (_, i) => `<path d="M${100 + i * 50} 300 V490" stroke="#d6d6d0" stroke-width="2"/>`).join('')}
     ${Array.from({ length: 4 }, (_, i) => `<path d="M100 ${300 + i * 48} H1100" stroke="#d6d6d0" stroke-width="2"/>`).join('')}
     ${upper}${pendants}
     ${polygon([[0, 700], [W, 700], [W, H], [0, H]], 'url(#floor)')}
     ${doors}
     <rect x="80" y="486" width="1040" height="22" fill="${p.top}"/>
     <rect x="80" y="506" width="1040" height="6" fill="#000" fill-opacity="0.15"/>
     ${items}
     <rect x="820" y="420" width="150" height="66" rx="6" fill="${p.metal}"/><path d="M880 420 Q880 380 920 380" fill="none" stroke="${p.metal}" stroke-width="8"/>`,
    defs,
  );
}

function productStill(variant, random) {
  const p = [
    { back: ['#f3e7da', '#d8c3ad'], surface: '#c9ab8d', a: '#2f4f6f', b: '#e8d9c4', c: '#b4553c' },
    { back: ['#dde7ee', '#9fb4c4'], surface: '#eef2f4', a: '#ffffff', b: '#3e6f8f', c: '#e3a73b' },
    { back: ['#262a33', '#0f1217'], surface: '#3a3f4a', a: '#c9a66b', b: '#e6e6e6', c: '#7a2e3a' },
  ][variant];
  const defs =
    radial('back', [[0, p.back[0]], [1, p.back[1]]], 0.5, 0.35, 0.8) +
    linear('surface', [[0, p.surface], [1, '#000000', 0.35]]) +
    linear('shine', [[0, '#ffffff', 0.5], [0.4, '#ffffff', 0], [1, '#ffffff', 0]], 1, 0) +
    radial('spot', [[0, '#ffffff', 0.35], [1, '#ffffff', 0]]) +
    blur('soft', 16);
  const bottle = (x, color, height) =>
    `<ellipse cx="${x}" cy="600" rx="70" ry="14" fill="#000" fill-opacity="0.35" filter="url(#soft)"/>
     <path d="M${x - 55} 600 L${x - 55} ${600 - height + 90} Q${x - 55} ${600 - height + 40} ${x - 20} ${600 - height + 30} L${x - 20} ${600 - height} L${x + 20} ${600 - height} L${x + 20} ${600 - height + 30} Q${x + 55} ${600 - height + 40} ${x + 55} ${600 - height + 90} L${x + 55} 600 Z" fill="${color}"/>
     <rect x="${x - 24}" y="${600 - height - 24}" width="48" height="28" rx="6" fill="#2b2b2b"/>
     <rect x="${x - 45}" y="${600 - height * 0.55}" width="90" height="${height * 0.3}" fill="#ffffff" fill-opacity="0.75"/>
     <path d="M${x - 55} 600 L${x - 55} ${600 - height + 90} Q${x - 55} ${600 - height + 40} ${x - 20} ${600 - height + 30} L${x - 20} ${600 - height} L${x} ${600 - height} L${x} 600 Z" fill="url(#shine)"/>`;
  const box = (x, color, w, h) =>
    `<ellipse cx="${x + w / 2}" cy="604" rx="${w * 0.7}" ry="16" fill="#000" fill-opacity="0.35" filter="url(#soft)"/>
     <rect x="${x}" y="${600 - h}" width="${w}" height="${h}" fill="${color}"/>
     ${polygon([[x, 600 - h], [x + 30, 600 - h - 24], [x + w + 30, 600 - h - 24], [x + w, 600 - h]], color, 'style="filter:brightness(1.2)" fill-opacity="0.85"')}
     ${polygon([[x + w, 600 - h], [x + w + 30, 600 - h - 24], [x + w + 30, 576], [x + w, 600]], '#000', 'fill-opacity="0.25"')}
     <rect x="${x}" y="${600 - h}" width="${w}" height="${h}" fill="url(#shine)"/>`;
  const cup = (x, color) =>
    `<ellipse cx="${x}" cy="602" rx="70" ry="12" fill="#000" fill-opacity="0.3" filter="url(#soft)"/>
     <path d="M${x - 55} 500 L${x + 55} 500 L${x + 45} 600 L${x - 45} 600 Z" fill="${color}"/>
     <ellipse cx="${x}" cy="500" rx="55" ry="12" fill="#3b2418"/>
     <path d="M${x + 50} 520 Q${x + 95} 530 ${x + 48} 570" fill="none" stroke="${color}" stroke-width="12"/>`;
  const layouts = [
    () => bottle(430, p.a, 300) + box(620, p.c, 180, 170) + cup(900, p.b),
    () => box(280, p.b, 220, 240) + bottle(640, p.c, 340) + bottle(820, p.a, 250),
    () => cup(360, p.b) + bottle(600, p.a, 360) + box(780, p.c, 160, 130),
  ];
  const sparkle = Array.from({ length: 12 }, () => `<circle cx="${random.between(80, 1120)}" cy="${random.between(60, 420)}" r="${random.between(2, 5)}" fill="#ffffff" fill-opacity="${random.between(0.15, 0.5).toFixed(2)}"/>`).join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#back)"/>${sparkle}
     <ellipse cx="600" cy="300" rx="420" ry="300" fill="url(#spot)"/>
     <path d="M0 560 Q600 520 1200 560 L1200 800 L0 800 Z" fill="url(#surface)"/>
     <path d="M0 560 Q600 520 1200 560" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="3"/>
     ${layouts[variant]()}
     <path d="M0 680 Q600 650 1200 680 L1200 800 L0 800 Z" fill="#000" fill-opacity="0.12"/>`,
    defs,
  );
}

function facade(variant, random) {
  const p = [
    { sky: ['#5f9fe0', '#cfe6fb'], glass: ['#7fb3d9', '#2e5c84'], frame: '#d9dee3', street: '#55595e' },
    { sky: ['#f59e6b', '#fde1c2'], glass: ['#e7b48a', '#6b4a52'], frame: '#3a3a40', street: '#4a4346' },
    { sky: ['#9fc0d8', '#eef3f6'], glass: ['#c7d6df', '#5d7384'], frame: '#f2f2f0', street: '#6a6d70' },
  ][variant];
  const defs =
    linear('sky', [[0, p.sky[0]], [1, p.sky[1]]]) +
    linear('glass', [[0, p.glass[0]], [1, p.glass[1]]], 1, 1) +
    linear('reflect', [[0, '#ffffff', 0], [0.5, '#ffffff', 0.35], [1, '#ffffff', 0]], 1, 1) +
    linear('street', [[0, p.street], [1, '#222']]) +
    blur('soft', 10);
  const clouds = Array.from({ length: 4 }, () => {
    const x = random.between(50, 1100);
    const y = random.between(40, 200);
    return `<g fill="#ffffff" fill-opacity="0.7" filter="url(#soft)"><ellipse cx="${x}" cy="${y}" rx="90" ry="26"/><ellipse cx="${x + 50}" cy="${y - 14}" rx="60" ry="24"/></g>`;
  }).join('');
  // a tower in perspective: front face and side face with window grids
  const towers = [
    { x: 420, w: 360, top: 60, side: 140 },
    { x: 120, w: 220, top: 260, side: 60 },
    { x: 880, w: 240, top: 200, side: 70 },
  ];
  const drawTower = ({ x, w, top, side }, i) => {
    const columns = Math.round(w / 45);
    const rows = Math.round((640 - top) / 46);
    const grid = [];
    for (let c = 1; c < columns; c++) grid.push(`<path d="M${x + (c * w) / columns} ${top} V640" stroke="${p.frame}" stroke-width="4"/>`);
    for (let r = 1; r < rows; r++) grid.push(`<path d="M${x} ${top + (r * (640 - top)) / rows} H${x + w}" stroke="${p.frame}" stroke-width="3"/>`);
    const lit = Array.from({ length: Math.round(columns * rows * 0.12) }, () => {
      const c = Math.floor(random.next() * columns);
      const r = Math.floor(random.next() * rows);
      return `<rect x="${x + (c * w) / columns + 3}" y="${top + (r * (640 - top)) / rows + 3}" width="${w / columns - 6}" height="${(640 - top) / rows - 6}" fill="#fff4c9" fill-opacity="${variant === 1 ? 0.8 : 0.35}"/>`;
    }).join('');
    return `${polygon([[x + w, top], [x + w + side, top + 30], [x + w + side, 640], [x + w, 640]], p.glass[1], `fill-opacity="${0.9 - i * 0.1}"`)}
      <rect x="${x}" y="${top}" width="${w}" height="${640 - top}" fill="url(#glass)"/>${lit}
      ${polygon([[x, top + 80], [x + w * 0.55, top], [x + w, top], [x, 640 - 120]], 'url(#reflect)')}
      ${grid.join('')}<rect x="${x - 6}" y="${top - 12}" width="${w + 12}" height="14" fill="${p.frame}"/>`;
  };
  const order = variant === 0 ? [1, 2, 0] : variant === 1 ? [0, 1, 2] : [2, 0, 1];
  const trees = Array.from({ length: 9 }, (_, i) => {
    const x = 40 + i * 140 + random.between(-20, 20);
    return `<rect x="${x - 5}" y="650" width="10" height="50" fill="#4a3424"/><circle cx="${x}" cy="640" r="${random.between(30, 42)}" fill="${i % 2 ? '#3f7d4a' : '#2f6a3c'}"/>`;
  }).join('');
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>${clouds}
     ${order.map((i) => drawTower(towers[i], i)).join('')}
     <rect x="0" y="640" width="${W}" height="160" fill="url(#street)"/>
     <rect x="0" y="640" width="${W}" height="26" fill="#b9b4aa"/>
     ${Array.from({ length: 8 }, (_, i) => `<rect x="${40 + i * 160}" y="740" width="90" height="8" fill="#ffffff" fill-opacity="0.7"/>`).join('')}
     ${trees}`,
    defs,
  );
}

function skyline(variant, random) {
  const p = [
    { sky: ['#0d1b3d', '#3b4f8a', '#f0a868'], far: '#3a4570', near: '#141a2e', water: '#1b2c4f', lights: 0.9 },
    { sky: ['#6fb1ff', '#bfdcff', '#f4f9ff'], far: '#9fb7cf', near: '#5a7086', water: '#7ea9cf', lights: 0 },
    { sky: ['#3c1f4d', '#b5476b', '#ffb36b'], far: '#6b3b5e', near: '#2a1530', water: '#4d2a45', lights: 0.6 },
  ][variant];
  const defs =
    linear('sky', [[0, p.sky[0]], [0.55, p.sky[1]], [1, p.sky[2]]]) +
    linear('water', [[0, p.water], [1, '#05070d']]) +
    radial('sun', [[0, '#fff6d8', 1], [0.3, '#ffd89a', 0.8], [1, '#ffd89a', 0]]) +
    blur('soft', 6);
  const row = (count, base, low, high, color, widthLow, widthHigh) => {
    let x = -20;
    const parts = [];
    while (x < W + 20) {
      const w = random.between(widthLow, widthHigh);
      const h = random.between(low, high);
      parts.push(`<rect x="${x.toFixed(1)}" y="${(base - h).toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${color}"/>`);
      if (random.next() < 0.25) parts.push(polygon([[x + w / 2 - 3, base - h - 40], [x + w / 2 + 3, base - h - 40], [x + w / 2 + 2, base - h], [x + w / 2 - 2, base - h]], color));
      if (p.lights > 0) {
        for (let k = 0; k < h / 14; k++) {
          if (random.next() < 0.35) parts.push(`<rect x="${(x + random.between(4, w - 8)).toFixed(1)}" y="${(base - h + 8 + k * 14).toFixed(1)}" width="4" height="5" fill="#ffe39a" fill-opacity="${p.lights}"/>`);
        }
      }
      x += w + random.between(2, 10);
    }
    return parts.join('');
  };
  const sunX = [880, 300, 600][variant];
  const far = row(0, 560, 80, 220, p.far, 40, 90);
  const near = row(0, 560, 40, 300, p.near, 50, 120);
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
     <circle cx="${sunX}" cy="${variant === 1 ? 160 : 470}" r="${variant === 1 ? 160 : 220}" fill="url(#sun)"/>
     ${variant === 0 ? Array.from({ length: 60 }, () => `<circle cx="${random.between(0, W)}" cy="${random.between(0, 260)}" r="${random.between(0.8, 2)}" fill="#ffffff" fill-opacity="${random.between(0.3, 0.9).toFixed(2)}"/>`).join('') : ''}
     ${far}${near}
     <rect x="0" y="560" width="${W}" height="240" fill="url(#water)"/>
     <g transform="translate(0 1120) scale(1 -1)" opacity="0.35" filter="url(#soft)">${near}</g>
     ${Array.from({ length: 26 }, () => `<rect x="${random.between(0, W)}" y="${random.between(575, 780)}" width="${random.between(30, 140)}" height="2" fill="#ffffff" fill-opacity="0.18"/>`).join('')}`,
    defs,
  );
}

function landscape(variant, random) {
  const p = [
    { sky: ['#7db9f0', '#e8f4ff'], ridges: ['#9fb8d0', '#6f8fae', '#4a6b5a', '#2f4f3a'], sun: '#fff3c0', water: '#5e93bd' },
    { sky: ['#f7a072', '#fde3c8'], ridges: ['#d89a8a', '#a8687a', '#6b4a63', '#3c2c45'], sun: '#fff0d0', water: '#a8687a' },
    { sky: ['#b9d7d0', '#f2f7ef'], ridges: ['#a9c4b2', '#7fa58a', '#557f62', '#2f5a40'], sun: '#ffffff', water: '#6f9f94' },
  ][variant];
  const defs =
    linear('sky', [[0, p.sky[0]], [1, p.sky[1]]]) +
    linear('water', [[0, p.water], [1, '#1e3344']]) +
    radial('sun', [[0, p.sun, 1], [0.35, p.sun, 0.6], [1, p.sun, 0]]) +
    linear('mist', [[0, '#ffffff', 0], [1, '#ffffff', 0.55]]) +
    blur('soft', 8);
  const ridge = (base, amplitude, color, roughness) => {
    const points = [[0, H]];
    let y = base;
    for (let x = 0; x <= W; x += 30) {
      y += random.between(-roughness, roughness);
      y = Math.max(base - amplitude, Math.min(base + amplitude * 0.4, y));
      points.push([x, Math.round(y)]);
    }
    points.push([W, H]);
    return polygon(points, color);
  };
  const horizon = variant === 2 ? 800 : 560;
  const trees = Array.from({ length: 22 }, () => {
    const x = random.between(0, W);
    const h = random.between(50, 110);
    const base = variant === 2 ? random.between(640, 790) : random.between(540, 570);
    return polygon([[x, base - h], [x - h * 0.28, base], [x + h * 0.28, base]], p.ridges[3]);
  }).join('');
  const water =
    variant === 2
      ? ''
      : `<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#water)"/>
         ${Array.from({ length: 30 }, () => `<rect x="${random.between(0, W)}" y="${random.between(horizon + 10, H)}" width="${random.between(40, 180)}" height="2" fill="#ffffff" fill-opacity="0.22"/>`).join('')}
         <ellipse cx="${[820, 420, 600][variant]}" cy="${horizon + 40}" rx="40" ry="120" fill="${p.sun}" fill-opacity="0.25" filter="url(#soft)"/>`;
  return svg(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
     <circle cx="${[820, 420, 960][variant]}" cy="${[170, 360, 140][variant]}" r="180" fill="url(#sun)"/>
     ${ridge(330, 120, p.ridges[0], 22)}
     <rect x="0" y="300" width="${W}" height="200" fill="url(#mist)"/>
     ${ridge(420, 110, p.ridges[1], 26)}
     ${ridge(500, 70, p.ridges[2], 18)}
     ${variant === 2 ? ridge(640, 60, p.ridges[2], 12) + ridge(720, 40, p.ridges[3], 10) : ''}
     ${trees}${water}`,
    defs,
  );
}

const albumKinds = [livingRoom, kitchenOrOffice, productStill, facade, skyline, landscape];

function album(index) {
  const kind = albumKinds[index % albumKinds.length];
  const variant = Math.floor(index / albumKinds.length) % 3;
  return kind(variant, generator(5000 + index));
}

// ---------------------------------------------------------------------------------------------------
// Festival posters, 750×1334, festive shapes and no text.

const PW = 750;
const PH = 1334;

function lantern(x, y, scale, color) {
  const w = 120 * scale;
  const h = 150 * scale;
  return `<path d="M${x} ${y - 90 * scale} V${y - h / 2}" stroke="#f6c453" stroke-width="${3 * scale}"/>
    <rect x="${x - w * 0.3}" y="${y - h / 2 - 12 * scale}" width="${w * 0.6}" height="${14 * scale}" rx="${4 * scale}" fill="#f6c453"/>
    <ellipse cx="${x}" cy="${y}" rx="${w / 2}" ry="${h / 2}" fill="${color}"/>
    <ellipse cx="${x}" cy="${y}" rx="${w / 4}" ry="${h / 2}" fill="none" stroke="#f6c453" stroke-opacity="0.7" stroke-width="${3 * scale}"/>
    <path d="M${x} ${y - h / 2} V${y + h / 2}" stroke="#f6c453" stroke-opacity="0.7" stroke-width="${3 * scale}"/>
    <rect x="${x - w * 0.3}" y="${y + h / 2 - 2 * scale}" width="${w * 0.6}" height="${14 * scale}" rx="${4 * scale}" fill="#f6c453"/>
    ${Array.from({ length: 7 }, (_, i) => `<path d="M${x - 18 * scale + i * 6 * scale} ${y + h / 2 + 12 * scale} V${y + h / 2 + 60 * scale}" stroke="#f6c453" stroke-width="${2.5 * scale}"/>`).join('')}`;
}

function firework(x, y, radius, color, random) {
  const rays = 24;
  return Array.from({ length: rays }, (_, i) => {
    const angle = (i / rays) * Math.PI * 2 + random.between(-0.05, 0.05);
    const inner = radius * 0.25;
    const outer = radius * random.between(0.8, 1);
    return `<path d="M${(x + inner * Math.cos(angle)).toFixed(1)} ${(y + inner * Math.sin(angle)).toFixed(1)} L${(x + outer * Math.cos(angle)).toFixed(1)} ${(y + outer * Math.sin(angle)).toFixed(1)}" stroke="${color}" stroke-width="4" stroke-linecap="round"/><circle cx="${(x + outer * Math.cos(angle)).toFixed(1)}" cy="${(y + outer * Math.sin(angle)).toFixed(1)}" r="5" fill="${color}"/>`;
  }).join('');
}

function cloudScroll(x, y, scale, color) {
  return `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="${color}" stroke-width="6" stroke-linecap="round">
    <path d="M0 0 Q30 -40 60 0 Q90 -40 120 0 Q150 -30 170 0"/><path d="M40 0 Q45 -18 60 -14 Q72 -8 62 4"/><path d="M100 0 Q105 -18 120 -14 Q132 -8 122 4"/></g>`;
}

const posters = [
  // Spring Festival: lanterns on red
  (random) =>
    svg(
      PW,
      PH,
      `<rect width="${PW}" height="${PH}" fill="url(#bg)"/>
       ${Array.from({ length: 40 }, () => `<circle cx="${random.between(0, PW)}" cy="${random.between(0, PH)}" r="${random.between(2, 6)}" fill="#ffd36b" fill-opacity="${random.between(0.2, 0.6).toFixed(2)}"/>`).join('')}
       ${lantern(170, 330, 1.3, '#e8382f')}${lantern(580, 280, 1.1, '#f04a3a')}${lantern(380, 520, 0.9, '#d92b23')}
       <circle cx="375" cy="920" r="220" fill="none" stroke="#f6c453" stroke-width="10"/>
       <circle cx="375" cy="920" r="190" fill="#f6c453" fill-opacity="0.15"/>
       ${polygon([[375, 760], [535, 920], [375, 1080], [215, 920]], '#f6c453', 'fill-opacity="0.9"')}
       ${polygon([[375, 800], [495, 920], [375, 1040], [255, 920]], '#c81e1e')}
       ${cloudScroll(60, 1200, 1.3, '#f6c453')}${cloudScroll(470, 1230, 1.2, '#f6c453')}`,
      linear('bg', [[0, '#b3121b'], [1, '#e23b2e']]),
    ),
  // Lantern Festival: floating sky lanterns over water
  (random) =>
    svg(
      PW,
      PH,
      `<rect width="${PW}" height="${PH}" fill="url(#bg)"/>
       ${Array.from({ length: 26 }, () => {
         const x = random.between(40, 710);
         const y = random.between(80, 900);
         const s = random.between(0.4, 1.1);
         return `<circle cx="${x}" cy="${y + 30 * s}" r="${70 * s}" fill="url(#glow)"/><path d="M${x - 26 * s} ${y} L${x + 26 * s} ${y} L${x + 20 * s} ${y + 60 * s} L${x - 20 * s} ${y + 60 * s} Z" fill="#ffb347"/><rect x="${x - 20 * s}" y="${y + 52 * s}" width="${40 * s}" height="${8 * s}" fill="#ffe08a"/>`;
       }).join('')}
       <rect x="0" y="1000" width="${PW}" height="334" fill="#0b1d3a"/>
       ${Array.from({ length: 30 }, () => `<rect x="${random.between(0, PW)}" y="${random.between(1010, PH)}" width="${random.between(30, 120)}" height="3" fill="#ffb347" fill-opacity="0.35"/>`).join('')}`,
      linear('bg', [[0, '#0b1d3a'], [0.7, '#34285e'], [1, '#6b3b6e']]) + radial('glow', [[0, '#ffcf70', 0.6], [1, '#ffcf70', 0]]),
    ),
  // Dragon Boat Festival: a boat on waves, bamboo leaves
  (random) =>
    svg(
      PW,
      PH,
      `<rect width="${PW}" height="${PH}" fill="url(#bg)"/>
       <circle cx="560" cy="260" r="110" fill="#fff3c9" fill-opacity="0.85"/>
       ${Array.from({ length: 10 }, (_, i) => `<ellipse cx="0" cy="-110" rx="26" ry="120" fill="${i % 2 ? '#3f9a5c' : '#2c7a47'}" transform="translate(${i < 5 ? 40 : 710} ${i < 5 ? 120 : 520}) rotate(${(i < 5 ? 100 : -80) + (i % 5) * 22})"/>`).join('')}
       <path d="M90 860 Q375 960 660 860 L620 920 Q375 990 130 920 Z" fill="#c0392b"/>
       <path d="M660 860 Q700 820 690 770 Q720 790 716 830 Q708 860 660 880 Z" fill="#e74c3c"/>
       <circle cx="690" cy="790" r="6" fill="#ffffff"/>
       ${Array.from({ length: 6 }, (_, i) => `<path d="M${180 + i * 75} 880 L${150 + i * 75} 960" stroke="#8b5a2b" stroke-width="6"/><circle cx="${185 + i * 75}" cy="850" r="16" fill="#2c3e50"/>`).join('')}
       ${Array.from({ length: 7 }, (_, i) => `<path d="M0 ${990 + i * 50} Q94 ${960 + i * 50} 188 ${990 + i * 50} T375 ${990 + i * 50} T563 ${990 + i * 50} T750 ${990 + i * 50} V${PH} H0 Z" fill="#1f7a8c" fill-opacity="${0.25 + i * 0.08}"/>`).join('')}
       ${Array.from({ length: 3 }, (_, i) => {
         const x = 200 + i * 180;
         const y = 480 + random.between(-30, 30);
         return `<path d="M${x} ${y - 70} L${x + 60} ${y + 40} L${x - 60} ${y + 40} Z" fill="#3f9a5c"/><path d="M${x - 60} ${y + 10} H${x + 60}" stroke="#e8d9a8" stroke-width="6"/>`;
       }).join('')}`,
      linear('bg', [[0, '#cdebd8'], [1, '#f5f0d8']]),
    ),
  // Mid-Autumn: full moon, clouds, osmanthus
  (random) =>
    svg(
      PW,
      PH,
      `<rect width="${PW}" height="${PH}" fill="url(#bg)"/>
       ${Array.from({ length: 70 }, () => `<circle cx="${random.between(0, PW)}" cy="${random.between(0, 900)}" r="${random.between(0.8, 2.4)}" fill="#ffffff" fill-opacity="${random.between(0.3, 0.9).toFixed(2)}"/>`).join('')}
       <circle cx="375" cy="470" r="300" fill="url(#halo)"/>
       <circle cx="375" cy="470" r="210" fill="url(#moon)"/>
       <circle cx="300" cy="420" r="30" fill="#e9cf8e" fill-opacity="0.5"/><circle cx="430" cy="540" r="42" fill="#e9cf8e" fill-opacity="0.45"/><circle cx="450" cy="400" r="16" fill="#e9cf8e" fill-opacity="0.5"/>
       ${cloudScroll(40, 700, 1.8, '#e9d8a6')}${cloudScroll(420, 640, 1.4, '#e9d8a6')}
       <path d="M0 1080 Q180 980 360 1060 T750 1020 V${PH} H0 Z" fill="#10203f"/>
       <path d="M520 1040 L520 860 L600 880 L600 1030 Z" fill="#0b1630"/><path d="M500 860 L560 800 L620 860 Z" fill="#0b1630"/>
       ${Array.from({ length: 14 }, () => `<circle cx="${random.between(40, 260)}" cy="${random.between(880, 1020)}" r="${random.between(5, 9)}" fill="#f6c453"/>`).join('')}
       <path d="M20 1060 Q120 940 260 900" fill="none" stroke="#3b2a1f" stroke-width="10"/>`,
      linear('bg', [[0, '#0a1430'], [1, '#1f3766']]) +
        radial('moon', [[0, '#fff8dc'], [1, '#f3d98b']]) +
        radial('halo', [[0, '#fff1b8', 0.45], [1, '#fff1b8', 0]]),
    ),
  // Winter solstice: dumplings in a bowl, snow
  (random) =>
    svg(
      PW,
      PH,
      `<rect width="${PW}" height="${PH}" fill="url(#bg)"/>
       ${Array.from({ length: 90 }, () => `<circle cx="${random.between(0, PW)}" cy="${random.between(0, PH)}" r="${random.between(2, 7)}" fill="#ffffff" fill-opacity="${random.between(0.4, 0.9).toFixed(2)}"/>`).join('')}
       <ellipse cx="375" cy="1040" rx="300" ry="40" fill="#000" fill-opacity="0.15"/>
       <path d="M95 760 Q375 1140 655 760 Z" fill="#2f6fb0"/>
       <ellipse cx="375" cy="760" rx="280" ry="60" fill="#f4efe6"/>
       <path d="M120 790 Q375 880 630 790" fill="none" stroke="#ffffff" stroke-width="10"/>
       ${Array.from({ length: 5 }, (_, i) => {
         const x = 200 + i * 88;
         const y = 735 + (i % 2) * 20;
         return `<path d="M${x - 50} ${y + 10} Q${x - 40} ${y - 50} ${x} ${y - 52} Q${x + 40} ${y - 50} ${x + 50} ${y + 10} Z" fill="#fffaf0" stroke="#e8dcc6" stroke-width="3"/>${Array.from({ length: 4 }, (_, k) => `<path d="M${x - 30 + k * 20} ${y - 40} q6 -10 12 0" fill="none" stroke="#e0d2b8" stroke-width="3"/>`).join('')}`;
       }).join('')}
       ${polygon([[375, 180], [395, 240], [460, 240], [408, 278], [428, 340], [375, 302], [322, 340], [342, 278], [290, 240], [355, 240]], '#ffffff', 'fill-opacity="0.9"')}
       <path d="M120 420 l30 -30 l30 30 l-30 30 Z M600 360 l24 -24 l24 24 l-24 24 Z" fill="#ffffff" fill-opacity="0.7"/>`,
      linear('bg', [[0, '#9cc7ea'], [1, '#e6f2fb']]),
    ),
  // New Year: fireworks over a city
  (random) =>
    svg(
      PW,
      PH,
      `<rect width="${PW}" height="${PH}" fill="url(#bg)"/>
       ${firework(220, 320, 170, '#ffcf5a', random)}${firework(540, 230, 140, '#ff6b8a', random)}${firework(470, 580, 190, '#6be0ff', random)}${firework(170, 720, 110, '#b68cff', random)}
       ${Array.from({ length: 50 }, () => `<circle cx="${random.between(0, PW)}" cy="${random.between(0, 1000)}" r="${random.between(1, 3)}" fill="#ffffff" fill-opacity="${random.between(0.3, 0.9).toFixed(2)}"/>`).join('')}
       ${(() => {
         let x = 0;
         const parts = [];
         while (x < PW) {
           const w = random.between(50, 110);
           const h = random.between(120, 380);
           parts.push(`<rect x="${x.toFixed(1)}" y="${(PH - h).toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="#0a0f24"/>`);
           for (let k = 0; k < h / 22; k++) {
             if (random.next() < 0.5) parts.push(`<rect x="${(x + random.between(6, w - 14)).toFixed(1)}" y="${(PH - h + 10 + k * 22).toFixed(1)}" width="8" height="10" fill="#ffd97a" fill-opacity="0.8"/>`);
           }
           x += w + 4;
         }
         return parts.join('');
       })()}`,
      linear('bg', [[0, '#050816'], [0.7, '#1c1f4a'], [1, '#3a2c6b']]),
    ),
];

// ---------------------------------------------------------------------------------------------------
// The certificate plugin's demo seal: a red round company seal (a thick ring, a fine inner ring, a
// five-pointed star, the bars where a seal's name and number would be), worn like real ink, on a
// transparent background so the issuer's line shows through it on the certificate.

function seal(size, random) {
  const c = size / 2;
  const red = '#d0261d';
  const star = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? 62 : 24;
    const angle = -Math.PI / 2 + (Math.PI / 5) * i;
    return [c + radius * Math.cos(angle), c - 6 + radius * Math.sin(angle)];
  });
  // Ticks round the ring stand in for the seal's text (no font on the machine drawing it).
  const ticks = Array.from({ length: 23 }, (_, i) => {
    const angle = Math.PI * (0.86 + (1.28 * i) / 22);
    const [x1, y1, x2, y2] = [c + 118 * Math.cos(angle), c + 118 * Math.sin(angle), c + 146 * Math.cos(angle), c + 146 * Math.sin(angle)];
    return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${red}" stroke-width="9" stroke-linecap="round"/>`;
  }).join('');
  // Worn ink: small specks where the stamp left less colour.
  const specks = Array.from({ length: 160 }, () => {
    const angle = random.next() * Math.PI * 2;
    const radius = random.between(20, 190);
    return `<circle cx="${(c + radius * Math.cos(angle)).toFixed(1)}" cy="${(c + radius * Math.sin(angle)).toFixed(1)}" r="${random.between(1, 3.4).toFixed(1)}" fill="#000"/>`;
  }).join('');
  return svg(
    size,
    size,
    `<g mask="url(#wear)" fill-opacity="0.9" stroke-opacity="0.9">
       <circle cx="${c}" cy="${c}" r="182" fill="none" stroke="${red}" stroke-width="16"/>
       <circle cx="${c}" cy="${c}" r="163" fill="none" stroke="${red}" stroke-width="3"/>
       ${ticks}
       ${polygon(star, red)}
       <rect x="${c - 78}" y="${c + 78}" width="156" height="9" rx="4" fill="${red}"/>
       <rect x="${c - 52}" y="${c + 100}" width="104" height="7" rx="3" fill="${red}"/>
     </g>`,
    `<mask id="wear"><rect width="${size}" height="${size}" fill="#fff"/>${specks}</mask>`,
  );
}

// ---------------------------------------------------------------------------------------------------

async function write(name, drawing, width, height, format) {
  const image = sharp(Buffer.from(drawing), { density: 72 }).resize(width, height);
  const bytes = format === 'png' ? await image.png({ compressionLevel: 9, palette: true }).toBuffer() : await image.jpeg({ quality: 76, mozjpeg: true }).toBuffer();
  writeFileSync(join(out, name), bytes);
  return bytes.length;
}

mkdirSync(out, { recursive: true });
let total = 0;
for (const [index, draw] of logos.entries()) total += await write(`logo-${index + 1}.png`, draw(256), 256, 256, 'png');
for (let index = 0; index < 16; index++) total += await write(`avatar-${index + 1}.jpg`, avatar(index), 256, 256, 'jpeg');
for (let index = 0; index < 18; index++) total += await write(`album-${index + 1}.jpg`, album(index), W, H, 'jpeg');
for (const [index, draw] of posters.entries()) total += await write(`poster-${index + 1}.jpg`, draw(generator(9000 + index)), PW, PH, 'jpeg');
console.log(`Wrote ${4 + 16 + 18 + posters.length} images to ${out} (${Math.round(total / 1024)} kB).`);

const certificateDemo = join(dirname(fileURLToPath(import.meta.url)), '..', 'plugins', 'certificate', 'demo');
mkdirSync(certificateDemo, { recursive: true });
// Full colour with alpha (not a palette): the ring's edges stay smooth on the certificate.
const sealBytes = await sharp(Buffer.from(seal(400, generator(7100))), { density: 72 }).png({ compressionLevel: 9 }).toBuffer();
writeFileSync(join(certificateDemo, 'seal.png'), sealBytes);
console.log(`Wrote the demo seal to ${certificateDemo} (${Math.round(sealBytes.length / 1024)} kB).`);

// ---------------------------------------------------------------------------------------------------
// The mall plugin's demo products (plugins/mall/demo/product-1.jpg … product-12.jpg, 800×800): one
// product each on a studio backdrop, with a soft floor shadow. In order: earbuds, a smart watch, a
// speaker, a mug, a desk lamp, a cushion, a tea gift box, a pouch of beans, a honey jar, a T-shirt, a
// tote bag, a notebook with a pen.

const MS = 800;

function studio(back, body, defs = '', random = generator(1)) {
  const dust = Array.from({ length: 10 }, () => `<circle cx="${random.between(40, 760).toFixed(0)}" cy="${random.between(40, 360).toFixed(0)}" r="${random.between(2, 6).toFixed(1)}" fill="#ffffff" fill-opacity="${random.between(0.1, 0.35).toFixed(2)}"/>`).join('');
  return svg(
    MS,
    MS,
    `<rect width="${MS}" height="${MS}" fill="url(#back)"/>${dust}
     <path d="M0 600 Q400 570 800 600 L800 800 L0 800 Z" fill="#000" fill-opacity="0.06"/>
     <ellipse cx="400" cy="650" rx="250" ry="34" fill="#000" fill-opacity="0.28" filter="url(#shadow)"/>
     ${body}`,
    radial('back', [[0, back[0]], [1, back[1]]], 0.5, 0.35, 0.85) + blur('shadow', 18) + defs,
  );
}

const mallProducts = [
  // Earbuds: the charging case, its lid open, and the two buds beside it.
  (r) =>
    studio(
      ['#eef5ff', '#b8cde6'],
      `<path d="M150 420 Q150 300 310 290 Q470 300 470 420 Z" fill="url(#shell)" stroke="#c9d2de" stroke-width="3"/>
       <rect x="150" y="420" width="320" height="220" rx="90" fill="url(#shell)" stroke="#c9d2de" stroke-width="3"/>
       <rect x="150" y="420" width="320" height="40" fill="url(#shell)"/>
       <path d="M152 438 L468 438" stroke="#aab4c2" stroke-width="4"/>
       <circle cx="310" cy="560" r="8" fill="#52c41a"/>
       <rect x="290" y="604" width="40" height="10" rx="5" fill="#aab4c2"/>
       ${[
         [560, -12],
         [670, 14],
       ]
         .map(
           ([x, angle]) => `<g transform="rotate(${angle} ${x} 480)">
             <rect x="${x - 20}" y="470" width="40" height="170" rx="20" fill="url(#shell)" stroke="#c9d2de" stroke-width="2"/>
             <circle cx="${x}" cy="460" r="50" fill="url(#shell)" stroke="#c9d2de" stroke-width="2"/>
             <ellipse cx="${x}" cy="430" rx="24" ry="14" fill="#3a3f47"/>
             <circle cx="${x + 28}" cy="478" r="5" fill="#3a3f47" fill-opacity="0.6"/>
             <rect x="${x - 10}" y="618" width="20" height="10" rx="4" fill="#c0c8d2"/></g>`,
         )
         .join('')}`,
      linear('shell', [[0, '#ffffff'], [1, '#d6dde6']]),
      r,
    ),
  // Smart watch: straps above and below, activity rings on the screen, the crown at the side.
  (r) =>
    studio(
      ['#fff1e6', '#e0b48f'],
      `<rect x="320" y="90" width="160" height="240" rx="30" fill="#ff7a45"/>
       <rect x="320" y="470" width="160" height="220" rx="30" fill="#ff7a45"/>
       ${[130, 170, 210, 250].map((y) => `<rect x="340" y="${y}" width="120" height="6" rx="3" fill="#000" fill-opacity="0.12"/>`).join('')}
       ${[560, 600].map((y) => `<circle cx="400" cy="${y}" r="9" fill="#000" fill-opacity="0.2"/>`).join('')}
       <rect x="250" y="230" width="300" height="340" rx="80" fill="url(#case)"/>
       <rect x="272" y="252" width="256" height="296" rx="62" fill="#0b0d12"/>
       <rect x="548" y="340" width="26" height="70" rx="10" fill="#c8ccd2"/>
       ${[
         [96, '#ff4d4f', 0.78],
         [74, '#7fe34a', 0.62],
         [52, '#36cfc9', 0.9],
       ]
         .map(([radius, color, part]) => {
           const length = 2 * Math.PI * radius;
           return `<circle cx="400" cy="400" r="${radius}" fill="none" stroke="${color}" stroke-opacity="0.22" stroke-width="16"/>
             <circle cx="400" cy="400" r="${radius}" fill="none" stroke="${color}" stroke-width="16" stroke-linecap="round" stroke-dasharray="${(length * part).toFixed(1)} ${length.toFixed(1)}" transform="rotate(-90 400 400)"/>`;
         })
         .join('')}`,
      linear('case', [[0, '#e9ecef'], [1, '#8d939b']], 1, 1),
      r,
    ),
  // Speaker: a fabric cylinder with a dotted grille and the controls on top.
  (r) =>
    studio(
      ['#fffbe6', '#e6d28a'],
      `<rect x="270" y="200" width="260" height="420" fill="url(#fabric)"/>
       <ellipse cx="400" cy="620" rx="130" ry="34" fill="#1f6f6b"/>
       <ellipse cx="400" cy="200" rx="130" ry="34" fill="#3fb7ad"/>
       <ellipse cx="400" cy="200" rx="96" ry="24" fill="#2a8f87"/>
       <circle cx="400" cy="200" r="10" fill="#e6fffb"/>
       ${Array.from({ length: 11 }, (_, row) =>
         Array.from({ length: 9 }, (_, col) => `<circle cx="${296 + col * 26}" cy="${262 + row * 32}" r="5" fill="#000" fill-opacity="0.18"/>`).join(''),
       ).join('')}
       <rect x="370" y="590" width="60" height="12" rx="6" fill="#e6fffb" fill-opacity="0.6"/>`,
      linear('fabric', [[0, '#1f6f6b'], [0.35, '#36a39a'], [0.65, '#2f968d'], [1, '#175955']], 1, 0),
      r,
    ),
  // Mug: glazed body, coffee inside, a handle and a band.
  (r) =>
    studio(
      ['#fff0f3', '#e7aab8'],
      `<path d="M520 330 Q640 330 630 440 Q620 540 510 540" fill="none" stroke="#f7f3ee" stroke-width="40"/>
       <path d="M250 300 L550 300 L540 600 Q540 640 500 640 L300 640 Q260 640 260 600 Z" fill="url(#glaze)"/>
       <ellipse cx="400" cy="300" rx="150" ry="36" fill="#efe8df"/>
       <ellipse cx="400" cy="304" rx="130" ry="28" fill="#5a3420"/>
       <ellipse cx="370" cy="298" rx="40" ry="8" fill="#c08552" fill-opacity="0.6"/>
       <rect x="256" y="430" width="290" height="34" fill="#c2185b" fill-opacity="0.85"/>
       <path d="M280 320 L290 600" stroke="#ffffff" stroke-opacity="0.6" stroke-width="16" stroke-linecap="round"/>
       ${[0, 1, 2].map((i) => `<path d="M${350 + i * 40} 250 Q${335 + i * 40} 215 ${350 + i * 40} 180 Q${365 + i * 40} 145 ${350 + i * 40} 110" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="8" stroke-linecap="round"/>`).join('')}`,
      linear('glaze', [[0, '#ffffff'], [0.6, '#f3ece4'], [1, '#d8cfc4']], 1, 0),
      r,
    ),
  // Desk lamp: a round base, two arms, the shade, and its light.
  (r) =>
    studio(
      ['#2d3a55', '#0f1522'],
      `<path d="M470 330 L700 700 L300 700 Z" fill="url(#beam)"/>
       <ellipse cx="300" cy="630" rx="120" ry="26" fill="#d9a441"/>
       <rect x="190" y="600" width="220" height="30" rx="10" fill="#b8862f"/>
       <line x1="300" y1="605" x2="250" y2="380" stroke="#d9a441" stroke-width="18" stroke-linecap="round"/>
       <line x1="250" y1="380" x2="430" y2="250" stroke="#d9a441" stroke-width="18" stroke-linecap="round"/>
       <circle cx="250" cy="380" r="18" fill="#8c6420"/>
       <g transform="rotate(35 450 260)"><path d="M380 220 L520 220 L560 330 L340 330 Z" fill="#e9b949"/><ellipse cx="450" cy="330" rx="110" ry="20" fill="#fff4cc"/></g>
       <circle cx="440" cy="345" r="60" fill="url(#glow)"/>`,
      linear('beam', [[0, '#fff4cc', 0.55], [1, '#fff4cc', 0]]) + radial('glow', [[0, '#fffbe6', 0.95], [1, '#fffbe6', 0]]),
      r,
    ),
  // Cushion: a plump square with piping, stripes and a button.
  (r) =>
    studio(
      ['#eef5ec', '#a9c4a2'],
      `<path d="M200 240 Q400 200 600 240 Q640 420 600 600 Q400 640 200 600 Q160 420 200 240 Z" fill="url(#linen)" stroke="#7d9b76" stroke-width="8"/>
       ${[300, 360, 440, 500].map((x) => `<path d="M${x} 226 Q${x - 12} 420 ${x} 616" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="10"/>`).join('')}
       <circle cx="400" cy="420" r="16" fill="#5e7d57"/>
       <path d="M330 380 Q400 420 470 380" fill="none" stroke="#000" stroke-opacity="0.08" stroke-width="12"/>`,
      radial('linen', [[0, '#f4f1e8'], [1, '#cfc7b2']], 0.45, 0.4, 0.7),
      r,
    ),
  // Tea gift box: a lidded box tied with a ribbon and a bow.
  (r) =>
    studio(
      ['#fff4e8', '#d9a77a'],
      `${polygon([[180, 380], [560, 380], [640, 320], [260, 320]], '#a8071a')}
       <rect x="180" y="380" width="380" height="250" fill="#cf1322"/>
       ${polygon([[560, 380], [640, 320], [640, 570], [560, 630]], '#820014')}
       <rect x="170" y="370" width="400" height="60" fill="#a8071a"/>
       <rect x="350" y="370" width="40" height="260" fill="#fadb14"/>
       ${polygon([[350, 380], [390, 380], [470, 320], [430, 320]], '#d4b106')}
       <path d="M370 350 Q300 260 260 320 Q300 370 370 350 Z" fill="#fadb14"/>
       <path d="M380 350 Q450 250 500 310 Q460 370 380 350 Z" fill="#fadb14"/>
       <circle cx="375" cy="350" r="16" fill="#d4b106"/>
       <rect x="220" y="470" width="110" height="110" rx="8" fill="#fff1b8" fill-opacity="0.85"/>
       <circle cx="275" cy="525" r="32" fill="none" stroke="#cf1322" stroke-width="6"/>`,
      '',
      r,
    ),
  // A stand-up pouch with a zip and a label, beans spilled in front.
  (r) =>
    studio(
      ['#f7efe3', '#cdb38f'],
      `<path d="M260 170 L540 170 L560 600 Q560 630 530 630 L270 630 Q240 630 240 600 Z" fill="url(#kraft)"/>
       <rect x="260" y="200" width="280" height="10" fill="#000" fill-opacity="0.18"/>
       <rect x="290" y="320" width="220" height="190" rx="10" fill="#2f3e2e"/>
       <circle cx="400" cy="395" r="46" fill="none" stroke="#e8d5b0" stroke-width="6"/>
       <path d="M380 395 Q400 360 420 395 Q400 430 380 395" fill="#e8d5b0"/>
       <rect x="330" y="460" width="140" height="10" rx="5" fill="#e8d5b0"/>
       ${Array.from({ length: 14 }, () => {
         const x = r.between(200, 600);
         const y = r.between(640, 700);
         const a = r.between(0, 180);
         return `<g transform="rotate(${a.toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"><ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="16" ry="11" fill="#4a2c17"/><path d="M${(x - 12).toFixed(0)} ${y.toFixed(0)} Q${x.toFixed(0)} ${(y - 5).toFixed(0)} ${(x + 12).toFixed(0)} ${y.toFixed(0)}" stroke="#2a170b" stroke-width="3" fill="none"/></g>`;
       }).join('')}`,
      linear('kraft', [[0, '#d9b382'], [1, '#a97c4f']], 1, 0.3),
      r,
    ),
  // Honey: a jar of gold under a checked lid, a dipper leaning beside it.
  (r) =>
    studio(
      ['#fffbe6', '#f0c36a'],
      `<rect x="260" y="250" width="280" height="380" rx="60" fill="url(#honey)"/>
       <rect x="250" y="190" width="300" height="80" rx="16" fill="#ffffff"/>
       ${Array.from({ length: 6 }, (_, i) => `<rect x="${250 + i * 50}" y="190" width="25" height="80" fill="#d4380d" fill-opacity="0.85"/>`).join('')}
       <rect x="290" y="390" width="220" height="130" rx="12" fill="#fffbe6" fill-opacity="0.92"/>
       <path d="M360 455 L380 420 L420 420 L440 455 L420 490 L380 490 Z" fill="none" stroke="#d48806" stroke-width="6"/>
       <path d="M285 300 Q280 450 300 590" stroke="#ffffff" stroke-opacity="0.45" stroke-width="14" fill="none" stroke-linecap="round"/>
       <line x1="600" y1="300" x2="655" y2="530" stroke="#ad6800" stroke-width="12" stroke-linecap="round"/>
       <rect x="630" y="520" width="56" height="110" rx="26" fill="#d48806" transform="rotate(-13 658 575)"/>
       ${[0, 1, 2, 3].map((i) => `<rect x="628" y="${540 + i * 22}" width="60" height="8" rx="4" fill="#ad6800" transform="rotate(-13 658 575)"/>`).join('')}`,
      linear('honey', [[0, '#ffd666'], [0.5, '#faad14'], [1, '#d48806']], 1, 0.6),
      r,
    ),
  // T-shirt, laid flat, with a printed circle.
  (r) =>
    studio(
      ['#f5f7fa', '#c3cad4'],
      `<path d="M310 170 Q400 220 490 170 L640 240 L590 360 L530 330 L530 640 L270 640 L270 330 L210 360 L160 240 Z" fill="url(#cotton)" stroke="#1d39c4" stroke-opacity="0.25" stroke-width="4"/>
       <path d="M310 170 Q400 250 490 170" fill="none" stroke="#10239e" stroke-width="14"/>
       <circle cx="400" cy="400" r="70" fill="none" stroke="#ffffff" stroke-width="12"/>
       <path d="M360 410 L390 380 L420 410 L440 390" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
       <path d="M300 600 Q400 590 500 600" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="6"/>`,
      linear('cotton', [[0, '#3a5ccc'], [1, '#2340a8']], 1, 1),
      r,
    ),
  // Tote bag: natural canvas, two handles, a printed leaf.
  (r) =>
    studio(
      ['#e6fffb', '#87c9bd'],
      `<path d="M310 330 Q310 150 400 150 Q490 150 490 330" fill="none" stroke="#c8b68e" stroke-width="22"/>
       <path d="M250 320 L550 320 L580 650 L220 650 Z" fill="url(#canvas)"/>
       <path d="M250 320 L550 320 L552 345 L248 345 Z" fill="#000" fill-opacity="0.08"/>
       <path d="M400 420 Q480 470 400 590 Q320 470 400 420 Z" fill="#389e0d"/>
       <line x1="400" y1="440" x2="400" y2="600" stroke="#f0f5e8" stroke-width="5"/>
       ${[470, 505, 540].map((y) => `<line x1="400" y1="${y}" x2="${y > 500 ? 430 : 425}" y2="${y - 22}" stroke="#f0f5e8" stroke-width="4"/><line x1="400" y1="${y}" x2="${y > 500 ? 370 : 375}" y2="${y - 22}" stroke="#f0f5e8" stroke-width="4"/>`).join('')}`,
      linear('canvas', [[0, '#f3ead6'], [1, '#d9c9a3']], 1, 0.4),
      r,
    ),
  // Notebook with an elastic band, a pen across it.
  (r) =>
    studio(
      ['#f4f0ff', '#b7a6e0'],
      `<g transform="rotate(-8 400 420)">
         <rect x="230" y="190" width="340" height="460" rx="14" fill="#f7f3ea"/>
         <rect x="222" y="182" width="340" height="460" rx="14" fill="url(#cover)"/>
         <rect x="500" y="182" width="16" height="460" fill="#1f1f1f" fill-opacity="0.65"/>
         <rect x="290" y="300" width="160" height="14" rx="7" fill="#d4b106"/>
         <rect x="310" y="330" width="120" height="8" rx="4" fill="#d4b106" fill-opacity="0.7"/>
         <path d="M540 640 L540 700 L555 685 L570 700 L570 640" fill="#cf1322"/>
       </g>
       <g transform="rotate(38 470 430)">
         <rect x="300" y="415" width="330" height="30" rx="15" fill="#262626"/>
         <rect x="580" y="415" width="50" height="30" fill="#d4b106"/>
         ${polygon([[300, 415], [262, 430], [300, 445]], '#d4b106')}
         <rect x="420" y="407" width="110" height="8" rx="4" fill="#d4b106"/>
       </g>`,
      linear('cover', [[0, '#391085'], [1, '#22075e']], 1, 1),
      r,
    ),
];

const mallDemo = join(dirname(fileURLToPath(import.meta.url)), '..', 'plugins', 'mall', 'demo');
mkdirSync(mallDemo, { recursive: true });
let mallBytes = 0;
for (const [index, draw] of mallProducts.entries()) {
  const bytes = await sharp(Buffer.from(draw(generator(5100 + index))), { density: 72 }).resize(MS, MS).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  writeFileSync(join(mallDemo, `product-${index + 1}.jpg`), bytes);
  mallBytes += bytes.length;
}
console.log(`Wrote ${mallProducts.length} product pictures to ${mallDemo} (${Math.round(mallBytes / 1024)} kB).`);

// ---------------------------------------------------------------------------------------------------
// The course plugin's demo covers (plugins/course/demo/course-1.jpg … course-6.jpg, 750×420), no text:
// a team chart (management), a rising bar chart with a megaphone (marketing), code brackets on a
// circuit (technology), coins and a pie chart (finance), a target hit by an arrow (sales), a summit with
// a flag at sunrise (leadership).

const CW = 750;
const CH = 420;

const courseCovers = [
  // Management: people as nodes of a team chart.
  (r) => {
    const nodes = [[375, 110], [215, 230], [375, 230], [535, 230], [135, 340], [295, 340], [455, 340], [615, 340]];
    const links = [[0, 1], [0, 2], [0, 3], [1, 4], [1, 5], [3, 6], [3, 7]];
    return svg(
      CW,
      CH,
      `<rect width="${CW}" height="${CH}" fill="url(#bg)"/>
       ${Array.from({ length: 18 }, () => `<circle cx="${r.between(0, CW).toFixed(0)}" cy="${r.between(0, CH).toFixed(0)}" r="${r.between(20, 70).toFixed(0)}" fill="#ffffff" fill-opacity="${r.between(0.03, 0.08).toFixed(2)}"/>`).join('')}
       ${links.map(([a, b]) => `<path d="M${nodes[a][0]} ${nodes[a][1]} C${nodes[a][0]} ${(nodes[a][1] + nodes[b][1]) / 2} ${nodes[b][0]} ${(nodes[a][1] + nodes[b][1]) / 2} ${nodes[b][0]} ${nodes[b][1]}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="4"/>`).join('')}
       ${nodes
         .map(([x, y], i) => {
           const s = i === 0 ? 1.3 : 1;
           return `<circle cx="${x}" cy="${y}" r="${34 * s}" fill="${i === 0 ? '#ffd666' : '#ffffff'}"/><circle cx="${x}" cy="${y - 8 * s}" r="${11 * s}" fill="#1d39c4"/><path d="M${x - 18 * s} ${y + 20 * s} Q${x} ${y - 4 * s} ${x + 18 * s} ${y + 20 * s} Z" fill="#1d39c4"/>`;
         })
         .join('')}`,
      linear('bg', [[0, '#2f54eb'], [1, '#13c2c2']], 1, 1),
    );
  },
  // Marketing: bars rising to an arrow, a megaphone beside them.
  (r) =>
    svg(
      CW,
      CH,
      `<rect width="${CW}" height="${CH}" fill="url(#bg)"/>
       ${Array.from({ length: 30 }, () => `<circle cx="${r.between(0, CW).toFixed(0)}" cy="${r.between(0, CH).toFixed(0)}" r="${r.between(2, 6).toFixed(1)}" fill="#ffffff" fill-opacity="${r.between(0.2, 0.6).toFixed(2)}"/>`).join('')}
       ${[0, 1, 2, 3, 4].map((i) => `<rect x="${360 + i * 66}" y="${330 - (i + 1) * 48}" width="46" height="${(i + 1) * 48}" rx="6" fill="#ffffff" fill-opacity="${0.55 + i * 0.09}"/>`).join('')}
       <path d="M350 300 L430 240 L500 262 L640 120" fill="none" stroke="#fff1b8" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
       ${polygon([[640, 96], [668, 124], [624, 138]], '#fff1b8')}
       <g transform="rotate(-14 180 220)">
         <rect x="90" y="190" width="50" height="70" rx="10" fill="#ffffff"/>
         ${polygon([[140, 190], [270, 130], [270, 320], [140, 260]], '#ffffff')}
         <rect x="268" y="126" width="18" height="198" rx="9" fill="#ffd8bf"/>
         <path d="M112 260 L128 320 L152 320 L140 260 Z" fill="#ffffff"/>
         ${[0, 1, 2].map((i) => `<path d="M${310 + i * 26} ${185 - i * 14} Q${330 + i * 30} 225 ${310 + i * 26} ${265 + i * 14}" fill="none" stroke="#ffffff" stroke-opacity="${0.8 - i * 0.2}" stroke-width="7" stroke-linecap="round"/>`).join('')}
       </g>
       <rect x="330" y="330" width="360" height="6" rx="3" fill="#ffffff" fill-opacity="0.8"/>`,
      linear('bg', [[0, '#fa541c'], [1, '#eb2f96']], 1, 1),
    ),
  // Technology: code brackets over circuit traces.
  (r) =>
    svg(
      CW,
      CH,
      `<rect width="${CW}" height="${CH}" fill="url(#bg)"/>
       ${Array.from({ length: 22 }, () => {
         const x = r.between(20, CW - 20).toFixed(0);
         const y = r.between(20, CH - 20).toFixed(0);
         const len = r.between(40, 160).toFixed(0);
         return `<path d="M${x} ${y} h${len} v${r.between(-50, 50).toFixed(0)}" fill="none" stroke="#36cfc9" stroke-opacity="0.35" stroke-width="3"/><circle cx="${x}" cy="${y}" r="5" fill="#36cfc9" fill-opacity="0.6"/>`;
       }).join('')}
       <circle cx="375" cy="210" r="150" fill="url(#glow)"/>
       <path d="M300 120 L210 210 L300 300" fill="none" stroke="#5cdbd3" stroke-width="26" stroke-linecap="round" stroke-linejoin="round"/>
       <path d="M450 120 L540 210 L450 300" fill="none" stroke="#5cdbd3" stroke-width="26" stroke-linecap="round" stroke-linejoin="round"/>
       <path d="M405 100 L345 320" stroke="#ffffff" stroke-width="22" stroke-linecap="round"/>`,
      linear('bg', [[0, '#061178'], [1, '#001d66']], 1, 1) + radial('glow', [[0, '#13c2c2', 0.45], [1, '#13c2c2', 0]]),
    ),
  // Finance: stacks of coins and a pie chart.
  (r) =>
    svg(
      CW,
      CH,
      `<rect width="${CW}" height="${CH}" fill="url(#bg)"/>
       ${Array.from({ length: 14 }, () => `<circle cx="${r.between(0, CW).toFixed(0)}" cy="${r.between(0, CH).toFixed(0)}" r="${r.between(10, 40).toFixed(0)}" fill="#ffffff" fill-opacity="${r.between(0.04, 0.1).toFixed(2)}"/>`).join('')}
       ${[[150, 6], [245, 9], [340, 4]]
         .map(([x, n]) =>
           Array.from({ length: n }, (_, k) => `<ellipse cx="${x}" cy="${340 - k * 22}" rx="46" ry="16" fill="#d4b106"/><ellipse cx="${x}" cy="${334 - k * 22}" rx="46" ry="16" fill="#fadb14"/><ellipse cx="${x}" cy="${334 - k * 22}" rx="30" ry="9" fill="none" stroke="#d4b106" stroke-width="3"/>`).join(''),
         )
         .join('')}
       <circle cx="560" cy="200" r="128" fill="#ffffff" fill-opacity="0.25"/>
       <path d="M560 200 L560 80 A120 120 0 0 1 672.8 241 Z" fill="#237804"/>
       <path d="M560 200 L672.8 241 A120 120 0 0 1 482.9 291.9 Z" fill="#95de64"/>
       <path d="M560 200 L482.9 291.9 A120 120 0 0 1 560 80 Z" fill="#fadb14" transform="translate(-12 -4)"/>`,
      linear('bg', [[0, '#389e0d'], [1, '#08979c']], 1, 1),
    ),
  // Sales: an arrow in the bull's eye.
  (r) =>
    svg(
      CW,
      CH,
      `<rect width="${CW}" height="${CH}" fill="url(#bg)"/>
       ${Array.from({ length: 40 }, () => `<circle cx="${r.between(0, CW).toFixed(0)}" cy="${r.between(0, CH).toFixed(0)}" r="${r.between(1.5, 4).toFixed(1)}" fill="#ffffff" fill-opacity="${r.between(0.2, 0.7).toFixed(2)}"/>`).join('')}
       ${[150, 120, 90, 60, 30].map((radius, i) => `<circle cx="420" cy="215" r="${radius}" fill="${i % 2 ? '#ffffff' : '#f5222d'}"/>`).join('')}
       <path d="M430 205 L640 60" stroke="#3a3a3a" stroke-width="9" stroke-linecap="round"/>
       ${polygon([[420, 215], [448, 182], [456, 210]], '#3a3a3a')}
       ${polygon([[640, 60], [688, 40], [672, 74]], '#ffd666')}
       ${polygon([[624, 72], [672, 52], [656, 86]], '#ffd666')}
       <ellipse cx="420" cy="385" rx="170" ry="16" fill="#000" fill-opacity="0.15"/>`,
      linear('bg', [[0, '#722ed1'], [1, '#2f54eb']], 1, 1),
    ),
  // Leadership: a summit with a flag at sunrise.
  (r) =>
    svg(
      CW,
      CH,
      `<rect width="${CW}" height="${CH}" fill="url(#bg)"/>
       <circle cx="560" cy="270" r="110" fill="url(#sun)"/>
       ${Array.from({ length: 5 }, () => `<ellipse cx="${r.between(60, 700).toFixed(0)}" cy="${r.between(40, 160).toFixed(0)}" rx="${r.between(50, 110).toFixed(0)}" ry="14" fill="#ffffff" fill-opacity="0.35"/>`).join('')}
       ${polygon([[0, 420], [200, 210], [300, 300], [420, 120], [620, 420]], '#0b3d4f')}
       ${polygon([[380, 420], [560, 230], [750, 420]], '#135e6e')}
       ${polygon([[420, 120], [455, 170], [430, 160], [410, 178], [392, 160]], '#ffffff')}
       <line x1="420" y1="120" x2="420" y2="50" stroke="#f0f0f0" stroke-width="5"/>
       ${polygon([[422, 52], [480, 68], [422, 86]], '#ff4d4f')}`,
      linear('bg', [[0, '#ffd591'], [0.6, '#ffa39e'], [1, '#d3adf7']]) + radial('sun', [[0, '#fff7e6'], [1, '#ffd591', 0]]),
    ),
];

const courseDemo = join(dirname(fileURLToPath(import.meta.url)), '..', 'plugins', 'course', 'demo');
mkdirSync(courseDemo, { recursive: true });
let courseBytes = 0;
for (const [index, draw] of courseCovers.entries()) {
  const bytes = await sharp(Buffer.from(draw(generator(6100 + index))), { density: 72 }).resize(CW, CH).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  writeFileSync(join(courseDemo, `course-${index + 1}.jpg`), bytes);
  courseBytes += bytes.length;
}
console.log(`Wrote ${courseCovers.length} course covers to ${courseDemo} (${Math.round(courseBytes / 1024)} kB).`);

// ---------------------------------------------------------------------------------------------------
// The genius plugin's demo pictures (plugins/genius/demo): eight genius avatars (256×256, the avatars'
// third round of traits, with a gold star badge: a genius, not a staff member) and six article covers
// (750×420, no text): brand design, photography, marketing, law, tax, interface design.

const GW = 750;
const GH = 420;

const geniusBadge = svg(
  256,
  256,
  `<circle cx="214" cy="214" r="30" fill="#ffffff"/><circle cx="214" cy="214" r="25" fill="url(#gold)"/>
   ${polygon(Array.from({ length: 10 }, (_, i) => {
     const radius = i % 2 === 0 ? 15 : 6.5;
     const angle = -Math.PI / 2 + (Math.PI / 5) * i;
     return [(214 + radius * Math.cos(angle)).toFixed(1), (215 + radius * Math.sin(angle)).toFixed(1)];
   }), '#ffffff')}`,
  linear('gold', [[0, '#ffd666'], [1, '#fa8c16']], 1, 1),
);

const articleCovers = [
  // Brand design: colour swatches fanned out, a pen curve with its handles.
  (r) =>
    svg(
      GW,
      GH,
      `<rect width="${GW}" height="${GH}" fill="url(#bg)"/>
       ${Array.from({ length: 12 }, () => `<circle cx="${r.between(0, GW).toFixed(0)}" cy="${r.between(0, GH).toFixed(0)}" r="${r.between(10, 60).toFixed(0)}" fill="#ffffff" fill-opacity="${r.between(0.04, 0.1).toFixed(2)}"/>`).join('')}
       ${['#f5222d', '#fa8c16', '#fadb14', '#52c41a', '#1677ff', '#722ed1'].map((c, i) => `<g transform="rotate(${-30 + i * 12} 220 360)"><rect x="190" y="90" width="60" height="270" rx="12" fill="#ffffff"/><rect x="196" y="96" width="48" height="150" rx="8" fill="${c}"/><rect x="200" y="262" width="40" height="8" rx="4" fill="#d9d9d9"/><rect x="200" y="278" width="28" height="8" rx="4" fill="#d9d9d9"/></g>`).join('')}
       <path d="M430 300 C470 120 600 120 640 260" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>
       <line x1="430" y1="300" x2="470" y2="150" stroke="#ffffff" stroke-opacity="0.7" stroke-width="3"/><line x1="640" y1="260" x2="610" y2="130" stroke="#ffffff" stroke-opacity="0.7" stroke-width="3"/>
       <rect x="420" y="290" width="20" height="20" fill="#ffffff"/><rect x="630" y="250" width="20" height="20" fill="#ffffff"/>
       <circle cx="470" cy="150" r="9" fill="#ffd666"/><circle cx="610" cy="130" r="9" fill="#ffd666"/>`,
      linear('bg', [[0, '#1d39c4'], [1, '#9254de']], 1, 1),
    ),
  // Photography: a camera, its lens catching light.
  (r) =>
    svg(
      GW,
      GH,
      `<rect width="${GW}" height="${GH}" fill="url(#bg)"/>
       ${Array.from({ length: 26 }, () => `<circle cx="${r.between(0, GW).toFixed(0)}" cy="${r.between(0, GH).toFixed(0)}" r="${r.between(3, 22).toFixed(0)}" fill="#ffe7ba" fill-opacity="${r.between(0.1, 0.35).toFixed(2)}" filter="url(#soft)"/>`).join('')}
       <rect x="220" y="130" width="310" height="200" rx="26" fill="#262626"/>
       <rect x="260" y="104" width="90" height="40" rx="10" fill="#262626"/>
       <rect x="236" y="150" width="60" height="22" rx="6" fill="#595959"/>
       <circle cx="375" cy="232" r="78" fill="#434343"/><circle cx="375" cy="232" r="60" fill="url(#lens)"/>
       <circle cx="352" cy="208" r="16" fill="#ffffff" fill-opacity="0.75"/><circle cx="392" cy="250" r="6" fill="#ffffff" fill-opacity="0.5"/>
       <circle cx="488" cy="162" r="10" fill="#ff4d4f"/>`,
      linear('bg', [[0, '#fa8c16'], [1, '#f5222d']], 1, 1) + radial('lens', [[0, '#69b1ff'], [0.6, '#1d39c4'], [1, '#030852']]) + blur('soft', 4),
    ),
  // Marketing: chat bubbles and people joined into a network.
  (r) => {
    const nodes = Array.from({ length: 9 }, (_, i) => [110 + (i % 3) * 130 + r.between(-20, 20), 90 + Math.floor(i / 3) * 120 + r.between(-15, 15)]);
    return svg(
      GW,
      GH,
      `<rect width="${GW}" height="${GH}" fill="url(#bg)"/>
       ${nodes.flatMap(([x, y], i) => nodes.slice(i + 1).filter((_, j) => (i + j) % 3 !== 1).map(([x2, y2]) => `<line x1="${x.toFixed(0)}" y1="${y.toFixed(0)}" x2="${x2.toFixed(0)}" y2="${y2.toFixed(0)}" stroke="#ffffff" stroke-opacity="0.25" stroke-width="2"/>`)).join('')}
       ${nodes.map(([x, y]) => `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="22" fill="#ffffff"/><circle cx="${x.toFixed(0)}" cy="${(y - 5).toFixed(0)}" r="7" fill="#13a8a8"/><path d="M${(x - 11).toFixed(0)} ${(y + 13).toFixed(0)} Q${x.toFixed(0)} ${(y - 1).toFixed(0)} ${(x + 11).toFixed(0)} ${(y + 13).toFixed(0)} Z" fill="#13a8a8"/>`).join('')}
       <path d="M500 90 h180 a20 20 0 0 1 20 20 v70 a20 20 0 0 1 -20 20 h-120 l-30 28 v-28 h-30 a20 20 0 0 1 -20 -20 v-70 a20 20 0 0 1 20 -20 Z" fill="#ffffff"/>
       <rect x="520" y="118" width="150" height="12" rx="6" fill="#87e8de"/><rect x="520" y="146" width="110" height="12" rx="6" fill="#d9d9d9"/>
       <path d="M540 250 h150 a18 18 0 0 1 18 18 v56 a18 18 0 0 1 -18 18 h-30 v26 l-28 -26 h-92 a18 18 0 0 1 -18 -18 v-56 a18 18 0 0 1 18 -18 Z" fill="#ffffff" fill-opacity="0.9"/>
       ${[0, 1, 2].map((i) => `<circle cx="${585 + i * 30}" cy="296" r="8" fill="#13a8a8"/>`).join('')}`,
      linear('bg', [[0, '#08979c'], [1, '#1677ff']], 1, 1),
    );
  },
  // Law: scales above a contract with its seal.
  () =>
    svg(
      GW,
      GH,
      `<rect width="${GW}" height="${GH}" fill="url(#bg)"/>
       <g transform="rotate(-6 250 230)"><rect x="150" y="80" width="200" height="270" rx="10" fill="#fffbe6"/>
         ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="176" y="${116 + i * 26}" width="${i % 3 === 2 ? 100 : 148}" height="9" rx="4" fill="#bfbfbf"/>`).join('')}
         <circle cx="300" cy="310" r="26" fill="none" stroke="#cf1322" stroke-width="5"/>${polygon([[300, 294], [305, 306], [318, 306], [308, 314], [312, 327], [300, 319], [288, 327], [292, 314], [282, 306], [295, 306]], '#cf1322')}</g>
       <rect x="520" y="90" width="10" height="250" fill="#ffd666"/><rect x="460" y="336" width="130" height="16" rx="8" fill="#ffd666"/>
       <rect x="420" y="110" width="210" height="8" rx="4" fill="#ffd666"/><circle cx="525" cy="96" r="14" fill="#ffd666"/>
       <line x1="436" y1="118" x2="410" y2="210" stroke="#ffd666" stroke-width="3"/><line x1="436" y1="118" x2="462" y2="210" stroke="#ffd666" stroke-width="3"/>
       <line x1="614" y1="118" x2="588" y2="190" stroke="#ffd666" stroke-width="3"/><line x1="614" y1="118" x2="640" y2="190" stroke="#ffd666" stroke-width="3"/>
       <path d="M400 210 Q436 245 472 210 Z" fill="#ffd666"/><path d="M578 190 Q614 225 650 190 Z" fill="#ffd666"/>`,
      linear('bg', [[0, '#10239e'], [1, '#061178']], 1, 1),
    ),
  // Tax: a calculator beside rising bars and coins.
  (r) =>
    svg(
      GW,
      GH,
      `<rect width="${GW}" height="${GH}" fill="url(#bg)"/>
       ${Array.from({ length: 10 }, () => `<circle cx="${r.between(0, GW).toFixed(0)}" cy="${r.between(0, GH).toFixed(0)}" r="${r.between(20, 50).toFixed(0)}" fill="#ffffff" fill-opacity="0.06"/>`).join('')}
       <rect x="150" y="70" width="190" height="280" rx="22" fill="#ffffff"/><rect x="172" y="94" width="146" height="60" rx="8" fill="#237804"/>
       <rect x="236" y="118" width="68" height="14" rx="4" fill="#b7eb8f"/>
       ${Array.from({ length: 12 }, (_, i) => `<rect x="${176 + (i % 3) * 48}" y="${172 + Math.floor(i / 3) * 42}" width="38" height="32" rx="8" fill="${i % 3 === 2 ? '#fa8c16' : '#f0f0f0'}"/>`).join('')}
       ${[0, 1, 2, 3].map((i) => `<rect x="${420 + i * 60}" y="${330 - (i + 1) * 55}" width="40" height="${(i + 1) * 55}" rx="6" fill="#ffffff" fill-opacity="${0.5 + i * 0.12}"/>`).join('')}
       ${[0, 1, 2].map((i) => `<ellipse cx="${610 - i * 4}" cy="${350 - i * 14}" rx="40" ry="12" fill="#ffd666" stroke="#d48806" stroke-width="3"/>`).join('')}`,
      linear('bg', [[0, '#389e0d'], [1, '#08979c']], 1, 1),
    ),
  // Interface design: a phone with cards, a cursor over a button.
  () =>
    svg(
      GW,
      GH,
      `<rect width="${GW}" height="${GH}" fill="url(#bg)"/>
       <rect x="280" y="30" width="190" height="370" rx="30" fill="#141414"/><rect x="292" y="44" width="166" height="342" rx="22" fill="#f5f5f5"/>
       <rect x="306" y="62" width="138" height="70" rx="12" fill="url(#card)"/>
       ${[0, 1, 2].map((i) => `<rect x="306" y="${146 + i * 62}" width="138" height="50" rx="10" fill="#ffffff"/><circle cx="328" cy="${171 + i * 62}" r="12" fill="#d6e4ff"/><rect x="348" y="${162 + i * 62}" width="80" height="8" rx="4" fill="#bfbfbf"/><rect x="348" y="${176 + i * 62}" width="50" height="8" rx="4" fill="#e8e8e8"/>`).join('')}
       <rect x="330" y="340" width="90" height="28" rx="14" fill="#2f54eb"/>
       <path d="M412 352 L412 392 L422 382 L430 400 L438 396 L430 378 L444 378 Z" fill="#ffffff" stroke="#141414" stroke-width="3"/>
       <rect x="80" y="110" width="150" height="100" rx="14" fill="#ffffff" fill-opacity="0.85"/><rect x="98" y="130" width="80" height="10" rx="5" fill="#adc6ff"/><rect x="98" y="152" width="110" height="10" rx="5" fill="#d9d9d9"/>
       <rect x="520" y="210" width="150" height="110" rx="14" fill="#ffffff" fill-opacity="0.85"/>${[0, 1, 2, 3].map((i) => `<circle cx="${548 + i * 32}" cy="250" r="11" fill="${['#2f54eb', '#eb2f96', '#faad14', '#52c41a'][i]}"/>`).join('')}<rect x="540" y="280" width="110" height="10" rx="5" fill="#d9d9d9"/>`,
      linear('bg', [[0, '#adc6ff'], [1, '#efdbff']], 1, 1) + linear('card', [[0, '#2f54eb'], [1, '#722ed1']], 1, 1),
    ),
];

const geniusDemo = join(dirname(fileURLToPath(import.meta.url)), '..', 'plugins', 'genius', 'demo');
mkdirSync(geniusDemo, { recursive: true });
let geniusBytes = 0;
for (let index = 0; index < 8; index++) {
  const face = await sharp(Buffer.from(avatar(16 + index)), { density: 72 }).resize(256, 256).png().toBuffer();
  const bytes = await sharp(face).composite([{ input: Buffer.from(geniusBadge) }]).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  writeFileSync(join(geniusDemo, `genius-${index + 1}.jpg`), bytes);
  geniusBytes += bytes.length;
}
for (const [index, draw] of articleCovers.entries()) {
  const bytes = await sharp(Buffer.from(draw(generator(7100 + index))), { density: 72 }).resize(GW, GH).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  writeFileSync(join(geniusDemo, `article-${index + 1}.jpg`), bytes);
  geniusBytes += bytes.length;
}
console.log(`Wrote 8 genius avatars and ${articleCovers.length} article covers to ${geniusDemo} (${Math.round(geniusBytes / 1024)} kB).`);
