/**
 * Artwork for the demo websites, drawn as SVG (no network, no stock photos): a ceramic object on
 * a soft gradient for products, simple studio scenes for the blog, gallery and events. Kept small
 * on purpose so the whole seed renders in a few seconds.
 */

export type ObjectKind =
  | 'mug'
  | 'bowl'
  | 'vase'
  | 'plate'
  | 'tumbler'
  | 'teapot'
  | 'planter'
  | 'candle'
  | 'canister'
  | 'card'
  | 'book'
  | 'wheel'
  | 'apron'
  | 'box'
  | 'set';

export type SceneKind = 'hills' | 'shelf' | 'kiln' | 'table' | 'marsh';

export interface ProductArt {
  object: ObjectKind;
  /** Main glaze colour and its highlight. */
  glaze: string;
  glaze2: string;
  /** Background gradient, top-left to bottom-right. */
  background: [string, string];
  /**
   * 'detail': a close-up of the glaze where the wall meets the foot (a product's second
   * picture); 'pair': two of the object side by side. The whole object when absent.
   */
  view?: 'detail' | 'pair';
}

export interface SceneArt {
  scene: SceneKind;
  palette: [string, string, string, string];
}

export type DemoArt = ProductArt | SceneArt;

const INK = '#2f3437';

/** A deterministic pseudo-random sequence (mulberry32), so reseeding draws the same pictures. */
function random(seed: string): () => number {
  let a = 0;
  for (const ch of seed) a = (Math.imul(a ^ ch.charCodeAt(0), 2654435761) + 1) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The object's silhouette (filled with the glaze) and its details, in a 1000×1000 box. */
function objectShapes(
  kind: ObjectKind,
  glaze: string,
  glaze2: string,
): { body: string; extra: string } {
  switch (kind) {
    case 'mug':
      return {
        body: 'M330 380 H670 V690 Q670 760 600 760 H400 Q330 760 330 690 Z',
        extra: `<path d="M670 450 C800 450 800 660 670 650" fill="none" stroke="${glaze}" stroke-width="40" stroke-linecap="round"/><rect x="330" y="380" width="340" height="70" fill="${glaze2}" opacity=".55" clip-path="url(#body)"/>`,
      };
    case 'bowl':
      return {
        body: 'M240 500 H760 Q750 770 500 770 Q250 770 240 500 Z',
        extra: `<ellipse cx="500" cy="500" rx="260" ry="46" fill="${glaze2}"/><ellipse cx="500" cy="508" rx="230" ry="32" fill="${glaze}" opacity=".35"/>`,
      };
    case 'vase':
      return {
        body: 'M440 280 H560 Q570 350 555 380 Q700 470 690 620 Q680 770 500 770 Q320 770 310 620 Q300 470 445 380 Q430 350 440 280 Z',
        extra: `<ellipse cx="500" cy="282" rx="62" ry="14" fill="${glaze2}"/>`,
      };
    case 'plate':
      return {
        body: 'M170 600 A330 150 0 1 0 830 600 A330 150 0 1 0 170 600 Z',
        extra: `<ellipse cx="500" cy="590" rx="235" ry="100" fill="${glaze2}" opacity=".8"/><ellipse cx="500" cy="590" rx="150" ry="62" fill="none" stroke="${glaze}" stroke-width="6" opacity=".5"/>`,
      };
    case 'tumbler':
      return {
        body: 'M360 400 H640 L612 760 H388 Z',
        extra: `<ellipse cx="500" cy="400" rx="140" ry="22" fill="${glaze2}"/><path d="M372 560 H628" stroke="${glaze2}" stroke-width="10" opacity=".6"/>`,
      };
    case 'teapot':
      return {
        body: 'M280 600 A220 170 0 1 0 720 600 A220 170 0 1 0 280 600 Z',
        extra: `<path d="M700 580 Q800 560 830 470 L856 480 Q836 610 716 650 Z" fill="${glaze}"/><path d="M292 520 C190 520 190 690 305 690" fill="none" stroke="${glaze}" stroke-width="34" stroke-linecap="round"/><ellipse cx="500" cy="440" rx="115" ry="30" fill="${glaze2}"/><circle cx="500" cy="405" r="24" fill="${glaze2}"/>`,
      };
    case 'planter':
      return {
        body: 'M320 440 H680 L640 740 H360 Z',
        extra: `<ellipse cx="500" cy="752" rx="210" ry="26" fill="${glaze2}"/><g fill="#6f7f56"><ellipse cx="450" cy="350" rx="34" ry="110" transform="rotate(-24 450 350)"/><ellipse cx="545" cy="330" rx="34" ry="130" transform="rotate(18 545 330)"/><ellipse cx="500" cy="300" rx="28" ry="140"/></g><ellipse cx="500" cy="440" rx="180" ry="22" fill="${glaze2}"/>`,
      };
    case 'candle':
      return {
        body: 'M380 450 H620 V720 Q620 760 580 760 H420 Q380 760 380 720 Z',
        extra: `<ellipse cx="500" cy="450" rx="120" ry="24" fill="#f4ead8"/><path d="M500 330 Q530 380 500 420 Q470 380 500 330 Z" fill="#e8a93b"/><rect x="496" y="415" width="8" height="34" fill="${INK}"/>`,
      };
    case 'canister':
      return {
        body: 'M380 400 H620 V735 Q620 760 595 760 H405 Q380 760 380 735 Z',
        extra: `<rect x="372" y="360" width="256" height="70" rx="10" fill="${glaze2}"/><rect x="380" y="520" width="240" height="130" fill="#f4ead8"/><path d="M440 585 H560" stroke="${glaze}" stroke-width="8"/><circle cx="500" cy="555" r="14" fill="${glaze}"/>`,
      };
    case 'card':
      return {
        body: 'M230 340 H770 Q800 340 800 370 V690 Q800 720 770 720 H230 Q200 720 200 690 V370 Q200 340 230 340 Z',
        extra: `<text x="260" y="430" font-family="DejaVu Sans" font-size="34" letter-spacing="8" fill="${glaze2}">GIFT CARD</text><path d="M260 620 Q360 570 460 620 T660 620" fill="none" stroke="${glaze2}" stroke-width="10" opacity=".8"/>`,
      };
    case 'book':
      return {
        body: 'M330 250 H670 V730 H330 Z',
        extra: `<rect x="330" y="250" width="40" height="480" fill="${glaze2}" opacity=".7"/><rect x="420" y="340" width="200" height="14" fill="${glaze2}"/><rect x="420" y="372" width="150" height="10" fill="${glaze2}" opacity=".7"/><circle cx="520" cy="560" r="70" fill="none" stroke="${glaze2}" stroke-width="8"/>`,
      };
    case 'wheel':
      return {
        body: 'M220 640 A280 90 0 1 0 780 640 A280 90 0 1 0 220 640 Z',
        extra: `<path d="M420 520 Q500 470 580 520 L595 630 Q500 660 405 630 Z" fill="${glaze2}"/><ellipse cx="500" cy="640" rx="200" ry="60" fill="none" stroke="${glaze2}" stroke-width="6" opacity=".6"/><ellipse cx="500" cy="640" rx="120" ry="36" fill="none" stroke="${glaze2}" stroke-width="6" opacity=".6"/>`,
      };
    case 'apron':
      return {
        body: 'M400 300 H600 L610 420 Q700 440 700 520 L680 780 H320 L300 520 Q300 440 390 420 Z',
        extra: `<path d="M400 300 Q500 180 600 300" fill="none" stroke="${glaze2}" stroke-width="14"/><rect x="420" y="560" width="160" height="110" fill="${glaze2}" opacity=".6"/>`,
      };
    case 'box':
      return {
        body: 'M500 330 L760 440 V660 L500 780 L240 660 V440 Z',
        extra: `<path d="M500 330 L760 440 L500 550 L240 440 Z" fill="${glaze2}"/><path d="M500 550 V780" stroke="${INK}" stroke-width="4" opacity=".25"/><path d="M370 385 L630 495 V720" fill="none" stroke="#f4ead8" stroke-width="22"/>`,
      };
    case 'set':
      return {
        body: 'M200 430 H440 V700 Q440 760 390 760 H250 Q200 760 200 700 Z M560 400 H800 V700 Q800 760 750 760 H610 Q560 760 560 700 Z',
        extra: `<path d="M800 460 C890 460 890 640 800 630" fill="none" stroke="${glaze}" stroke-width="30" stroke-linecap="round"/><path d="M440 490 C520 490 520 650 440 640" fill="none" stroke="${glaze}" stroke-width="30" stroke-linecap="round"/><rect x="200" y="400" width="600" height="60" fill="${glaze2}" opacity=".5" clip-path="url(#body)"/>`,
      };
  }
}

/**
 * A product picture: gradient backdrop and the object with a speckled glaze. Nothing is written
 * on it: a real shop's photos carry no product name, and the page prints the name beside it.
 */
export function productSvg(art: ProductArt, width: number, height: number, seed: string): string {
  const rnd = random(seed);
  if (art.view === 'pair') return pairSvg(art, width, height, rnd);
  const { body, extra } = objectShapes(art.object, art.glaze, art.glaze2);
  const detail = art.view === 'detail';
  const speckles = Array.from({ length: detail ? 90 : 36 }, () => {
    const x = 200 + rnd() * 600;
    const y = 250 + rnd() * 520;
    const r = 1.5 + rnd() * 3.5;
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(1)}"/>`;
  }).join('');
  // viewBox fixed at 1000 wide; taller pictures extend the backdrop below.
  const vh = Math.round((1000 * height) / width);
  const dy = (vh - 1000) / 2;
  // The close-up frames the lower half of the object, where the glaze pools, at 2.4×.
  const box = detail
    ? `${290} ${440 - dy * 0.42} 420 ${Math.round(vh * 0.42)}`
    : `0 ${-dy} 1000 ${vh}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${box}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.background[0]}"/><stop offset="1" stop-color="${art.background[1]}"/></linearGradient>
<radialGradient id="glaze" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="${art.glaze2}"/><stop offset=".45" stop-color="${art.glaze}"/><stop offset="1" stop-color="${art.glaze}"/></radialGradient>
<clipPath id="body"><path d="${body}"/></clipPath></defs>
<rect x="0" y="${-dy}" width="1000" height="${vh}" fill="url(#bg)"/>
<circle cx="${(620 + rnd() * 120).toFixed(0)}" cy="${(300 + rnd() * 80).toFixed(0)}" r="230" fill="#fff" opacity=".22"/>
<rect x="0" y="770" width="1000" height="${vh}" fill="${INK}" opacity=".05"/>
<ellipse cx="500" cy="775" rx="300" ry="26" fill="${INK}" opacity=".16"/>
<path d="${body}" fill="url(#glaze)"/>
<g clip-path="url(#body)" fill="${INK}" opacity=".28">${speckles}</g>
${extra}
</svg>`;
}

