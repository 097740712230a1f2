// Issue 34's journey: the app started with FILES_S3_* against a real S3 server from npm (test/support/s3.ts); the
// warehouse receives a parcel with a photo, its owner sees the photo on the package's page (loaded from the bucket
// through a presigned link), and another customer gets neither the page nor the file.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptMessages } from '../../src/shared/warehouse/receipt.ts';
import { startS3 } from '../support/s3.ts';
import { launchBrowser, type RunningApp, removeDir, signInThroughForm, startApp } from './harness.ts';
import { parcelPhoto } from './warehouse-support/barcodes.ts';
import { customer, registerStaff, staffPage } from './warehouse-support/sessions.ts';

const STAFF_EMAIL = `bodega-s3-${Date.now()}@example.com`;
const GUIDE = '1Z12345E0205271699';
const s3 = await startS3();

describe('photos in an S3 bucket: received at /bodega, seen by their owner only', () => {
  const e2e = {} as { app: RunningApp; browser: BrowserContext };
  let staff: Page;
  let buyer: Awaited<ReturnType<typeof customer>>;
  beforeAll(async () => {
    const env = {
      ADMIN_EMAILS: STAFF_EMAIL,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...s3.env,
    };
    // The bucket is checked before the app listens: a slow machine gets more than the usual 60 s.
    e2e.app = await startApp(env, undefined, { startTimeoutMs: 180_000 });
    e2e.browser = await launchBrowser(e2e.app.url);
    staff = await staffPage(e2e.app, e2e.browser, await registerStaff(e2e.app, STAFF_EMAIL));
    buyer = await customer(e2e.app, { name: 'Marta Ríos', ciudad1: 'Cali' });
  });
  afterAll(async () => {
    await e2e.browser?.close();
    await e2e.app?.stop();
    if (e2e.app) removeDir(e2e.app.dataDir);
    await s3.close();
  });

  it('stores the photo in the bucket; the owner sees it from there, another customer gets 404', async () => {
    const { number } = await buyer.api.prealert(GUIDE, 'Zapatos', 'Zappos', '80');
    await staff.goto(`${e2e.app.url}/bodega`);
    await staff.getByLabel('Número de guía').fill(GUIDE);
    await staff.keyboard.press('Enter');
    await staff.getByRole('status', { name: 'Prealerta encontrada' }).waitFor();
    await staff.getByLabel('Peso (lb)').fill('3');
    await staff.getByLabel('Fotos').setInputFiles({
      name: 'caja.jpg',
      mimeType: 'image/jpeg',
      buffer: await parcelPhoto(),
    });
    await staff.getByRole('list', { name: 'Fotos elegidas' }).getByText('Lista').waitFor();
    await staff.getByRole('button', { name: 'Registrar recepción' }).click();
    await staff
      .getByRole('status')
      .filter({ hasText: receiptMessages.received(number, buyer.locker) })
      .waitFor();
    // The warehouse's own list shows the thumbnail, from the bucket too (the page's CSP allows its origin).
    const thumb = staff.getByRole('img', { name: `Foto del paquete ${number}` });
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const owner = await launchBrowser(e2e.app.url);
    try {
      const page = await owner.newPage();
      const fromBucket: number[] = [];
      page.on('response', (response) => {
        if (response.url().startsWith(s3.env.FILES_S3_ENDPOINT ?? '')) fromBucket.push(response.status());
      });
      await signInThroughForm(page, e2e.app, buyer.account.email, buyer.account.password);
      await page.waitForURL(`${e2e.app.url}/locker`);
      await page.goto(`${e2e.app.url}/paquetes/${number}`);
      const photo = page.getByRole('img', { name: `Foto 1 del paquete ${number}` });
      await photo.waitFor();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
      expect(fromBucket).toContain(200);
      const detail = await buyer.api.detail(number);
      const file = detail.files.find((entry) => entry.kind === 'photo');
      if (!file) throw new Error('no photo');

      const other = await customer(e2e.app, { name: 'Otra Persona', ciudad1: 'Pasto' });
      const answer = await fetch(`${e2e.app.url}${file.url}`, {
        headers: { cookie: other.api.cookie },
        redirect: 'manual',
      });
      expect(answer.status).toBe(404);
      expect(answer.headers.get('location')).toBeNull();
      expect((await other.api.call('GET', `/api/packages/${number}`)).status).toBe(404);
    } finally {
      await owner.close();
    }
  });
});
