import { describe, expect, it } from 'vitest';
import type { MyRouteAnswer } from './api-types.ts';
import { FIRST_PAINT_ROUTE_ID, routeDataScript } from './first-paint.ts';

/** What a browser's parser takes as the block's text: everything up to the first `</script`. */
function blockText(html: string): string {
  const start = html.indexOf('>') + 1;
  return html.slice(start, html.toLowerCase().indexOf('</script', start));
}

describe('routeDataScript', () => {
  const answer = {
    route: {
      id: 7,
      zone: 'Belén </script><script>alert(1)</script>',
      stops: [{ address: 'Calle 10 # 43-12 <!-- apto 301 -->', instructions: 'Portería & timbre "B"' }],
    },
  } as unknown as MyRouteAnswer;

  it('writes the route as a JSON data block with its id', () => {
    const html = routeDataScript(answer);
    expect(html.startsWith(`<script type="application/json" id="${FIRST_PAINT_ROUTE_ID}">`)).toBe(true);
    expect(html.endsWith('</script>')).toBe(true);
  });

  it('keeps text that looks like markup from ending the block, and reads back unchanged', () => {
    const html = routeDataScript(answer);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(JSON.parse(blockText(html))).toEqual(answer);
  });

  it('writes a courier with no route as null', () => {
    const empty = { route: null, courierId: 'c-1' };
    expect(JSON.parse(blockText(routeDataScript(empty)))).toEqual(empty);
  });
});
