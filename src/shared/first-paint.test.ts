import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_DATA_ID, firstPaintData } from './first-paint.ts';

/** What a browser's parser takes as the block's text: everything up to the first `</script`. */
function blockText(html: string): string {
  const start = html.indexOf('>') + 1;
  return html.slice(start, html.toLowerCase().indexOf('</script', start));
}

describe('firstPaintData', () => {
  const answer = {
    route: {
      id: 7,
      zone: 'Belén </script><script>alert(1)</script>',
      stops: [{ address: 'Calle 10 # 43-12 <!-- apto 301 -->', instructions: 'Portería & timbre "B"' }],
    },
  };

  it("writes the answer as a JSON data block with its id and its request's path", () => {
    const html = firstPaintData('/api/delivery/my-route', answer);
    expect(
      html.startsWith(
        `<script type="application/json" id="${FIRST_PAINT_DATA_ID}" data-api="/api/delivery/my-route">`,
      ),
    ).toBe(true);
    expect(html.endsWith('</script>')).toBe(true);
  });

  it('keeps text that looks like markup from ending the block, and reads back unchanged', () => {
    const html = firstPaintData('/api/delivery/my-route', answer);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(JSON.parse(blockText(html))).toEqual(answer);
  });

  it('writes a courier with no route as null', () => {
    const empty = { route: null, courierId: 'c-1' };
    expect(JSON.parse(blockText(firstPaintData('/api/delivery/my-route', empty)))).toEqual(empty);
  });
});
