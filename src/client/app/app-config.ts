// The public configuration the server writes into index.html as <meta name="app-config">, read once at start.
export interface AppConfig {
  brandName: string;
  appUrl: string;
  officeAddress: string;
  supportWhatsapp: string;
  supportEmail: string;
  privacyEmail: string;
  /** The company behind the brand, for the footer and the data policy (COMPANY_NAME, COMPANY_NIT, COMPANY_ADDRESS). */
  companyName: string;
  companyNit: string;
  companyAddress: string;
  /** The US office's phone, 10 digits, for checkouts that require one (OFFICE_PHONE). */
  officePhone: string;
  /** Wompi's public key; empty while online payment is off (the pay buttons are then hidden). */
  wompiPublicKey: string;
}

function fallbackConfig(appUrl: string): AppConfig {
  return {
    brandName: 'CasilleroYa',
    appUrl,
    officeAddress: '',
    supportWhatsapp: '',
    supportEmail: '',
    privacyEmail: '',
    companyName: 'CasilleroYa',
    companyNit: '',
    companyAddress: '',
    officePhone: '',
    wompiPublicKey: '',
  };
}

function readConfig(): AppConfig {
  // On the server (a drawn screen's first paint, src/server/first-paint.ts) there is no page to read:
  // the server hands the same values over with `setServerConfig` before it renders.
  if (typeof document === 'undefined') return fallbackConfig('');
  const content = document.querySelector('meta[name="app-config"]')?.getAttribute('content');
  const fallback = fallbackConfig(window.location.origin);
  if (!content) return fallback;
  try {
    // cast: the server writes these fields (publicConfig in its config.ts); one left out keeps its fallback.
    return { ...fallback, ...(JSON.parse(content) as Partial<AppConfig>) };
  } catch {
    return fallback;
  }
}

export const appConfig: AppConfig = readConfig();

/** The server's render takes the values it writes into index.html, so its HTML says what the browser's will. */
export function setServerConfig(values: Partial<AppConfig>) {
  Object.assign(appConfig, values);
}

/** Whether online payment is on (Wompi's public key in the page's configuration): 'Pagar en línea' is offered. */
export const onlinePaymentOn = () => appConfig.wompiPublicKey !== '';
