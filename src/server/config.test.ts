import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_OFFICE_ADDRESS, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has the defaults of DESIGN.md', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: './data',
      smtpUrl: undefined,
      mailFrom: 'CasilleroYa <no-reply@example.com>',
      adminEmails: [],
      brandName: 'CasilleroYa',
      officeAddress: DEFAULT_OFFICE_ADDRESS,
      supportWhatsapp: '13055550114',
      supportEmail: 'soporte@example.com',
      privacyEmail: 'privacidad@example.com',
      secureCookies: false,
      rateLimits: true,
      trustProxy: false,
    });
    expect(DEFAULT_OFFICE_ADDRESS).toMatch(/Hialeah, FL/);
    expect(DEFAULT_OFFICE_ADDRESS).toMatch(/Suite 114/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      APP_URL: 'https://casillero.example/',
      DATABASE_URL: 'postgres://u@db/x',
      DATA_DIR: '/var/lib/casillero',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Casillero <hola@casillero.example>',
      AUTH_SECRET: 'x'.repeat(40),
      ADMIN_EMAILS: ' Ana@Example.com, luis@example.com ',
      BRAND_NAME: 'MiMarca',
      OFFICE_ADDRESS: '1 Main St\\nSuite 114\\nHialeah, FL 33010',
      SUPPORT_WHATSAPP: '573001112233',
      SUPPORT_EMAIL: 'ayuda@casillero.example',
      PRIVACY_EMAIL: 'datos@casillero.example',
    });
    expect(config).toMatchObject({
      port: 8080,
      appUrl: 'https://casillero.example',
      secureCookies: true,
      databaseUrl: 'postgres://u@db/x',
      dataDir: '/var/lib/casillero',
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'Casillero <hola@casillero.example>',
      adminEmails: ['ana@example.com', 'luis@example.com'],
      brandName: 'MiMarca',
      officeAddress: '1 Main St\nSuite 114\nHialeah, FL 33010',
      supportWhatsapp: '573001112233',
      supportEmail: 'ayuda@casillero.example',
      privacyEmail: 'datos@casillero.example',
    });
  });

  it.each([
    ['PORT', 'ochenta'],
    ['APP_URL', 'ftp://x'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://x'],
    ['ADMIN_EMAILS', 'no-es-correo'],
    ['OFFICE_ADDRESS', 'sin ciudad'],
    ['SUPPORT_WHATSAPP', '+1 305'],
    ['SUPPORT_EMAIL', 'x'],
    ['AUTH_SECRET', 'corto'],
    ['RATE_LIMITS', 'quizas'],
    ['TRUST_PROXY', 'si'],
  ])('stops with a message naming %s when it is bad', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('refuses CAPTCHA_TEST_ANSWER and requires AUTH_SECRET in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), CAPTCHA_TEST_ANSWER: 'ABCDE' }),
    ).toThrow(/CAPTCHA_TEST_ANSWER/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) }).production).toBe(true);
  });
});
