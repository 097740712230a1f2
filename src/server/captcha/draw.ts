import { randomInt } from 'node:crypto';

export const CAPTCHA_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const WIDTH = 160;
const HEIGHT = 56;
const GLYPH_COLS = 5;
const GLYPH_ROWS = 7;
/** Side of one bitmap cell, in SVG units: a glyph is 25 × 35 before scaling. */
const CELL = 5;
/** Cells are drawn slightly larger than their pitch so that neighbouring cells never show a seam. */
const CELL_OVERLAP = 0.3;

/**
 * Hand-written 5×7 bitmap font, one string per row, '#' for a filled cell. Confusable pairs are drawn
 * apart on purpose: 0 has a slash (O does not), 1 has a flag and a foot (I has two bars), 5 and 2 have
 * corners where S and Z do not, 8 is round on the left where B is flat.
 */
export const CAPTCHA_FONT: Readonly<Record<string, readonly string[]>> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  B: ['####.', '#...#', '#...#', '####.', '#...#', '#...#', '####.'],
  C: ['.###.', '#...#', '#....', '#....', '#....', '#...#', '.###.'],
  D: ['####.', '#...#', '#...#', '#...#', '#...#', '#...#', '####.'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  G: ['.###.', '#...#', '#....', '#.###', '#...#', '#...#', '.####'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  I: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '#####'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  Q: ['.###.', '#...#', '#...#', '#...#', '#.#.#', '#..#.', '.##.#'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '#.#.#', '.#.#.'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  Z: ['#####', '....#', '...#.', '..#..', '.#...', '#....', '#####'],
  '0': ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  '1': ['..#..', '.##..', '#.#..', '..#..', '..#..', '..#..', '#####'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['#####', '...#.', '..#..', '...#.', '....#', '#...#', '.###.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
};

/** A new random code of `length` characters from CAPTCHA_ALPHABET. */
export function newCaptchaCode(length = 5): string {
  if (!Number.isInteger(length) || length < 1) throw new RangeError(`Invalid captcha length: ${length}`);
  let code = '';
  for (let i = 0; i < length; i++) code += CAPTCHA_ALPHABET.charAt(randomInt(CAPTCHA_ALPHABET.length));
  return code;
}

/** Uniform random number in [min, max], with a resolution of 1/1000 of the range. */
function jitter(min: number, max: number): number {
  return min + (randomInt(1001) / 1000) * (max - min);
}

/**
 * Numbers are written with at most two decimals and never in exponent notation, so that the markup never
 * holds a long run of digits (and so never a copy of a code made of digits).
 */
function num(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function rgb(r: number, g: number, b: number): string {
  return `rgb(${Math.round(r)},${Math.round(g)},${Math.round(b)})`;
}

/** A muted, mid-light colour for noise: never dark enough to be mistaken for part of a glyph. */
function mutedColour(): string {
  return rgb(jitter(140, 200), jitter(140, 200), jitter(140, 200));
}

/** Path data for one glyph in its own 25 × 35 box: one closed rectangle per horizontal run of cells, jittered. */
function glyphPath(char: string): string {
  const rows = Object.hasOwn(CAPTCHA_FONT, char) ? CAPTCHA_FONT[char] : undefined;
  if (rows === undefined) throw new RangeError('Character outside the captcha alphabet');
  const parts: string[] = [];
  rows.forEach((row, y) => {
    let x = 0;
    while (x < GLYPH_COLS) {
      if (row[x] !== '#') {
        x++;
        continue;
      }
      const start = x;
      while (x < GLYPH_COLS && row[x] === '#') x++;
      // Each run is drawn a little differently every time (corners moved, runs in a random order), so a
      // glyph's path data never repeats and cannot be looked up in a table.
      const w = (x - start) * CELL + CELL_OVERLAP + jitter(-0.6, 0.6);
      const h = CELL + CELL_OVERLAP + jitter(-0.6, 0.6);
      const left = start * CELL + jitter(-0.5, 0.5);
      const top = y * CELL + jitter(-0.5, 0.5);
      parts.push(`M${num(left)} ${num(top)}h${num(w)}v${num(h)}h${num(-w)}z`);
    }
  });
  // Each run at a random place among those before it: a uniform shuffle.
  const shuffled: string[] = [];
  for (const part of parts) shuffled.splice(randomInt(shuffled.length + 1), 0, part);
  return shuffled.join('');
}

/**
 * A standalone SVG image (160 × 56) of `code`, drawn from the bitmap font as one path per glyph, each
 * with a random rotation, offset and scale, over a light background with a few muted noise lines and
 * dots. The markup holds no <text> and no copy of the characters.
 */
export function drawCaptchaSvg(code: string): string {
  // Validate the whole code before drawing anything.
  const glyphs = Array.from(code, glyphPath);
  if (glyphs.length === 0) throw new RangeError('Empty captcha code');

  const margin = 8;
  const slot = (WIDTH - 2 * margin) / glyphs.length;
  const glyphWidth = GLYPH_COLS * CELL;
  const glyphHeight = GLYPH_ROWS * CELL;
  // Leave room between glyphs, and keep them inside the image even for codes longer than 5 characters.
  const baseScale = Math.min(0.9, (slot - 4) / glyphWidth);

  const bg = rgb(jitter(238, 250), jitter(238, 250), jitter(238, 250));
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img">`,
    '<title>Código captcha</title>',
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${bg}"/>`,
  ];

  // Background noise: thin muted curves behind the glyphs.
  for (let i = 0; i < 3; i++) {
    const start = `${num(jitter(0, 20))} ${num(jitter(4, HEIGHT - 4))}`;
    const control = `${num(jitter(50, 110))} ${num(jitter(-10, HEIGHT + 10))}`;
    const end = `${num(jitter(140, WIDTH))} ${num(jitter(4, HEIGHT - 4))}`;
    // Commands are preceded by a space so that no letter joins the digits around it.
    const d = `M${start} Q${control} ${end}`;
    out.push(`<path d="${d}" fill="none" stroke="${mutedColour()}" stroke-width="${num(jitter(1, 2))}"/>`);
  }

  glyphs.forEach((d, i) => {
    const scale = baseScale * jitter(0.9, 1.06);
    const cx = margin + slot * (i + 0.5) + jitter(-2, 2);
    const cy = HEIGHT / 2 + jitter(-3.5, 3.5);
    const angle = jitter(-12, 12);
    const skew = jitter(-8, 8);
    const fill = rgb(jitter(15, 70), jitter(15, 70), jitter(30, 90));
    const transform =
      `translate(${num(cx)} ${num(cy)}) rotate(${num(angle)}) skewX(${num(skew)}) scale(${num(scale)}) ` +
      `translate(${num(-glyphWidth / 2)} ${num(-glyphHeight / 2)})`;
    out.push(`<path d="${d}" fill="${fill}" transform="${transform}"/>`);
  });

  // Foreground noise: a couple of thin lines across the glyphs and a sprinkle of dots.
  for (let i = 0; i < 2; i++) {
    out.push(
      `<line x1="${num(jitter(0, 30))}" y1="${num(jitter(8, HEIGHT - 8))}" x2="${num(jitter(130, WIDTH))}" ` +
        `y2="${num(jitter(8, HEIGHT - 8))}" stroke="${mutedColour()}" stroke-width="${num(jitter(0.8, 1.3))}" ` +
        'stroke-opacity="0.8"/>',
    );
  }
  const dots = randomInt(24, 37);
  for (let i = 0; i < dots; i++) {
    out.push(
      `<circle cx="${num(jitter(0, WIDTH))}" cy="${num(jitter(0, HEIGHT))}" r="${num(jitter(0.6, 1.5))}" ` +
        `fill="${mutedColour()}"/>`,
    );
  }

  out.push('</svg>');
  return out.join('');
}
