// The public configuration the server writes into index.html as <meta name="app-config">, read once at start.
export interface AppConfig {
  brandName: string;
  appUrl: string;
  officeAddress: string;
  supportWhatsapp: string;
  supportEmail: string;
  privacyEmail: string;
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
  };
  if (!content) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(content) as Partial<AppConfig>) };
  } catch {
    return fallback;
  }
}

export const appConfig: AppConfig = readConfig();
