// The accounts of the warehouse journeys: a customer who pre-alerts and reads their packages through the API, and a
// staff member signed in through the form (an ADMIN_EMAILS account: admins may receive at /bodega too).
import type { BrowserContext } from 'playwright-core';
import type { PackageDetail, PackageList } from '../../../src/shared/packages/api-types.ts';
import { apiCall, type RunningApp, recordViaApi, registerViaApi, signInThroughForm } from '../harness.ts';

/** A signed-in API session (the cookies of POST /api/login). */
export async function apiSession(app: RunningApp, email: string, password: string) {
  const call = await apiCall(app, email, password);
  const { cookie } = call;
  return {
    cookie,
    call,
    list: async () => (await call<PackageList>('GET', '/api/packages')).body,
    detail: async (number: number) => (await call<PackageDetail>('GET', `/api/packages/${number}`)).body,
    prealert: async (guide: string, content: string, store: string, declaredValue: string) => {
      const answer = await call<{ package: PackageDetail }>('POST', '/api/packages', {
        guide,
        store,
        content,
        declaredValue,
        quantity: 1,
        address: 1,
        instructions: 'Frágil: no apilar',
      });
      if (answer.status !== 201) throw new Error(`prealert: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.package;
    },
  };
}

/** A registered customer with their locker number and an API session. */
export async function customer(app: RunningApp, overrides: Record<string, unknown> = {}) {
  const account = await registerViaApi(app, overrides);
  const record = await recordViaApi(app, account.email, account.password);
  const api = await apiSession(app, account.email, account.password);
  return { account, locker: record.lockerNumber, api };
}

/** Registers `email`, which the app lists in ADMIN_EMAILS. */
export const registerStaff = (app: RunningApp, email: string) =>
  registerViaApi(app, { email, name: 'Bodega Miami' });

/** A new page of `browser` signed in through the form as a staff account (admins land on /admin). */
export async function staffPage(
  app: RunningApp,
  browser: BrowserContext,
  account: { email: string; password: string },
) {
  const page = await browser.newPage();
  await signInThroughForm(page, app, account.email, account.password);
  await page.waitForURL(`${app.url}/admin`);
  return page;
}
