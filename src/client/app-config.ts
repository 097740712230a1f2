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
}

function readConfig(): AppConfig {
  const content = document.querySelector('meta[name="app-config"]')?.getAttribute('content');
  const fallback: AppConfig = {
    brandName: 'CasilleroYa',
    appUrl: window.location.origin,
    officeAddress: '',
    supportWhatsapp: '',
    supportEmail: '',
    privacyEmail: '',
    companyName: 'CasilleroYa',
    companyNit: '',
    companyAddress: '',
    officePhone: '',
  };
  if (!content) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(content) as Partial<AppConfig>) };
  } catch {
    return fallback;
  }
}

export const appConfig: AppConfig = readConfig();
