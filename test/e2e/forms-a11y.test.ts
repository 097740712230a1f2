// The account screens for people who use a keyboard or a screen reader (issue 11, finding 11 and the axe checks):
// the focus ring stands out everywhere, and axe finds nothing serious or critical, on a phone and on a desktop.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.ts';
import { linkIn } from '../support/smtp.ts';
import { seriousAxeViolations, VIEWPORTS } from './axe.ts';
import { appInBrowser, registerViaApi, signInThroughForm } from './harness.ts';

/** WCAG relative luminance and contrast ratio of 'rgb(r, g, b)' colours. */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The brand's backgrounds a focused control can stand on or be painted with. */
const BACKGROUNDS = ['rgb(255, 255, 255)', 'rgb(243, 246, 250)', 'rgb(11, 92, 171)', 'rgb(8, 71, 133)'];

/** Tabs through the page and reads the ring of every control the keyboard reaches. */
async function ringsOf(page: Page) {
  const rings: Array<{
    name: string;
    outline: string;
    width: number;
    halo: string;
    spread: number;
    on: string[];
  }> = [];
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body || !element.matches(':focus-visible')) return null;
      const style = getComputedStyle(element);
      const shadow = /^(rgba?\([^)]*\)) 0px 0px 0px ([\d.]+)px$/.exec(style.boxShadow);
      // What the ring touches: the control's own background and the first painted one behind it.
      const on = [style.backgroundColor];
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const color = getComputedStyle(parent).backgroundColor;
        if (color !== 'rgba(0, 0, 0, 0)') {
          on.push(color);
          break;
        }
      }
      return {
        name: `${element.tagName} ${element.id || element.textContent?.trim().slice(0, 30)}`,
        outline: style.outlineStyle === 'none' ? '' : style.outlineColor,
        width: Number.parseFloat(style.outlineWidth),
        halo: shadow?.[1] ?? '',
        spread:
          Number(shadow?.[2] ?? 0) -
          Number.parseFloat(style.outlineOffset) -
          Number.parseFloat(style.outlineWidth),
        on: on.filter((color) => color !== 'rgba(0, 0, 0, 0)'),
      };
    });
    if (ring && rings.some((seen) => seen.name === ring.name)) break;
    if (ring) rings.push(ring);
  }
  return rings;
}

describe('account screens for keyboard and screen-reader users', () => {
  const e2e = appInBrowser({ mail: true });

  it('finding 11: the focus ring stands out by at least 3:1 on every background it meets', async () => {
    const page = await e2e.browser.newPage();
    for (const path of ['/login', '/register', '/restablecer-contrasena']) {
      await page.goto(`${e2e.app.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const rings = await ringsOf(page);
      expect(rings.length, path).toBeGreaterThan(3);
      for (const ring of rings) {
        // Two colours 9:1 apart (WCAG technique C40): whatever the background, one of them is 3:1 from it.
        expect(ring.outline, ring.name).not.toBe('');
        expect(ring.width, ring.name).toBeGreaterThanOrEqual(2);
        expect(ring.spread, `${ring.name}: the halo shows beyond the outline`).toBeGreaterThanOrEqual(2);
        expect(contrast(ring.outline, ring.halo), ring.name).toBeGreaterThanOrEqual(9);
        for (const background of [...BACKGROUNDS, ...ring.on]) {
          const best = Math.max(contrast(ring.outline, background), contrast(ring.halo, background));
          expect(best, `${ring.name} on ${background}`).toBeGreaterThanOrEqual(3);
        }
      }
    }
  });

  it('axe: nothing serious or critical on login, register, reset (good and bad link), verify-email and Mis datos', async () => {
    const account = await registerViaApi(e2e.app);
    await fetch(`${e2e.app.url}/api/password-reset/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: e2e.app.url },
      body: JSON.stringify({ email: account.email }),
    });
    const resetLink = linkIn(
      await e2e.smtp.waitFor(account.email, /restablecer-contrasena/),
      '/restablecer-contrasena',
    );
    const page = await e2e.browser.newPage();
    const screens: Array<[string, string, (page: Page) => Promise<unknown>]> = [
      ['login', '/login', (p) => p.getByLabel('Contraseña', { exact: true }).waitFor()],
      ['register', '/register', (p) => p.getByRole('img', { name: /Código de verificación/ }).waitFor()],
      [
        'register with its messages',
        '/register',
        async (p) => {
          await p.getByRole('button', { name: 'Crear cuenta' }).click();
          await p.getByText(messages.required('Nombre completo')).waitFor();
        },
      ],
      [
        'reset, good link',
        new URL(resetLink).pathname + new URL(resetLink).search,
        (p) => p.getByLabel('Nueva contraseña').waitFor(),
      ],
      [
        'reset, bad link',
        '/restablecer-contrasena?token=inventado',
        (p) => p.getByText(messages.resetLinkInvalid).waitFor(),
      ],
      [
        'verify-email, bad link',
        '/verificar-correo?token=inventado',
        (p) => p.getByText(messages.verifyLinkInvalid).waitFor(),
      ],
    ];
    const found: Record<string, unknown> = {};
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      for (const [name, path, ready] of screens) {
        await page.goto(`${e2e.app.url}${path}`);
        await ready(page);
        const violations = await seriousAxeViolations(page);
        if (violations.length) found[`${name} (${size})`] = violations;
      }
    }
    await signInThroughForm(page, e2e.app, account.email, account.password);
    await page.waitForURL(`${e2e.app.url}/locker`);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.goto(`${e2e.app.url}/mis-datos`);
      await page.getByRole('region', { name: 'Datos que guardamos' }).waitFor();
      await page.getByRole('button', { name: 'Guardar datos de facturación' }).waitFor();
      const violations = await seriousAxeViolations(page);
      if (violations.length) found[`Mis datos (${size})`] = violations;
    }
    expect(found).toEqual({});
  });
});
