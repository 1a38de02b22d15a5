// The fonts of every document, DejaVu Sans regular and bold, read and parsed once per process.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// ---------------------------------------------------------------------------------------------------
// The fonts: read and parsed once per process. Parsing DejaVu Sans takes tens of milliseconds, more
// than drawing a whole invoice, so pdfkit gets parsed fontkit fonts (it accepts them since 0.20).
// A fontkit font is not stateless, though: it keeps one glyph object per glyph, with the characters of
// the glyph's first use (or none, when the subsetter met it first as a part of an accented letter),
// and pdfkit writes those characters as the text a reader copies. Shared across documents, a glyph
// would carry another document's history: a "z" first met inside "ź" copies as nothing, and bytes
// would depend on what the process rendered before. So pdfkit is given glyph records of our own, whose
// characters come from the text being drawn, and every word's shape is a pure function of the word,
// which also lets a word shaped once serve every later document.

interface GlyphRecord {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

interface ShapedRun {
  glyphs: GlyphRecord[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
  readonly advanceWidth: number;
}

/** The part of a fontkit font used here. */
interface Face {
  layout(text: string, features?: object): ShapedRun & { direction: string };
  getGlyph(id: number, codePoints?: number[]): { _decode(): unknown };
}

export interface Typefaces {
  regular: Face;
  bold: Face;
}

/** Words shaped per face kept for later documents (the labels, names and amounts that recur), the
 * least recently used forgotten first: a few megabytes at most. */
const SHAPED_WORDS = 5_000;

/** No ligatures: "office" set as "o-ﬃ-ce" would copy and search as the ligature's own character. */
const FEATURES = { liga: false, clig: false, dlig: false, hlig: false };

let loaded: Typefaces | undefined;

export function typefaces(): Typefaces {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    // The fontkit pdfkit itself depends on, found from pdfkit's own folder.
    const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Uint8Array): Face };
    loaded = {
      regular: shared(fontkit.create(readFileSync(join(dir, 'DejaVuSans.ttf')))),
      bold: shared(fontkit.create(readFileSync(join(dir, 'DejaVuSans-Bold.ttf')))),
    };
  }
  return loaded;
}

/** The face as every document sees it: words shaped from a bounded cache, outlines decoded once. */
function shared(face: Face): Face {
  const shapes = new Map<string, ShapedRun>();
  const shape = (text: string): ShapedRun => {
    const run = face.layout(text, { ...FEATURES }); // a copy: fontkit writes the features it applied into it
    const characters = Array.from(text, (c) => c.codePointAt(0)!);
    if (run.direction === 'rtl') characters.reverse();
    // One glyph per character (no ligature, no decomposition): each glyph copies as its own character.
    const oneToOne = characters.length === run.glyphs.length;
    const glyphs = run.glyphs.map((glyph, i) => ({
      id: glyph.id,
      advanceWidth: glyph.advanceWidth,
      codePoints: oneToOne ? [characters[i]!] : [...glyph.codePoints],
    }));
    return { glyphs, positions: run.positions.map(copyPosition), advanceWidth: run.advanceWidth };
  };
  // pdfkit passes OpenType features of its own only when a text call asks for some; none here does.
  const layout = (text: string): ShapedRun => {
    let run = shapes.get(text);
    if (run) shapes.delete(text); // re-inserted below: a Map iterates oldest first
    else {
      run = shape(text);
      if (shapes.size >= SHAPED_WORDS) shapes.delete(shapes.keys().next().value!);
    }
    shapes.set(text, run);
    // pdfkit scales the positions it is given in place: every caller gets its own.
    const positions = run.positions.map(copyPosition);
    return {
      glyphs: run.glyphs,
      positions,
      get advanceWidth() {
        return positions.reduce((sum, p) => sum + p.xAdvance, 0);
      },
    };
  };
  // The subsetter decodes each glyph's outline on every document; an outline never changes.
  const outlines = new WeakSet<object>();
  const getGlyph = (id: number, codePoints?: number[]) => {
    const glyph = face.getGlyph(id, codePoints);
    if (!outlines.has(glyph)) {
      outlines.add(glyph);
      const outline = glyph._decode();
      glyph._decode = () => outline;
    }
    return glyph;
  };
  return new Proxy(face, {
    get: (target, key) => (key === 'layout' ? layout : key === 'getGlyph' ? getGlyph : Reflect.get(target, key, target)),
  });
}

function copyPosition({ xAdvance, yAdvance, xOffset, yOffset }: ShapedRun['positions'][number]) {
  return { xAdvance, yAdvance, xOffset, yOffset };
}