/** Two of the object on one backdrop, the second a little smaller and behind. */
function pairSvg(art: ProductArt, width: number, height: number, rnd: () => number): string {
  const vh = Math.round((1000 * height) / width);
  const dy = (vh - 1000) / 2;
  const back = pot(art.object, 640, 720, 0.62, art.glaze2, art.glaze);
  const front = pot(art.object, 380, 790, 0.7, art.glaze, art.glaze2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 ${-dy} 1000 ${vh}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.background[0]}"/><stop offset="1" stop-color="${art.background[1]}"/></linearGradient></defs>
<rect x="0" y="${-dy}" width="1000" height="${vh}" fill="url(#bg)"/>
<circle cx="${(240 + rnd() * 120).toFixed(0)}" cy="${(260 + rnd() * 60).toFixed(0)}" r="200" fill="#fff" opacity=".22"/>
<rect x="0" y="770" width="1000" height="${vh}" fill="${INK}" opacity=".05"/>
<ellipse cx="520" cy="795" rx="380" ry="28" fill="${INK}" opacity=".16"/>
${back}${front}
</svg>`;
}

/** Pots for scenes: a silhouette scaled and placed. */
function pot(
  kind: ObjectKind,
  x: number,
  y: number,
  scale: number,
  color: string,
  light: string,
): string {
  const { body, extra } = objectShapes(kind, color, light);
  const inner = extra.replace(/clip-path="url\(#body\)"/g, '');
  return `<g transform="translate(${x} ${y}) scale(${scale}) translate(-500 -770)"><path d="${body}" fill="${color}"/>${inner}</g>`;
}

/** A wide studio scene for blog posts, the gallery, events and the home page hero. */
export function sceneSvg(art: SceneArt, width: number, height: number, seed: string): string {
  const rnd = random(seed);
  const [a, b, c, d] = art.palette;
  let content: string;
  switch (art.scene) {
    case 'hills':
      content = `<rect width="1500" height="1000" fill="url(#sky)"/><circle cx="${1000 + rnd() * 200}" cy="300" r="120" fill="${c}" opacity=".9"/>
<path d="M0 620 Q300 480 620 600 T1500 560 V1000 H0 Z" fill="${b}" opacity=".7"/>
<path d="M0 720 Q420 600 800 720 T1500 690 V1000 H0 Z" fill="${d}" opacity=".75"/>
<path d="M0 840 Q500 760 900 850 T1500 820 V1000 H0 Z" fill="${INK}" opacity=".35"/>`;
      break;
    case 'shelf': {
      const kinds: ObjectKind[] = ['vase', 'mug', 'bowl', 'tumbler', 'vase', 'teapot'];
      const pots = kinds
        .map((k, i) =>
          pot(k, 220 + i * 215, i % 2 ? 560 : 860, 0.28 + rnd() * 0.06, i % 2 ? c : d, b),
        )
        .join('');
      content = `<rect width="1500" height="1000" fill="url(#sky)"/><rect x="80" y="560" width="1340" height="24" fill="${INK}" opacity=".55"/><rect x="80" y="860" width="1340" height="24" fill="${INK}" opacity=".55"/>${pots}`;
      break;
    }
    case 'kiln':
      content = `<rect width="1500" height="1000" fill="${INK}"/><path d="M450 900 V450 A300 300 0 0 1 1050 450 V900 Z" fill="url(#glow)"/>
<path d="M450 900 V450 A300 300 0 0 1 1050 450 V900" fill="none" stroke="${d}" stroke-width="40"/>
${pot('vase', 640, 860, 0.3, a, c)}${pot('bowl', 870, 860, 0.26, b, c)}`;
      break;
    case 'table':
      content = `<rect width="1500" height="1000" fill="url(#sky)"/><rect x="0" y="700" width="1500" height="300" fill="${d}" opacity=".8"/>
${pot('vase', 520, 740, 0.6, c, a)}${pot('bowl', 880, 760, 0.5, b, a)}${pot('mug', 1160, 760, 0.36, c, a)}`;
      break;
    case 'marsh': {
      const reeds = Array.from({ length: 60 }, () => {
        const x = rnd() * 1500;
        const h = 80 + rnd() * 160;
        return `<path d="M${x.toFixed(0)} 1000 Q${(x + 10).toFixed(0)} ${(1000 - h / 2).toFixed(0)} ${(x + rnd() * 40 - 20).toFixed(0)} ${(1000 - h).toFixed(0)}"/>`;
      }).join('');
      content = `<rect width="1500" height="1000" fill="url(#sky)"/><rect y="600" width="1500" height="400" fill="${b}"/>
<path d="M0 640 H1500" stroke="${a}" stroke-width="6" opacity=".6"/><path d="M0 700 H1500" stroke="${a}" stroke-width="4" opacity=".4"/>
<g stroke="${d}" stroke-width="6" fill="none" opacity=".85">${reeds}</g>`;
      break;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1500 1000" preserveAspectRatio="xMidYMid slice">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
<radialGradient id="glow" cx=".5" cy=".7" r=".7"><stop offset="0" stop-color="#f6c66b"/><stop offset=".6" stop-color="${c}"/><stop offset="1" stop-color="${INK}"/></radialGradient></defs>
${content}
</svg>`;
}

export function artSvg(art: DemoArt, width: number, height: number, seed: string): string {
  return 'object' in art
    ? productSvg(art, width, height, seed)
    : sceneSvg(art, width, height, seed);
}
