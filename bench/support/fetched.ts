// What the browser fetches before the person can act (issue 35 item 6): a page opened in the system Chromium on a
// phone-sized window, every script and stylesheet it requests until the network is idle (no request for 500 ms),
// as paths under dist/client so the page-weight bench gzips them as the server sends them.
import { launchBrowser } from '../../test/e2e/harness.ts';

/** The script and style files `url` fetches until the network is idle, in the order requested. */
export async function fetchedUntilIdle(url: string): Promise<string[]> {
  const context = await launchBrowser();
  try {
    const page = await context.newPage();
    const files: string[] = [];
    page.on('request', (request) => {
      if (!['script', 'stylesheet'].includes(request.resourceType())) return;
      const path = new URL(request.url()).pathname.replace(/^\//, '');
      if (!files.includes(path)) files.push(path);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return files;
  } finally {
    await context.close();
  }
}
